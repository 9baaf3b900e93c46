#!/bin/bash
# run.sh [EXECS] [SECONDS] - URL parsing and joining, lease-file quoting and
# the escaping of network text, with their round trips checked.
name="url"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
fuzz_build "$here/fuzz_url.c"
fuzz_run -max_len=512
