#!/bin/bash
# run.sh [EXECS] [SECONDS] - ed on arbitrary commands over a small file.
# Seeds: command scripts in the style of test/golden/ed.t.
name="ed"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
fuzz_build "$here/fuzz_ed.c"
# A script over budget stops between commands, and the harness releases
# what ed held: leaks are checked. RSS still creeps, about 370 MB per million
# runs, while ASan's profile shows ~30 MB live (libFuzzer's, mostly): the
# sanitizer's allocator keeps what it freed. A 10M run needs past the 2 GB default.
fuzz_run -max_len=4096 -close_fd_mask=3 -rss_limit_mb=8192
