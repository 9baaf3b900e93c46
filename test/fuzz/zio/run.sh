#!/bin/bash
# run.sh [EXECS] [SECONDS] - the gzip and zstd readers (cmds-src/lib/zio.c) on arbitrary
# bytes, and a writer-reader round trip. Seeds: small streams made by gzip and zstd
# (the first byte of a seed picks the format and read size, see fuzz_zio.c).
name="zio"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
fuzz_build "$here/fuzz_zio.c"
fuzz_run -max_len=16384
