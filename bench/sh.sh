#!/bin/bash
# sh.sh SH - our shell against dash and busybox sh, as medians and ratios:
#   (a) startup: sh -c 'x=1; echo $x'
#   (b) a loop of builtins: 100000 rounds of test, arithmetic and case
# Uses hyperfine -N when present, else a timing loop of its own.
set -eu
if (($# != 1)); then
	echo "usage: bench/sh.sh SH" >&2
	exit 2
fi
ours=$(cd "$(dirname "$1")" && pwd -P)/$(basename "$1")
dash=$(command -v dash || true)
busybox=$(command -v busybox || true)
work=$(mktemp -d "${TMPDIR:-/tmp}/shbench.XXXXXX")
trap 'rm -rf "$work"' EXIT

cat >"$work/loop.sh" <<'LOOP'
i=0 n=0
while [ $i -lt 100000 ]; do
	i=$((i + 1))
	case $i in
	*5) n=$((n + 1)) ;;
	*0 | *2) ;;
	*) x=$i ;;
	esac
done
echo $n
LOOP

shells=("$ours")
names=(ours)
[[ -n $dash ]] && { shells+=("$dash"); names+=(dash); }
[[ -n $busybox ]] && { shells+=("$busybox sh"); names+=(busybox); }

# median_ms RUNS CMD...: median wall time of CMD in milliseconds.
median_ms() {
	local runs=$1 i t0 t1
	shift
	for ((i = 0; i < runs; i++)); do
		t0=$(date +%s%N)
		"$@" >/dev/null
		t1=$(date +%s%N)
		echo $(((t1 - t0) / 1000))
	done | sort -n | awk '{ a[NR] = $1 } END { printf "%.3f", a[int((NR + 1) / 2)] / 1000 }'
}

# bench NAME RUNS ARGS...: prints one line per shell, and ratios.
bench() {
	local title=$1 runs=$2 i json m
	shift 2
	local -a med=()
	echo "== $title =="
	if command -v hyperfine >/dev/null && command -v python3 >/dev/null; then
		json=$work/h.json
		local -a cmds=()
		for i in "${!shells[@]}"; do
			cmds+=("${shells[i]} $*")
		done
		hyperfine -N -w 3 -r "$runs" --export-json "$json" "${cmds[@]}" >/dev/null 2>&1
		mapfile -t med < <(python3 -c '
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print("%.3f" % (r["median"] * 1000))' "$json")
	else
		for i in "${!shells[@]}"; do
			# shellcheck disable=SC2086
			med+=("$(median_ms "$runs" ${shells[i]} "$@")")
		done
	fi
	for i in "${!shells[@]}"; do
		printf "  %-8s %10s ms\n" "${names[i]}" "${med[i]}"
	done
	for i in "${!shells[@]}"; do
		((i == 0)) && continue
		printf "  ours/%-8s %6s\n" "${names[i]}" "$(awk -v a="${med[0]}" -v b="${med[i]}" 'BEGIN { printf "%.2f", a / b }')"
	done
}

bench "startup: -c 'x=1; echo \$x' (median)" 300 -c "'x=1; echo \$x'"
bench "loop: 100000 rounds of [, \$(( )), case (median)" 10 "$work/loop.sh"
