# mount.t - golden tests for mount. Every mount happens in a private mount
# namespace (unshare -m) on directories of the test's own: never the host's.
usage=$'usage: mount [-afnrvw] [-t TYPE] [-o OPT[,OPT...]] [--bind|--rbind|--move] [DEV] [DIR]\n'

needs_proc mounts t 'list' 0 'mount | head -n 1 | grep -cE "^[^ ]+ on /[^ ]* type [^ ]+ \(.+\)$"' $'1\n'
needs_proc mounts t 'list is /proc/mounts' 0 '[ "$(mount | wc -l)" -eq "$(cat /proc/mounts | wc -l)" ] && echo same' $'same\n'
needs_proc mounts t 'list -t' 0 'mount -t proc | awk "{ print \$4, \$5 }" | sort -u' $'type proc\n'
needs_proc mounts t 'list -t none of them' 0 'mount -t golden-no-such-type' ''
needs_proc mounts t 'write error' 1 'mount 2>&1 >/dev/full' $'mount: write error: No space left on device\n'
ns_proc 'tmpfs with options' 0 'mkdir d && mount -t tmpfs -o size=1m,nosuid,nodev,noexec,mode=700 golden d && show' $'golden on d type tmpfs (rw,nosuid,nodev,noexec,relatime,size=1024k,mode=700)\n'
ns_proc 'blanks in the list' 0 'mkdir "a b" && mount -t tmpfs golden "a b" && mount | grep -c "^golden on /.*/a b type tmpfs"' $'1\n'
ns_proc 'options after the operands' 0 'mkdir d && mount -t tmpfs golden d -o ro,size=2m && show' $'golden on d type tmpfs (ro,relatime,size=2048k)\n'
ns_proc 'several -o' 0 'mkdir d && mount -t tmpfs -o nosuid -o size=1m golden d && show' $'golden on d type tmpfs (rw,nosuid,relatime,size=1024k)\n'
ns_proc '-r' 1 'mkdir d && mount -r -t tmpfs golden d && show && : >d/f' $'golden on d type tmpfs (ro,relatime)\n'
ns_proc 'atime words' 0 'mkdir d && mount -t tmpfs -o noatime,nodiratime golden d && show' $'golden on d type tmpfs (rw,noatime,nodiratime)\n'
ns_proc '-o sync,dirsync' 0 'mkdir d && mount -t tmpfs -o sync,dirsync golden d && show' $'golden on d type tmpfs (rw,sync,dirsync,relatime)\n'
ns_proc 'a later word wins' 0 'mkdir d && mount -t tmpfs -o ro,nosuid,rw,suid golden d && show' $'golden on d type tmpfs (rw,relatime)\n'
ns_proc 'x- and comment= are for others' 0 'mkdir d && mount -t tmpfs -o x-systemd.foo,comment=hi,defaults,auto golden d && show' $'golden on d type tmpfs (rw,relatime)\n'
ns_proc 'remount read-only' 1 'mkdir d && mount -t tmpfs golden d && mount -o remount,ro d && show && : >d/f' $'golden on d type tmpfs (ro,relatime)\n'
ns_proc 'remount -w' 0 'mkdir d && mount -r -t tmpfs golden d && mount -w -o remount d && show && : >d/f' $'golden on d type tmpfs (rw,relatime)\n'
ns_proc 'remount with new data' 0 'mkdir d && mount -t tmpfs -o size=1m golden d && mount -o remount,size=3m d && show' $'golden on d type tmpfs (rw,relatime,size=3072k)\n'
ns_proc '--bind' 0 'mkdir a b && : >a/f && mount --bind a b && ls b' $'f\n'
ns_proc '-o bind' 0 'mkdir a b && : >a/f && mount -o bind a b && ls b' $'f\n'
ns_proc '-B' 0 'mkdir a b && : >a/f && mount -B a b && ls b' $'f\n'
ns_proc 'bind a file' 0 'echo src >a && : >b && mount --bind a b && cat b' $'src\n'
ns_proc 'read-only bind' 1 'mkdir d e && mount -t tmpfs -o nosuid golden d && mount --bind -o ro d e && show && : >d/ok && : >e/no' $'golden on d type tmpfs (rw,nosuid,relatime)\ngolden on e type tmpfs (ro,nosuid,relatime)\n'
ns_proc '--rbind takes submounts' 0 'mkdir -p a/s b && mount -t tmpfs golden a/s && : >a/s/f && mount --rbind a b && ls b/s' $'f\n'
ns_proc '--bind does not' 0 'mkdir -p a/s b && mount -t tmpfs golden a/s && : >a/s/f && mount --bind a b && ls b/s' ''
ns_proc '--move' 0 'mkdir a b && mount -t tmpfs golden a && : >a/f && mount --move a b && ls b && show' $'f\ngolden on b type tmpfs (rw,relatime)\n'
ns_proc '-M' 0 'mkdir a b && mount -t tmpfs golden a && mount -M a b && show' $'golden on b type tmpfs (rw,relatime)\n'
ns_proc '--make-shared' 0 'mkdir d && mount -t tmpfs golden d && mount --make-shared d && grep " /[^ ]*/d " /proc/self/mountinfo | grep -c " shared:"' $'1\n'
ns_proc '--make-private' 0 'mkdir d && mount -t tmpfs golden d && mount --make-shared d && mount --make-private d && grep " /[^ ]*/d " /proc/self/mountinfo | grep " shared:" | wc -l' $'0\n'
ns_proc '-o shared with a mount' 0 'mkdir d && mount -t tmpfs -o shared golden d && grep " /[^ ]*/d " /proc/self/mountinfo | grep -c " shared:"' $'1\n'
ns_proc '-f mounts nothing' 0 'mkdir d && mount -f -t tmpfs golden d && show' ''
ns_proc '-v' 0 'mkdir d && mount -v -t tmpfs golden d' $'mount: golden mounted on d\n'
ns_proc '-n is taken' 0 'mkdir d && mount -n -t tmpfs golden d && show' $'golden on d type tmpfs (rw,relatime)\n'
ns_proc 'missing mount point' 1 'mount -t tmpfs golden nope 2>&1' $'mount: nope: No such file or directory\n'
ns_proc 'missing device' 1 'mkdir d && mount -t ext4 /dev/golden-nope d 2>&1' $'mount: mounting /dev/golden-nope on d failed: No such file or directory\n'
ns_proc 'unknown type' 1 'mkdir d && mount -t golden-fs x d 2>&1' $'mount: mounting x on d failed: No such device\n'
ns_proc 'remount what is not mounted' 1 'mkdir d && mount -o remount,ro d 2>&1' $'mount: mounting none on d failed: Invalid argument\n'
ns_proc 'bind a missing source' 1 'mkdir d && mount --bind nope d 2>&1' $'mount: mounting nope on d failed: No such file or directory\n'
ns_proc 'not in fstab' 1 'mkdir d && mount golden-no-such-dir 2>&1' $'mount: golden-no-such-dir: not in /etc/fstab\n'
needs_loop ns_proc 'an image file, through a loop device' 0 'mkfs.ext4 -q -L img i 4M 2>/dev/null >/dev/null && mkdir d && mount i d && ls d && mount | awk "\$3 ~ /\\/d\$/ { print (\$1 ~ /^\\/dev\\/loop[0-9]+\$/), \$5, \$6 }" && umount d && losetup -j i | wc -l' $'lost+found\n1 ext4 (rw,relatime)\n0\n'
needs_loop ns_proc '-o loop,ro' 1 'mkfs.ext4 -q i 4M 2>/dev/null >/dev/null && mkdir d && mount -o loop,ro -t ext4 i d && mount | awk "\$3 ~ /\\/d\$/ { print \$5, \$6 }" && : >d/f' $'ext4 (ro,relatime)\n'
needs_loop ns_proc 'a read-only image goes read-only' 0 'mkfs.ext4 -q i 4M 2>/dev/null >/dev/null && mkdir d && mount -o loop i d -o ro && mount | awk "\$3 ~ /\\/d\$/ { print \$5, \$6 }"' $'ext4 (ro,relatime)\n'
needs_loop ns_proc 'not a file system' 1 'dd if=/dev/zero of=i bs=1024 count=1024 2>/dev/null && mkdir d && mount -t ext4 i d 2>&1; s=$?; losetup -j i | wc -l; exit $s' $'mount: mounting i on d failed: Invalid argument\n0\n'
fstab_ns() { # a made-up /etc/fstab bound over the real one
	if [[ $mode == chroot || ! -f /etc/fstab ]]; then
		echo "skip $file: $1: no /etc/fstab to stand in for"
		return 0
	fi
	ns_proc "$1" "$2" "mkdir a b c d && printf '%s\n' \"golden-a \$PWD/a tmpfs size=1m 0 0\" \"# golden-x \$PWD/x tmpfs defaults 0 0\" \"golden-b \$PWD/b tmpfs noauto,nosuid 0 0\" '' \"golden-c \$PWD/c ramfs defaults 0 0\" 'swapdev none swap sw 0 0' \"golden-d \$PWD/d proc nofail 0 0\" >fstab && mount --bind fstab /etc/fstab && $3" "$4"
}
fstab_ns '-a' 0 'mount -a && show' $'golden-a on a type tmpfs (rw,relatime,size=1024k)\ngolden-c on c type ramfs (rw,relatime)\ngolden-d on d type proc (rw,relatime)\n'
fstab_ns '-a -t' 0 'mount -a -t ramfs,proc && show' $'golden-c on c type ramfs (rw,relatime)\ngolden-d on d type proc (rw,relatime)\n'
fstab_ns '-a -t no' 0 'mount -a -t notmpfs,ramfs && show' $'golden-d on d type proc (rw,relatime)\n'
fstab_ns '-a -o' 0 'mount -a -o ro -t tmpfs && show' $'golden-a on a type tmpfs (ro,relatime,size=1024k)\n'
fstab_ns '-a twice mounts once' 0 'mount -a && mount -a && show | wc -l' $'3\n'
fstab_ns 'a directory from fstab' 0 'mount "$PWD/b" && show' $'golden-b on b type tmpfs (rw,nosuid,relatime)\n'
fstab_ns 'a device from fstab' 0 'mount golden-b && show' $'golden-b on b type tmpfs (rw,nosuid,relatime)\n'
fstab_ns 'fstab options, then ours' 0 'mount -o ro golden-b && show' $'golden-b on b type tmpfs (ro,nosuid,relatime)\n'
t 'three operands' 1 'mount a b c 2>&1' "$usage"
t '-a with an operand' 1 'mount -a d 2>&1' "$usage"
t 'bad option' 1 'mount -z 2>&1' $'mount: -z: unknown option\n'"$usage"
t '-t needs a type' 1 'mount -t 2>&1' $'mount: -t: option requires an argument\n'"$usage"
t '--help' 0 'mount --help' "$usage"$'long options: --all (-a), --fake (-f), --no-mtab (-n), --read-only (-r),\n  --rw (-w), --read-write (-w), --verbose (-v), --types (-t), --options (-o),\n  --bind (-B), --rbind (-R), --move (-M), --make-shared, --make-rshared,\n  --make-slave, --make-rslave, --make-private, --make-rprivate,\n  --make-unbindable, --make-runbindable\n'
