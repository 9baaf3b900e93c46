# umount.t - golden tests for umount, in a private mount namespace (unshare
# -m) on tmpfs mounts of the test's own. umount -a is left out: in that
# namespace it would take the test's own /proc and /dev with it.
usage=$'usage: umount [-adflnrv] DIR|DEV... | -a\n'
dir_only() { # $PWD outside is not $PWD inside a chroot
	if [[ $mode != dir ]]; then
		echo "skip $file: $2: paths differ inside the chroot"
		return 0
	fi
	"$@"
}
two='mkdir d e && mount -t tmpfs golden d && mount -t tmpfs golden2 e'

ns_proc 'a directory' 0 "$two && umount d && show" $'golden2 on e type tmpfs (rw,relatime)\n'
ns_proc 'several' 0 "$two && umount d e && show" ''
ns_proc 'the newest mount first' 0 'mkdir d && mount -t tmpfs golden d && mount -t tmpfs golden2 d && umount d && show' $'golden on d type tmpfs (rw,relatime)\n'
dir_only ns_proc 'an absolute path' 0 "$two && umount \"\$PWD/d\" && show" $'golden2 on e type tmpfs (rw,relatime)\n'
ns_proc 'by source' 0 "$two && umount golden2 && show" $'golden on d type tmpfs (rw,relatime)\n'
ns_proc 'a bind-mounted file' 0 ': >a && : >b && mount --bind a b && umount b && mount | grep " /[^ ]*/b " | wc -l' $'0\n'
ns_proc '-v' 0 "$two && umount -v d e" $'umount: d unmounted\numount: e unmounted\n'
ns_proc 'not mounted' 1 'mkdir d && umount d 2>&1' $'umount: d: not mounted\n'
ns_proc 'missing' 1 'umount nope 2>&1' $'umount: nope: No such file or directory\n'
ns_proc 'missing, carries on' 1 "$two && umount d nope e 2>&1; s=\$?; show; exit \$s" $'umount: nope: No such file or directory\n'
ns_proc 'busy' 1 'mkdir d && mount -t tmpfs golden d && : >d/f && exec 3<d/f && umount d 2>&1; s=$?; show; exit $s' $'umount: d: Resource busy\ngolden on d type tmpfs (rw,relatime)\n'
ns_proc '-l when busy' 0 'mkdir d && mount -t tmpfs golden d && : >d/f && exec 3<d/f && umount -l d && show; cat <&3; echo done' $'done\n'
ns_proc '-r when busy' 0 'mkdir d && mount -t tmpfs golden d && : >d/f && exec 3<d/f && umount -r d 2>&1 && show' $'umount: d: busy, remounted read-only\ngolden on d type tmpfs (ro,relatime)\n'
ns_proc '-f' 0 "$two && umount -f d && show" $'golden2 on e type tmpfs (rw,relatime)\n'
ns_proc '-n is taken' 0 "$two && umount -n d e && show" ''
ns_proc 'write error' 1 "$two && umount -v d 2>&1 >/dev/full; s=\$?; show; exit \$s" $'umount: write error: No space left on device\ngolden2 on e type tmpfs (rw,relatime)\n'
needs_loop ns_proc 'an image by its file' 0 'mkfs.ext4 -q i 4M >/dev/null 2>&1 && mkdir d && mount i d && umount i && mount | grep -c " /[^ ]*/d " ; losetup -j i | wc -l' $'0\n0\n'
needs_loop ns_proc 'an image by its loop device, -d' 0 'mkfs.ext4 -q i 4M >/dev/null 2>&1 && mkdir d && mount i d && dev=$(mount | awk "\$3 ~ /\\/d\$/ { print \$1 }") && umount -d "$dev" && mount | grep -c " /[^ ]*/d " ; losetup -j i | wc -l' $'0\n0\n'
t 'no operand' 1 'umount 2>&1' "$usage"
t '-a with an operand' 1 'umount -a d 2>&1' "$usage"
t 'bad option' 1 'umount -z d 2>&1' $'umount: -z: unknown option\n'"$usage"
t '--help' 0 'umount --help' "$usage"$'long options: --all (-a), --detach-loop (-d), --force (-f), --lazy (-l),\n  --no-mtab (-n), --read-only (-r), --verbose (-v)\n'
