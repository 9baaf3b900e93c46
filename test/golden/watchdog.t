# watchdog.t - golden tests for watchdog: options, failures, and what it
# writes, through a FIFO (no watchdog device here: its ioctl is untested).
u=$'usage: watchdog [-F] [-t SEC] [-T SEC] DEV\n'
t '--help' 0 'watchdog --help' "$u"
t 'no device' 1 'watchdog 2>&1' "$u"
t 'two devices' 1 'watchdog a b 2>&1' "$u"
t 'bad option' 1 'watchdog -x d 2>&1' $'watchdog: -x: unknown option\n'"$u"
t '-t 0' 1 'watchdog -t 0 d 2>&1' $'watchdog: 0: invalid time (1 to 86400 seconds)\n'
t '-t not a number' 1 'watchdog -t 1s d 2>&1' $'watchdog: 1s: invalid time (1 to 86400 seconds)\n'
t '-T too big' 1 'watchdog -T 86401 d 2>&1' $'watchdog: 86401: invalid time (1 to 86400 seconds)\n'
t '-t not shorter than -T' 1 'watchdog -t 10 -T 10 d 2>&1' $'watchdog: -t 10: not shorter than the timeout (-T 10)\n'
t 'no such device' 1 'watchdog wd 2>&1' $'watchdog: wd: No such file or directory\n'
t '-T on no watchdog' 1 'watchdog -T 20 /dev/null 2>&1' $'watchdog: /dev/null: setting the timeout: Not a tty\n'
# A feed is a NUL; the magic close, on SIGTERM or SIGINT, a V.
fifo='mkfifo f; cat f >out & c=$!; watchdog -F -t 60 f & p=$!; for ((i = 0; i < 100000; i++)); do [ -s out ] && break; done; '
t 'SIGTERM: magic close' 0 "$fifo"'kill $p; wait $p; echo $?; wait $c; od -An -c out' $'0\n  \\0   V\n'
t 'SIGINT: magic close' 0 "$fifo"'kill -INT $p; wait $p; echo $?; wait $c; od -An -c out' $'0\n  \\0   V\n'
t 'fed every second' 0 'mkfifo f; cat f >out & c=$!; watchdog -t 1 f & p=$!; sleep 3.5; kill $p; wait $p; wait $c; tr -d "\0" <out; echo; [ $(wc -c <out) -ge 3 ] && echo fed' $'V\nfed\n'
