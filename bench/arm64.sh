#!/bin/bash
# bench/arm64.sh - the arm64 build against the x86_64 one, measured in the
# same run, each row a ratio arm64 / x86_64: a first run's compile (cold
# cache), a cached run of the same commands in source mode and in the box,
# and the images' sizes. arm64 runs under qemu-user (TCG), in the namespaces
# of test/emuns.c; x86_64 runs natively. So the time ratios are the cost of
# emulation plus tcc's arm64 back end, not a board's speed.
# Needs: both trees staged with their images (make all bench-arm64 does it),
# build/bench/spawn, build/arm64/test/emuns, qemu-user-static, root.
set -eu
X=${B:-build}
A=$X/arm64
SPAWN=$X/bench/spawn
EMUNS=$A/test/emuns
QEMU=${QEMU_USER:-/usr/bin/qemu-aarch64-static}
RUNS_COLD=${RUNS_COLD:-11}
RUNS_HOT=${RUNS_HOT:-101}
CMDS=${CMDS:-true echo ls sh}
work=$(mktemp -d /tmp/bencharm64.XXXXXX)
trap 'rm -rf "$work"' EXIT

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
# on ARCH CMD...: CMD natively, or with arm64 binaries run by qemu-user
on() {
	local arch=$1
	shift
	if [[ $arch == arm64 ]]; then "$EMUNS" "$QEMU" "$@"; else "$@"; fi
}

# Each arch's two roots, copied; the x86_64 one without what the arm64 build
# does not ship (seeds and the prebuilt library: they would be compiled by a
# tcc that does not run where the image is built), so both compile the same.
for arch in x86_64 arm64; do
	t=$X; [[ $arch == arm64 ]] && t=$A
	cp -a "$t/root" "$work/$arch"
	rm -rf "$work/$arch/usr/lib/ubuild/seed" "$work/$arch/usr/lib/ubuild/libcmd.a"
	on "$arch" chroot "$work/$arch" /bin/ubuild -b true >/dev/null	# the library is not what we time
	cp -a "$t/root-multicall" "$work/$arch-mc"
	for r in "$work/$arch" "$work/$arch-mc"; do
		mkdir -p "$r/tmp/small" && touch "$r/tmp/small/"{a,b,c,d,e}
	done
done

echo "== arm64 (qemu-user) against x86_64 (native): first run, compile + link, cold cache, median of $RUNS_COLD (ms) =="
printf "%-8s %10s %10s %8s\n" cmd arm64 x86_64 ratio
declare -A us
for c in $CMDS; do
	for arch in x86_64 arm64; do
		us[$arch]=$(on "$arch" "$SPAWN" -r "$work/$arch" -n "$RUNS_COLD" -u "/ubin/$c" -- /bin/ubuild -b "$c" | cut -f1)
	done
	printf "%-8s %10.2f %10.2f %8s\n" "$c" "$(ratio "${us[arm64]}" 1000)" "$(ratio "${us[x86_64]}" 1000)" \
		"$(ratio "${us[arm64]}" "${us[x86_64]}")"
done

echo "== arm64 (qemu-user) against x86_64 (native): cached run, median of $RUNS_HOT (us) =="
printf "%-22s %10s %10s %8s\n" run arm64 x86_64 ratio
declare -A out
for arch in x86_64 arm64; do
	on "$arch" chroot "$work/$arch" /bin/ubuild -b true echo ls >/dev/null
	out[$arch]=$(on "$arch" "$SPAWN" -r "$work/$arch" -n "$RUNS_HOT" -- /ubin/true \; /ubin/echo x \; /ubin/ls /tmp/small)
	out[$arch-mc]=$(on "$arch" "$SPAWN" -r "$work/$arch-mc" -n "$RUNS_HOT" -- /bin/true \; /bin/echo x \; /bin/ls /tmp/small)
done
for mode in source multicall; do
	sfx=; [[ $mode == multicall ]] && sfx=-mc
	for i in 1 2 3; do
		a=$(sed -n "${i}p" <<<"${out[arm64$sfx]}" | cut -f1)
		x=$(sed -n "${i}p" <<<"${out[x86_64$sfx]}" | cut -f1)
		name=$(sed -n "${i}p" <<<"${out[x86_64$sfx]}" | cut -f3 | sed 's|^/[a-z]*/||')
		printf "%-22s %10.1f %10.1f %8s\n" "$mode: $name" "$a" "$x" "$(ratio "$a" "$x")"
	done
done

echo "== arm64 against x86_64: images, zstd (bytes) =="
printf "%-40s %10s %10s %8s\n" image arm64 x86_64 ratio
size() { stat -c %s "$1"; }
row() { printf "%-40s %10s %10s %8s\n" "$1" "$2" "$3" "$(ratio "$2" "$3")"; }
# the commands compiled above go, and the kernel modules (each arch's own
# kernel's): what is left is the userland both ship
rm -rf "$work/arm64/ubin/"* "$work/x86_64/ubin/"* "$work/arm64/ubin/".[!.]* "$work/x86_64/ubin/".[!.]* \
	"$work/arm64/lib/modules" "$work/x86_64/lib/modules"
"$X/pack/pack" -d dev/console:c:5:1:0600 -d dev/null:c:1:3:0666 "$work/x86_64" "$work/x86_64.cpio.zst" >/dev/null
"$X/pack/pack" -d dev/console:c:5:1:0600 -d dev/null:c:1:3:0666 "$work/arm64" "$work/arm64.cpio.zst" >/dev/null
row "source mode, nothing prebuilt, no modules" "$(size "$work/arm64.cpio.zst")" "$(size "$work/x86_64.cpio.zst")"
row "source mode, as make builds it" "$(size "$A/initramfs-source.cpio.zst")" "$(size "$X/initramfs-source.cpio.zst")"
row "multicall, as make builds it" "$(size "$A/initramfs-multicall.cpio.zst")" "$(size "$X/initramfs-multicall.cpio.zst")"
strip -o "$work/x86.box" "$X/multicall/ubox"
aarch64-linux-gnu-strip -o "$work/arm64.box" "$A/multicall/ubox"
row "the box alone (zstd -19)" "$(zstd -19 -q -c "$work/arm64.box" | wc -c)" "$(zstd -19 -q -c "$work/x86.box" | wc -c)"
row "the builder with libtcc (bin/ubuild, raw)" "$(size "$A/root/bin/ubuild")" "$(size "$X/root/bin/ubuild")"
