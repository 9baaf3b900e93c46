#!/bin/bash
# run.sh [EXECS] [SECONDS] - dhcp6_parse and dhcp6_build (dhclient's dhcp6.c) on arbitrary bytes.
# Seeds: dnsmasq's ADVERTISE, REPLY and rapid-commit REPLY to our DUID-LL
# 00:03:00:01:52:54:00:00:06:02 (IAID 1538); made ones with NoAddrsAvail,
# boot file parameters, four DNS servers, UnspecFail.
name="dhcp6"
# shellcheck source-path=SCRIPTDIR source=../common.sh
. "$(dirname "$0")/../common.sh"
fuzz_build -I"$top/cmds-src/dhclient" "$here/fuzz_dhcp6.c" "$top/cmds-src/dhclient/dhcp6.c"
fuzz_run -max_len=1500
