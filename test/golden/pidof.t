# pidof.t - golden tests for pidof: real processes renamed with exec -a or run
# as scripts, and exact answers from a made-up /proc (test/golden/ns.sh).
u=$'usage: pidof [-s] [-o PID,...] NAME...\n'
# w PID ARGV0: wait until PID has run what it was forked for
w='w() { local a i; for ((i = 0; i < 100000; i++)); do read -rd "" a </proc/$1/cmdline; [ "$a" = "$2" ] && return; done; }; '
# o NAME PID: pidof NAME comes to answer PID alone; a script's shell forks
# for its command, and until the child has run it, it goes by the script too
o='o() { local i; for ((i = 0; i < 2000; i++)); do [ "$(pidof $1)" = "$2" ] && return; done; return 1; }; '
# n: a name no other process goes by
n='n=gpidof$$; '
needs_proc self/cmdline t 'argv[0]' 0 "$w$n"'(exec -a /x/$n /bin/sleep 10) & p=$!; w $p /x/$n; [ "$(pidof $n)" = $p ] && echo ok; kill $p' $'ok\n'
needs_proc self/cmdline t 'argv[0] as a path' 0 "$w$n"'(exec -a /x/$n /bin/sleep 10) & p=$!; w $p /x/$n; [ "$(pidof /x/$n)" = $p ] && echo ok; pidof /y/$n; echo $?; kill $p' $'ok\n1\n'
needs_proc self/cmdline t 'newest first' 0 "$w$n"'(exec -a $n /bin/sleep 10) & a=$!; (exec -a $n /bin/sleep 10) & b=$!; w $a $n; w $b $n; [ "$(pidof $n)" = "$b $a" ] && echo ok; kill $a $b' $'ok\n'
needs_proc self/cmdline t '-s' 0 "$w$n"'(exec -a $n /bin/sleep 10) & a=$!; (exec -a $n /bin/sleep 10) & b=$!; w $a $n; w $b $n; [ "$(pidof -s $n)" = $b ] && echo ok; kill $a $b' $'ok\n'
needs_proc self/cmdline t '-o' 0 "$w$n"'(exec -a $n /bin/sleep 10) & a=$!; (exec -a $n /bin/sleep 10) & b=$!; w $a $n; w $b $n; [ "$(pidof -o $b $n)" = $a ] && echo ok; pidof -o $a,$b $n; echo $?; pidof -o $a -o $b $n; echo $?; kill $a $b' $'ok\n1\n1\n'
needs_proc self/cmdline t '-o %PPID' 0 "$n"'export n; (exec -a $n bash -c '\''pidof $n >/dev/null && echo found; pidof -o %PPID $n; echo $?'\'')' $'found\n1\n'
needs_proc self/cmdline t 'a script' 0 "$w$o$n"'printf "#!/bin/sh\nsleep 10\n:\n" >$n; chmod +x $n; ./$n & p=$!; w $p /bin/sh; o $n $p && echo ok; kill $p' $'ok\n'
needs_proc self/cmdline t 'a script with a long name' 0 "$w$o$n"'n=${n}_with_a_long_name; printf "#!/bin/sh\nsleep 10\n:\n" >$n; chmod +x $n; ./$n & p=$!; w $p /bin/sh; o $n $p && echo ok; kill $p' $'ok\n'
needs_proc self/cmdline t 'not itself' 1 'pidof pidof' ''
procs='mkdir p/1 p/2 p/30 p/31 p/40 p/41 p/50 &&
echo "1 (init) S 0 1 1 0 -1 0" >p/1/stat && printf "/sbin/init\0" >p/1/cmdline &&
echo "2 (kthreadd) S 0 0 0 0 -1 0" >p/2/stat && : >p/2/cmdline &&
echo "30 (sh) S 1 30 30 0 -1 0" >p/30/stat && printf "/bin/sh\0-c\0init\0" >p/30/cmdline &&
echo "31 (a_long_script_n) S 1 31 31 0 -1 0" >p/31/stat && printf "/bin/sh\0/etc/a_long_script_name\0" >p/31/cmdline &&
echo "40 (my (odd) name) S 1 40 40 0 -1 0" >p/40/stat && printf "x\0" >p/40/cmdline &&
echo "41 (dead) Z 1 41 41 0 -1 0" >p/41/stat && : >p/41/cmdline &&
echo "50 (vi) S 1 50 50 0 -1 0" >p/50/stat && printf "vi\0/etc/a_long_script_name\0" >p/50/cmdline'
fake_proc 'by comm and argv[0]' 0 "$procs" 'pidof init' $'1\n'
fake_proc 'a kernel thread by comm' 0 "$procs" 'pidof kthreadd' $'2\n'
fake_proc 'an interpreter by argv[0]' 0 "$procs" 'pidof sh' $'31 30\n'
fake_proc 'a script by argv[1], its comm cut' 0 "$procs" 'pidof a_long_script_name' $'31\n'
fake_proc 'a script by its path' 0 "$procs" 'pidof /etc/a_long_script_name' $'31\n'
fake_proc 'the cut comm' 0 "$procs" 'pidof a_long_script_n' $'31\n'
fake_proc 'the cut comm is not the name' 1 "$procs" 'pidof a_long_script_nXYZ' ''
fake_proc 'a comm with spaces and parens' 0 "$procs" 'pidof "my (odd) name"' $'40\n'
fake_proc 'zombies are left out' 1 "$procs" 'pidof dead' ''
fake_proc 'several names' 0 "$procs" 'pidof vi init kthreadd' $'50 2 1\n'
fake_proc 'a process without stat is left out' 1 'mkdir p/5 && printf "gone\0" >p/5/cmdline' 'pidof gone' ''
t 'none' 1 'pidof no-such-process-name' ''
t 'bad -o' 1 'pidof -o 1x sh 2>&1' $'pidof: 1x: invalid process id\n'
t '-o 0' 1 'pidof -o 0 sh 2>&1' $'pidof: 0: invalid process id\n'
t 'no name' 1 'pidof 2>&1' "$u"
t 'bad option' 1 'pidof -x sh 2>&1' $'pidof: -x: unknown option\n'"$u"
t '--help' 0 'pidof --help' "$u"
needs_proc self/stat t 'write error' 1 'pidof -s init bash sh sleep 2>&1 >/dev/full' $'pidof: write error: No space left on device\n'
