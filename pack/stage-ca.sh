#!/bin/sh
# stage-ca.sh FILE PACK OUT.cpio.zst MANIFEST - wget's trust anchors as an
# archive of their own (see extra.sh): FILE as etc/ssl/certs/ca.pem, checked
# to be PEM certificates (each one read by openssl x509), no private key.
set -eu
. "$(dirname "$0")/extra.sh"
extra_start stage-ca.sh "$@"
ca=$src
[ -f "$ca" ] || { echo "CA_CERTS: $ca: not a file" >&2; exit 1; }
if grep -q 'PRIVATE KEY' "$ca"; then
	echo "CA_CERTS: $ca: holds a private key; the image takes certificates only" >&2
	exit 1
fi
if grep -- '-----BEGIN ' "$ca" | grep -qv -- '-----BEGIN CERTIFICATE-----'; then
	echo "CA_CERTS: $ca: a PEM block that is not a certificate" >&2
	exit 1
fi
command -v openssl >/dev/null || { echo "CA_CERTS: openssl is needed to check $ca" >&2; exit 1; }
mkdir -p "$tree/etc/ssl/certs" "$tree/split"
# One file per certificate, each of which openssl must read.
awk -v d="$tree/split" '/-----BEGIN CERTIFICATE-----/ { n++; f = sprintf("%s/%04d.pem", d, n) }
	f != "" { print > f } /-----END CERTIFICATE-----/ { close(f); f = "" }' "$ca"
n=0
for c in "$tree/split"/*.pem; do
	[ -f "$c" ] || continue
	n=$((n + 1))
	if ! openssl x509 -noout -in "$c" 2>/dev/null; then
		echo "CA_CERTS: $ca: certificate $n does not parse" >&2
		exit 1
	fi
done
[ "$n" -gt 0 ] || { echo "CA_CERTS: $ca: no PEM certificates (-----BEGIN CERTIFICATE-----)" >&2; exit 1; }
cat "$tree/split"/*.pem >"$tree/etc/ssl/certs/ca.pem"
rm -r "$tree/split"
extra_finish
