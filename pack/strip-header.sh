#!/bin/sh
# strip-header.sh IN OUT - the C header IN without its comments, as OUT: its
# first comment (the licence) stays, every directive and declaration stays
# as written. zlib's and libzstd's headers are mostly documentation (287 KB
# of which 60 KB is C); the manuals are upstream's. stage-source.sh checks
# that the stripped set preprocesses exactly as the original.
set -eu
in=${1:?usage: strip-header.sh IN OUT} out=${2:?usage: strip-header.sh IN OUT}
{
	awk 'NR == 1 && !/^\/\*/ { exit } { print } /\*\// { exit }' "$in"
	"${MUSLCC:-musl-gcc}" -fpreprocessed -dD -E -P -x c "$in" 2>/dev/null
} >"$out.tmp"
mv "$out.tmp" "$out"
