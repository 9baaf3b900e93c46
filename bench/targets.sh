#!/bin/bash
# bench/targets.sh RESULTS - the image's size and speed targets, each as this
# `make bench` run measured it against its peer, beside the goal: read from
# RESULTS (what bench/run.sh, image.sh, multicall.sh and netboot.sh printed),
# and the source image of every command without kernel modules, built here
# by pack/mkimage. One line a target; "met" or "not met" at its end.
set -eu
B=${B:-build}
results=${1:?usage: targets.sh RESULTS}
work=$(mktemp -d /tmp/benchtargets.XXXXXX)
trap 'rm -rf "$work"' EXIT

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
met() { awk -v v="$1" -v g="$2" 'BEGIN { print (v <= g ? "met" : "not met") }'; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
row() { # TARGET MEASURED PEER RATIO GOAL: one line, the verdict from RATIO <= GOAL
	printf '%-34s %-22s %-28s %6s  <= %-5s %s\n' "$1" "$2" "$3" "$4" "$5" "$(met "$4" "$5")"
}
field() { # ERE SED-EXPRESSION: from the first line of RESULTS matching ERE
	grep -E -m1 "$1" "$results" | sed -E "$2"
}

echo "== targets: measured, peer, ratio, goal =="
printf '%-34s %-22s %-28s %6s  %-8s %s\n' target measured peer ratio goal verdict

# Size: the source image of every command, no kernel modules (the small
# kernel has its drivers built in); u-root's source-mode image was 5.9 MB.
core() { # [MKIMAGE OPTIONS]: bytes of that source image of every command
	pack/mkimage -o "$work/core.cpio.zst" --mode source --modules '' "$@" core >"$work/log" 2>&1 ||
		{ cat "$work/log" >&2; exit 1; }
	stat -c %s "$work/core.cpio.zst"
}
core=$(core --seed none)
seeded=$(core)
row "source image, every command" "$core B" "goal 980000 B" "$(ratio "$core" 980000)" 1.00
row "... against u-root's source image" "$core B" "5900000 B (u-root, quoted)" "$(ratio "$core" 5900000)" 0.17
row "... with the default seeds" "$seeded B" "goal 980000 B" "$(ratio "$seeded" 980000)" 1.00

box=$(field 'the box alone:' 's/.*the box alone: ([0-9]+).*/\1/')
bb=$(field '^busybox-static binary' 's/^busybox-static binary \([^)]*\): ([0-9]+).*/\1/')
row "multicall box, zstd -19" "$box B" "busybox-static $bb B" "$(ratio "$box" "$bb")" 0.33

boot=$(field '^ours \(init \+ first compile of echo\)' 's/.*: ([0-9]+) +busybox initramfs[^:]*: ([0-9]+) .*/\1 \2/')
read -r o t <<<"$boot"
row "boot to a console marker" "$o ms" "busybox, same modules, $t ms" "$(ratio "$o" "$t")" 1.10

# First run: the table of bench/run.sh, one row a command.
awk '/^== first run/ { f = 1; getline; next } f && ($2 !~ /^[0-9.]+$/ || NF < 6) { exit } f { print }' "$results" >"$work/first"
n=$(wc -l <"$work/first")
r=$(awk '{ print $5 }' "$work/first" | median)
ms=$(awk '{ print $2 }' "$work/first" | median)
tcc=$(awk '{ print $3 }' "$work/first" | median)
row "first run, median of $n commands" "${ms} ms" "tcc command line ${tcc} ms" "$r" 1.00
row "first run, median time" "${ms} ms" "goal 5 ms" "$(ratio "$ms" 5)" 1.00
worst=$(sort -k5 -n "$work/first" | tail -1 | awk '{ print $1 " " $5 }')
row "first run, the slowest ratio (${worst% *})" "" "tcc command line" "${worst#* }" 1.00

net=$(field '^source: [0-9.]+ +multicall: ' 's/^source: ([0-9.]+) +multicall: ([0-9.]+).*/\1 \2/')
read -r s m <<<"$net"
row "netboot init to kexec, source" "$s s" "goal 0.5 s (multicall $m s)" "$(ratio "$s" 0.5)" 1.00
row "netboot init to kexec, multicall" "$m s" "goal 0.5 s" "$(ratio "$m" 0.5)" 1.00
net=$(field '^q35: source: [0-9.]+ +multicall: ' 's/^q35: source: ([0-9.]+) +multicall: ([0-9.]+).*/\1 \2/')
read -r s m <<<"$net"
row "netboot init to kexec, source, q35" "$s s" "goal 0.5 s (multicall $m s)" "$(ratio "$s" 0.5)" 1.00
row "netboot init to kexec, multicall, q35" "$m s" "goal 0.5 s" "$(ratio "$m" 0.5)" 1.00

# Cached runs must not regress: the goals are the ratios the README gave
# before the first run's fixed cost was cut.
for g in true:0.55 echo:0.62 ls:0.82; do
	c=${g%:*}
	line=$(awk -v c="$c" '/^== cached run: median/ { f = 1; next } f && $1 == c { print $(NF - 2), $(NF - 1), $NF; exit }' "$results")
	read -r o b r <<<"$line"
	row "cached run: $c" "$o us" "busybox $b us" "$r" "${g#*:}"
done
