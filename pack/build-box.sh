#!/bin/sh
# build-box.sh OUTDIR - the multicall binary OUTDIR/ubox: every command of
# cmds-src/ (NAME.c or NAME/) compiled unchanged by the host compiler, its main
# renamed per command, plus init (PID 1 lives in the box: one libc instead of
# two), a table generated from the sources (pack/cmd-names.sh), and the command
# library. Objects are rebuilt only when their sources or headers are newer. Fails if a command object defines any
# global symbol other than its renamed main: commands can never collide.
# BOX_LDFLAGS and BOX_LDLIBS, when set, replace the static link and the musl-built
# zlib, libzstd and BearSSL (the sanitizer build links glibc and Debian's
# -lz -lzstd -lbearssl);
# then LIBS is not needed.
set -eu
out=${1:?usage: build-box.sh OUTDIR}
cc=${MUSLCC:-musl-gcc}
x=${CROSS:-}	# the binutils for the target's objects
cflags="${CFLAGS:--std=c99 -Os -Wall -Wextra -Werror} -ffunction-sections -fdata-sections"
ldflags=${BOX_LDFLAGS:--static -no-pie -Wl,--gc-sections -s}
if [ -n "${BOX_LDLIBS-}" ]; then
	ldlibs=$BOX_LDLIBS inc=
else
	libs=${LIBS:?set LIBS to the directory with zlib, libzstd and BearSSL built for musl}
	# zlib and libzstd built for the box when there (pack/libs.mk), else the image's
	z=$libs/box; [ -e "$z/libz.a" ] && [ -e "$z/libzstd.a" ] || z=$libs
	ldlibs="$z/libzstd.a $z/libz.a $libs/libbearssl.a" inc="-isystem $libs"
	# The musl box's objects call every libc function their sources call, as
	# tcc's do (gcc would put an instruction where arm64's round() is): the
	# libc trim keeps what they leave undefined (pack/trim-libc.sh). About
	# 1 KB of box. Not in the sanitizer build, whose objects feed no trim:
	# clang knows glibc's _setjmp returns twice only as a builtin, so there
	# the shell's longjmp out of a SIGINT came back to a clobbered frame.
	cflags="$cflags -fno-builtin"
fi
# Objects compiled with other flags, by another compiler or by an older
# version of this script are stale, whatever their times say.
how="$cc $cflags $inc $(cksum <"$0")"
[ "$(cat "$out/.how" 2>/dev/null)" = "$how" ] || rm -rf "$out/cmd" "$out/lib" "$out/init"
mkdir -p "$out/cmd" "$out/lib" "$out/init"
printf '%s\n' "$how" >"$out/.how"

newer() { # newer OBJ SRC...: is OBJ missing or older than any SRC?
	o=$1; shift
	[ -e "$o" ] || return 0
	for s in "$@"; do [ "$s" -nt "$o" ] && return 0; done
	return 1
}

# A command's object: NAME.c compiled, or a directory's .c files (with its
# private headers) compiled and joined with ld -r, every global but main made
# local, so files of one command may share names and commands still cannot.
cmd_obj() { # cmd_obj NAME SYM OBJ
	if [ -d "cmds-src/$1" ]; then
		set -- "$1" "$2" "$3" "$out/cmd/$2"
		mkdir -p "$4"
		objs=
		for src in "cmds-src/$1"/*.c; do
			o=$4/$(basename "$src" .c).o
			objs="$objs $o"
			if newer "$o" "$src" cmds-src/lib/*.h "cmds-src/$1"/*.h; then
				$cc $cflags -I"cmds-src/$1" -Icmds-src/lib $inc "-Dmain=ubox_${2}_main" -c -o "$o" "$src"
			fi
		done
		# shellcheck disable=SC2086
		"${x}ld" -r -o "$3.tmp" $objs
		"${x}objcopy" --keep-global-symbol="ubox_${2}_main" "$3.tmp" "$3"
		rm -f "$3.tmp"
	elif newer "$3" "cmds-src/$1.c" cmds-src/lib/*.h; then
		$cc $cflags -Icmds-src/lib $inc "-Dmain=ubox_${2}_main" -c -o "$3" "cmds-src/$1.c"
	fi
}

# Every name, and the command it runs: generated from the sources.
pack/cmd-names.sh >"$out/names"
cmd_objs=
for name in $(awk '$1 == $2 { print $1 }' "$out/names"); do
	sym=$(pack/box-sym.sh "$name")
	obj=$out/cmd/$sym.o
	cmd_objs="$cmd_objs $obj"
	cmd_obj "$name" "$sym" "$obj"
	exports=$("${x}nm" -g --defined-only "$obj" | awk '{ print $3 }')
	if [ "$exports" != "ubox_${sym}_main" ]; then
		echo "build-box: $name: exports $(echo $exports) (only main may be global)" >&2
		rm -f "$obj"
		exit 1
	fi
done
echo "init init" >>"$out/names"

# Objects of sources since removed are left out (only those of today's sources are used).
lib_objs=
for src in cmds-src/lib/*.c; do
	obj=$out/lib/$(basename "$src" .c).o
	lib_objs="$lib_objs $obj"
	newer "$obj" "$src" cmds-src/lib/*.h && $cc $cflags -Icmds-src/lib $inc -c -o "$obj" "$src"
done
rm -f "$out/libcmd.a"
# shellcheck disable=SC2086
"${x}ar" rcsD "$out/libcmd.a" $(printf '%s\n' $lib_objs | LC_ALL=C sort)

for src in init/*.c; do
	obj=$out/init/$(basename "$src" .c).o
	newer "$obj" "$src" init/init.h && $cc $cflags -D_GNU_SOURCE -Icmds-src/lib -Dmain=ubox_init_main -c -o "$obj" "$src"
done

pack/box-table.sh <"$out/names" >"$out/table.c"
$cc $cflags -c -o "$out/table.o" "$out/table.c"
$cc $cflags -c -o "$out/box.o" pack/box.c
# shellcheck disable=SC2086
$cc $ldflags -o "$out/ubox.tmp" "$out/box.o" "$out/table.o" \
	$cmd_objs $(ls "$out"/init/*.o | LC_ALL=C sort) "$out/libcmd.a" $ldlibs
mv "$out/ubox.tmp" "$out/ubox"
