# dhclient.t - golden tests for dhclient: usage and arguments (leases are
# tested against udhcpd in network namespaces by test/net/run)
u=$'usage: dhclient [-6Fnq] [-i IFACE] [-t TIMEOUT] [-r RETRIES] [-f LEASEFILE] [-R RESOLVCONF] [IFACE]\n'
t '--help' 0 'dhclient --help' "$u"
t 'bad option' 1 'dhclient -z eth0 2>&1' $'dhclient: -z: unknown option\n'"$u"
t 'missing argument' 1 'dhclient -t 2>&1' $'dhclient: -t: option requires an argument\n'"$u"
t 'two interfaces' 1 'dhclient nosuch0 nosuch1 2>&1' "$u"
t '-i and an interface' 1 'dhclient -i nosuch0 nosuch1 2>&1' "$u"
t 'no such interface' 1 'dhclient nosuch0 2>&1' $'dhclient: nosuch0: No such device\n'
t '-i no such interface' 1 'dhclient -n -i nosuch0 2>&1' $'dhclient: nosuch0: No such device\n'
t 'quiet is not silent' 1 'dhclient -q nosuch0 2>&1' $'dhclient: nosuch0: No such device\n'
t 'no output on stdout' 1 'dhclient -n nosuch0 2>/dev/null' ''
t '-t 0' 1 'dhclient -t 0 nosuch0 2>&1' $'dhclient: 0: invalid timeout\n'
t '-t not a number' 1 'dhclient -t 5s nosuch0 2>&1' $'dhclient: 5s: invalid timeout\n'
t '-t negative' 1 'dhclient -t -5 nosuch0 2>&1' $'dhclient: -5: invalid timeout\n'
t '-t too long' 1 'dhclient -t 86401 nosuch0 2>&1' $'dhclient: 86401: invalid timeout\n'
t '-t huge' 1 'dhclient -t 99999999999999999999 nosuch0 2>&1' $'dhclient: 99999999999999999999: invalid timeout\n'
t '-r not a number' 1 'dhclient -r x nosuch0 2>&1' $'dhclient: x: invalid number of retries\n'
t '-r 0 is fine' 1 'dhclient -r 0 -t 1 nosuch0 2>&1' $'dhclient: nosuch0: No such device\n'
t 'long interface name' 1 'dhclient abcdefghijklmnopqrstuvwxyz 2>&1' $'dhclient: abcdefghijklmnopqrstuvwxyz: No such device\n'
t '-6 no such interface' 1 'dhclient -6 nosuch0 2>&1' $'dhclient: nosuch0: No such device\n'
t '-6 -t 0' 1 'dhclient -6 -t 0 nosuch0 2>&1' $'dhclient: 0: invalid timeout\n'
t '-6 slash in the name' 1 'dhclient -6 ../lo 2>&1' $'dhclient: ../lo: No such device\n'
