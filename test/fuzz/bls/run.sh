#!/bin/bash
# run.sh [EXECS] [SECONDS] - BLS entries (cmds-src/boot/bls.c, included) on
# arbitrary bytes: bls_parse on the input, the version comparison and the
# spec's entry order on its parts. Before any input, the harness checks the
# spec's version examples and the order of a scanned entries directory.
# Seeds: the entries of test/bootcfg/bls-*.
name="bls"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
fuzz_build -I"$top/cmds-src/boot" "$here/fuzz_bls.c" "$top/cmds-src/boot/entry.c"
fuzz_run -max_len=8192 -close_fd_mask=3
