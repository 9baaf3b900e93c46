# halt.t - golden tests for halt: the arguments only. Everything else acts on the
# machine (signals PID 1, or reboot(2) with -f): the QEMU boot tests do that.
usage=$'usage: halt [-f] [-n] [-d SECONDS]\n'
t '--help' 0 'halt --help' "$usage"
t 'bad option' 1 'halt -z 2>&1' $'halt: -z: unknown option\n'"$usage"
t 'an operand' 1 'halt now 2>&1' "$usage"
t '-d without a number' 1 'halt -d 2>&1' $'halt: -d: option requires an argument\n'"$usage"
t '-d not a number' 1 'halt -d soon 2>&1' $'halt: soon: invalid delay (0 to 86400 seconds)\n'
t '-d negative' 1 'halt -d -1 2>&1' $'halt: -1: invalid delay (0 to 86400 seconds)\n'
t '-d too long' 1 'halt -n -d 86401 2>&1' $'halt: 86401: invalid delay (0 to 86400 seconds)\n'
t '-d trailing junk' 1 'halt -d 5s 2>&1' $'halt: 5s: invalid delay (0 to 86400 seconds)\n'
