#!/bin/bash
# run.sh [EXECS] [SECONDS] - dhcp_parse and dhcp_ip_unwrap (dhclient's dhcp.c) on arbitrary bytes.
# Seeds: an offer (plain and in IPv4/UDP), an ACK with overloaded fields, a NAK.
name="dhcp"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
fuzz_build -I"$top/cmds-src/dhclient" "$here/fuzz_dhcp.c" "$top/cmds-src/dhclient/dhcp.c"
fuzz_run -max_len=1500
