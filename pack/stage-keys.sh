#!/bin/sh
# stage-keys.sh KEYDIR PACK OUT.cpio.zst MANIFEST - the boot keys as an archive
# of their own: etc/boot-keys/*.pem, every PEM file of KEYDIR, checked to be a
# public key. The image builder appends it to an image: the kernel unpacks
# concatenated archives one after another, so the images themselves (and the
# tests that use them) stay without keys. OUT appears whole or not at all.
set -eu
keys=${1:?usage: stage-keys.sh KEYDIR PACK OUT MANIFEST}
pack=${2:?usage: stage-keys.sh KEYDIR PACK OUT MANIFEST}
out=${3:?usage: stage-keys.sh KEYDIR PACK OUT MANIFEST}
manifest=${4:?usage: stage-keys.sh KEYDIR PACK OUT MANIFEST}
[ -d "$keys" ] || { echo "BOOT_KEYS: $keys: not a directory" >&2; exit 1; }
tree=$out.tree
rm -rf "$tree"
trap 'rm -rf "$tree"' EXIT
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
chmod 755 "$tree/etc" "$tree/etc/boot-keys"
chmod 644 "$tree/etc/boot-keys/"*.pem
"$pack" -m "$manifest" "$tree" "$out"
