# kexec.t - golden tests for kexec: argument errors only. Nothing here reaches
# kexec_file_load or reboot: every kernel named is missing or a directory.
usage=$'usage: kexec -l KERNEL [--initrd FILE] [--command-line STRING | --append STRING | -c] [-s] | -u | -e\n'
t 'no operand' 1 'kexec 2>&1' "$usage"
t '--help' 0 'kexec --help' "$usage"
t 'bad option' 1 'kexec -z 2>&1' $'kexec: -z: unknown option\n'"$usage"
t 'bad long option' 1 'kexec --force 2>&1' $'kexec: --force: unknown option\n'"$usage"
t '-l without a kernel' 1 'kexec -l 2>&1' $'kexec: -l: option requires an argument\n'"$usage"
t '-l missing kernel' 1 'kexec -l nope 2>&1' $'kexec: nope: No such file or directory\n'
t 'kernel without -l' 1 'kexec nope 2>&1' $'kexec: nope: No such file or directory\n'
t '--load' 1 'kexec --load nope 2>&1' $'kexec: nope: No such file or directory\n'
t '-s is taken' 1 'kexec -s -l nope 2>&1' $'kexec: nope: No such file or directory\n'
t 'directory as kernel' 1 'mkdir d; kexec -l d 2>&1' $'kexec: d: Is a directory\n'
t 'missing initrd' 1 ': >k; kexec -l k --initrd nope 2>&1' $'kexec: nope: No such file or directory\n'
t 'directory as initrd' 1 ': >k; mkdir d; kexec -l k --ramdisk=d -c 2>&1' $'kexec: d: Is a directory\n'
t '--initrd=FILE' 1 'kexec --initrd=x --append="a b" -l nope 2>&1' $'kexec: nope: No such file or directory\n'
t '--initrd without a file' 1 'kexec -l k --initrd 2>&1' $'kexec: --initrd: option requires an argument\n'"$usage"
t '--command-line without a string' 1 'kexec -l k --command-line 2>&1' $'kexec: --command-line: option requires an argument\n'"$usage"
t '--initrd without -l' 1 'kexec -u --initrd x 2>&1' $'kexec: --initrd and the command line go with -l\n'"$usage"
t '-c without -l' 1 'kexec -e -c 2>&1' $'kexec: --initrd and the command line go with -l\n'"$usage"
t '-l and -u' 1 'kexec -l k -u 2>&1' $'kexec: -l, -u and -e go alone\n'"$usage"
t '-u and -e' 1 'kexec -u -e 2>&1' $'kexec: -l, -u and -e go alone\n'"$usage"
t '-c and --command-line' 1 'kexec -l k -c --append x 2>&1' $'kexec: --command-line and -c exclude each other\n'"$usage"
t 'two kernels' 1 'kexec -l k j 2>&1' $'kexec: j: unexpected operand\n'"$usage"
t '--reuse-cmdline, missing kernel' 1 'kexec --reuse-cmdline -l nope 2>&1' $'kexec: nope: No such file or directory\n'

# The boot policy. Each case runs as root in a user namespace of its own, so
# kexec_file_load always fails with EPERM there: a case that gets that far
# shows the policy let the load through, and nothing is ever loaded. A tmpfs
# over the commands' /etc holds /etc/boot-keys: the keys the case puts there,
# or none. The fixtures are sigfix.sh's keys; the list is made in the case.
sigfix=
if command -v openssl >/dev/null && command -v python3 >/dev/null; then
	sigfix=$(mktemp -d "$work/sigfix.XXXXXX") && "$here/sigfix.sh" "$sigfix" || sigfix=
fi
etc=/etc
[[ $mode == chroot ]] && etc=$root/etc
# sign KEY: boot/SHA256SUMS of vmlinuz, initrd.img and the command line
# "console=ttyS0 quiet" (as `echo` writes it: with a newline), signed with KEY.
sign='sign() { (cd boot && echo "console=ttyS0 quiet" >cmdline && sha256sum vmlinuz initrd.img cmdline >SHA256SUMS && openssl dgst -sha256 -sign "../$1.key" -out SHA256SUMS.sig SHA256SUMS); }'
# kt NAME STATUS KEYS 'LINE' EXPECTED: LINE with KEYS (files, or "none") in /etc/boot-keys
kt() {
	[[ -n $sigfix ]] || { echo "skip $file: $1: no fixtures (openssl, python3)"; return 0; }
	local keys=:
	[[ $3 == none ]] || keys="/bin/cp $3 $(printf %q "$etc")/boot-keys/"
	can_unshare "$1" || return 0
	t "$1" "$2" "/bin/cp -R $(printf %q "$sigfix")/. . && unshare -m -r bash --norc -o pipefail -c $(printf %q "/bin/mount -t tmpfs keys $(printf %q "$etc") && /bin/mkdir $(printf %q "$etc")/boot-keys && $keys && $sign && $4")" "$5"
}
# What the kernel says to a load it refuses differs between machines (EPERM,
# ENOSYS): only that it was asked is compared.
eperm=$'kexec: loading boot/vmlinuz: (the kernel refused)\n'
ok=$'kexec: verified 2 files and the command line against boot/SHA256SUMS\n'"$eperm"
said='| sed "s/^\\(kexec: loading boot\/vmlinuz:\\) .*/\\1 (the kernel refused)/"'
kl="kexec -l boot/vmlinuz --initrd boot/initrd.img --append 'console=ttyS0 quiet' 2>&1 $said"
kt 'no keys: a warning, then the load' 1 none "$kl" $'kexec: warning: no keys in /etc/boot-keys: booting unverified\n'"$eperm"
kt 'P-256: verified, then the load' 1 ec.pem "sign ec && $kl" "$ok"
kt 'RSA-2048: verified, then the load' 1 'rsa.pem ec.pem' "sign rsa && $kl" "$ok"
kt 'list missing' 1 ec.pem "rm boot/SHA256SUMS && $kl" $'kexec: refused: boot/SHA256SUMS: missing\n'
kt 'signature missing' 1 ec.pem "sign ec && rm boot/SHA256SUMS.sig && $kl" $'kexec: refused: boot/SHA256SUMS.sig: missing\n'
kt 'signed by an unknown key' 1 ec.pem "sign ec2 && $kl" $'kexec: refused: boot/SHA256SUMS.sig: no key verifies it (unknown key)\n'
kt 'RSA signature, bit flipped' 1 rsa.pem "sign rsa && printf '\\\\001' | dd of=boot/SHA256SUMS.sig bs=1 seek=100 conv=notrunc 2>/dev/null && $kl" $'kexec: refused: boot/SHA256SUMS.sig: no key verifies it (unknown key)\n'
kt 'RSA: list edited after signing' 1 rsa.pem "sign rsa && echo '$(printf %064d 0)  extra' >>boot/SHA256SUMS && $kl" $'kexec: refused: boot/SHA256SUMS.sig: bad signature\n'
kt 'P-256: list edited after signing' 1 ec.pem "sign ec && echo '$(printf %064d 0)  extra' >>boot/SHA256SUMS && $kl" $'kexec: refused: boot/SHA256SUMS.sig: no key verifies it (unknown key)\n'
kt 'kernel changed' 1 ec.pem "sign ec && echo x >>boot/vmlinuz && $kl" $'kexec: refused: vmlinuz: hash mismatch\n'
kt 'initrd not listed' 1 ec.pem "sign ec && kexec -l boot/vmlinuz --initrd boot/extra --append 'console=ttyS0 quiet' 2>&1" $'kexec: refused: extra: not listed\n'
kt 'another command line' 1 ec.pem "sign ec && kexec -l boot/vmlinuz --initrd boot/initrd.img --append 'console=ttyS0' 2>&1" $'kexec: refused: the command line: hash mismatch as cmdline\n'
kt 'command line not listed' 1 ec.pem "sign ec && sed -i /cmdline/d boot/SHA256SUMS && openssl dgst -sha256 -sign ec.key -out boot/SHA256SUMS.sig boot/SHA256SUMS && $kl" $'kexec: refused: the command line: not listed as cmdline\n'
kt 'a bad key among the keys' 1 'ec.pem junk.pem' "sign ec && $kl" $'kexec: refused: /etc/boot-keys/junk.pem: not a P-256 or RSA public key\n'
kt 'initrd in a subdirectory, named from the kernel'"'"'s' 1 ec.pem "mkdir boot/sub && mv boot/initrd.img boot/sub/ && (cd boot && echo 'console=ttyS0 quiet' >cmdline && sha256sum vmlinuz sub/initrd.img cmdline >SHA256SUMS && openssl dgst -sha256 -sign ../ec.key -out SHA256SUMS.sig SHA256SUMS) && kexec -l boot/vmlinuz --initrd boot/sub/../sub/initrd.img --append 'console=ttyS0 quiet' 2>&1 $said" "$ok"
