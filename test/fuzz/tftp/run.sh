#!/bin/bash
# run.sh [EXECS] [SECONDS] - tftp's packets (cmds-src/tftp/pkt.c) on arbitrary bytes:
# a read transfer fed a sequence of packets (DATA, OACK, ERROR, junk) under
# options asked from the first byte, its invariants checked after each; and
# requests and errors built, then read back.
# Seeds: an OACK then blocks, a plain server, an error, options refused, a tsize too big.
name="tftp"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
fuzz_build -I"$top/cmds-src/tftp" "$here/fuzz_tftp.c" "$top/cmds-src/tftp/pkt.c"
fuzz_run -max_len=4096
