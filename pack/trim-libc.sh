#!/bin/sh
# trim-libc.sh OUT LIBC API OBJ... - musl's static libc LIBC without the
# members nothing on the image can link, written to OUT.
#
# Kept: every member the linker takes to resolve (1) what OBJ... leave
# undefined (the commands' and the library's objects, check.o, libtcc1.a and
# the compression and TLS archives, which the target links into commands), and
# (2) every libc function or object named in the headers API includes
# (pack/libc-api.h: what a typical program the user writes on the board
# calls), and what those members need in turn. The linker works the closure
# out: a stub is linked with each of those names forced undefined, and its map
# says which members it took. A member name libc.a holds twice (musl has three)
# is kept twice.
set -eu
out=${1:?usage: trim-libc.sh OUT LIBC API OBJ...}
libc=$(realpath "${2:?}") api=${3:?}
shift 3
cc=${MUSLCC:-musl-gcc}
x=${CROSS:-}	# the binutils for the target's objects
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# libc's defined globals; of them, those the API's headers name.
"${x}nm" -g --defined-only "$libc" 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u >"$work/defined"
"$cc" -E -P -D_GNU_SOURCE "$api" | tr -cs 'A-Za-z0-9_' '\n' | sort -u | comm -12 - "$work/defined" >"$work/api"
"${x}nm" -u "$@" 2>/dev/null | awk 'NF == 2 && $1 == "U" { print $2 }' | sort -u | comm -12 - "$work/defined" >"$work/used"
sort -u "$work/api" "$work/used" | sed 's/^/-Wl,--undefined=/' >"$work/args"

printf 'int main(void) { return 0; }\n' >"$work/stub.c"
"$cc" -static -o "$work/linked" "$work/stub.c" @"$work/args" -Wl,-Map="$work/map" ||
	{ echo "trim-libc: $libc: the kept members do not link" >&2; exit 1; }
grep -o 'libc\.a([^)]*)' "$work/map" | sed 's/^libc\.a(//; s/)$//' | sort -u >"$work/keep"
[ -s "$work/keep" ] || { echo "trim-libc: $libc: no member taken (the link map's format?)" >&2; exit 1; }

# Each kept member by its place in the archive (ar xN picks the n-th of a
# name), in libc's own order, into an archive built afresh.
mkdir "$work/m"
"${x}ar" t "$libc" | awk 'NR == FNR { keep[$1] = 1; next } keep[$1] { print FNR, ++seen[$1], $1 }' "$work/keep" - |
	while read -r i n name; do
		mkdir "$work/m/$i"
		(cd "$work/m/$i" && "${x}ar" xN "$n" "$libc" "$name")
		echo "$work/m/$i/$name"
	done >"$work/files"
rm -f "$out.tmp"
# shellcheck disable=SC2046
"${x}ar" qcD "$out.tmp" $(cat "$work/files")
"${x}ar" sD "$out.tmp"
mv "$out.tmp" "$out"
