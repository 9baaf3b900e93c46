# ip.t - golden tests for ip: what needs no privileges and changes nothing (the
# real work is tested in network namespaces by test/net/run)
u=$'usage: ip [-br] link [show [DEV]]\n       ip link set DEV up|down\n       ip [-4|-6] [-br] addr [show [DEV]]\n       ip addr add|del ADDR[/LEN] [brd ADDR|+] dev DEV\n       ip [-4|-6] route [show [dev DEV]]\n       ip route add|del|replace default|ADDR[/LEN] [via GW] [dev DEV] [metric N]\n'
nodev=$'ip: nosuch0: No such device\n'
t '--help' 0 'ip --help' "$u"
t 'no arguments' 1 'ip 2>&1' "$u"
t 'bad option' 1 'ip -z link 2>&1' $'ip: -z: unknown option\n'"$u"
t 'bad long option' 1 'ip -bx link 2>&1' $'ip: -bx: unknown option\n'"$u"
t '-b is not -brief' 1 'ip -b link 2>&1' $'ip: -b: unknown option\n'"$u"
t 'options without an object' 1 'ip -4 -br 2>&1' "$u"
t '-- ends options' 0 'ip -- link show lo | head -n 1 | cut -d" " -f1-2' $'1: lo:\n'
t '-br link' 0 'ip -br link show lo | cut -c1-17,33-50' $'lo               00:00:00:00:00:00 \n'
t '-brief addr' 0 'ip -brief addr show lo | cut -c1-17' $'lo               \n'
t '-6 -br addr: no such device' 1 'ip -6 -br addr show nosuch0 2>&1' "$nodev"
t '-4 addr: no link line' 0 'ip -4 a s lo | grep -c link/ || :' $'0\n'
t 'unknown object' 1 'ip frob 2>&1' $'ip: frob: unknown object\n'"$u"
t 'object too long to abbreviate' 1 'ip links 2>&1' $'ip: links: unknown object\n'"$u"
t 'unknown link command' 1 'ip link frob 2>&1' $'ip: frob: unknown command\n'"$u"
t 'unknown addr command' 1 'ip addr frob 2>&1' $'ip: frob: unknown command\n'"$u"
t 'unknown route command' 1 'ip r frob 2>&1' $'ip: frob: unknown command\n'"$u"
t 'link add is not ours' 1 'ip link add x type dummy 2>&1' $'ip: add: unknown command\n'"$u"
t 'addr set is not ours' 1 'ip addr set 2>&1' $'ip: set: unknown command\n'"$u"
t 'lo' 0 'ip link show lo | sed -n 2p' $'    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00\n'
t 'lo is 1' 0 'ip link show dev lo | head -n 1 | cut -c1-7' $'1: lo: \n'
t 'abbreviations' 0 'a=$(ip link show lo); for c in "l sh lo" "li list lo" "link lst lo" "l lo"; do [ "$(ip $c 2>&1)" = "$a" ] && echo same || echo "differs: $c"; done' $'same\nsame\nsame\ndiffers: l lo\n'
t 'addr abbreviations' 0 'a=$(ip address show lo); for c in "a s lo" "ad show lo" "addr lo"; do [ "$(ip $c 2>&1)" = "$a" ] && echo same || echo "differs: $c"; done' $'same\nsame\ndiffers: addr lo\n'
t 'addr of lo' 0 'ip a s lo | sed -n 1p | cut -d" " -f1-2' $'1: lo:\n'
t 'link show: no such device' 1 'ip link show nosuch0 2>&1' "$nodev"
t 'link show dev: no such device' 1 'ip link show dev nosuch0 2>&1' "$nodev"
t 'addr show: no such device' 1 'ip a s nosuch0 2>&1' "$nodev"
t 'link show dev: no name' 1 'ip link show dev 2>&1' $'ip: dev: argument expected\n'"$u"
t 'addr show dev: no name' 1 'ip addr show dev 2>&1' $'ip: dev: argument expected\n'"$u"
t 'route show dev: no name' 1 'ip route show dev 2>&1' $'ip: dev: argument expected\n'"$u"
t 'link show: extra argument' 1 'ip link show lo extra 2>&1' $'ip: extra: unexpected argument\n'"$u"
t 'link set: no device' 1 'ip link set 2>&1' $'ip: link set: no device given\n'"$u"
t 'link set: no state' 1 'ip link set lo 2>&1' $'ip: link set: up or down expected\n'"$u"
t 'link set: bad state' 1 'ip link set lo sideways 2>&1' $'ip: sideways: unexpected argument\n'"$u"
t 'link set: extra argument' 1 'ip link set dev lo up now 2>&1' $'ip: now: unexpected argument\n'"$u"
t 'link set: no such device' 1 'ip link set nosuch0 up 2>&1' "$nodev"
t 'link set dev: no such device' 1 'ip link set dev nosuch0 down 2>&1' "$nodev"
t 'addr add: no address' 1 'ip addr add 2>&1' $'ip: no address given\n'"$u"
t 'addr add: bad address' 1 'ip addr add 10.0.0.300/24 dev nosuch0 2>&1' $'ip: 10.0.0.300/24: invalid address\n'
t 'addr add: short address' 1 'ip addr add 10.1/16 dev nosuch0 2>&1' $'ip: 10.1/16: invalid address\n'
t 'addr add: name' 1 'ip addr add localhost dev nosuch0 2>&1' $'ip: localhost: invalid address\n'
t 'addr add: prefix too long' 1 'ip addr add 10.0.0.1/33 dev nosuch0 2>&1' $'ip: 10.0.0.1/33: invalid address\n'
t 'addr add: prefix not a number' 1 'ip addr add 10.0.0.1/x dev nosuch0 2>&1' $'ip: 10.0.0.1/x: invalid address\n'
t 'addr add: empty prefix' 1 'ip addr add 10.0.0.1/ dev nosuch0 2>&1' $'ip: 10.0.0.1/: invalid address\n'
t 'addr add: negative prefix' 1 'ip addr add 10.0.0.1/-1 dev nosuch0 2>&1' $'ip: 10.0.0.1/-1: invalid address\n'
t 'addr add: IPv6 prefix too long' 1 'ip addr add 2001:db8::1/129 dev nosuch0 2>&1' $'ip: 2001:db8::1/129: invalid address\n'
t 'addr add: no dev' 1 'ip addr add 10.0.0.1/24 2>&1' $'ip: dev DEV is required\n'"$u"
t 'addr add: dev without name' 1 'ip addr add 10.0.0.1/24 dev 2>&1' $'ip: dev: argument expected\n'"$u"
t 'addr add: unknown keyword' 1 'ip addr add 10.0.0.1/24 peer 10.0.0.2 dev lo 2>&1' $'ip: peer: unexpected argument\n'"$u"
t 'addr add: bad brd' 1 'ip addr add 10.0.0.1/24 brd 10.0.0 dev nosuch0 2>&1' $'ip: 10.0.0: invalid broadcast address\n'
t 'addr add: IPv6 brd' 1 'ip addr add 2001:db8::1/64 brd + dev nosuch0 2>&1' $'ip: +: invalid broadcast address\n'
t 'addr add: no such device' 1 'ip addr add 10.0.0.1/24 brd + dev nosuch0 2>&1' "$nodev"
t 'addr del: no such device' 1 'ip addr del 10.0.0.1/24 dev nosuch0 2>&1' "$nodev"
t 'addr replace: no such device' 1 'ip addr replace 10.0.0.1/24 dev nosuch0 2>&1' "$nodev"
t 'route add: no destination' 1 'ip route add 2>&1' $'ip: no destination given\n'"$u"
t 'route add: bad destination' 1 'ip route add 10.0.0.0/33 dev nosuch0 2>&1' $'ip: 10.0.0.0/33: invalid destination\n'
t 'route add: name as destination' 1 'ip route add example dev nosuch0 2>&1' $'ip: example: invalid destination\n'
t 'route add: bad gateway' 1 'ip route add default via 1.2.3 2>&1' $'ip: 1.2.3: invalid gateway\n'
t 'route add: gateway with a prefix' 1 'ip route add default via 10.0.0.1/24 2>&1' $'ip: 10.0.0.1/24: invalid gateway\n'
t 'route add: families mixed' 1 'ip route add 10.0.0.0/8 via 2001:db8::1 2>&1' $'ip: 2001:db8::1: invalid gateway\n'
t 'route add: neither via nor dev' 1 'ip route add 10.0.0.0/8 2>&1' $'ip: via GW or dev DEV is required\n'"$u"
t 'route add: bad metric' 1 'ip route add default via 10.0.0.1 metric x 2>&1' $'ip: x: invalid metric\n'
t 'route add: negative metric' 1 'ip route add default via 10.0.0.1 metric -1 2>&1' $'ip: -1: invalid metric\n'
t 'route add: huge metric' 1 'ip route add default via 10.0.0.1 metric 4294967296 2>&1' $'ip: 4294967296: invalid metric\n'
t 'route add: via without address' 1 'ip route add default via 2>&1' $'ip: via: argument expected\n'"$u"
t 'route add: unknown keyword' 1 'ip route add default via 10.0.0.1 table 5 2>&1' $'ip: table: unexpected argument\n'"$u"
t 'route add: no such device' 1 'ip route add default via 10.0.0.1 dev nosuch0 2>&1' "$nodev"
t 'route del: no such device' 1 'ip route del default dev nosuch0 2>&1' "$nodev"
t 'route show: extra argument' 1 'ip route show foo 2>&1' $'ip: foo: unexpected argument\n'"$u"
t 'route show: no such device' 1 'ip route show dev nosuch0 2>&1' "$nodev"
t 'write error' 1 'ip link show lo 2>&1 >/dev/full' $'ip: write error: No space left on device\n'
