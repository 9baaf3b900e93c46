#!/bin/bash
# bench/commands.sh - the command lines listed below, one by one: the first run's compile
# (cold cache, median of RUNS_COLD) and the cached run of a small real command
# line (median of RUNS), against busybox-static running the same line,
# alternating in one process (bench/spawn.c). Needs root (chroot).
set -eu
B=${B:-build}
R=$B/bench/cmdroot
SPAWN=$B/bench/spawn
RUNS_COLD=${RUNS_COLD:-11}
RUNS=${RUNS:-201}

rm -rf "$R" && cp -a "$B/root" "$R"
mkdir -p "$R/usr/bin" "$R/w/d/e"
cp /bin/busybox "$R/usr/bin/busybox"
chroot "$R" /bin/ubuild -b true >/dev/null	# the library is not what we time
w=$R/w
seq 1 2000 >"$w/f"
sort "$w/f" >"$w/s"
ln -s /w/f "$w/l"
touch "$w/d/a" "$w/d/e/b"
(cd "$w" && printf 'f\ns\nd\n' | cpio -o -H newc -F a.cpio 2>/dev/null && tar -cf a.tar f s d)
gzip -c "$w/f" >"$w/f.gz"
zstd -q -c "$w/f" >"$w/f.zst"

# NAME ARGS...: every line exits 0 in both implementations, changes nothing
# that a later run depends on, and reads no terminal. Not timed: mv, rmdir,
# mkfifo, mknod (each run would need a new fixture), yes (never ends),
# false and tty (exit 1 here).
lines=$(cat <<'LIST'
cat /w/f
cp /w/f /w/g
ln -sf /w/f /w/l2
mkdir -p /w/d
rm -f /w/nothing
touch /w/f
chmod 644 /w/f
chown 0 /w/f
chgrp 0 /w/f
ls -l /w
stat /w/f
find /w
du -s /w
df /
readlink /w/l
realpath /w/f
basename /a/b
dirname /a/b
mktemp -u
truncate -s 100 /w/t
sync
pwd
echo x
printf %s\n x
head -n 5 /w/f
tail -n 5 /w/f
wc /w/f
sort /w/f
uniq /w/s
cut -c1-2 /w/f
tr 1 x
tee /w/tee
grep 19 /w/f
sed s/1/x/ /w/f
cmp /w/f /w/f
diff /w/f /w/f
comm /w/s /w/s
seq 100
xargs
strings /w/f
od /w/f
hexdump /w/f
base64 /w/f
md5sum /w/f
sha1sum /w/f
sha256sum /w/f
env
printenv PATH
test -f /w/f
[ -f /w/f ]
true
sleep 0
date
time true
timeout 5 true
which sh
uname -a
hostname
id
nohup true
kill -l
cpio -t -F /w/a.cpio
tar -tf /w/a.tar
gzip -c /w/f
gunzip -c /w/f.gz
zcat /w/f.gz
zstd -c /w/f
unzstd -c /w/f.zst
LIST
)
have=$(chroot "$R" /usr/bin/busybox --list)
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

echo "== each command: first-run compile (ms, median of $RUNS_COLD), cached run (us, median of $RUNS) vs busybox-static =="
printf "%-10s %9s %10s %10s %8s  %s\n" cmd compile ours busybox ours/bb "command line"
while read -r c args <&3; do
	# shellcheck disable=SC2086
	comp=$("$SPAWN" -r "$R" -n "$RUNS_COLD" -u "/ubin/$c" -- /bin/ubuild -b "$c" | cut -f1)
	chroot "$R" /bin/ubuild -b "$c"
	# shellcheck disable=SC2086
	if grep -Fqx "$c" <<<"$have" &&
		out=$("$SPAWN" -r "$R" -n "$RUNS" -- "/ubin/$c" $args \; /usr/bin/busybox "$c" $args 2>/dev/null); then
		o=$(sed -n 1p <<<"$out" | cut -f1); b=$(sed -n 2p <<<"$out" | cut -f1)
		printf "%-10s %9.2f %10.1f %10.1f %8s  %s\n" "$c" "$(ratio "$comp" 1000)" "$o" "$b" "$(ratio "$o" "$b")" "$c $args"
	else	# BusyBox has no such applet, or it fails here (df: no /proc in the chroot)
		# shellcheck disable=SC2086
		o=$("$SPAWN" -r "$R" -n "$RUNS" -- "/ubin/$c" $args | cut -f1)
		printf "%-10s %9.2f %10.1f %10s %8s  %s\n" "$c" "$(ratio "$comp" 1000)" "$o" - - "$c $args"
	fi
done 3<<<"$lines" </dev/null
rm -rf "$R"
