# ps.t - golden tests for ps: itself among this machine's processes, and exact
# lines from a made-up /proc bound over /proc in a private mount namespace.
usage=$'usage: ps [-Aefw] [-o FIELD[=HEADER],...] [-p PID,...]\n'
procs='mkdir p/1 p/7 p/42 p/self p/99 && echo "1000.00 0" >p/uptime &&
echo "1 (init) S 0 1 1 0 -1 4194560 0 0 0 0 6000 100 0 0 20 0 1 0 100 2048000 100 0" >p/1/stat &&
printf "/sbin/init\0splash\0" >p/1/cmdline &&
echo "7 (kworker/0:1) I 2 0 0 0 -1 69238880 0 0 0 0 0 0 0 0 20 0 1 0 50 0 0 0" >p/7/stat && : >p/7/cmdline &&
echo "42 (my (odd) name) R 1 42 40 34816 42 0 0 0 0 0 12 0 0 0 25 -5 1 0 500 4096000 10 0" >p/42/stat &&
printf "sh\0-c\0echo hi\n there\0" >p/42/cmdline && chown 54321:54321 p/42'

needs_proc self/stat t 'header' 0 'ps | head -n 1' $'  PID USER      TIME COMMAND\n'
needs_proc self/stat t 'shows itself' 0 'sh -c '\''echo $$; exec ps'\'' >out; awk '\''NR == 1 { p = $1; next } $1 == p { print ($3 ~ /^[0-9]+:[0-9][0-9]$/), ($NF ~ /ps$/) }'\'' out' $'1 1\n'
needs_proc self/stat t '-o pid,comm' 0 'sh -c '\''echo $$; exec ps -o pid,comm'\'' >out; awk '\''NR == 1 { p = $1; next } $1 == p { print $2 }'\'' out' $'ps\n'
needs_proc self/stat t '-o args' 0 'sh -c '\''echo $$; exec ps -o pid,args'\'' >out; awk '\''NR == 1 { p = $1; next } $1 == p { sub(/.*\//, "", $2); $1 = ""; print }'\'' out' $' ps -o pid,args\n'
needs_proc self/stat t '-p' 0 'sh -c '\''exec ps -o pid= -p $$'\'' >out; sh -c '\''echo $$; exec ps -o pid= -p $$'\'' | awk '\''NR == 1 { p = $1; next } { print ($1 == p) }'\''' $'1\n'
needs_proc self/stat t '-p no such process' 0 'ps -p 2147483647' $'  PID USER      TIME COMMAND\n'
needs_proc self/stat t 'ps aux and ps -ef are taken' 0 'ps aux | head -n 1; ps -ef | head -n 1' $'  PID USER      TIME COMMAND\n  PID USER      TIME COMMAND\n'
needs_proc self/stat t 'write error' 1 'ps 2>&1 >/dev/full' $'ps: write error: No space left on device\n'
needs_proc self/stat t 'closed pipe is quiet' 0 'ps 2>&1 | head -n 1' $'  PID USER      TIME COMMAND\n'
fake_proc 'made-up processes' 0 "$procs" 'ps' $'  PID USER      TIME COMMAND\n    1 root      1:01 /sbin/init splash\n    7 root      0:00 [kworker/0:1]\n   42 54321     0:00 sh -c echo hi  there\n'
fake_proc 'every field' 0 "$procs" 'ps -o pid,ppid,pgid,sid,uid,comm,time,etime,nice,vsz,rss,stat,tty' $'  PID  PPID  PGID   SID   UID COMMAND          TIME  ELAPSED  NI    VSZ    RSS STAT TT\n    1     0     1     1     0 init             1:01    16:39   0   2000    400 S    ?\n    7     2     0     0     0 kworker/0:1      0:00    16:39   0      0      0 I    ?\n   42     1    42    40 54321 my (odd) name    0:00    16:35  -5   4000     40 R    pts/0\n'
fake_proc 'user and group' 0 "$procs" 'ps -o user,group,pid' $'USER     GROUP      PID\nroot     root         1\nroot     root         7\n54321    54321       42\n'
fake_proc 'headers of our own' 0 "$procs" 'ps -o pid=NUMBER -o comm=NAME -p 1' $'NUMBER NAME\n     1 init\n'
fake_proc 'no headers' 0 "$procs" 'ps -o pid= -o comm= -p 1,7' $'    1 init\n    7 kworker/0:1\n'
fake_proc 'a header takes the rest of the list' 0 "$procs" 'ps -o pid,comm=A,B -p 1' $'  PID A,B\n    1 init\n'
fake_proc '-p several' 0 "$procs" 'ps -p 42,1 -o pid' $'  PID\n    1\n   42\n'
fake_proc 'long elapsed times' 0 "$procs && echo '200000 0' >p/uptime" 'ps -o etime -p 1' $' ELAPSED\n2-07:33:19\n'
fake_proc 'hours elapsed' 0 "$procs && echo '7200 0' >p/uptime" 'ps -o etime -p 1' $' ELAPSED\n01:59:59\n'
fake_proc 'a process without stat is left out' 0 'mkdir p/5' 'ps' $'  PID USER      TIME COMMAND\n'
t 'bad field' 1 'ps -o pid,bogus 2>&1' $'ps: bogus: unknown field\n'
t 'bad pid' 1 'ps -p 1,x 2>&1' $'ps: x: invalid process id\n'
t 'operand' 1 'ps xyz 2>&1' "$usage"
t 'bad option' 1 'ps -z 2>&1' $'ps: -z: unknown option\n'"$usage"
t '--help' 0 'ps --help' "$usage"
