#!/bin/bash
# run.sh [EXECS] [SECONDS] - the HTTP response parser (wget's http.c), fed whole and in pieces.
# Seeds: the first byte picks the sizes of the pieces the rest is fed in.
name="http"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
fuzz_build -I"$top/cmds-src/wget" "$here/fuzz_http.c" "$top/cmds-src/wget/http.c"
fuzz_run -max_len=4096
