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
echo "SCRIPT: done"
poweroff
