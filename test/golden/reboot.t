# reboot.t - golden tests for reboot: the arguments only. Everything else acts on the
# machine (signals PID 1, or reboot(2) with -f): the QEMU boot tests do that.
usage=$'usage: reboot [-f] [-n] [-d SECONDS]\n'
t '--help' 0 'reboot --help' "$usage"
t 'bad option' 1 'reboot -z 2>&1' $'reboot: -z: unknown option\n'"$usage"
t 'an operand' 1 'reboot now 2>&1' "$usage"
t '-d without a number' 1 'reboot -d 2>&1' $'reboot: -d: option requires an argument\n'"$usage"
t '-d not a number' 1 'reboot -d soon 2>&1' $'reboot: soon: invalid delay (0 to 86400 seconds)\n'
t '-d negative' 1 'reboot -d -1 2>&1' $'reboot: -1: invalid delay (0 to 86400 seconds)\n'
t '-d too long' 1 'reboot -n -d 86401 2>&1' $'reboot: 86401: invalid delay (0 to 86400 seconds)\n'
t '-d trailing junk' 1 'reboot -d 5s 2>&1' $'reboot: 5s: invalid delay (0 to 86400 seconds)\n'
