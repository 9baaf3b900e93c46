# switch_root.t - golden tests for switch_root. Every check comes before
# anything is deleted; the one real switch happens as PID 1 of a new PID
# namespace, chrooted into a tmpfs "initramfs" in a private mount namespace.
usage=$'usage: switch_root [-c CONSOLE] NEWROOT INIT [ARG...]\n'
# copies NAME ...: our static binaries can be copied into a tree (dir mode)
copies() {
	if [[ $mode != dir || ! -e $root/bin/switch_root || ! -e $root/bin/blkid ]]; then
		echo "skip $file: $2: needs our static switch_root and blkid outside a chroot"
		return 0
	fi
	"$@"
}
initramfs="mkdir R && mount -t tmpfs initramfs R && mkdir -p R/bin R/new R/proc R/tmp R/etc/deep/er &&
: >R/etc/deep/er/f && ln -s /nowhere R/etc/link && cp -L $(printf %q "$root/bin/switch_root") R/bin/ &&
mount -t tmpfs newroot R/new && mkdir -p R/new/sbin R/new/proc R/new/etc &&
cp -L $(printf %q "$root/bin/blkid") R/new/sbin/ && printf 'hsqs\\0\\0\\0\\0' >R/new/etc/marker &&
mount -t proc proc R/proc && mount -t tmpfs tmp R/tmp && : >R/tmp/f"

t 'no operand' 1 'switch_root 2>&1' "$usage"
t 'no init' 1 'switch_root /new 2>&1' "$usage"
t 'missing new root' 1 'switch_root nope /sbin/init 2>&1' $'switch_root: nope: No such file or directory\n'
t 'not a directory' 1 ': >f; switch_root f /sbin/init 2>&1' $'switch_root: f: Not a directory\n'
t 'not a mount point' 1 'mkdir d; switch_root d /sbin/init 2>&1' $'switch_root: d: not a mount point\n'
t 'not the root itself' 1 'switch_root / /sbin/init 2>&1' $'switch_root: /: not a mount point\n'
ns 'not PID 1' 1 'mkdir d && mount -t tmpfs x d && switch_root d /sbin/init 2>&1' $'switch_root: not PID 1\n'
needs_unshare t 'PID 1, but / is no initramfs' 0 'unshare -m -p -f bash --norc -c "mkdir d && mount -t tmpfs x d && exec switch_root d /sbin/init" 2>&1 | grep -cE "^switch_root: (/: not an initramfs \(ramfs or tmpfs\)|/sbin/init: No such file or directory)$"' $'1\n'
copies ns 'no init in the new root' 1 "$initramfs && unshare -p -f chroot R /bin/switch_root /new /sbin/init 2>&1; s=\$?; ls R; exit \$s" $'switch_root: /sbin/init: No such file or directory\nbin\netc\nnew\nproc\ntmp\n'
copies ns 'the switch' 0 "$initramfs && unshare -p -f chroot R /bin/switch_root /new /sbin/blkid /etc/marker; echo \"status \$?\"; ls R; test -r R/proc/self/stat && echo 'proc moved'; umount -l R; ls -A R" $'/etc/marker: TYPE="squashfs3"\nstatus 0\netc\nproc\nsbin\nproc moved\nnew\n'
copies ns '-c CONSOLE' 0 "$initramfs && mkdir R/new/dev && : >R/new/dev/out && unshare -p -f chroot R /bin/switch_root -c /dev/out /new /sbin/blkid /etc/marker; cat R/dev/out" $'/etc/marker: TYPE="squashfs3"\n'
t 'bad option' 1 'switch_root -z a b 2>&1' $'switch_root: -z: unknown option\n'"$usage"
t '--help' 0 'switch_root --help' "$usage"
