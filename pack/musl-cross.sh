#!/bin/sh
# musl-cross.sh DLDIR OUTDIR VERSION - musl for arm64, and a compiler for it:
# Debian 12's arm64 musl-dev at VERSION (pinned by the Makefile), fetched with
# the private apt state of pack/apt-download.sh and unpacked into OUTDIR
# (usr/include/aarch64-linux-musl, usr/lib/aarch64-linux-musl); then
# OUTDIR/musl-gcc, the arm64 musl-gcc: Debian's aarch64-linux-gnu-gcc with
# Debian's own musl-gcc.specs, its /usr paths pointed into OUTDIR.
set -eu
usage="usage: musl-cross.sh DLDIR OUTDIR VERSION"
dl=${1:?$usage}
out=${2:?$usage}
version=${3:?$usage}
here=$(cd "$(dirname "$0")" && pwd)

DEB_ARCH=arm64 "$here/apt-download.sh" "$dl" musl-dev "$version"
rm -rf "$out" && mkdir -p "$out"
out=$(cd "$out" && pwd)
dpkg -x "$dl/musl-dev_${version}_arm64.deb" "$out"
inc=$out/usr/include/aarch64-linux-musl lib=$out/usr/lib/aarch64-linux-musl
[ -f "$lib/libc.a" ] && [ -f "$lib/musl-gcc.specs" ] ||
	{ echo "musl-cross: $dl/musl-dev_${version}_arm64.deb: no libc.a or musl-gcc.specs" >&2; exit 1; }
sed "s|/usr/include/aarch64-linux-musl|$inc|g; s|/usr/lib/aarch64-linux-musl|$lib|g" \
	"$lib/musl-gcc.specs" >"$out/musl-gcc.specs"
# The wrapper is the target of make rules: written last, whole.
cat >"$out/musl-gcc.tmp" <<EOS
#!/bin/sh
exec aarch64-linux-gnu-gcc "\$@" -specs "$out/musl-gcc.specs"
EOS
chmod 755 "$out/musl-gcc.tmp"
mv "$out/musl-gcc.tmp" "$out/musl-gcc"
