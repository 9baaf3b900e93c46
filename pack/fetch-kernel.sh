#!/bin/sh
# fetch-kernel.sh DLDIR OUTDIR PKG VERSION - Debian 12's amd64 or arm64 kernel
# package PKG (linux-image-ABI-amd64, linux-image-ABI-arm64) at VERSION,
# pinned by the Makefile, unpacked.
# apt runs on a private state (pack/apt-download.sh); the package is
# unpacked with dpkg -x.
# Leaves OUTDIR/vmlinuz (bzImage, for kexec), OUTDIR/vmlinux (ELF, PVH entry:
# boots faster under TCG, no decompression in the guest), OUTDIR/modules/,
# and OUTDIR/version. arm64's vmlinuz is an uncompressed Image already (what
# QEMU and kexec_file_load take): no vmlinux.
set -eu
usage="usage: fetch-kernel.sh DLDIR OUTDIR PKG VERSION"
dl=${1:?$usage}
out=${2:?$usage}
pkg=${3:?$usage}
version=${4:?$usage}
here=$(cd "$(dirname "$0")" && pwd)
arch=${pkg##*-}

DEB_ARCH=$arch "$here/apt-download.sh" "$dl" "$pkg" "$version" || {
	echo "fetch-kernel: pin a current one (KERNEL_PKG, KERNEL_VERSION in pack/stage.mk)" >&2
	exit 1
}
mkdir -p "$out"
out=$(cd "$out" && pwd)
deb=$(cd "$dl" && pwd)/${pkg}_${version}_$arch.deb

rm -rf "$out/pkg" && mkdir -p "$out/pkg"
dpkg -x "$deb" "$out/pkg"
kver=${pkg#linux-image-}
cp "$out/pkg/boot/vmlinuz-$kver" "$out/vmlinuz"
rm -rf "$out/modules" && mv "$out/pkg/lib/modules/$kver" "$out/modules"
rm -rf "$out/pkg"
echo "$kver" >"$out/version"
[ "$arch" = amd64 ] || exit 0

# The ELF vmlinux inside the bzImage: find the compressed payload by magic.
off=$(LC_ALL=C grep -obUaP '\xfd7zXZ\x00' "$out/vmlinuz" | head -1 | cut -d: -f1)
[ -n "$off" ] || { echo "fetch-kernel: no xz payload in vmlinuz" >&2; exit 1; }
tail -c +$((off + 1)) "$out/vmlinuz" | xz -dc 2>/dev/null >"$out/vmlinux.tmp" || true
head -c 4 "$out/vmlinux.tmp" | grep -q ELF || { echo "fetch-kernel: vmlinux is not ELF" >&2; exit 1; }
mv "$out/vmlinux.tmp" "$out/vmlinux"
