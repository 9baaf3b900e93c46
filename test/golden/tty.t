# tty.t - golden tests for tty (terminals from script(1))
u=$'usage: tty [-s]\n'
# The terminal's name comes from /proc and /dev/pts, which a chroot root lacks.
sees_pts() {
	if [[ $mode == chroot ]]; then
		echo "skip $file: $2: no /proc or /dev/pts in a chroot root"
		return 0
	fi
	"$@"
}
t 'not a tty' 1 'tty' $'not a tty\n'
t 'file' 1 ': >f; tty <f' $'not a tty\n'
t 'pipe' 1 'echo | tty' $'not a tty\n'
t 'closed' 1 'tty <&-' $'not a tty\n'
t '-s not a tty' 1 'tty -s' ''
t '-s closed' 1 'tty -s <&-' ''
needs script t '-s terminal' 0 'script -qec "tty -s; echo \$?" /dev/null | tr -d "\r"' $'0\n'
needs script sees_pts t 'terminal' 0 'script -qec "tty; echo \$?" /dev/null | tr -d "\r" | sed "s,^/dev/pts/[0-9]*$,/dev/pts/N,"' $'/dev/pts/N\n0\n'
needs script sees_pts t 'terminal, output not' 0 'script -qec "tty >out; echo \$?" /dev/null | tr -d "\r"; sed "s,^/dev/.*,a device," out' $'0\na device\n'
t 'operand' 2 'tty x 2>&1' "$u"
t 'bad option' 2 'tty -z 2>&1' $'tty: -z: unknown option\n'"$u"
t '--help' 0 'tty --help' "$u"
t 'write error' 2 'tty 2>&1 >/dev/full' $'tty: write error: No space left on device\n'
