#!/bin/bash
# bench/https.sh - what a TLS handshake costs wget: N fetches of a tiny file
# over https (ECDHE P-256 or x25519 with an RSA-2048 or P-256 server key) and
# over plain HTTP from the same python3 server process kind, on loopback
# inside a network namespace of its own (root; the host's network is not
# touched). Prints the time per fetch and the ratio.
#   usage: bench/https.sh [WGET]   (default build/root-multicall/bin/wget); N=50
set -eu
w=${1:-build/root-multicall/bin/wget}
WGET=$(cd "$(dirname "$w")" && pwd -P)/$(basename "$w")	# the link itself: the box goes by its name
N=${N:-50}
[ "$(id -u)" = 0 ] || { echo "https.sh: network namespaces need root" >&2; exit 2; }
work=$(mktemp -d /tmp/benchhttps.XXXXXX)
ns=benchhttps$$
pids=
cleanup() {
	for p in $pids; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null || true; done
	ip netns del "$ns" 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT
cd "$work"
openssl req -x509 -newkey "${KEY:-rsa:2048}" -nodes -keyout k.pem -out c.pem -days 2 -subj /CN=127.0.0.1 \
	-addext subjectAltName=IP:127.0.0.1 2>/dev/null
cat c.pem k.pem >both.pem
mkdir www && echo tiny >www/tiny
cat >srv.py <<'EOF'
import http.server, ssl, sys
class H(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *a): pass
s = http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), H)
if len(sys.argv) > 2:
    c = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER); c.load_cert_chain(sys.argv[2])
    s.socket = c.wrap_socket(s.socket, server_side=True)
s.serve_forever()
EOF
ip netns add "$ns"
ip -n "$ns" link set lo up
(cd www && exec ip netns exec "$ns" python3 ../srv.py 8080) & pids="$pids $!"
(cd www && exec ip netns exec "$ns" python3 ../srv.py 8443 ../both.pem) & pids="$pids $!"
for i in $(seq 300); do
	[ "$(ip netns exec "$ns" ss -Hltn | grep -c '127.0.0.1:8[04][48][03] ')" = 2 ] && break
	sleep 0.1
done
# loop URL: N fetches, the milliseconds they took
loop() {
	ip netns exec "$ns" bash -c 's=${EPOCHREALTIME/./}
		for ((i = 0; i < $2; i++)); do "$0" -q -O /dev/null "$1" || exit 1; done
		e=${EPOCHREALTIME/./}; echo $(((e - s) / 1000))' "$WGET" "$1" "$N"
}
loop http://127.0.0.1:8080/tiny >/dev/null	# warm up both servers
loop https://127.0.0.1:8443/tiny >/dev/null 2>&1 || true
plain=$(loop http://127.0.0.1:8080/tiny)
tls=$(ip netns exec "$ns" bash -c 's=${EPOCHREALTIME/./}
	for ((i = 0; i < $2; i++)); do "$0" -q --ca "$3" -O /dev/null "$1" || exit 1; done
	e=${EPOCHREALTIME/./}; echo $(((e - s) / 1000))' "$WGET" https://127.0.0.1:8443/tiny "$N" "$work/c.pem")
echo "server key ${KEY:-rsa:2048} (KEY= as openssl req -newkey takes it), $N fetches each"
awk -v n="$N" -v p="$plain" -v t="$tls" 'BEGIN {
	printf "http:  %7.2f ms per fetch\nhttps: %7.2f ms per fetch\nratio: %7.2f\n", p / n, t / n, t / p }'
