# io.t - golden tests for io: argument checks only. Every case fails before
# /dev/port or /dev/mem is opened: no port or memory is touched on the test host.
usage=$'usage: io {inb|inw|inl PORT | outb|outw|outl PORT VALUE | rb|rw|rl ADDR | wb|ww|wl ADDR VALUE}...\n'
t 'port past 0xffff' 1 "io inb 0x10000 2>&1" $'io: 0x10000: bad port\n'
t 'outb value past a byte' 1 "io outb 0x80 0x100 2>&1" $'io: 0x100: bad value\n'
t 'outw value past a word' 1 "io outw 0x80 65536 2>&1" $'io: 65536: bad value\n'
t 'outl value past 32 bits' 1 "io outl 0x80 0x100000000 2>&1" $'io: 0x100000000: bad value\n'
t 'not a number' 1 "io inb port80 2>&1" $'io: port80: bad port\n'
t 'a sign' 1 "io inb -1 2>&1" $'io: -1: bad port\n'
t 'trailing junk' 1 "io inl 0x80x 2>&1" $'io: 0x80x: bad port\n'
t 'unknown operation' 1 "io inq 0x80 2>&1" $'io: inq: unknown operation\n'
t 'memory write value past a byte' 1 "io wb 0x1000 256 2>&1" $'io: 256: bad value\n'
t 'outb without a value' 1 'io outb 0x80 2>&1' "$usage"
t 'no operation' 1 'io 2>&1' "$usage"
t 'bad option' 1 'io -z 2>&1' $'io: -z: unknown option\n'"$usage"
t '--help' 0 'io --help' "$usage"
