#!/bin/bash
# run.sh [EXECS] [SECONDS] - tar's reader (tar -t, tar -x -O) on arbitrary archives.
# Seeds: small archives made by GNU tar (ustar, GNU long names, pax), one gzipped;
# the first byte of a seed picks options, see fuzz_tar.c.
name="tar"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
fuzz_build "$here/fuzz_tar.c"
# What a fatal error interrupted is left to exit(3): no leak check (the harness
# frees what tar holds at the top, so memory stays flat over millions of runs).
export ASAN_OPTIONS=detect_leaks=0
fuzz_run -max_len=16384 -close_fd_mask=3
