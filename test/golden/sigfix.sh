#!/bin/sh
# sigfix.sh DIR - fixtures for verify.t, made with the host's openssl as a
# workstation would: keys (P-256, RSA-2048, and some that verify refuses),
# files, a SHA256SUMS list of them, signatures good and damaged.
set -eu
cd "${1:?usage: sigfix.sh DIR}"
mkdir keys other
key() { # key NAME ALGORITHM-OPTIONS...: NAME.key private, NAME.pem public
	n=$1; shift
	openssl genpkey "$@" -out "$n.key" 2>/dev/null
	openssl pkey -in "$n.key" -pubout -out "$n.pem"
}
key ec -algorithm EC -pkeyopt ec_paramgen_curve:P-256
key rsa -algorithm RSA -pkeyopt rsa_keygen_bits:2048
key ec2 -algorithm EC -pkeyopt ec_paramgen_curve:P-256
key rsa2 -algorithm RSA -pkeyopt rsa_keygen_bits:2048
key rsa1024 -algorithm RSA -pkeyopt rsa_keygen_bits:1024
key p384 -algorithm EC -pkeyopt ec_paramgen_curve:P-384
key ed -algorithm ED25519
cp ec.pem rsa.pem keys/
cp ec2.pem rsa2.pem other/
openssl req -x509 -key ec.key -subj /CN=boot -days 1 -out cert.pem 2>/dev/null
printf 'not a key\n' >junk.pem

mkdir boot
printf 'kernel\n' >boot/vmlinuz
printf 'initrd\n' >boot/initrd.img
printf 'linux /vmlinuz\n' >boot/grub.cfg
printf 'unlisted\n' >boot/extra
(cd boot && sha256sum vmlinuz initrd.img >SHA256SUMS && sha256sum -b grub.cfg >>SHA256SUMS)
sign() { # sign KEY LIST SIG
	openssl dgst -sha256 -sign "$1.key" -out "$3" "$2"
}
for k in ec rsa ec2 rsa2; do sign $k boot/SHA256SUMS boot/$k.sig; done
# damaged: cut short; a bit flipped in the middle (inside r or s for ECDSA)
head -c 40 boot/ec.sig >boot/ec.trunc
head -c 100 boot/rsa.sig >boot/rsa.trunc
flip() { # flip FILE OFFSET > OUT: one bit of byte OFFSET inverted
	python3 -c 'import sys; b = bytearray(open(sys.argv[1], "rb").read()); b[int(sys.argv[2])] ^= 4; sys.stdout.buffer.write(b)' "$1" "$2"
}
flip boot/ec.sig 20 >boot/ec.flip
flip boot/rsa.sig 128 >boot/rsa.flip
# a list altered after signing: one bit of a name (vmlinuz -> vmlinqz)
mkdir flipped
cp boot/* flipped/
flip boot/SHA256SUMS 71 >flipped/SHA256SUMS
# a list signed with another digest for vmlinuz than the file has
mkdir wrong
cp boot/* wrong/
sed '1s/^./0/;1s/^00/11/' boot/SHA256SUMS >wrong/SHA256SUMS
for k in ec rsa; do sign $k wrong/SHA256SUMS wrong/$k.sig; done
# a signed list with a line sha256sum would not write
mkdir bad
cp boot/* bad/
printf 'not a sum\n' >>bad/SHA256SUMS
sign ec bad/SHA256SUMS bad/ec.sig
