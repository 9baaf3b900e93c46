#!/bin/bash
# bench/grep.sh - grep -f with 10,000 patterns over 10 MB of text: ours (the
# multicall box) against GNU grep, same files, same run, both in the C locale.
# Prints user seconds and the ratio ours/GNU for -F, -Fw, -Fx and regular
# expressions. No absolute time is asserted anywhere: the machine varies.
# (Before one automaton served all patterns, each pattern was tried in turn
# on every line: -F took minutes, expressions far longer.)
set -eu
B=${B:-build}
ours=$(cd "$B/root-multicall/bin" && pwd)/grep
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work" <<'PY'
import random, sys
w = sys.argv[1]
random.seed(7)
abc = 'abcdefghijklmnopqrstuvwxyz'
def word():
    return ''.join(random.choice(abc) for _ in range(random.randint(4, 12)))
pats = set()
while len(pats) < 10000:
    pats.add(word())
pats = sorted(pats)
open(w + '/fixed', 'w').write('\n'.join(pats) + '\n')
regs = []
for p in pats:
    k = random.randrange(len(p))
    regs.append(p[:k] + ('.' if k % 2 else '[' + p[k] + 'xy]') + p[k + 1:])
open(w + '/regex', 'w').write('\n'.join(regs) + '\n')
out, size = [], 0
while size < 10 * 1024 * 1024:
    ws = [word() for _ in range(random.randint(3, 10))]
    if random.random() < 0.05:
        ws[random.randrange(len(ws))] = random.choice(pats)
    line = ' '.join(ws)
    out.append(line)
    size += len(line) + 1
open(w + '/input', 'w').write('\n'.join(out) + '\n')
PY
user() { # user seconds of one run of grep $@ over the input
	( TIMEFORMAT='%U'; { time "$@" "$work/input" >"$work/out" || [ $? = 1 ]; } 2>&1 )
}
printf '%-22s %8s %8s %8s\n' case ours gnu ratio
for c in "-F -f fixed" "-Fw -f fixed" "-Fx -f fixed" "-s -f regex"; do
	set -- $c
	opts=("$1" "$2" "$work/$3")
	o=$(LC_ALL=C user "$ours" "${opts[@]}")
	cp "$work/out" "$work/ours"
	if [ "$3" = regex ]; then
		g=skipped r='-'	# GNU grep takes minutes over 10,000 expressions
	else
		g=$(LC_ALL=C user grep "${opts[@]}")
		cmp -s "$work/out" "$work/ours" || { echo "grep $c: output differs from GNU grep" >&2; exit 1; }
		r=$(awk -v o="$o" -v g="$g" 'BEGIN { printf "%.1f", (g > 0 ? o / g : 0) }')
	fi
	printf '%-22s %8s %8s %8s\n' "$c" "$o" "$g" "$r"
done
