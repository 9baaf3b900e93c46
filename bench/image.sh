#!/bin/bash
# bench/image.sh - image size by part, and boot time to a console marker
# against a BusyBox initramfs booted by the same kernel with the same flags.
set -eu
B=${B:-build}
PACK=$B/pack/pack
KERNEL=$B/kernel/vmlinux
RUNS=${RUNS:-3}
work=$(mktemp -d /tmp/benchimg.XXXXXX)
trap 'rm -rf "$work"' EXIT

part() { # part NAME PATH...: pack just these paths of the tree
	local name=$1 t=$work/part-$1; shift
	mkdir -p "$t"
	(cd "$B/root" && cp -a --parents "$@" "$t/")
	"$PACK" -l 0 "$t" "$t.cpio" && "$PACK" "$t" "$t.cpio.zst"
	printf "%-10s %9d %9d\n" "$name" "$(stat -c %s "$t.cpio")" "$(stat -c %s "$t.cpio.zst")"
}
echo "== source-mode image size by part (bytes; each part packed alone, zstd -19; headers include zlib's, zstd's and BearSSL's) =="
printf "%-10s %9s %9s\n" part cpio zstd
part compiler bin/ubuild usr/lib/tcc usr/lib/ubuild/check.o
[ -e "$B/root/usr/lib/ubuild/libcmd.a" ] && part libcmd.a usr/lib/ubuild/libcmd.a
[ -d "$B/root/usr/lib/ubuild/seed" ] && part seeds usr/lib/ubuild/seed
part libc usr/lib/libc.a usr/lib/crt1.o usr/lib/crti.o usr/lib/crtn.o
part headers usr/include
part zlib+zstd usr/lib/libz.a usr/lib/libzstd.a usr/include/zlib.h usr/include/zconf.h usr/include/zstd.h usr/include/zstd_errors.h
part bearssl usr/lib/libbearssl.a usr/include/bearssl
part sources src
part init init etc usr/lib/ubuild/sources.sha256
"$PACK" -l 0 -d dev/console:c:5:1:0600 "$B/root" "$work/all.cpio"
printf "%-10s %9d %9d\n" total "$(stat -c %s "$work/all.cpio")" "$(stat -c %s "$B/initramfs-source.cpio.zst")"

# BusyBox peer: the static binary and an /init that prints the marker, with
# the same kernel modules as ours (Debian's kernel needs them; the kernel
# unpacks them before either init runs).
bb=$work/bb
mkdir -p "$bb/bin" "$bb/dev" "$bb/proc"
[ ! -d "$B/root/lib/modules" ] || (cd "$B/root" && cp -a --parents lib/modules "$bb/")
cp /bin/busybox "$bb/bin/busybox"
printf '#!/bin/busybox sh\n/bin/busybox echo BOOT-MARKER\n/bin/busybox poweroff -f\n' >"$bb/init"
chmod 755 "$bb/init"
"$PACK" -d dev/console:c:5:1:0600 "$bb" "$work/bb.cpio.zst"

boot_ms() { # boot_ms IMAGE APPEND: ms from QEMU start to the marker
	local t0 t1 log=$work/log
	t0=$(date +%s%N)
	pack/qemu.sh "$KERNEL" "$1" "quiet $2" -nic none </dev/null >"$log" 2>&1 &
	local pid=$!
	for _ in $(seq 600); do
		grep -aq BOOT-MARKER "$log" && break
		sleep 0.01
	done
	t1=$(date +%s%N)
	grep -aq BOOT-MARKER "$log" || { echo "no marker" >&2; cat "$log" >&2; }
	kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true
	echo $(( (t1 - t0) / 1000000 ))
	# Launched at once after the last one ended, QEMU boots slow and fast
	# by turns here (1800 and 1650 ms for the same image): a pause evens them.
	sleep 1
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

ours=() theirs=()
for i in $(seq "$RUNS"); do	# in turns, each first every other time
	if [ $((i % 2)) = 1 ]; then
		ours+=("$(boot_ms "$B/initramfs-source.cpio.zst" "uinit=/bin/echo -- BOOT-MARKER")")
		theirs+=("$(boot_ms "$work/bb.cpio.zst" "")")
	else
		theirs+=("$(boot_ms "$work/bb.cpio.zst" "")")
		ours+=("$(boot_ms "$B/initramfs-source.cpio.zst" "uinit=/bin/echo -- BOOT-MARKER")")
	fi
done
o=$(printf '%s\n' "${ours[@]}" | median)
t=$(printf '%s\n' "${theirs[@]}" | median)
echo
echo "== boot to a console marker, QEMU start to marker, median of $RUNS (ms) =="
echo "ours (init + first compile of echo): $o   busybox initramfs (same modules): $t   ratio: $(awk -v a="$o" -v b="$t" 'BEGIN { printf "%.2f", a / b }')"
