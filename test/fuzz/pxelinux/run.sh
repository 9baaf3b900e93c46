#!/bin/bash
# run.sh [EXECS] [SECONDS] - netboot's pxelinux (lib/pxelinux.c, lib/pxe_names.c
# and the syslinux parser they share with boot) on arbitrary bytes: the names
# tried, the config found among them on a fake server, its INCLUDEs, its
# paths made URLs and the entry chosen. Seeds: pxelinux configs.
name="pxelinux"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
fuzz_build "$here/fuzz_pxelinux.c"
fuzz_run -max_len=8192 -close_fd_mask=3
