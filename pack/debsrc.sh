#!/bin/sh
# debsrc.sh PKG VERSION DLDIR - download one Debian 12 source package, pinned,
# into DLDIR. apt runs on a private sources list and state directory, so the
# machine's apt configuration and package lists are left exactly as they were.
set -eu
pkg=${1:?usage: debsrc.sh PKG VERSION DLDIR}
version=${2:?usage: debsrc.sh PKG VERSION DLDIR}
dl=${3:?usage: debsrc.sh PKG VERSION DLDIR}
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
here=$(cd "$(dirname "$0")" && pwd)
mirror=${DEBIAN_MIRROR:-$("$here/apt-mirror.sh" bookworm)}

mkdir -p "$dl"
dl=$(cd "$dl" && pwd)
apt="$dl/apt"
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial"
# one apt at a time on this private state (make -j fetches several packages;
# apt's own locking is off, as it wants root's /var/lib/apt)
exec 9>"$apt/lock"
flock 9
echo "deb-src [signed-by=$keyring] $mirror bookworm main" >"$apt/sources.list"
set -- -o Dir::Etc::SourceList="$apt/sources.list" \
	-o Dir::Etc::SourceParts=/dev/null \
	-o Dir::State::Lists="$apt/lists" \
	-o Dir::Cache="$apt/cache" \
	-o Debug::NoLocking=1 -o APT::Sandbox::User=root
ls "$apt/lists/"*Sources* >/dev/null 2>&1 || apt-get -qq "$@" update
cd "$dl"
apt-get -qq "$@" source --download-only "$pkg=$version" ||
	{ apt-get -qq "$@" update && apt-get -qq "$@" source --download-only "$pkg=$version"; }
