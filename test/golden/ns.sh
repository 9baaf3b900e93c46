# ns.sh - namespaces for golden cases; test/golden/run sources it before them.
# Each needs root and unshare, and skips its case (and says so) without them.
#   ns NAME STATUS 'LINE' EXPECTED       LINE in a private mount namespace
#   ns_proc NAME STATUS 'LINE' EXPECTED  the same, with a /proc of its own;
#                                        LINE may call show: the mounts from
#                                        "golden*", each DIR as its last part
#   fake_proc NAME STATUS 'SETUP' 'LINE' EXPECTED
#                                        SETUP fills ./p, which is bound over
#                                        /proc for LINE
#   needs_unshare t ...                  skips a case unless root can unshare
# shellcheck shell=bash

# can_unshare NAME: root and unshare are here, else NAME is skipped.
can_unshare() {
	if (($(id -u) != 0)) || ! command -v unshare >/dev/null; then
		echo "skip $file: $1: needs root and unshare"
		return 1
	fi
}

# has_proc_dir NAME: a /proc to mount on where the commands run, else NAME is skipped.
has_proc_dir() {
	if [[ $mode == chroot && ! -d $root/proc ]]; then
		echo "skip $file: $1: no /proc directory in $root"
		return 1
	fi
}

needs_unshare() {
	can_unshare "$2" || return 0
	"$@"
}

ns() {
	can_unshare "$1" || return 0
	t "$1" "$2" "unshare -m bash --norc -c $(printf %q "$3")" "$4"
}

ns_proc() {
	has_proc_dir "$1" || return 0
	ns "$1" "$2" "mount -t proc proc /proc || exit 99
show() { mount | awk '\$1 ~ /^golden/ { n = split(\$3, p, \"/\"); \$3 = p[n]; print }'; }
$3" "$4"
}

fake_proc() {
	has_proc_dir "$1" || return 0
	ns "$1" "$2" "mkdir p && { $3; } && mount --bind p /proc && { $4; }" "$5"
}
