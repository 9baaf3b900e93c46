#!/bin/bash
# run.sh [EXECS] - build the HTTP response fuzzer (clang, libFuzzer, ASan, UBSan) and run it
# EXECS times (default 1000000), seeded with a few responses written below.
# Needs: clang and libclang-rt-14-dev (Debian 12). Crashes land in build/fuzz/http/.
set -eu
execs=${1:-1000000}
here=$(cd "$(dirname "$0")" && pwd -P)
top=$(cd "$here/../../.." && pwd -P)
out=$top/build/fuzz/http
mkdir -p "$out/corpus" "$out/seeds" "$out/artifacts"

clang -g -O1 -std=c99 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-I"$top/cmds-src/lib" -o "$out/fuzz_http" "$here/fuzz_http.c" \
	$(for f in http url err xmalloc; do echo "$top/cmds-src/lib/$f.c"; done)

# The first byte picks the sizes of the pieces the rest is fed in.
rm -f "$out/seeds"/*
seed() {
	printf "$2" >"$out/seeds/$1"
}
seed length '\003HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Type: text/plain\r\n\r\nhello'
seed chunked '\005HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;a=b\r\nhello\r\n0007\r\n, world\r\n0\r\nX-T: 1\r\n\r\n'
seed continue '\011HTTP/1.1 100 Continue\r\n\r\nHTTP/1.0 200 OK\r\n\r\nto the end'
seed redirect '\002HTTP/1.1 302 Found\r\nLocation: ../x/./y?q=1#f\r\nContent-Length: 0\r\n\r\n'
seed absolute '\017HTTP/1.1 301 Moved\r\nlocation:  http://[::1]:8080/a/b \r\n\r\n'
seed folded '\001HTTP/1.1 404 Not Found\nServer: x\n  y\ncontent-length: 3, 3\n\nabc'
seed short '\377HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nabc'
seed te '\006HTTP/1.1 200 OK\r\nTransfer-Encoding: identity, chunked\r\nContent-Length: 3\r\n\r\n3\r\nabc\r\n0\r\n\r\n'

"$out/fuzz_http" -runs="$execs" -max_len=4096 -timeout=10 -dict="$here/http.dict" \
	-artifact_prefix="$out/artifacts/" -print_final_stats=1 \
	"$out/corpus" "$out/seeds"
