#!/bin/sh
# fetch-kernel.sh DLDIR OUTDIR - Debian 12's current amd64 kernel, unpacked.
# apt runs on a private sources list and state directory (nothing is
# installed or configured system-wide); the package is unpacked with dpkg -x.
# Leaves OUTDIR/vmlinuz (bzImage, for kexec), OUTDIR/vmlinux (ELF, PVH entry:
# boots faster under TCG, no decompression in the guest), OUTDIR/modules/,
# and OUTDIR/version.
set -eu
dl=${1:?usage: fetch-kernel.sh DLDIR OUTDIR}
out=${2:?usage: fetch-kernel.sh DLDIR OUTDIR}
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
security=${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}

mkdir -p "$dl" "$out"
dl=$(cd "$dl" && pwd)
out=$(cd "$out" && pwd)
apt="$dl/apt-bin"
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial"
cat >"$apt/sources.list" <<EOS
deb [signed-by=$keyring] $mirror bookworm main
deb [signed-by=$keyring] $mirror bookworm-updates main
deb [signed-by=$keyring] $security bookworm-security main
EOS
set -- -o Dir::Etc::SourceList="$apt/sources.list" \
	-o Dir::Etc::SourceParts=/dev/null \
	-o Dir::State::Lists="$apt/lists" \
	-o Dir::State::Status=/dev/null \
	-o Dir::Cache="$apt/cache" \
	-o Debug::NoLocking=1 -o APT::Sandbox::User=root \
	-o APT::Architecture=amd64
apt-get -qq "$@" update
pkg=$(apt-cache "$@" depends linux-image-amd64 | sed -n 's/^ *Depends: \(linux-image-[0-9].*-amd64\)$/\1/p' | head -1)
[ -n "$pkg" ] || { echo "fetch-kernel: cannot resolve linux-image-amd64" >&2; exit 1; }
cd "$dl"
ls "${pkg}"_*.deb >/dev/null 2>&1 || apt-get -qq "$@" download "$pkg"
deb=$(ls "${pkg}"_*.deb | sort | tail -1)

rm -rf "$out/pkg" && mkdir -p "$out/pkg"
dpkg -x "$deb" "$out/pkg"
kver=${pkg#linux-image-}
cp "$out/pkg/boot/vmlinuz-$kver" "$out/vmlinuz"
rm -rf "$out/modules" && mv "$out/pkg/lib/modules/$kver" "$out/modules"
rm -rf "$out/pkg"
echo "$kver" >"$out/version"

# The ELF vmlinux inside the bzImage: find the compressed payload by magic.
off=$(LC_ALL=C grep -obUaP '\xfd7zXZ\x00' "$out/vmlinuz" | head -1 | cut -d: -f1)
[ -n "$off" ] || { echo "fetch-kernel: no xz payload in vmlinuz" >&2; exit 1; }
tail -c +$((off + 1)) "$out/vmlinuz" | xz -dc 2>/dev/null >"$out/vmlinux.tmp" || true
head -c 4 "$out/vmlinux.tmp" | grep -q ELF || { echo "fetch-kernel: vmlinux is not ELF" >&2; exit 1; }
mv "$out/vmlinux.tmp" "$out/vmlinux"
