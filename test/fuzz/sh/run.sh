#!/bin/bash
# run.sh [EXECS] [SECONDS] - the shell's parser on arbitrary bytes (nothing executed).
# Seeds: the scripts of test/sh/*.sht, a few to a file.
name="sh"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
fuzz_build -DSH_PARSE_ONLY -Dmain=sh_main -I"$top/cmds-src/sh" "$here/fuzz_sh.c" "$top"/cmds-src/sh/*.c
fuzz_run -max_len=4096
