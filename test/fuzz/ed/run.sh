#!/bin/bash
# run.sh [EXECS] [SECONDS] - ed on arbitrary commands over a small file.
# Seeds: command scripts in the style of test/golden/ed.t.
name="ed"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
fuzz_build "$here/fuzz_ed.c"
# A script stopped over budget (see fuzz_ed.c) leaves what the command held
# at that moment (g's line list) for exit to free: no leak check, as for sed.
export ASAN_OPTIONS=detect_leaks=0
fuzz_run -max_len=4096 -close_fd_mask=3
