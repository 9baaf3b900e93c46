#!/bin/sh
# build-box.sh OUTDIR - the multicall binary OUTDIR/ubox: every cmds-src/*.c
# compiled unchanged by the host compiler, its main renamed per command, plus
# init (PID 1 lives in the box: one libc instead of two), a table generated
# from the file list, and the command library. Objects are rebuilt only when
# their sources or headers are newer. Fails if a command object defines any
# global symbol other than its renamed main: commands can never collide.
# BOX_LDFLAGS and BOX_LDLIBS, when set, replace the static link and the musl-built
# zlib and libzstd (the sanitizer build links glibc and Debian's -lz -lzstd);
# then LIBS is not needed.
set -eu
out=${1:?usage: build-box.sh OUTDIR}
cc=${MUSLCC:-musl-gcc}
cflags="${CFLAGS:--std=c99 -Os -Wall -Wextra -Werror} -ffunction-sections -fdata-sections"
ldflags=${BOX_LDFLAGS:--static -no-pie -Wl,--gc-sections -s}
if [ -n "${BOX_LDLIBS-}" ]; then
	ldlibs=$BOX_LDLIBS inc=
else
	libs=${LIBS:?set LIBS to the directory with zlib and libzstd built for musl}
	ldlibs="$libs/libzstd.a $libs/libz.a" inc="-isystem $libs"
fi
mkdir -p "$out/cmd" "$out/lib" "$out/init"

newer() { # newer OBJ SRC...: is OBJ missing or older than any SRC?
	o=$1; shift
	[ -e "$o" ] || return 0
	for s in "$@"; do [ "$s" -nt "$o" ] && return 0; done
	return 1
}

names=
for src in cmds-src/*.c; do
	name=$(basename "$src" .c)
	sym=$(pack/box-sym.sh "$name")
	obj=$out/cmd/$sym.o
	if newer "$obj" "$src" cmds-src/lib/cmd.h; then
		$cc $cflags -Icmds-src/lib $inc "-Dmain=ubox_${sym}_main" -c -o "$obj" "$src"
	fi
	exports=$(nm -g --defined-only "$obj" | awk '{ print $3 }')
	if [ "$exports" != "ubox_${sym}_main" ]; then
		echo "build-box: $src: exports $(echo $exports) (only main may be global)" >&2
		rm -f "$obj"
		exit 1
	fi
	names="$names $name"
done

for src in cmds-src/lib/*.c; do
	obj=$out/lib/$(basename "$src" .c).o
	newer "$obj" "$src" cmds-src/lib/cmd.h && $cc $cflags -Icmds-src/lib $inc -c -o "$obj" "$src"
done
rm -f "$out/libcmd.a"
ar rcsD "$out/libcmd.a" $(ls "$out"/lib/*.o | LC_ALL=C sort)

for src in init/*.c; do
	obj=$out/init/$(basename "$src" .c).o
	newer "$obj" "$src" init/init.h && $cc $cflags -D_GNU_SOURCE -Dmain=ubox_init_main -c -o "$obj" "$src"
done

# shellcheck disable=SC2086
pack/box-table.sh $names init >"$out/table.c"
$cc $cflags -c -o "$out/table.o" "$out/table.c"
$cc $cflags -c -o "$out/box.o" pack/box.c
# shellcheck disable=SC2086
$cc $ldflags -o "$out/ubox.tmp" "$out/box.o" "$out/table.o" \
	$(ls "$out"/cmd/*.o "$out"/init/*.o | LC_ALL=C sort) "$out/libcmd.a" $ldlibs
mv "$out/ubox.tmp" "$out/ubox"
