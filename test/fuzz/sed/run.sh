#!/bin/bash
# run.sh [EXECS] [SECONDS] - sed (cmds-src/sed.c, its main called in-process) on
# arbitrary scripts over a fixed text. Seeds: scripts of test/golden/sed.t (the
# first byte of a seed picks options, see fuzz_sed.c).
name="sed"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
fuzz_build "$here/fuzz_sed.c"
# sed dies on a bad script leaving what it parsed so far to exit(3): no leak check.
export ASAN_OPTIONS=detect_leaks=0
fuzz_run -max_len=1024 -close_fd_mask=3
