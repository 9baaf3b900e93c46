# netboot.t - golden tests for netboot: arguments only. The flow itself (NIC
# drivers, DHCP, HTTP, kexec) needs a kernel and a network: test/netboot/run
# runs it in QEMU, with the failures (404, a short body, no DHCP answer).
usage=$'usage: netboot [-6] [-i INITRD_URL] [-c CMDLINE] [-t DHCP_SECONDS] [-n] [KERNEL_URL]\n'
t '--help' 0 'netboot --help' "$usage"
t 'bad option' 1 'netboot -z 2>&1' $'netboot: -z: unknown option\n'"$usage"
t 'two URLs' 1 'netboot http://a/k http://b/k 2>&1' "$usage"
t '-i without a URL' 1 'netboot -i 2>&1' $'netboot: -i: option requires an argument\n'"$usage"
t '-t not a number' 1 'netboot -t soon 2>&1' $'netboot: soon: invalid DHCP timeout (1 to 86400 seconds)\n'
t '-t zero' 1 'netboot -t 0 2>&1' $'netboot: 0: invalid DHCP timeout (1 to 86400 seconds)\n'
t '-t too long' 1 'netboot -t 86401 2>&1' $'netboot: 86401: invalid DHCP timeout (1 to 86400 seconds)\n'
