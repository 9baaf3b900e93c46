#!/bin/sh
# fetch.sh DLDIR - download Debian 12's tcc source package (pinned) into DLDIR.
# apt runs on a private sources list and state directory, so the machine's
# apt configuration and package lists are left exactly as they were.
set -eu
dl=${1:?usage: fetch.sh DLDIR}
version=0.9.27+git20200814.62c30a4a-1
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

mkdir -p "$dl"
dl=$(cd "$dl" && pwd)
if [ -f "$dl/tcc_$version.dsc" ]; then
	exit 0
fi
apt="$dl/apt"
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial"
echo "deb-src [signed-by=$keyring] $mirror bookworm main" >"$apt/sources.list"
set -- -o Dir::Etc::SourceList="$apt/sources.list" \
	-o Dir::Etc::SourceParts=/dev/null \
	-o Dir::State::Lists="$apt/lists" \
	-o Dir::Cache="$apt/cache" \
	-o Debug::NoLocking=1 -o APT::Sandbox::User=root
apt-get -qq "$@" update
cd "$dl"
apt-get -qq "$@" source --download-only "tcc=$version"
test -f "tcc_$version.dsc"
