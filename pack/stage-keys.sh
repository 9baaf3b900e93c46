#!/bin/sh
# stage-keys.sh KEYDIR PACK OUT.cpio.zst MANIFEST - the boot keys as an archive
# of their own (see extra.sh): etc/boot-keys/*.pem, every PEM file of KEYDIR,
# checked to be a public key.
set -eu
. "$(dirname "$0")/extra.sh"
extra_start stage-keys.sh "$@"
keys=$src
[ -d "$keys" ] || { echo "BOOT_KEYS: $keys: not a directory" >&2; exit 1; }
mkdir -p "$tree/etc/boot-keys"
n=0
for k in "$keys"/*.pem; do
	[ -f "$k" ] || continue
	if grep -q 'PRIVATE KEY' "$k"; then
		echo "BOOT_KEYS: $k: a private key; the image takes public keys (openssl pkey -pubout)" >&2
		exit 1
	fi
	if ! grep -q -- '-----BEGIN PUBLIC KEY-----' "$k"; then
		echo "BOOT_KEYS: $k: not a PEM public key (-----BEGIN PUBLIC KEY-----)" >&2
		exit 1
	fi
	cp "$k" "$tree/etc/boot-keys/"
	n=$((n + 1))
done
[ "$n" -gt 0 ] || { echo "BOOT_KEYS: $keys: no *.pem public keys" >&2; exit 1; }
extra_finish
