# common.sh - sourced by test/fuzz/*/run.sh: build a libFuzzer target and run it.
# The caller sets: name (the target's directory), then calls
#   fuzz_build SOURCE... [-lLIB...]   harness and sources, linked with the command library
#   fuzz_run [LIBFUZZER-OPTION...]    over build/fuzz/NAME/corpus and the committed seeds
# run.sh [EXECS] [SECONDS]: EXECS 0 means no limit (default 1000000); SECONDS, if given, bounds the time.
# Needs clang and libclang-rt-14-dev (Debian 12).
# shellcheck shell=bash disable=SC2154
set -eu
execs=${1:-1000000}
seconds=${2:-0}
top=$(cd "$(dirname "$0")/../../.." && pwd -P)
here=$top/test/fuzz/$name
out=$top/build/fuzz/$name
FUZZ_CC=${FUZZ_CC:-clang}
FUZZ_CFLAGS="-g -O1 -std=gnu99 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined"
mkdir -p "$out/corpus" "$out/artifacts"

# The command library, instrumented, built once for every target: an object
# is rebuilt when its source or a library header is newer, and the archive
# holds the objects of today's sources only. mkdir is the lock, as targets
# may be built at the same time.
fuzz_lib() {
	lib=$top/build/fuzz/lib
	mkdir -p "$lib"
	until mkdir "$lib/.lock" 2>/dev/null; do sleep 1; done
	trap 'rmdir "$lib/.lock"' EXIT
	changed=0 objs=()
	for src in "$top"/cmds-src/lib/*.c; do
		obj=$lib/$(basename "$src" .c).o
		objs+=("$obj")
		if [ ! -e "$obj" ] || [ "$src" -nt "$obj" ] || newer_header "$obj"; then
			# shellcheck disable=SC2086
			$FUZZ_CC $FUZZ_CFLAGS -D_GNU_SOURCE -I"$top/cmds-src/lib" -c -o "$obj" "$src"
			changed=1
		fi
	done
	if [ $changed = 1 ] || [ ! -e "$lib/libcmd.a" ] || [ "$(ar t "$lib/libcmd.a" | wc -l)" != ${#objs[@]} ]; then
		rm -f "$lib/libcmd.a"
		ar rcs "$lib/libcmd.a" "${objs[@]}"
	fi
	rmdir "$lib/.lock"
	trap - EXIT
}

newer_header() {
	for h in "$top"/cmds-src/lib/*.h; do
		[ "$h" -nt "$1" ] && return 0
	done
	return 1
}

fuzz_build() {
	fuzz_lib
	# shellcheck disable=SC2086
	$FUZZ_CC $FUZZ_CFLAGS -D_GNU_SOURCE -I"$top/cmds-src/lib" -I"$top/init" -o "$out/fuzz_$name" \
		"$@" "$top/build/fuzz/lib/libcmd.a" -lzstd -lz -lbearssl
}

fuzz_run() {
	runs=$execs
	[ "$runs" = 0 ] && runs=-1
	dict=()
	[ -e "$here/$name.dict" ] && dict=(-dict="$here/$name.dict")
	# A fresh scratch directory as the working directory: what a command
	# writes (sed w, ed w, the harness's input files) lands there; in memory
	# where /dev/shm is, as a file system's journal per input costs more
	# than the code under test.
	scratch=$out/scratch
	[ -d /dev/shm ] && [ -w /dev/shm ] && scratch=$(mktemp -d /dev/shm/fuzz-$name.XXXXXX)
	rm -rf "$out/scratch" && mkdir -p "$scratch"
	trap 'rm -rf "$scratch"' EXIT
	cd "$scratch"
	"$out/fuzz_$name" </dev/null -runs="$runs" -max_total_time="$seconds" -timeout=10 "${dict[@]}" \
		-artifact_prefix="$out/artifacts/" -print_final_stats=1 "$@" \
		"$out/corpus" "$here/seeds"
}
