#!/bin/bash
# run.sh [EXECS] [SECONDS] - build the URL fuzzer (clang, libFuzzer, ASan, UBSan)
# and run it EXECS times (default 1000000; 0: no limit), for at most SECONDS if
# given, over build/fuzz/url/corpus and the committed seeds.
# Needs: clang and libclang-rt-14-dev (Debian 12). Crashes land in build/fuzz/url/artifacts/.
set -eu
execs=${1:-1000000}
secs=${2:-}
here=$(cd "$(dirname "$0")" && pwd -P)
top=$(cd "$here/../../.." && pwd -P)
out=$top/build/fuzz/url
mkdir -p "$out/corpus" "$out/artifacts"

clang -g -O1 -std=gnu99 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-I"$top/cmds-src/lib" -o "$out/fuzz_url" "$here/fuzz_url.c" \
	$(for f in url err xmalloc; do echo "$top/cmds-src/lib/$f.c"; done)

"$out/fuzz_url" -runs="$execs" ${secs:+-max_total_time="$secs"} -max_len=512 -timeout=10 \
	-dict="$here/url.dict" -artifact_prefix="$out/artifacts/" -print_final_stats=1 \
	"$out/corpus" "$here/seeds"
