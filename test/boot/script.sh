#!/bin/sh
# The same command script, run as the uinit in both image modes.
echo "SCRIPT: start"
ls /
echo "SCRIPT: arith $((6 * 7))"
x=$(echo hello | cat)
echo "SCRIPT: pipe $x"
mkdir -p /tmp/a/b && ls /tmp/a
rm -r /tmp/a && echo "SCRIPT: removed"
for c in true false; do $c; echo "SCRIPT: $c $?"; done
nosuchcmd 2>/dev/null; echo "SCRIPT: missing $?"
modprobe loop
head -c 65536 /dev/zero >/tmp/img
d=$(losetup -f --show /tmp/img) && echo "SCRIPT: attached $d"
losetup -a
losetup -d "$d" && echo "SCRIPT: detached"
losetup "$d"
# QEMU's CMOS RTC, and its i6300esb watchdog (-device i6300esb)
hwclock -w -u && hwclock -r -u && hwclock -s -u && echo "SCRIPT: hwclock $?"
modprobe i6300esb && { watchdog -T 10 -t 1 /dev/watchdog & w=$!; sleep 2; kill $w; wait $w; echo "SCRIPT: watchdog $?"; }
echo "SCRIPT: done"
poweroff
