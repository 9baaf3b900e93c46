# chroot.t - golden tests for chroot (as GNU's: 125 for its own failures,
# 126 and 127 for the command's). Changing root needs root.
usage=$'usage: chroot DIR [COMMAND [ARG...]]\n'
# into_copy NAME STATUS 'LINE' EXPECTED: LINE with ./r holding a copy of our
# blkid as r/bin/blkid (a static binary, so it runs there), in dir mode only.
into_copy() {
	if [[ $mode != dir || ! -e $root/bin/blkid ]]; then
		echo "skip $file: $1: needs our static blkid outside a chroot"
		return 0
	fi
	needs_root t "$1" "$2" "mkdir -p r/bin && cp -L $(printf %q "$root/bin/blkid") r/bin/blkid && $3" "$4"
}
needs_root t 'runs the command' 0 'chroot / sh -c "pwd; exit 0"' $'/\n'
needs_root t 'works from the new root' 0 'mkdir d && chroot d /bin/sh -c pwd 2>&1; echo $?' $'chroot: /bin/sh: No such file or directory\n127\n'
needs_root t 'the command status' 3 'chroot / sh -c "exit 3"' ''
needs_root t 'command not found' 127 'chroot / golden-no-such-command 2>&1' $'chroot: golden-no-such-command: No such file or directory\n'
needs_root t 'not executable' 126 ': >f; chroot . /f 2>&1' $'chroot: /f: Permission denied\n'
needs_root t 'default is an interactive $SHELL' 0 'SHELL=/bin/sh chroot / 2>/dev/null' $'hi\n' $'echo hi\n'
needs_root t 'no $SHELL: /bin/sh' 0 'env -u SHELL chroot / 2>/dev/null' $'hi\n' $'echo hi\n'
needs_root t 'missing directory' 125 'chroot nope true 2>&1' $'chroot: nope: No such file or directory\n'
needs_root t 'not a directory' 125 ': >f; chroot f true 2>&1' $'chroot: f: Not a directory\n'
skip_if_root t 'not root' 125 'chroot / true 2>&1' $'chroot: /: Operation not permitted\n'
into_copy 'really another root' 0 'printf "hsqs\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\4\0" >r/only-here && chroot r /bin/blkid /only-here' $'/only-here: TYPE="squashfs"\n'
into_copy 'the outside is gone' 0 'chroot r /bin/blkid "$PWD/r/bin/blkid" 2>&1 | sed "s|$PWD|.|"' $'blkid: ./r/bin/blkid: No such file or directory\n'
t 'no operand' 125 'chroot 2>&1' "$usage"
t 'bad option' 125 'chroot -z d 2>&1' $'chroot: -z: unknown option\n'"$usage"
t '--help' 0 'chroot --help' "$usage"
