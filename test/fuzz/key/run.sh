#!/bin/bash
# run.sh [EXECS] [SECONDS] - the builder's cache key: arbitrary bytes parsed as
# a key, and paths with any byte but NUL encoded then read back the same.
name="key"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
fuzz_build -I"$top/runtime" "$here/fuzz_key.c" "$top/runtime/key.c"
fuzz_run -max_len=4096
