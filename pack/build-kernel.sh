#!/bin/sh
# build-kernel.sh DLDIR OUTDIR FRAGMENT VERSION - a kernel built from Debian
# 12's linux-source-X.Y package at VERSION (pinned by the Makefile): tinyconfig
# with FRAGMENT merged over it by the kernel's own merge_config.sh, then
# olddefconfig. Every line of FRAGMENT must survive (a dropped one means a
# missing dependency). Leaves OUTDIR/vmlinuz (bzImage, for kexec and flash),
# OUTDIR/vmlinux (ELF, PVH entry), OUTDIR/config and OUTDIR/version.
# The kernel's make runs KERNEL_JOBS jobs (default 2).
set -eu
usage="usage: build-kernel.sh DLDIR OUTDIR FRAGMENT VERSION"
dl=${1:?$usage}
out=${2:?$usage}
frag=${3:?$usage}
version=${4:?$usage}
here=$(cd "$(dirname "$0")" && pwd)
pkg=linux-source-$(echo "$version" | cut -d. -f1,2)

"$here/apt-download.sh" "$dl" "$pkg" "$version" || {
	echo "build-kernel: pin a current one (KERNEL_VERSION in pack/stage.mk)" >&2
	exit 1
}
mkdir -p "$out"
out=$(cd "$out" && pwd)
frag=$(cd "$(dirname "$frag")" && pwd)/$(basename "$frag")
src=$out/src obj=$out/obj

# The source tree, unpacked once per version.
if [ "$(cat "$src/.version" 2>/dev/null)" != "$version" ]; then
	rm -rf "$src" "$obj" "$out/pkg"
	dpkg -x "$dl/${pkg}_${version}_all.deb" "$out/pkg"
	mkdir -p "$src"
	tar -xJf "$out/pkg/usr/src/$pkg.tar.xz" -C "$src" --strip-components=1
	rm -rf "$out/pkg"
	echo "$version" >"$src/.version"
fi

export ARCH=x86_64 KBUILD_BUILD_USER=ubin KBUILD_BUILD_HOST=ubin
# not the calling make's flags: its jobserver is not ours
unset MAKEFLAGS MFLAGS MAKELEVEL
kmake() { make -C "$src" O="$obj" -s -j"${KERNEL_JOBS:-2}" "$@"; }
mkdir -p "$obj"
kmake tinyconfig >/dev/null
(cd "$src" && scripts/kconfig/merge_config.sh -m -O "$obj" "$obj/.config" "$frag" >/dev/null)
kmake olddefconfig

# The fragment's lines, as olddefconfig left them.
bad=0
while IFS= read -r line; do
	case $line in
	CONFIG_*) grep -qxF -- "$line" "$obj/.config" || { echo "build-kernel: $line: not in the resulting config" >&2; bad=1; } ;;
	"# CONFIG_"*" is not set")
		sym=${line#"# "}; sym=${sym%% *}
		! grep -q "^$sym=" "$obj/.config" || { echo "build-kernel: $sym: set in the resulting config" >&2; bad=1; } ;;
	esac
done <"$frag"
[ "$bad" = 0 ] || exit 1

kmake bzImage
cp "$obj/arch/x86/boot/bzImage" "$out/vmlinuz.tmp" && mv "$out/vmlinuz.tmp" "$out/vmlinuz"
cp "$obj/vmlinux" "$out/vmlinux.tmp" && mv "$out/vmlinux.tmp" "$out/vmlinux"
cp "$obj/.config" "$out/config"
kmake kernelrelease >"$out/version"
