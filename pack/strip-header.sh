#!/bin/sh
# strip-header.sh IN OUT - the C header IN without its comments, as OUT: its
# first comment (the licence) stays, every directive and declaration stays
# as written. zlib's, libzstd's and BearSSL's headers are mostly
# documentation (zlib's and zstd's: 287 KB of which 60 KB is C); the manuals
# are upstream's. stage-source.sh checks that the stripped zlib and zstd
# headers preprocess exactly as the originals.
set -eu
in=${1:?usage: strip-header.sh IN OUT} out=${2:?usage: strip-header.sh IN OUT}
{
	awk 'NR == 1 && !/^\/\*/ { exit } { print } /\*\// { exit }' "$in"
	"${MUSLCC:-musl-gcc}" -fpreprocessed -dD -E -P -x c "$in" 2>/dev/null
} >"$out.tmp"
mv "$out.tmp" "$out"
