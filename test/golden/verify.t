# verify.t - golden tests for verify: keys, lists and signatures made on the
# host by openssl (test/golden/sigfix.sh), once, and copied into each test.
usage=$'usage: verify [-k KEYDIR|-K KEYFILE] LIST SIG [FILE...] (FILE: as LIST names it, in LIST\'s directory)\n'
vt() { # vt NAME STATUS 'COMMAND LINE' EXPECTED: t in a copy of the fixtures
	needs openssl t "$1" "$2" "/bin/cp -R $(printf %q "$sigfix")/. . && $3" "$4"
}
sigfix=
if command -v openssl >/dev/null && command -v python3 >/dev/null; then
	sigfix=$(mktemp -d "$work/sigfix.XXXXXX") && "$here/sigfix.sh" "$sigfix" || sigfix=
fi
[[ -n $sigfix ]] || echo "skip $file: no fixtures (openssl, python3)"
vt 'P-256 signature, every file' 0 'verify -k keys boot/SHA256SUMS boot/ec.sig && echo ok' $'ok\n'
vt 'RSA-2048 signature, every file' 0 'verify -k keys boot/SHA256SUMS boot/rsa.sig && echo ok' $'ok\n'
vt '-K one key, some files' 0 'verify -K ec.pem boot/SHA256SUMS boot/ec.sig vmlinuz grub.cfg && echo ok' $'ok\n'
vt 'names relative to the list' 0 'cd boot && verify -k ../keys SHA256SUMS rsa.sig initrd.img && echo ok' $'ok\n'
vt 'P-256, unknown key' 1 'verify -k keys boot/SHA256SUMS boot/ec2.sig 2>&1' $'verify: boot/ec2.sig: no key verifies it (unknown key)\n'
vt 'RSA, unknown key' 1 'verify -k keys boot/SHA256SUMS boot/rsa2.sig 2>&1' $'verify: boot/rsa2.sig: no key verifies it (unknown key)\n'
vt 'ECDSA signature, RSA key only' 1 'verify -K rsa.pem boot/SHA256SUMS boot/ec.sig 2>&1' $'verify: boot/ec.sig: no key verifies it (unknown key)\n'
vt 'RSA signature, P-256 key only' 1 'verify -K ec.pem boot/SHA256SUMS boot/rsa.sig 2>&1' $'verify: boot/rsa.sig: no key verifies it (unknown key)\n'
vt 'P-256, truncated' 1 'verify -k keys boot/SHA256SUMS boot/ec.trunc 2>&1' $'verify: boot/ec.trunc: bad signature\n'
vt 'RSA, truncated' 1 'verify -k keys boot/SHA256SUMS boot/rsa.trunc 2>&1' $'verify: boot/rsa.trunc: bad signature\n'
vt 'empty signature' 1 ': >e.sig; verify -k keys boot/SHA256SUMS e.sig 2>&1' $'verify: e.sig: bad signature\n'
# ECDSA cannot tell a damaged signature or list from another key's signature
vt 'P-256, bit flipped in the signature' 1 'verify -k keys boot/SHA256SUMS boot/ec.flip 2>&1' $'verify: boot/ec.flip: no key verifies it (unknown key)\n'
vt 'RSA, bit flipped in the signature' 1 'verify -k keys boot/SHA256SUMS boot/rsa.flip 2>&1' $'verify: boot/rsa.flip: no key verifies it (unknown key)\n'
vt 'P-256, bit flipped in the list' 1 'verify -k keys flipped/SHA256SUMS flipped/ec.sig 2>&1' $'verify: flipped/ec.sig: no key verifies it (unknown key)\n'
vt 'RSA, bit flipped in the list' 1 'verify -k keys flipped/SHA256SUMS flipped/rsa.sig 2>&1' $'verify: flipped/rsa.sig: bad signature\n'
vt 'hash mismatch' 1 'verify -k keys wrong/SHA256SUMS wrong/ec.sig 2>&1' $'verify: vmlinuz: hash mismatch\n'
vt 'hash mismatch, named' 1 'verify -k keys wrong/SHA256SUMS wrong/rsa.sig grub.cfg vmlinuz 2>&1' $'verify: vmlinuz: hash mismatch\n'
vt 'not listed' 1 'verify -k keys boot/SHA256SUMS boot/ec.sig vmlinuz extra 2>&1' $'verify: extra: not listed\n'
vt 'one line per problem' 1 'verify -k keys wrong/SHA256SUMS wrong/ec.sig extra vmlinuz nope initrd.img 2>&1' $'verify: extra: not listed\nverify: vmlinuz: hash mismatch\nverify: nope: not listed\n'
vt 'listed file missing' 1 'rm boot/initrd.img; verify -k keys boot/SHA256SUMS boot/ec.sig 2>&1' $'verify: initrd.img: missing\n'
vt 'file edited' 1 'echo x >>boot/grub.cfg; verify -k keys boot/SHA256SUMS boot/rsa.sig 2>&1' $'verify: grub.cfg: hash mismatch\n'
vt 'list missing' 1 'verify -k keys boot/nope boot/ec.sig 2>&1' $'verify: boot/nope: missing\n'
vt 'signature missing' 1 'verify -k keys boot/SHA256SUMS boot/nope.sig 2>&1' $'verify: boot/nope.sig: missing\n'
vt 'signature too big' 1 'head -c 2000 /dev/zero >big.sig; verify -k keys boot/SHA256SUMS big.sig 2>&1' $'verify: big.sig: too big\n'
vt 'malformed list, signed' 1 'verify -k keys bad/SHA256SUMS bad/ec.sig 2>&1' $'verify: bad/SHA256SUMS: line 4: not a sha256sum line\n'
vt 'a certificate is not a key' 1 'verify -K cert.pem boot/SHA256SUMS boot/ec.sig 2>&1' $'verify: cert.pem: not a P-256 or RSA public key\n'
vt 'not PEM' 1 'verify -K junk.pem boot/SHA256SUMS boot/ec.sig 2>&1' $'verify: junk.pem: not a P-256 or RSA public key\n'
vt 'a private key is not a public key' 1 'verify -K ec.key boot/SHA256SUMS boot/ec.sig 2>&1' $'verify: ec.key: not a P-256 or RSA public key\n'
vt 'P-384 refused' 1 'verify -K p384.pem boot/SHA256SUMS boot/ec.sig 2>&1' $'verify: p384.pem: not a P-256 or RSA public key\n'
vt 'Ed25519 refused' 1 'verify -K ed.pem boot/SHA256SUMS boot/ec.sig 2>&1' $'verify: ed.pem: not a P-256 or RSA public key\n'
vt 'RSA-1024 refused' 1 'verify -K rsa1024.pem boot/SHA256SUMS boot/rsa.sig 2>&1' $'verify: rsa1024.pem: RSA key of under 2048 or over 4096 bits\n'
vt 'a bad key in the directory' 1 '/bin/cp junk.pem keys/; verify -k keys boot/SHA256SUMS boot/ec.sig 2>&1' $'verify: keys/junk.pem: not a P-256 or RSA public key\n'
vt 'only *.pem in the directory' 0 '/bin/cp junk.pem keys/README; verify -k keys boot/SHA256SUMS boot/ec.sig && echo ok' $'ok\n'
vt 'no keys' 1 'mkdir empty; verify -k empty boot/SHA256SUMS boot/ec.sig 2>&1' $'verify: empty: no keys (*.pem)\n'
vt 'default key directory' 1 'verify boot/SHA256SUMS boot/ec.sig 2>&1' $'verify: /etc/boot-keys: missing\n'
vt 'usage' 1 'verify boot/SHA256SUMS 2>&1' "$usage"
