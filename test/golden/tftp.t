# tftp.t - golden tests for tftp: options, hosts and ports, and what loopback
# says (transfers from well and badly behaved servers are in test/net/tftp)
u=$'usage: tftp -g [-l LOCAL] [-r REMOTE] [-b BLKSIZE] [-t SECONDS] [-D SECONDS] [-M MAXSIZE] HOST[:PORT]\n'
t '--help' 0 'tftp --help' "$u"
t 'no arguments' 1 'tftp 2>&1' "$u"
t 'no -g' 1 'tftp -r x 127.0.0.1 2>&1' "$u"
t 'no file' 1 'tftp -g 127.0.0.1 2>&1' "$u"
t 'no host' 1 'tftp -g -r x 2>&1' "$u"
t 'two hosts' 1 'tftp -g -r x 127.0.0.1 127.0.0.2 2>&1' "$u"
t 'put is not supported' 1 'tftp -p -l x 127.0.0.1 2>&1' $'tftp: -p: unknown option\n'"$u"
t 'missing argument' 1 'tftp -g -r 2>&1' $'tftp: -r: option requires an argument\n'"$u"
t '-b too small' 1 'tftp -g -b 7 -r x 127.0.0.1 2>&1' $'tftp: 7: invalid block size (8 to 65464)\n'
t '-b too big' 1 'tftp -g -b 65465 -r x 127.0.0.1 2>&1' $'tftp: 65465: invalid block size (8 to 65464)\n'
t '-b not a number' 1 'tftp -g -b 1k -r x 127.0.0.1 2>&1' $'tftp: 1k: invalid block size (8 to 65464)\n'
t '-b negative' 1 'tftp -g -b -512 -r x 127.0.0.1 2>&1' $'tftp: -512: invalid block size (8 to 65464)\n'
t '-t 0' 1 'tftp -g -t 0 -r x 127.0.0.1 2>&1' $'tftp: 0: invalid timeout (1 to 86400)\n'
t '-D soon' 1 'tftp -g -D soon -r x 127.0.0.1 2>&1' $'tftp: soon: invalid deadline (1 to 86400)\n'
t '-M 0' 1 'tftp -g -M 0 -r x 127.0.0.1 2>&1' $'tftp: 0: invalid size\n'
t '-M not a size' 1 'tftp -g -M 1x -r x 127.0.0.1 2>&1' $'tftp: 1x: invalid size\n'
t '-l - needs -r' 1 'tftp -g -l - 127.0.0.1 2>&1' $'tftp: -l -: a remote file name (-r) is needed\n'
t 'empty -r' 1 'tftp -g -r "" -l f 127.0.0.1 2>&1' $'tftp: -r: empty file name\n'
t 'no local name in -r' 1 'tftp -g -r boot/ 127.0.0.1 2>&1' $'tftp: boot/: no local file name in it (-l)\n'
t 'bad host' 1 'tftp -g -r x "a b" 2>&1' $'tftp: a b: bad host name\n'
t 'empty host' 1 'tftp -g -r x "" 2>&1' $'tftp: : bad host name\n'
t 'empty host, a port' 1 'tftp -g -r x :69 2>&1' $'tftp: :69: bad host name\n'
t 'host shown escaped' 1 'tftp -g -r x "$(printf "a\033[2Jb")" 2>&1' $'tftp: a\\x1b[2Jb: bad host name\n'
t 'bad IPv6' 1 'tftp -g -r x "[::1" 2>&1' $'tftp: [::1: bad IPv6 address\n'
t 'empty IPv6' 1 'tftp -g -r x "[]" 2>&1' $'tftp: []: bad IPv6 address\n'
t 'junk after IPv6' 1 'tftp -g -r x "[::1]x" 2>&1' $'tftp: [::1]x: bad IPv6 address\n'
t 'port 0' 1 'tftp -g -r x 127.0.0.1:0 2>&1' $'tftp: 0: invalid port (1 to 65535)\n'
t 'port too big' 1 'tftp -g -r x 127.0.0.1:65536 2>&1' $'tftp: 65536: invalid port (1 to 65535)\n'
t 'port not a number' 1 'tftp -g -r x 127.0.0.1:tftp 2>&1' $'tftp: tftp: invalid port (1 to 65535)\n'
t 'port too long' 1 'tftp -g -r x 127.0.0.1:000069 2>&1' $'tftp: 000069: invalid port (1 to 65535)\n'
t 'empty port' 1 'tftp -g -r x [::1]: 2>&1' $'tftp: : invalid port (1 to 65535)\n'
t 'file name too long' 1 'tftp -g -r "$(printf "%0600d" 0)" -l f 127.0.0.1:1 2>e; r=$?; cut -c1-20 e; ls -A; exit $r' $'tftp: 127.0.0.1:1: 0\ne\n'
t 'no directory' 1 'tftp -g -r x -l nodir/f 127.0.0.1:1 2>&1' $'tftp: nodir/f: No such file or directory\n'
t 'nothing listening' 1 'tftp -g -t 5 -r x 127.0.0.1:1 2>&1; r=$?; ls -A; exit $r' $'tftp: 127.0.0.1:1: Connection refused\n'
t 'nothing listening, -l -' 1 'tftp -g -t 5 -r x -l - 127.0.0.1:1 2>&1' $'tftp: 127.0.0.1:1: Connection refused\n'
# A UDP port that never answers: python3 holds it (a host tool: the test is skipped
# where there is none, as in a chroot).
silent='/usr/bin/python3 -c "import socket, time; s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.bind((\"127.0.0.1\", 0)); print(s.getsockname()[1], flush=True); time.sleep(60)" >port & for i in $(seq 300); do [ -s port ] && break; sleep 0.1; done;'
needs /usr/bin/python3 t 'timed out' 1 "$silent"' tftp -g -t 1 -r x -l f 127.0.0.1:$(cat port) 2>&1 | sed "s/:$(cat port):/:PORT:/"; r=${PIPESTATUS[0]}; kill $!; rm port; ls -A; exit $r' $'tftp: 127.0.0.1:PORT: timed out\n'
