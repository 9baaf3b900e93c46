# losetup.t - golden tests for losetup: arguments and errors that touch no
# loop device (attaching needs the loop driver: test/boot/script.sh does it
# in QEMU, in both image modes). Never -f here: it would make a device on the host.
usage=$'usage: losetup [-a] | -f | [-rP] [-o OFFSET] [--show] -f FILE | [-rP] [-o OFFSET] LOOPDEV FILE | -d LOOPDEV... | LOOPDEV\n'
t '--help' 0 'losetup --help' "$usage"
t 'bad option' 1 'losetup -z 2>&1' $'losetup: -z: unknown option\n'"$usage"
t '-d without a device' 1 'losetup -d 2>&1' "$usage"
t '-a with an operand' 1 'losetup -a /dev/loop0 2>&1' "$usage"
t '-a and -d' 1 'losetup -a -d /dev/loop0 2>&1' "$usage"
t 'three operands' 1 'losetup a b c 2>&1' "$usage"
t '-f with two operands' 1 'losetup -f a b 2>&1' "$usage"
t '-o not a number' 1 'losetup -o lots /dev/loop0 f 2>&1' $'losetup: lots: invalid offset\n'
t '-o without a number' 1 'losetup -o 2>&1' $'losetup: -o: option requires an argument\n'"$usage"
t 'missing device' 1 'losetup /nonexistent 2>&1' $'losetup: /nonexistent: No such file or directory\n'
t 'not a loop device' 1 ': >f; losetup f 2>&1' $'losetup: f: Not a tty\n'
t 'missing file to attach' 1 'losetup /nonexistent nofile 2>&1' $'losetup: nofile: No such file or directory\n'
t '-d missing device, carries on' 1 'losetup -d /nonexistent /nonexistent2 2>&1' $'losetup: /nonexistent: No such file or directory\nlosetup: /nonexistent2: No such file or directory\n'
t '-d not a loop device' 1 ': >f; losetup -d f 2>&1' $'losetup: f: Not a tty\n'
