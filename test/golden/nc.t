# nc.t - golden tests for nc: a client against listen.py on loopback (a free
# port each time, shown as PORT), and refusals. nc never listens.
u=$'usage: nc [-uz] [-w SECS] HOST PORT\n'
# l PROTO ADDRESS MODE: start listen.py in the background; its port is $port
l="l() { /usr/bin/python3 $(printf %q "$here/listen.py") \"\$@\" >port & s=\$!; for ((i = 0; i < 300; i++)); do [ -s port ] && break; sleep 0.1; done; read port <port; }; "
n() {
	needs /usr/bin/python3 t "$1" "$2" "$l$3" "$4" "${5-}"
}
n 'both ways' 0 'l tcp 127.0.0.1 echo; nc 127.0.0.1 $port; echo $?' $'got: one\ntwo\n0\n' $'one\ntwo\n'
n 'no input' 0 'l tcp 127.0.0.1 echo; nc 127.0.0.1 $port; echo $?' $'got: 0\n'
n 'binary data' 0 'l tcp 127.0.0.1 echo; head -c 100000 /dev/urandom >in; nc 127.0.0.1 $port <in >out; tail -c +6 out | cmp - in && echo same' $'same\n'
n 'IPv6' 0 'l tcp ::1 echo; nc ::1 $port; echo $?' $'got: six\n0\n' $'six\n'
n 'UDP' 0 'l udp 127.0.0.1 echo; nc -u -w 1 127.0.0.1 $port; echo $?' $'got: datagram\n0\n' $'datagram\n'
n 'UDP over IPv6' 0 'l udp ::1 echo; nc -u -w 1 ::1 $port; echo $?' $'got: datagram\n0\n' $'datagram\n'
n '-w: idle' 0 'l tcp 127.0.0.1 hold; nc -w 1 127.0.0.1 $port; echo $?; kill $s' $'hello\n0\n'
n '-w: connect' 1 'l tcp 127.0.0.1 full; nc -w 1 127.0.0.1 $port 2>&1 | sed "s/:$port:/:PORT:/"; r=${PIPESTATUS[0]}; kill $s; exit $r' $'nc: 127.0.0.1:PORT: Operation timed out\n'
n '-z open' 0 'l tcp 127.0.0.1 hold; nc -z 127.0.0.1 $port; echo $?; kill $s' $'0\n'
n '-z open, IPv6' 0 'l tcp ::1 hold; nc -z ::1 $port; echo $?; kill $s' $'0\n'
n '-z UDP open' 0 'l udp 127.0.0.1 echo; nc -zu 127.0.0.1 $port; echo $?; wait $s' $'0\n'
n '-z UDP closed' 1 'l udp 127.0.0.1 echo; kill $s; wait $s; nc -zu 127.0.0.1 $port 2>&1 | sed "s/:$port:/:PORT:/"; exit ${PIPESTATUS[0]}' $'nc: 127.0.0.1:PORT: Connection refused\n'
n 'refused' 1 'l tcp 127.0.0.1 echo; kill $s; wait $s; nc 127.0.0.1 $port 2>&1 | sed "s/:$port:/:PORT:/"; exit ${PIPESTATUS[0]}' $'nc: 127.0.0.1:PORT: Connection refused\n'
n 'refused, IPv6' 1 'l tcp ::1 echo; kill $s; wait $s; nc ::1 $port 2>&1 | sed "s/]:$port:/]:PORT:/"; exit ${PIPESTATUS[0]}' $'nc: [::1]:PORT: Connection refused\n'
n '-z refused' 1 'l tcp 127.0.0.1 echo; kill $s; wait $s; nc -z 127.0.0.1 $port 2>&1 | sed "s/:$port:/:PORT:/"; exit ${PIPESTATUS[0]}' $'nc: 127.0.0.1:PORT: Connection refused\n'
n 'write error' 1 'l tcp 127.0.0.1 echo; nc 127.0.0.1 $port 2>&1 >/dev/full' $'nc: write error: No space left on device\n' $'x\n'
t '-l' 1 'nc -l 1234 2>&1' $'nc: -l: listening is not supported\n'
t '-l among others' 1 'nc -ul -p 1234 2>&1' $'nc: -l: listening is not supported\n'
t 'empty host' 1 'nc "" 80 2>&1' $'nc: : Name does not resolve\n'
t 'port 0' 1 'nc 127.0.0.1 0 2>&1' $'nc: 0: invalid port (1 to 65535)\n'
t 'port too big' 1 'nc 127.0.0.1 65536 2>&1' $'nc: 65536: invalid port (1 to 65535)\n'
t 'port by name' 1 'nc 127.0.0.1 http 2>&1' $'nc: http: invalid port (1 to 65535)\n'
t '-w 0' 1 'nc -w 0 127.0.0.1 1 2>&1' $'nc: 0: invalid timeout (1 to 86400 seconds)\n'
t 'no port' 1 'nc 127.0.0.1 2>&1' "$u"
t 'three operands' 1 'nc a 1 2 2>&1' "$u"
t 'bad option' 1 'nc -x a 1 2>&1' $'nc: -x: unknown option\n'"$u"
t '--help' 0 'nc --help' "$u"
