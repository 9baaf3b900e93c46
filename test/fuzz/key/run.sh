#!/bin/bash
# run.sh [EXECS] [SECONDS] - build the cache key fuzzer (clang, libFuzzer, ASan,
# UBSan) and run it EXECS times (default 1000000; 0 = no limit), at most SECONDS
# when given, over build/fuzz/key/corpus and the committed seeds.
# Needs: clang and libclang-rt-14-dev (Debian 12). Crashes land in build/fuzz/key/artifacts/.
set -eu
execs=${1:-1000000}
secs=${2:-}
here=$(cd "$(dirname "$0")" && pwd -P)
top=$(cd "$here/../../.." && pwd -P)
out=$top/build/fuzz/key
mkdir -p "$out/corpus" "$out/artifacts"

clang -g -O1 -std=gnu99 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-D_GNU_SOURCE -I"$top/runtime" -o "$out/fuzz_key" "$here/fuzz_key.c" "$top/runtime/key.c"

"$out/fuzz_key" -runs="$execs" ${secs:+-max_total_time="$secs"} -max_len=4096 -timeout=10 \
	-dict="$here/key.dict" -artifact_prefix="$out/artifacts/" -print_final_stats=1 \
	"$out/corpus" "$here/seeds"
