#!/bin/bash
# run.sh [EXECS] [SECONDS] - boot's grub_parse (GRUB script: quotes, $variables, if, menu
# entries, default paths) on arbitrary bytes, over an empty filesystem.
# Seeds: grub-mkconfig's Debian 12 output, an Ubuntu ISO's, Fedora's blscfg one, bad ones.
name="grub"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
b=$top/cmds-src/boot
fuzz_build -I"$b" "$here/fuzz_grub.c" "$b/grub.c" "$b/grub-lex.c" "$b/entry.c" "$b/bls.c"
fuzz_run -max_len=8192 -close_fd_mask=2
