#!/bin/sh
# stage-multicall.sh ROOT BOX - lay out the multicall image tree in ROOT:
# the same directories and init behaviour as source mode, /bin/NAME links to
# the one binary, /init a link to it too, and no compiler, headers or libc.
set -eu
root=${1:?usage: stage-multicall.sh ROOT BOX}
box=${2:?usage: stage-multicall.sh ROOT BOX}
rm -rf "$root"
mkdir -p "$root/bin" "$root/ubin" "$root/tmp" "$root/dev" "$root/proc" \
	"$root/sys" "$root/run" "$root/root" "$root/etc"
cp "$box" "$root/bin/ubox"
# A cross-built box does not run here: build-box.sh's list beside it
# names the same commands.
names() {
	if [ -n "${CROSS:-}" ]; then
		awk '{ print $1 }' "$(dirname "$box")/names"
	else
		"$box" --list
	fi
}
list=$(names)
[ -n "$list" ] || { echo "stage-multicall: $box: no command list" >&2; exit 1; }
for name in $list; do
	[ "$name" = init ] || ln -s ubox "$root/bin/$name"
done
ln -s bin/ubox "$root/init"
cp pack/etc/* "$root/etc/"
t=$(pack/build-time.sh)
[ -z "$t" ] || echo "$t" >"$root/etc/build-time"
find "$root" -type d -exec chmod 755 {} +
chmod 1777 "$root/tmp"
find "$root" -type f -exec chmod go-w {} +
