#!/bin/bash
# run.sh [EXECS] [SECONDS] - lib/ptable.c's GPT and MBR readers on arbitrary disk images.
# Seeds: small GPTs (good, a bad primary) with 16 entries, 512- and 4096-byte
# sectors, and an MBR with a chain of logical partitions.
name="ptable"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
fuzz_build "$here/fuzz_ptable.c"
fuzz_run -max_len=65536
