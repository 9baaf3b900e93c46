#!/bin/bash
# bench/multicall.sh - multicall image size against busybox-static compressed
# with the same zstd level, the source-mode image, and cached-run latency of
# the box against busybox-static for the same commands, in one run.
set -eu
B=${B:-build}
SPAWN=$B/bench/spawn
RUNS=${RUNS_HOT:-500}
work=$(mktemp -d /tmp/benchmc.XXXXXX)
trap 'rm -rf "$work"' EXIT
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

zstd -q -19 -c /bin/busybox >"$work/busybox.zst"
bb=$(stat -c %s "$work/busybox.zst")
mc=$(stat -c %s "$B/initramfs-multicall.cpio.zst")
box=$(zstd -q -19 -c "$B/multicall/ubox" | wc -c)
src=$(stat -c %s "$B/initramfs-source.cpio.zst")
n=$("$B/multicall/ubox" --list | wc -l)
echo "== sizes, zstd -19 (bytes) =="
echo "multicall image ($n commands incl. init): $mc (the box alone: $box)"
echo "busybox-static binary ($(busybox --list | wc -l) applets): $bb   multicall image / busybox: $(ratio "$mc" "$bb")"
echo "source-mode image: $src   multicall / source: $(ratio "$mc" "$src")"

echo
echo "== cached run, median of $RUNS runs (us), alternating =="
mkdir -p "$work/small" && touch "$work/small/"{a,b,c,d,e}
out=$("$SPAWN" -n "$RUNS" -- \
	"$B/root-multicall/bin/true" \; /bin/busybox true \; \
	"$B/root-multicall/bin/echo" x \; /bin/busybox echo x \; \
	"$B/root-multicall/bin/ls" "$work/small" \; /bin/busybox ls "$work/small")
printf "%-10s %9s %9s %8s\n" run ubox busybox ubox/bb
for i in 1 3 5; do
	o=$(sed -n "${i}p" <<<"$out" | cut -f1); b=$(sed -n "$((i + 1))p" <<<"$out" | cut -f1)
	name=$(sed -n "${i}p" <<<"$out" | cut -f3 | sed 's|.*/bin/||; s|/tmp/.*||')
	printf "%-10s %9.1f %9.1f %8s\n" "$name" "$o" "$b" "$(ratio "$o" "$b")"
done
