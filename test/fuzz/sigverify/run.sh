#!/bin/bash
# run.sh [EXECS] [SECONDS] - verify's parsers (pem.c, spki.c, sumlist.c) and
# sig_verify with the keys they accept, on arbitrary bytes (BearSSL is
# Debian's libbearssl here). Seeds: P-256 and RSA-2048 keys (PEM, and DER
# followed by a signature), a SHA256SUMS list.
name="sigverify"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
fuzz_build "$here/fuzz_sigverify.c"
fuzz_run -max_len=4096
