# mknod.t - golden tests for mknod. Device nodes need root, and are only made
# in the scratch directory; FIFOs need nothing.
usage=$'usage: mknod [-m MODE] NAME b|c|u|p [MAJOR MINOR]\n'
t 'fifo' 0 'mknod p p && stat -c "%F %a" p' $'fifo 644\n'
t 'fifo, umask applies' 0 'umask 027; mknod p p && stat -c %a p' $'640\n'
t 'fifo -m' 0 'mknod -m 600 p p && stat -c "%F %a" p' $'fifo 600\n'
t 'fifo -m symbolic' 0 'mknod -m a=r p p && stat -c %a p' $'444\n'
t 'fifo with numbers' 1 'mknod p p 1 2 2>&1; stat p 2>/dev/null' $'mknod: fifos do not have major and minor numbers\n'
needs_root t 'character device' 0 'mknod c c 1 3 && stat -c "%F %t %T %a" c' $'character special file 1 3 644\n'
needs_root t 'u is c' 0 'mknod c u 1 5 && stat -c "%F %t %T" c' $'character special file 1 5\n'
needs_root t 'block device' 0 'mknod b b 8 17 && stat -c "%F %t %T" b' $'block special file 8 11\n'
needs_root t 'device -m' 0 'umask 077; mknod -m 666 c c 1 3 && stat -c %a c' $'666\n'
needs_root t 'big numbers' 0 'mknod c c 300 70000 && stat -c "%Hr %Lr" c' $'300 70000\n'
needs_root t 'hex and octal numbers' 0 'mknod c c 0x10 010 && stat -c "%Hr %Lr" c' $'16 8\n'
needs_root t 'a device works' 0 'mknod z c 1 5 && head -c 4 z | od -An -tx1' $' 00 00 00 00\n'
t 'device needs numbers' 1 'mknod c c 2>&1' $'mknod: special files need major and minor numbers\n'
t 'one number' 1 'mknod c c 1 2>&1' "$usage"
t 'bad type' 1 'mknod x q 1 2 2>&1' $'mknod: invalid device type \'q\'\n'
t 'bad major' 1 'mknod x c z 1 2>&1' $'mknod: invalid major number \'z\'\n'
t 'bad minor' 1 'mknod x c 1 -1 2>&1' $'mknod: invalid minor number \'-1\'\n'
t 'bad mode' 1 'mknod -m 8 p p 2>&1' $'mknod: invalid mode \'8\'\n'
t 'exists' 1 ': >f; mknod f p 2>&1' $'mknod: f: File exists\n'
t 'missing directory' 1 'mknod d/p p 2>&1' $'mknod: d/p: No such file or directory\n'
skip_if_root t 'device needs root' 1 'mknod c c 1 3 2>&1' $'mknod: c: Operation not permitted\n'
t 'binary name' 0 'mknod "$(printf "\001\377")" p && stat -c %F "$(printf "\001\377")"' $'fifo\n'
t 'no operand' 1 'mknod 2>&1' "$usage"
t 'bad option' 1 'mknod -x p p 2>&1' $'mknod: -x: unknown option\n'"$usage"
t '--help' 0 'mknod --help' "$usage"
t 'no output to fail' 0 'mknod p p >/dev/full 2>&1' ''
