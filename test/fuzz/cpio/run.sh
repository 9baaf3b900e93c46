#!/bin/bash
# run.sh [EXECS] [SECONDS] - cpio's reader (cpio -it) on arbitrary archives.
# Seeds: small newc and odc archives made by GNU cpio, one gzipped; the first
# byte of a seed picks options, see fuzz_cpio.c.
name="cpio"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
fuzz_build "$here/fuzz_cpio.c"
fuzz_run -max_len=16384 -close_fd_mask=3
