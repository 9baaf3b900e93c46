#!/bin/bash
# run.sh [EXECS] - build the parser fuzzer (clang, libFuzzer, ASan, UBSan) and run it
# EXECS times (default 1000000), seeded with the golden test scripts.
# Needs: clang and libclang-rt-14-dev (Debian 12). Crashes land in build/fuzz/sh/.
set -eu
execs=${1:-1000000}
here=$(cd "$(dirname "$0")" && pwd -P)
top=$(cd "$here/../../.." && pwd -P)
out=$top/build/fuzz/sh
mkdir -p "$out/corpus" "$out/seeds" "$out/artifacts"

clang -g -O1 -std=c99 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-I"$top/cmds-src/lib" -o "$out/fuzz_parse" "$here/fuzz_sh.c" \
	$(for f in cmd_exit err io mode term_cols xmalloc; do echo "$top/cmds-src/lib/$f.c"; done)

# One seed per test script: the text between "=== name" and "--- out".
rm -f "$out/seeds"/*
awk -v dir="$out/seeds" '
	/^=== / { n++; f = sprintf("%s/seed%04d", dir, n); on = 1; next }
	/^--- out/ { on = 0; close(f); next }
	on { print > f }
' "$top"/test/sh/*.t

"$out/fuzz_parse" -runs="$execs" -max_len=4096 -timeout=10 -dict="$here/sh.dict" \
	-artifact_prefix="$out/artifacts/" -print_final_stats=1 \
	"$out/corpus" "$out/seeds"
