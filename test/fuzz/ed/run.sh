#!/bin/bash
# run.sh [EXECS] [SECONDS] - ed on arbitrary commands over a small file.
# Seeds: command scripts in the style of test/golden/ed.t.
name="ed"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
fuzz_build "$here/fuzz_ed.c"
# A script over budget stops between commands, and the harness releases
# what ed held: leaks are checked. With the budget five times larger, RSS
# crept about 370 MB per million runs; with today's it levels off (peak
# 230 MB over a 6,000,000-run), so libFuzzer's 2 GB limit stands. The
# 16 MB quarantine keeps fewer fresh pages in use per input (page faults
# were a fifth of the time); an input allocates far less than 16 MB, so a
# use after free within one is still caught.
export ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=16}
fuzz_run -max_len=4096 -close_fd_mask=3
