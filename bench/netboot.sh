#!/bin/bash
# bench/netboot.sh - netboot from init's start to kexec_file_load, under QEMU
# (TCG unless the host has VT-x/AMD-V), in the source image (commands built
# on first use, or taken from the image's seeds) and the multicall one, in the
# same run: test/netboot/run's first two boots (DHCP, the kernel and initrd
# over HTTP from this host, kexec), as netboot itself reports the times.
set -eu
B=${B:-build}
out=$(FLOW_ONLY=1 test/netboot/run "$B/kernel" "$B/root" "$B/root-multicall" "$B/pack/pack" 2>&1) ||
	{ printf '%s\n' "$out" >&2; echo "netboot bench: the boots failed" >&2; exit 1; }
load() { # CASE: seconds from init's start to kexec_file_load
	sed -n "s/^ *$1 (HTTP): .*init start to kexec_file_load \([0-9.]*\) s after init started.*/\1/p" <<<"$out"
}
s=$(load netboot) m=$(load netboot-multicall)
[ -n "$s" ] && [ -n "$m" ] || { printf '%s\n' "$out" >&2; echo "netboot bench: no times in the output" >&2; exit 1; }
echo "== netboot: init start to kexec_file_load, QEMU (s) =="
echo "source: $s   multicall: $m   source/multicall: $(awk -v a="$s" -v b="$m" 'BEGIN { printf "%.2f", a / b }')"
