#!/bin/bash
# run.sh [EXECS] - build the DHCP reply fuzzer (clang, libFuzzer, ASan, UBSan) and run it
# EXECS times (default 1000000), seeded with a few replies made by seeds.c.
# Needs: clang and libclang-rt-14-dev (Debian 12). Crashes land in build/fuzz/dhcp/.
set -eu
execs=${1:-1000000}
here=$(cd "$(dirname "$0")" && pwd -P)
top=$(cd "$here/../../.." && pwd -P)
out=$top/build/fuzz/dhcp
mkdir -p "$out/corpus" "$out/seeds" "$out/artifacts"

clang -g -O1 -std=c99 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-I"$top/cmds-src/lib" -o "$out/fuzz_dhcp" "$here/fuzz_dhcp.c" "$top/cmds-src/lib/dhcp.c"
clang -g -O1 -std=c99 -I"$top/cmds-src/lib" -o "$out/seeds.bin" "$here/seeds.c" \
	"$top/cmds-src/lib/dhcp.c" "$top/cmds-src/lib/err.c"

rm -f "$out/seeds"/*
"$out/seeds.bin" "$out/seeds"

"$out/fuzz_dhcp" -runs="$execs" -max_len=1500 -timeout=10 -dict="$here/dhcp.dict" \
	-artifact_prefix="$out/artifacts/" -print_final_stats=1 \
	"$out/corpus" "$out/seeds"
