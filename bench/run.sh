#!/bin/bash
# bench/run.sh - source-mode numbers, each as a ratio against a peer measured
# in the same run (this machine is noisy: only ratios mean much).
# Needs: build/root staged, build/tcc/src/tcc, busybox-static, musl-gcc, root.
set -eu
B=${B:-build}
R=$B/bench/root
SPAWN=$B/bench/spawn
RUNS_COLD=${RUNS_COLD:-21}
RUNS_HOT=${RUNS_HOT:-500}
CMDS=${CMDS:-$(cd cmds-src && ls -d *.c */ | sed 's|\.c$||; s|/$||' | grep -vx lib)}

rm -rf "$R" && mkdir -p "$R/usr/bin"
cp -a "$B/root/." "$R/"
cp /bin/busybox "$R/usr/bin/busybox"
cp "$B/tcc/src/tcc" "$R/usr/bin/tcc"
# Compiles are what this times: seeds (bench/seed.sh) would stand in for some.
rm -rf "$R/usr/lib/ubuild/seed"
chroot "$R" /bin/ubuild -b true		# the library, built once, is not what we time
cp "$R/ubin/.lib/libcmd.a" "$B/bench/libcmd.a"

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
col() { sed -n "$1p" | cut -f"$2"; }

echo "== first run: compile + link, cold cache, median of $RUNS_COLD runs (ms) =="
printf "%-8s %8s %8s %8s %10s %10s %9s\n" cmd ubuild tcc-cli gcc-O0 ubuild/tcc ubuild/gcc rss-KiB
for c in $CMDS; do
	# NAME.c, or the files of the directory NAME/ with it on the include path
	if [[ -d cmds-src/$c ]]; then
		src=(-I"/src/$c") gsrc=(-I"cmds-src/$c")
		for f in cmds-src/"$c"/*.c; do
			src+=("/src/${f#cmds-src/}") gsrc+=("$f")
		done
	else
		src=("/src/$c.c") gsrc=("cmds-src/$c.c")
	fi
	out=$("$SPAWN" -r "$R" -n "$RUNS_COLD" -u "/ubin/$c" -u /tmp/tcc.out -- \
		/bin/ubuild -b "$c" \; \
		/usr/bin/tcc -static -I/src/lib -o /tmp/tcc.out "${src[@]}" /ubin/.lib/libcmd.a \
		/usr/lib/libzstd.a /usr/lib/libz.a /usr/lib/libbearssl.a)
	g=$("$SPAWN" -n "$RUNS_COLD" -u "$B/bench/gcc.out" -- "$(command -v musl-gcc)" -O0 -static -Wl,-z,noexecstack \
		-Icmds-src/lib -I"$B/libs" -o "$B/bench/gcc.out" "${gsrc[@]}" "$B/bench/libcmd.a" \
		"$B/libs/libzstd.a" "$B/libs/libz.a" "$B/libs/libbearssl.a")
	u=$(col 1 1 <<<"$out"); t=$(col 2 1 <<<"$out"); gg=$(cut -f1 <<<"$g")
	rm -f "$R/ubin/$c"
	# Named twice (the second finds it cached), the compile runs in a child:
	# its peak RSS is the compile's own. A one-command build compiles in
	# ubuild's process, whose peak starts from what ran before the exec.
	rss=$(UBUILD_VERBOSE=1 chroot "$R" /bin/ubuild -b "$c" "$c" 2>&1 | sed -n 's/.*peak RSS \([0-9]*\) KiB/\1/p')
	printf "%-8s %8.2f %8.2f %8.2f %10s %10s %9s\n" "$c" \
		"$(ratio "$u" 1000)" "$(ratio "$t" 1000)" "$(ratio "$gg" 1000)" \
		"$(ratio "$u" "$t")" "$(ratio "$u" "$gg")" "$rss"
done
# The library: compiled from source (the shipped one moved away), or taken
# from the image by its content key (the first build's extra cost, cold vs warm).
mv "$R/usr/lib/ubuild/libcmd.a" "$R/tmp/shipped.a"
rm -f "$R/ubin/.lib/libcmd.a" "$R/ubin/true"	# a cached command needs no library
lib=$(UBUILD_VERBOSE=1 chroot "$R" /bin/ubuild -b true 2>&1 | sed -n 's/.*libcmd.a: compiled in \([0-9.]*\) ms, peak RSS \([0-9]*\).*/\1 ms, peak RSS \2 KiB/p')
mv "$R/tmp/shipped.a" "$R/usr/lib/ubuild/libcmd.a"
echo "library (libcmd.a, once per cache) compiled from source: $lib"
out=$("$SPAWN" -r "$R" -n "$RUNS_COLD" -u /ubin/.lib/libcmd.a -u /ubin/true -- /bin/ubuild -b true)
warm=$("$SPAWN" -r "$R" -n "$RUNS_COLD" -u /ubin/true -- /bin/ubuild -b true)
printf "library taken from the image (hash /src/lib, copy): %.2f ms\n" \
	"$(awk -v a="$(cut -f1 <<<"$out")" -v b="$(cut -f1 <<<"$warm")" 'BEGIN { print (a - b) / 1000 }')"

echo
echo "== cached run: median of $RUNS_HOT runs (us), same run, alternating =="
chroot "$R" /bin/ubuild -b echo true ls >/dev/null
chroot "$R" /usr/bin/tcc -static -I/src/lib -Dmain=main -o /tmp/echo.nocheck /src/echo.c /ubin/.lib/libcmd.a
mkdir -p "$R/tmp/small" && touch "$R/tmp/small/"{a,b,c,d,e}
out=$("$SPAWN" -r "$R" -n "$RUNS_HOT" -- \
	/ubin/true \; /usr/bin/busybox true \; \
	/ubin/echo x \; /usr/bin/busybox echo x \; \
	/ubin/ls /tmp/small \; /usr/bin/busybox ls /tmp/small \; \
	/tmp/echo.nocheck x)
printf "%-16s %9s %9s %8s\n" run ours busybox ours/bb
for i in 1 3 5; do
	o=$(col $i 1 <<<"$out"); b=$(col $((i + 1)) 1 <<<"$out")
	name=$(col $i 3 <<<"$out" | sed 's|^/ubin/||')
	printf "%-16s %9.1f %9.1f %8s\n" "$name" "$o" "$b" "$(ratio "$o" "$b")"
done
e=$(col 3 1 <<<"$out"); n=$(col 7 1 <<<"$out")
printf '#!/bin/tcc -run\nint main(void) { return 0; }\n' >"$R/tmp/nop"
chmod +x "$R/tmp/nop"
chroot "$R" /tmp/nop	# compiled and cached by content hash
s=$("$SPAWN" -r "$R" -n "$RUNS_HOT" -- /tmp/nop \; /ubin/true)
sc=$(col 1 1 <<<"$s"); tr=$(col 2 1 <<<"$s")
printf "C script, second run (#!/bin/tcc -run, cached): %.1f us vs cached command (true) %.1f us: %s\n" \
	"$sc" "$tr" "$(ratio "$sc" "$tr")"
# The files echo's key names: one stat each on every run.
stats=$(tr '\0' '\n' <"$R/ubin/echo" | awk '/^UBK2$/ { k = 1; next } k && /^[0-9]+:\// { n++; next } { k = 0 } END { print n }')
printf "freshness check (stat of %s sources): echo x %.1f us with, %.1f us without: %s\n" \
	"$stats" "$e" "$n" "$(ratio "$e" "$n")"
