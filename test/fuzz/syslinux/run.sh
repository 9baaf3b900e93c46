#!/bin/bash
# run.sh [EXECS] [SECONDS] - syslinux configs (cmds-src/boot/syslinux.c, included)
# on arbitrary bytes, read as /syslinux.cfg of a scratch filesystem that holds
# a few files to INCLUDE (one includes itself). Seeds: test/bootcfg/syslinux-*
# and extlinux-* configs.
name="syslinux"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
fuzz_build -I"$top/cmds-src/boot" "$here/fuzz_syslinux.c" "$top/cmds-src/boot/entry.c"
fuzz_run -max_len=8192 -close_fd_mask=3
