# killall.t - golden tests for killall: processes renamed with exec -a, so
# that no other process goes by their names (background jobs ignore SIGINT)
u=$'usage: killall [-q] [-s SIG | -SIG] NAME... | killall -l\n'
# w PID ARGV0: wait until PID has run what it was forked for
w='w() { local a i; for ((i = 0; i < 100000; i++)); do read -rd "" a </proc/$1/cmdline; [ "$a" = "$2" ] && return; done; }; '
# s: a sleep called $n, its pid $p
s='n=gkillall$$; s() { (exec -a $n /bin/sleep 10) & p=$!; w $p $n; }; '
k() {
	needs_proc self/cmdline t "$1" "$2" "$w$s$3" "$4"
}
k 'TERM by default' 0 's; killall $n; wait $p; echo $?' $'143\n'
k '-NAME' 0 's; killall -HUP $n; wait $p; echo $?' $'129\n'
k '-SIGNAME' 0 's; killall -SIGUSR1 $n; wait $p; echo $?' $'138\n'
k '-NUMBER' 0 's; killall -9 $n; wait $p; echo $?' $'137\n'
k '-s' 0 's; killall -s KILL $n; wait $p; echo $?' $'137\n'
k '-s and -q in any order' 0 's; killall -q -s USR2 -q $n; wait $p; echo $?' $'140\n'
k 'every one of the name' 0 's; a=$p; s; killall $n; wait $a; echo $?; wait $p; echo $?' $'143\n143\n'
k 'by the path in argv[0]' 0 'n=/x/$n; s; killall /y/${n#/x/} 2>/dev/null; echo $?; killall $n; wait $p; echo $?' $'1\n143\n'
k '-0 alive' 0 's; killall -0 $n; echo $?; kill $p' $'0\n'
k 'one name of two' 1 's; killall no-such-process-name $n 2>&1; r=$?; wait $p; echo $?; exit $r' $'killall: no-such-process-name: no process killed\n143\n'
k '--' 0 's; killall -- $n; wait $p; echo $?' $'143\n'
k 'a script' 0 'printf "#!/bin/sh\nsleep 10\n:\n" >$n; chmod +x $n; ./$n & p=$!; w $p /bin/sh; killall $n; wait $p; echo $?' $'143\n'
t 'none' 1 'killall no-such-process-name 2>&1' $'killall: no-such-process-name: no process killed\n'
t '-q' 1 'killall -q no-such-process-name 2>&1' ''
needs_proc self/stat t 'not itself' 1 'killall killall 2>&1' $'killall: killall: no process killed\n'
t 'invalid signal' 1 'killall -s FOO x 2>&1' $'killall: FOO: invalid signal\n'
t 'invalid -NAME' 1 'killall -FOO x 2>&1' $'killall: FOO: invalid signal\n'
t 'no name' 1 'killall 2>&1' "$u"
t 'no name after signal' 1 'killall -9 -q 2>&1' "$u"
t '-s without signal' 1 'killall -s 2>&1' "$u"
t '-l' 0 'killall -l | head -n 3' $'HUP\nINT\nQUIT\n'
t '-l as kill -l' 0 'killall -l >a; kill -l >b; cmp a b && echo same' $'same\n'
t '--help' 0 'killall --help' "$u"
t 'write error' 1 'killall -l 2>&1 >/dev/full' $'killall: write error: No space left on device\n'
