#!/bin/bash
# run.sh [EXECS] [SECONDS] - init's kernel command line parser (cmdline_parse).
# Seeds: command lines as QEMU and a boot loader pass them.
name="cmdline"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
fuzz_build "$here/fuzz_cmdline.c" "$top/init/cmdline.c" "$top/init/say.c"
fuzz_run -max_len=8192
