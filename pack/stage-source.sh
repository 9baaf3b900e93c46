#!/bin/sh
# stage-source.sh ROOT - lay out the source-mode image tree in ROOT.
# Inputs come from the environment (set by the Makefile): INIT UBUILD CHECK
# TCC_SRC MUSL_INC MUSL_LIB LIBS, the command sources in cmds-src/ and pack/etc/.
set -eu
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
cp -R "$MUSL_INC/." "$root/usr/include/"
for f in crt1.o crti.o crtn.o libc.a; do
	cp "$MUSL_LIB/$f" "$root/usr/lib/$f"
done
cp "$TCC_SRC"/include/*.h "$root/usr/lib/tcc/include/"
cp "$TCC_SRC/libtcc1.a" "$root/usr/lib/tcc/libtcc1.a"
cp "$CHECK" "$root/usr/lib/ubuild/check.o"
# zlib and libzstd, for the commands that compress; BearSSL, for verify.
# SHIP_LIBS names fewer when the commands link fewer (pack/mkimage).
for l in ${SHIP_LIBS-libz libzstd libbearssl}; do
	cp "$LIBS/$l.a" "$root/usr/lib/"
done
cp "$LIBS/zlib.h" "$LIBS/zconf.h" "$LIBS/zstd.h" "$LIBS/zstd_errors.h" "$root/usr/include/"
mkdir "$root/usr/include/bearssl"
cp "$LIBS"/bearssl/*.h "$root/usr/include/bearssl/"

# Linux UAPI headers: only those the commands include, found by asking the
# host compiler for each command's header dependencies.
uapi=$(mktemp -d)
trap 'rm -rf "$uapi"' EXIT
ln -s /usr/include/linux /usr/include/asm-generic "$uapi/"
ln -s /usr/include/x86_64-linux-gnu/asm "$uapi/asm"
for src in cmds-src/*.c cmds-src/*/*.c; do
	[ -e "$src" ] || continue
	musl-gcc -std=c99 -M -MT x -isystem "$uapi" -I"$(dirname "$src")" -Icmds-src/lib -I"$LIBS" "$src"
done | tr ' \\' '\n\n' | sed -n "s|^$uapi/||p" | sort -u | while read -r h; do
	mkdir -p "$root/usr/include/$(dirname "$h")"
	cp -L "$uapi/$h" "$root/usr/include/$h"
done

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
