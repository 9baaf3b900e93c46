# lib.sh - the QEMU boot-test driver, sourced by test/*/run scripts.
# Needs: $work (scratch dir), $kernel, $here (test/boot), $pass and $fail.
# boot CASE APPEND [IMAGE [QEMU-ARGS...]] starts QEMU; expect REGEX waits for
# the next match on the serial console; send types; finish checks the exit.
# With $boot_netns set, QEMU runs in that network namespace (for a tap NIC).

ok()  { pass=$((pass + 1)); echo "ok   $case: $*"; }
bad() {
	fail=$((fail + 1)); echo "FAIL $case: $*"
	echo "----- console log ($case) -----"; cat -v "$log" | tail -60; echo "-----"
}

boot() { # boot CASE APPEND [IMAGE [QEMU-ARGS...]]: start QEMU in the background
	case=$1 log=$work/$1.log
	local append=$2 image=${3:-$work/image}
	shift 2; [ $# -gt 0 ] && shift
	[ $# -gt 0 ] || set -- -nic none
	rm -f "$work/in" && mkfifo "$work/in"
	t0=$(date +%s%N)
	${boot_netns:+ip netns exec "$boot_netns"} "$here/../../pack/qemu.sh" "$kernel" "$image" "$append" "$@" \
		<"$work/in" >"$log" 2>&1 &
	qpid=$!
	exec 7>"$work/in"	# keep the serial input open
	seen=0
}

# Deadlines are what a test may wait for a match that comes: stretched by
# BOOT_SLOW (default 3) so that a loaded machine (QEMU under TCG sharing two
# cores) fails nothing that would pass; only a real failure waits them out.
slow=${BOOT_SLOW:-3}

expect() { # expect REGEX [SECONDS]: the next match after the previous one
	local deadline=$(( $(date +%s) + ${2:-60} * slow )) n last=0
	while :; do
		# QEMU may write the line and exit between a look and the check
		# that it still runs: one more look after it is gone.
		kill -0 "$qpid" 2>/dev/null || last=1
		n=$(tail -c +$((seen + 1)) "$log" | grep -aobE -m1 -- "$1" | head -1 | cut -d: -f1)
		if [ -n "$n" ]; then
			seen=$((seen + n + 1))
			return 0
		fi
		if [ $last = 1 ] || [ "$(date +%s)" -ge "$deadline" ]; then
			bad "no '$1' on the console"
			return 1
		fi
		sleep 0.1
	done
}

count() { grep -acE -- "$1" "$log"; }

# Type TEXT until REGEX shows: input typed before the shell owns the
# terminal can be flushed when it switches to raw mode.
send_until() { # send_until TEXT REGEX [SECONDS]
	local deadline=$(( $(date +%s) + ${3:-90} * slow ))
	while [ "$(date +%s)" -lt "$deadline" ] && kill -0 "$qpid" 2>/dev/null; do
		printf '%s' "$1" >&7
		sleep 2
		tail -c +$((seen + 1)) "$log" | grep -aqE -- "$2" && { expect "$2" 1; return; }
	done
	# as in expect: QEMU may have printed it just before it went
	tail -c +$((seen + 1)) "$log" | grep -aqE -- "$2" && { expect "$2" 1; return; }
	bad "no '$2' on the console"
	return 1
}
send() { printf '%s' "$1" >&7; }

finish() { # finish STATUS: QEMU must exit (with STATUS) and the kernel not panic
	local i
	for i in $(seq $((300 * slow))); do kill -0 "$qpid" 2>/dev/null || break; sleep 0.1; done
	if kill -0 "$qpid" 2>/dev/null; then
		kill "$qpid"; wait "$qpid" 2>/dev/null; bad "QEMU did not exit"
	else
		wait "$qpid"; local st=$?
		[ "$st" = "$1" ] && ok "QEMU exit status $st" || bad "QEMU exit status $st, want $1"
	fi
	exec 7>&-
	[ "$(count 'Kernel panic')" = 0 ] && ok "no kernel panic" || bad "kernel panic"
}

stop() { # stop: end a guest that is meant to keep running
	kill "$qpid" 2>/dev/null; wait "$qpid" 2>/dev/null; exec 7>&-
	[ "$(count 'Kernel panic')" = 0 ] && ok "no kernel panic" || bad "kernel panic"
}

