#!/bin/bash
# bench/image-sizes.sh - the templates minimal, boot and core in both modes,
# each built by pack/mkimage (into a temp dir), and which flash sizes hold
# it with the small kernel: bytes
# (zstd), then yes/no for 4M, 8M and 16M (kernel + image <= flash, decided
# by pack/select, the build's one implementation). The kernel is
# build/kernel-linuxboot/vmlinuz (make kernel KERNEL_CONFIG=linuxboot) if
# present (its drivers built in: no modules), else Debian's
# build/kernel/vmlinuz (the Makefile's modules). Run from the top of the tree
# after `make`.
set -eu
B=${B:-build}
export B
SELECT=$B/pack/select
FLASHES=${FLASHES:-4M 8M 16M}
# The small kernel has its drivers built in: its images carry no modules.
kernel=$B/kernel-linuxboot/vmlinuz mods=(--modules '')
[ -e "$kernel" ] || { kernel=$B/kernel/vmlinuz mods=(); }
[ -e "$kernel" ] || { echo "image-sizes: $kernel: not built (run make first)" >&2; exit 1; }
work=$(mktemp -d /tmp/image-sizes.XXXXXX)
trap 'rm -rf "$work"' EXIT

fits() { # IMAGE MODE FLASH: yes or no
	if "$SELECT" -k "$kernel" -m "$2" "$3" "$1" "$1" "$work/out" >/dev/null 2>&1; then echo yes; else echo no; fi
}
echo "== image bytes (zstd) and the flash sizes they fit with $kernel ($(stat -c %s "$kernel") bytes) =="
printf '%-8s %-9s %9s' template mode bytes
for f in $FLASHES; do printf ' %4s' "$f"; done
echo
for t in minimal boot core; do
	for m in source multicall; do
		img=$work/$t-$m.cpio.zst
		pack/mkimage -o "$img" --mode "$m" "${mods[@]}" "$t" >"$work/log" 2>&1 ||
			{ echo "image-sizes: $t $m: $(tail -1 "$work/log")" >&2; exit 1; }
		printf '%-8s %-9s %9d' "$t" "$m" "$(stat -c %s "$img")"
		for f in $FLASHES; do printf ' %4s' "$(fits "$img" "$m" "$f")"; done
		echo
	done
done
