#!/bin/sh
# stage-source.sh ROOT - lay out the source-mode image tree in ROOT.
# Inputs come from the environment (set by the Makefile): INIT UBUILD CHECK
# TCC_SRC MUSL_INC MUSL_LIB LIBS, the command sources in cmds-src/ and pack/etc/;
# LIBC (trim or full) and LIBC_A, the libc.a to ship (default musl's own:
# pack/trim-libc.sh makes less). MUSLCC, the target's musl-gcc (default the
# host's); UAPI_INC, the target's Linux headers (linux/, asm/, asm-generic/;
# default the host's, /usr/include).
set -eu
cc=${MUSLCC:-musl-gcc}
root=${1:?usage: stage-source.sh ROOT}
: "${INIT:?}" "${UBUILD:?}" "${LIBS:?}" "${CHECK:?}" "${TCC_SRC:?}" "${MUSL_INC:?}" "${MUSL_LIB:?}"

rm -rf "$root"
mkdir -p "$root/bin" "$root/ubin" "$root/src/lib" "$root/tmp" \
	"$root/usr/include" "$root/usr/lib/tcc/include" "$root/usr/lib/ubuild" \
	"$root/dev" "$root/proc" "$root/sys" "$root/run" "$root/root" "$root/etc"
cp "$INIT" "$root/init"
cp pack/etc/* "$root/etc/"
t=$(pack/build-time.sh)
[ -z "$t" ] || echo "$t" >"$root/etc/build-time"

# The builder, and one entry per name: the commands of cmds-src/ (files and
# directories) and the names they declare are the command list.
cp "$UBUILD" "$root/bin/ubuild"
ln -s ubuild "$root/bin/tcc"	# the compiler front end, and C scripts: #!/bin/tcc -run
ln -s ubuild "$root/bin/cc"
ln -s ubuild "$root/bin/rebuild"	# force rebuilds; with no names, every command
pack/cmd-names.sh | while read -r name cmd; do
	if [ "$name" = "$cmd" ] && [ -d "cmds-src/$cmd" ]; then
		mkdir "$root/src/$cmd"
		cp cmds-src/"$cmd"/*.[ch] "$root/src/$cmd/"
	elif [ "$name" = "$cmd" ]; then
		cp "cmds-src/$cmd.c" "$root/src/"
	fi
	ln -s ubuild "$root/bin/$name"
done
find cmds-src/lib/ -maxdepth 1 -name "*.[ch]" -exec cp {} "$root/src/lib/" \;

# The compiler's runtime: musl (headers, crt, static libc), tcc's own headers
# and libtcc1.a, and the object wrapped around each command's main.
# crt without its debug sections: every link read them, section by section.
for f in crt1.o crti.o crtn.o; do
	"${CROSS:-}strip" -g -R .comment -o "$root/usr/lib/$f" "$MUSL_LIB/$f"
done
cp "${LIBC_A:-$MUSL_LIB/libc.a}" "$root/usr/lib/libc.a"
cp "$TCC_SRC"/include/*.h "$root/usr/lib/tcc/include/"
cp "$TCC_SRC/libtcc1.a" "$root/usr/lib/tcc/libtcc1.a"
cp "$CHECK" "$root/usr/lib/ubuild/check.o"
# zlib and libzstd, for the commands that compress; BearSSL, for verify.
# SHIP_LIBS names fewer when the commands link fewer (pack/mkimage).
for l in ${SHIP_LIBS-libz libzstd libbearssl}; do
	cp "$LIBS/$l.a" "$root/usr/lib/"
done
for h in zlib.h zconf.h zstd.h zstd_errors.h; do
	pack/strip-header.sh "$LIBS/$h" "$root/usr/include/$h"
done
# Stripped, they must give a program exactly what the originals give.
for d in "$LIBS" "$root/usr/include"; do
	printf '#define ZSTD_STATIC_LINKING_ONLY\n#include <zlib.h>\n#include <zstd.h>\n#include <zstd_errors.h>\n' |
		"$cc" -E -P -dD -I"$d" -x c - | cksum
done | uniq | [ "$(wc -l)" = 1 ] ||
	{ echo "stage-source: the stripped zlib and zstd headers preprocess unlike the originals" >&2; exit 1; }
mkdir "$root/usr/include/bearssl"
cp "$LIBS"/bearssl/*.h "$root/usr/include/bearssl/"

# Headers: Linux's UAPI headers only those the commands include, and with
# LIBC=trim musl's only those the commands, the libraries' headers or
# pack/libc-api.h (what a program written on the board may use) include,
# directly or not: the host compiler lists each source's header
# dependencies, with and without _GNU_SOURCE. LIBC=full ships every musl
# header.
uapi=$(mktemp -d)
trap 'rm -rf "$uapi"' EXIT
if [ -n "${UAPI_INC:-}" ]; then
	ln -s "$UAPI_INC/linux" "$UAPI_INC/asm-generic" "$UAPI_INC/asm" "$uapi/"
else
	ln -s /usr/include/linux /usr/include/asm-generic "$uapi/"
	ln -s /usr/include/x86_64-linux-gnu/asm "$uapi/asm"
fi
deps() { # SRC [-I...]: the headers SRC includes, directly or not
	local src=$1 gnu
	shift
	for gnu in -U_GNU_SOURCE -D_GNU_SOURCE; do
		"$cc" -std=c99 "$gnu" -M -MT x -isystem "$uapi" "$@" "$src"
	done
}
{
	for src in cmds-src/*.c cmds-src/*/*.c; do
		[ ! -e "$src" ] || deps "$src" -I"$(dirname "$src")" -Icmds-src/lib -I"$LIBS"
	done
	# (not the command library's err.h: a program's <err.h> is musl's)
	for src in pack/libc-api.h "$LIBS"/zlib.h "$LIBS"/zstd.h "$LIBS"/bearssl/*.h; do
		deps "$src" -I"$(dirname "$src")"
	done
} | tr ' \\' '\n\n' | sort -u >"$uapi/deps"
copy_headers() { # FROM: the headers under FROM the sources read, into /usr/include
	sed -n "s|^$1/||p" "$uapi/deps" | while read -r h; do
		mkdir -p "$root/usr/include/$(dirname "$h")"
		cp -L "$1/$h" "$root/usr/include/$h"
	done
}
copy_headers "$uapi"
if [ "${LIBC:-trim}" = full ]; then
	cp -R "$MUSL_INC/." "$root/usr/include/"
else
	copy_headers "$MUSL_INC"
fi

# The command library, compiled now by the image's own compiler inside the
# tree and keyed by the content of its sources (ubuild -L): the target copies
# it into its cache unless a library file was edited, which saves the first
# command a second of compiling under QEMU. SEED_LIB=0 leaves it to the target.
# (None when the commands link no library file: pack/mkimage -c true.)
# SEED_CMDS, the same way: those commands prebuilt into usr/lib/ubuild/seed,
# taken on first use while their sources are unchanged (runtime/seed.c).
has_lib=$(find "$root/src/lib" -name '*.c' | head -1)
if { [ "${SEED_LIB:-1}" != 0 ] && [ -n "$has_lib" ]; } || [ -n "${SEED_CMDS:-}" ]; then
	# shellcheck disable=SC2086 # a list of names
	if [ "$(id -u)" = 0 ]; then
		chroot "$root" /bin/ubuild -L ${SEED_CMDS:-}
	else
		unshare -r chroot "$root" /bin/ubuild -L ${SEED_CMDS:-}
	fi
	if [ "${SEED_LIB:-1}" != 0 ] && [ -n "$has_lib" ]; then
		mv "$root/ubin/.lib/libcmd.a" "$root/usr/lib/ubuild/libcmd.a"
	fi
	rm -rf "$root/usr/lib/ubuild/seed/.lock"
	find "$root/ubin" -mindepth 1 -delete
fi

# The source list: every file under /src as shipped, in sha256sum's format
# with the paths the image has (/src/...), sorted: the builder's
# ubuild.strict refuses anything else, and `sha256sum -c` checks the lot.
(cd "$root" && find src -type f | LC_ALL=C sort | xargs sha256sum) |
	sed 's|^\([0-9a-f]\{64\}\)  src/|\1  /src/|' >"$root/usr/lib/ubuild/sources.sha256"

find "$root" -type d -exec chmod 755 {} +
chmod 1777 "$root/tmp"
find "$root" -type f -exec chmod go-w {} +
