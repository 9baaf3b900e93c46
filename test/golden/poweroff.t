# poweroff.t - golden tests for poweroff: the arguments only. Everything else acts on the
# machine (signals PID 1, or reboot(2) with -f): the QEMU boot tests do that.
usage=$'usage: poweroff [-f] [-n] [-d SECONDS]\n'
t '--help' 0 'poweroff --help' "$usage"
t 'bad option' 1 'poweroff -z 2>&1' $'poweroff: -z: unknown option\n'"$usage"
t 'an operand' 1 'poweroff now 2>&1' "$usage"
t '-d without a number' 1 'poweroff -d 2>&1' $'poweroff: -d: option requires an argument\n'"$usage"
t '-d not a number' 1 'poweroff -d soon 2>&1' $'poweroff: soon: invalid delay (0 to 86400 seconds)\n'
t '-d negative' 1 'poweroff -d -1 2>&1' $'poweroff: -1: invalid delay (0 to 86400 seconds)\n'
t '-d too long' 1 'poweroff -n -d 86401 2>&1' $'poweroff: 86401: invalid delay (0 to 86400 seconds)\n'
t '-d trailing junk' 1 'poweroff -d 5s 2>&1' $'poweroff: 5s: invalid delay (0 to 86400 seconds)\n'
