#!/bin/bash
# run.sh [EXECS] [SECONDS] - the HTTP response parser, fed whole and in pieces.
# Seeds: the first byte picks the sizes of the pieces the rest is fed in.
name="http"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
fuzz_build "$here/fuzz_http.c"
fuzz_run -max_len=4096
