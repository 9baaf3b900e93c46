#!/bin/bash
# bench/extract.sh - tar -x of an archive of 40,000 symlinks: ours (the
# multicall box) against GNU tar, same archive, same run. Symlinks are made
# last, over placeholders found again by inode: the ratio shows whether that
# lookup stays constant-time (a linear search per symlink made it 11x GNU
# tar's user time at 40,000, and quadratic; a hash table, 4x).
set -eu
B=${B:-build}
ours=$(cd "$B/root-multicall/bin" && pwd)/tar
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 test/extract/mkarchive.py tar L:40000:x >"$work/a.tar"
run() { # run TAR: user seconds of one extraction (the kernel's file creation, most
	# of the wall time, varies with the load and is the same work for both)
	rm -rf "$work/t" && mkdir "$work/t"
	( cd "$work/t" && TIMEFORMAT='%U'; { time "$1" -xf "$work/a.tar"; } 2>&1 ) |
		awk '{ print $1 }'
}
o=0 g=0
for i in 1 2 3; do
	o=$(awk -v a="$o" -v b="$(run "$ours")" 'BEGIN { print a + b }')
	g=$(awk -v a="$g" -v b="$(run "$(command -v tar)")" 'BEGIN { print a + b }')
done
awk -v o="$o" -v g="$g" 'BEGIN { printf "tar -x of 40,000 symlinks (user s, 3 runs): ours %.2f, GNU tar %.2f: %.2f\n", o, g, o / g }'
