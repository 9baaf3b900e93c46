#!/bin/sh
# apt-download.sh DLDIR PKG VERSION - download Debian 12's amd64 package PKG
# at VERSION (pinned by the caller) into DLDIR as PKG_VERSION_ARCH.deb, unless
# it is already there; DEB_ARCH=arm64, the arm64 one. apt runs on a private
# sources list and state directory (DLDIR/apt-bin, DLDIR/apt-bin-arm64: apt
# drops the lists of architectures it is not told of): nothing is installed or
# configured system-wide. The archive is the one this machine's own apt
# configuration uses.
set -eu
usage="usage: apt-download.sh DLDIR PKG VERSION"
dl=${1:?$usage}
pkg=${2:?$usage}
version=${3:?$usage}
arch=${DEB_ARCH:-amd64}
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
here=$(cd "$(dirname "$0")" && pwd)

mkdir -p "$dl"
cd "$dl"
# A source package like linux-source-6.1 is Architecture: all.
ls "${pkg}_${version}_$arch.deb" "${pkg}_${version}_all.deb" 2>/dev/null | grep -q . && exit 0
mirror=${DEBIAN_MIRROR:-$("$here/apt-mirror.sh" bookworm)}
security=${DEBIAN_SECURITY_MIRROR:-$("$here/apt-mirror.sh" bookworm-security)}
apt="$PWD/apt-bin"
[ "$arch" = amd64 ] || apt="$apt-$arch"
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
	-o APT::Architecture="$arch" -o APT::Architectures="$arch"
apt-get -qq "$@" update
apt-get -qq "$@" download "$pkg=$version" || {
	echo "apt-download: $pkg=$version is not in the archive (any more)" >&2
	exit 1
}
