# swtpm.sh - a TPM 2.0 simulator (swtpm) for QEMU guests, sourced by test scripts.
# swtpm_start DIR: start swtpm with its state in DIR (created if missing) and
#   its control socket at DIR/sock.ctrl (QEMU passes the data channel over it);
#   wait for the socket (up to 60 s, a loaded machine), set SWTPM_PID. Status 1
#   and swtpm's log on stderr if it never came up.
# swtpm_qemu_args DIR: print the QEMU arguments that attach it as a TIS TPM
#   (DIR without spaces: they are word-split). The guest kernel's tpm_tis
#   finds it through ACPI (MSFT0101) and gives /dev/tpm0 and /dev/tpmrm0: boot
#   the bzImage (vmlinuz); the ELF vmlinux boots without ACPI, and no TPM.
# swtpm_stop: end the swtpm swtpm_start started (a no-op if none).
SWTPM_PID=

swtpm_start() {
	local dir=${1:?usage: swtpm_start DIR} i
	mkdir -p "$dir" || return 1
	rm -f "$dir/sock.ctrl"
	swtpm socket --tpm2 --tpmstate dir="$dir" --ctrl type=unixio,path="$dir/sock.ctrl" \
		--log file="$dir/swtpm.log" &
	SWTPM_PID=$!
	for i in $(seq 600); do
		[ -S "$dir/sock.ctrl" ] && return 0
		kill -0 "$SWTPM_PID" 2>/dev/null || break
		sleep 0.1
	done
	echo "swtpm did not start in $dir" >&2
	cat "$dir/swtpm.log" >&2 2>/dev/null
	swtpm_stop
	return 1
}

swtpm_qemu_args() {
	local dir=${1:?usage: swtpm_qemu_args DIR}
	echo "-chardev socket,id=chrtpm,path=$dir/sock.ctrl -tpmdev emulator,id=tpm0,chardev=chrtpm -device tpm-tis,tpmdev=tpm0"
}

swtpm_stop() {
	[ -n "$SWTPM_PID" ] || return 0
	kill "$SWTPM_PID" 2>/dev/null
	wait "$SWTPM_PID" 2>/dev/null
	SWTPM_PID=
	return 0
}
