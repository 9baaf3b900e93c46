# msr.t - golden tests for msr: argument checks, and a CPU with no msr device
# (no test host has CPU 99999). No register is ever written, and none is read.
usage=$'usage: msr [-c CPU] read REG | [-c CPU] write REG VALUE\n'
t 'no such CPU' 1 "msr -c 99999 read 0x10 2>&1" $'msr: /dev/cpu/99999/msr: No such file or directory (modprobe msr?)\n'
t 'no such CPU, write' 1 "msr -c 99999 write 0x10 1 2>&1" $'msr: /dev/cpu/99999/msr: No such file or directory (modprobe msr?)\n'
t 'r and w for short' 1 "msr -c 99999 r 0x10 2>&1; msr -c 99999 w 0x10 0 2>&1" $'msr: /dev/cpu/99999/msr: No such file or directory (modprobe msr?)\nmsr: /dev/cpu/99999/msr: No such file or directory (modprobe msr?)\n'
t 'bad register' 1 "msr -c 0 read 0x1z 2>&1" $'msr: 0x1z: bad register\n'
t 'register past 32 bits' 1 "msr -c 0 read 0x100000000 2>&1" $'msr: 0x100000000: bad register\n'
t 'bad value' 1 "msr -c 99999 write 0x10 x 2>&1" $'msr: x: bad value\n'
t 'bad CPU' 1 "msr -c one read 0x10 2>&1" $'msr: one: bad CPU\n'
t 'unknown operation' 1 "msr -c 0 poke 0x10 2>&1" $'msr: poke: unknown operation\n'
t 'write without a value' 1 'msr -c 0 write 0x10 2>&1' "$usage"
t 'read with a value' 1 'msr -c 0 read 0x10 1 2>&1' "$usage"
t 'no operation' 1 'msr 2>&1' "$usage"
t 'bad option' 1 'msr -z 2>&1' $'msr: -z: unknown option\n'"$usage"
t '--help' 0 'msr --help' "$usage"
