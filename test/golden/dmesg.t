# dmesg.t - golden tests for dmesg. The kernel log is read, never cleared and
# its console level never set here: those tests stop at argument errors.
usage=$'usage: dmesg [-Ccr] [-n LEVEL] [-s SIZE]\n'
needs_root t 'raw lines start with a level' 0 'dmesg -r | head -n 3 | grep -cE "^<[0-9]+>"' $'3\n'
needs_root t 'levels taken off' 0 'dmesg | head -n 3 | grep -E "^<[0-9]+>" | wc -l' $'0\n'
needs_root t 'the same log, raw or not' 0 'dmesg -r | head -n 20 | sed "s/^<[0-9]*>//" >a; dmesg | head -n 20 >b; cmp a b && echo same' $'same\n'
needs_root t 'a small buffer holds the end' 0 'dmesg -s 4096 | wc -c | awk "{ print (\$1 > 0 && \$1 <= 4097) }"' $'1\n'
needs_root t 'write error' 1 'dmesg 2>&1 >/dev/full' $'dmesg: write error: No space left on device\n'
t '-n needs a level' 1 'dmesg -n 2>&1' $'dmesg: -n: option requires an argument\n'"$usage"
t '-n 0' 1 'dmesg -n 0 2>&1' $'dmesg: 0: invalid level\n'
t '-n 9' 1 'dmesg -n 9 2>&1' $'dmesg: 9: invalid level\n'
t '-n word' 1 'dmesg -n loud 2>&1' $'dmesg: loud: invalid level\n'
t '-n empty' 1 'dmesg -n "" 2>&1' $'dmesg: : invalid level\n'
t '-s 0' 1 'dmesg -s 0 2>&1' $'dmesg: 0: invalid size\n'
t '-s word' 1 'dmesg -s big 2>&1' $'dmesg: big: invalid size\n'
t 'operand' 1 'dmesg x 2>&1' "$usage"
t 'bad option' 1 'dmesg -z 2>&1' $'dmesg: -z: unknown option\n'"$usage"
t '--help' 0 'dmesg --help' "$usage"
