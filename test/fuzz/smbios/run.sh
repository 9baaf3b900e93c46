#!/bin/bash
# run.sh [EXECS] [SECONDS] - lib/smbios.c's entry point parser and table walk, and
# dmidecode's decoders, on arbitrary bytes. Seeds: mkfw.py's tables (3.x, 2.x and
# legacy entry points, padded to 32 bytes, then the table).
name="smbios"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
fuzz_build "$here/fuzz_smbios.c"
# dmidecode dies on a broken table leaving its buffers to exit: no leak check.
export ASAN_OPTIONS=detect_leaks=0
fuzz_run -max_len=4096 -close_fd_mask=3
