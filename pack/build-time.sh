#!/bin/sh
# build-time.sh - the image's build time in seconds since 1970, for what needs
# a floor under a clock that may read 1970 (wget's certificate dates): the
# source's time, not the clock's, so the image stays reproducible.
# SOURCE_DATE_EPOCH if set, else the last commit's time, else nothing.
set -eu
t=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || :)}
case $t in
'' | *[!0-9]*) exit 0 ;;
esac
echo "$t"
