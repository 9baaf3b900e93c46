#!/bin/bash
# run.sh [EXECS] [SECONDS] - lib/tpm2.c's PCR_Read, GetCapability and header parsers on arbitrary bytes.
# Seeds: PCR_Read answers (one PCR, four, none), a GetCapability(PCRS) answer, an error.
name="tpm2"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
fuzz_build "$here/fuzz_tpm2.c"
fuzz_run -max_len=4096
