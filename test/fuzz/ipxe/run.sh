#!/bin/bash
# run.sh [EXECS] [SECONDS] - lib/ipxe.c's scripts with fake operations: chain
# fetches the input again (a .ipxe URL), a tiny script (tiny) or a kernel.
# Seeds: plain, chained, looping, conditional and unsupported scripts.
name="ipxe"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
fuzz_build "$here/fuzz_ipxe.c"
fuzz_run -max_len=4096
