#!/bin/bash
# bench/seed.sh - a seed's worth: the first run of sh taken from the seed the
# image ships, against compiling it (ubuild -f), alternating in the same run;
# and what ubuild --audit costs on this machine.
# Needs: build/root staged (with its seeds), build/bench/spawn, root.
set -eu
B=${B:-build}
R=$B/bench/seedroot
SPAWN=$B/bench/spawn
RUNS=${RUNS_COLD:-21}
CMD=${SEED_BENCH_CMD:-sh}

[ -e "$B/root/usr/lib/ubuild/seed/$CMD" ] || { echo "seed.sh: no seed of $CMD in $B/root (SEED_CMDS)" >&2; exit 1; }
rm -rf "$R" && cp -a "$B/root" "$R"
chroot "$R" /bin/ubuild -b true		# the library in the cache: a compile's extra, not timed here
out=$("$SPAWN" -r "$R" -n "$RUNS" -u "/ubin/$CMD" -- /bin/ubuild -b "$CMD" \; /bin/ubuild -f -b "$CMD")
s=$(sed -n 1p <<<"$out" | cut -f1) c=$(sed -n 2p <<<"$out" | cut -f1)
echo "== seeds: first run, median of $RUNS runs =="
printf "%s first run: from its seed %.2f ms, compiled %.2f ms: seed/compile %s\n" "$CMD" \
	"$(awk -v a="$s" 'BEGIN { print a / 1000 }')" "$(awk -v a="$c" 'BEGIN { print a / 1000 }')" \
	"$(awk -v a="$s" -v b="$c" 'BEGIN { printf "%.3f", a / b }')"
t0=$(date +%s%N)
chroot "$R" /bin/ubuild --audit >/dev/null
printf "ubuild --audit (library and %s seeds): %d ms\n" "$(ls "$R/usr/lib/ubuild/seed" | wc -l)" \
	$(( ($(date +%s%N) - t0) / 1000000 ))
rm -rf "$R"
