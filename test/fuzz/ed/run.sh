#!/bin/bash
# run.sh [EXECS] [SECONDS] - ed on arbitrary commands over a small file.
# Seeds: command scripts in the style of test/golden/ed.t.
name="ed"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
fuzz_build "$here/fuzz_ed.c"
# A script over budget stops between commands, and the harness releases
# what ed held: leaks are checked. With ASan's default 256 MB quarantine RSS
# crept about 370 MB per million runs while ~30 MB was live: the freed
# memory it holds back, then fresh pages for every input (a fifth of the
# time went to page faults). An input allocates far less than 16 MB, so a
# use after free within one input is still caught.
export ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=16}
fuzz_run -max_len=4096 -close_fd_mask=3
