#!/bin/bash
# bench/netboot.sh - netboot from init's start to kexec_file_load, under QEMU
# (TCG unless the host has VT-x/AMD-V), in the source image (commands built
# on first use, or taken from the image's seeds) and the multicall one, in the
# same run: test/netboot/run's first two boots (DHCP, the kernel and initrd
# over HTTP from this host, kexec), as netboot itself reports the times.
# Twice: on QEMU's default PC (i440fx), and on q35, a PCIe chipset like the
# boards LinuxBoot runs on. On i440fx the kernel evaluates the ACPI PCI
# interrupt link when virtio_pci enables the NIC, ~90 ms of interpreted AML
# under TCG that no initramfs can avoid; on q35 that costs ~0.
set -eu
B=${B:-build}
flows() { # flows MACHINE-ARGS: the two boots' output
	NETBOOT_QEMU=$1 FLOW_ONLY=1 test/netboot/run "$B/kernel" "$B/root" "$B/root-multicall" "$B/pack/pack" 2>&1 ||
		{ echo "netboot bench: the boots failed" >&2; return 1; }
}
load() { # load CASE OUTPUT: seconds from init's start to kexec_file_load
	sed -n "s/^ *$1 (HTTP): .*init start to kexec_file_load \([0-9.]*\) s after init started.*/\1/p" <<<"$2"
}
report() { # report LABEL OUTPUT
	local s m
	s=$(load netboot "$2") m=$(load netboot-multicall "$2")
	[ -n "$s" ] && [ -n "$m" ] || { printf '%s\n' "$2" >&2; echo "netboot bench: no times in the output" >&2; exit 1; }
	echo "${1}source: $s   multicall: $m   source/multicall: $(awk -v a="$s" -v b="$m" 'BEGIN { printf "%.2f", a / b }')"
}
pc=$(flows "") || { printf '%s\n' "$pc" >&2; exit 1; }
q35=$(flows "-M q35") || { printf '%s\n' "$q35" >&2; exit 1; }
echo "== netboot: init start to kexec_file_load, QEMU (s) =="
report "" "$pc"
report "q35: " "$q35"
