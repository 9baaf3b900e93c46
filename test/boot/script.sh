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
echo "SCRIPT: done"
poweroff
