#!/bin/bash
# run.sh [EXECS] [SECONDS] - ed on arbitrary commands over a small file.
# Seeds: command scripts in the style of test/golden/ed.t.
name="ed"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
fuzz_build "$here/fuzz_ed.c"
# A script over budget stops between commands, and the harness releases
# what ed held: leaks are checked.
fuzz_run -max_len=4096 -close_fd_mask=3
