#!/bin/sh
# qemu.sh KERNEL INITRD [APPEND [QEMU-ARGS...]] - boot on the serial console.
# KVM only when the CPU really has it: these build machines have a /dev/kvm
# that cannot boot a normal kernel. QEMU_ARCH=arm64 boots an arm64 Image.
set -eu
kernel=${1:?usage: qemu.sh KERNEL INITRD [APPEND [QEMU-ARGS...]]}
initrd=${2:?usage: qemu.sh KERNEL INITRD [APPEND [QEMU-ARGS...]]}
append=${3:-}
shift 2
[ $# -gt 0 ] && shift
if grep -qE '^flags.*\b(vmx|svm)\b' /proc/cpuinfo && [ -w /dev/kvm ]; then
	accel="-accel kvm -cpu host"
else
	accel="-accel tcg"
fi
# arm64 (QEMU_ARCH=arm64): the virt board, TCG (no arm64 KVM on these hosts).
if [ "${QEMU_ARCH:-x86_64}" = arm64 ]; then
	exec qemu-system-aarch64 -M virt -cpu cortex-a57 -m "${QEMU_MEM:-512}" -smp 1 -nographic -no-reboot \
		-kernel "$kernel" -initrd "$initrd" \
		-append "console=ttyAMA0 panic=-1 $append" "$@"
fi
# shellcheck disable=SC2086
exec qemu-system-x86_64 $accel -m "${QEMU_MEM:-512}" -smp 1 -nographic -no-reboot \
	-kernel "$kernel" -initrd "$initrd" \
	-append "console=ttyS0 panic=-1 $append" "$@"
