# hostname.t - golden tests for hostname. Setting the name is tried only as
# root and inside a new UTS namespace (unshare -u), never on the host itself.
u=$'usage: hostname [-s | -f | -d] [NAME | -F FILE]\n'
in_uts() {
	if (($(id -u) != 0)) || ! unshare -u true 2>/dev/null; then
		echo "skip $file: $2: needs root and unshare -u"
		return 0
	fi
	"$@"
}
t 'prints the node name' 0 '[ "$(hostname)" = "$(</proc/sys/kernel/hostname)" ] && echo same' $'same\n'
t 'operand count checked before setting' 1 'hostname a b 2>&1' "$u"
t '-F with an operand' 1 'hostname -F f x 2>&1' "$u"
t 'bad option' 1 'hostname -z 2>&1' $'hostname: -z: unknown option\n'"$u"
t '--help' 0 'hostname --help' $'usage: hostname [-s | -f | -d] [NAME | -F FILE]\n'
t 'write error' 1 'hostname 2>&1 >/dev/full' $'hostname: write error: No space left on device\n'
in_uts t 'set' 0 'unshare -u bash -c "hostname fw.example.com && hostname"' $'fw.example.com\n'
in_uts t 'set, then uname agrees' 0 'unshare -u bash -c "hostname fw1 && [ \"\$(uname -n)\" = fw1 ] && echo same"' $'same\n'
in_uts t '-s' 0 'unshare -u bash -c "hostname fw.example.com && hostname -s"' $'fw\n'
in_uts t '-s without a dot' 0 'unshare -u bash -c "hostname fw && hostname -s"' $'fw\n'
in_uts t '-d: after the first dot' 0 'unshare -un bash -c "hostname fw.example.com && hostname -d"' $'example.com\n'
in_uts t '-d without a dot' 0 'unshare -un bash -c "hostname fw && hostname -d"' $'\n'
in_uts t '-F' 0 'printf "# the name\n\n  fw2  \n# more\n" >f; unshare -u bash -c "hostname -F f && hostname"' $'fw2\n'
in_uts t '-F without a final newline' 0 'printf "fw3" >f; unshare -u bash -c "hostname -F f && hostname"' $'fw3\n'
in_uts t '-F no name' 1 'printf "# only\n\n" >f; unshare -u hostname -F f 2>&1' $'hostname: f: no host name\n'
in_uts t '-F empty' 1 ': >f; unshare -u hostname -F f 2>&1' $'hostname: f: no host name\n'
in_uts t '-F missing' 1 'unshare -u hostname -F nope 2>&1' $'hostname: nope: No such file or directory\n'
in_uts t '-F directory' 1 'mkdir d; unshare -u hostname -F d 2>&1' $'hostname: d: Is a directory\n'
in_uts t 'longest name' 0 'n=$(head -c 64 /dev/zero | tr "\0" a); unshare -u bash -c "hostname $n && hostname" | wc -c' $'65\n'
in_uts t 'too long' 1 'unshare -u hostname $(head -c 65 /dev/zero | tr "\0" a) 2>&1' $'hostname: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa: Invalid argument\n'
needs setpriv in_uts t 'not permitted' 1 'unshare -u setpriv --bounding-set=-sys_admin hostname fw 2>&1' $'hostname: fw: Operation not permitted\n'
in_uts t '-F long line' 1 'head -c 1100000 /dev/zero | tr "\0" a >f; unshare -u hostname -F f 2>&1 | wc -c; exit ${PIPESTATUS[0]}' $'1100029\n'
in_uts t '-F comment lines before a long one' 0 '{ echo "# x"; head -c 1100000 /dev/zero | tr "\0" "#"; echo; echo fw4; } >f; unshare -u bash -c "hostname -F f && hostname"' $'fw4\n'
