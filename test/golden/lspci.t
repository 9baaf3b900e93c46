# lspci.t - golden tests for lspci: BusyBox's format, on a made-up sysfs bound
# over /sys in a private mount namespace, and on this machine's for the shape.
usage=$'usage: lspci [-km]\n'
with_pci() {
	if [[ ! -d /sys/bus/pci/devices || ($mode == chroot && ! -d $root/sys/bus/pci/devices) ]]; then
		echo "skip $file: $2: no PCI devices in /sys where lspci runs"
		return 0
	fi
	"$@"
}
# fake_sys NAME STATUS 'SETUP' 'LINE' EXPECTED: SETUP fills ./s, which is bound over /sys for LINE.
fake_sys() {
	if [[ $mode == chroot && ! -d $root/sys ]]; then
		echo "skip $file: $1: no /sys directory in $root"
		return 0
	fi
	ns "$1" "$2" "mkdir s && { $3; } && mount --bind s /sys && { $4; }" "$5"
}
dev() { # dev SLOT DRIVER CLASS ID SUBSYS: a device directory with its uevent
	local d="s/bus/pci/devices/$1"
	printf 'mkdir -p %s && printf "%sPCI_CLASS=%s\\nPCI_ID=%s\\nPCI_SUBSYS_ID=%s\\nPCI_SLOT_NAME=%s\\nMODALIAS=pci:x\\n" >%s/uevent' \
		"$d" "${2:+DRIVER=$2\\n}" "$3" "$4" "$5" "$1" "$d"
}
devices="$(dev 0000:00:02.0 bochs-drm 30000 1234:1111 1AF4:1100) && $(dev 0000:00:00.0 '' 60000 8086:1237 1AF4:1100) && $(dev 0001:01:00.0 e1000 20000 8086:100E 8086:001E)"

fake_sys 'list' 0 "$devices" 'lspci' $'00:00.0 Class 0600: 8086:1237\n00:02.0 Class 0300: 1234:1111\n01:00.0 Class 0200: 8086:100e\n'
fake_sys '-k drivers' 0 "$devices" 'lspci -k' $'00:00.0 Class 0600: 8086:1237\n00:02.0 Class 0300: 1234:1111 bochs-drm\n01:00.0 Class 0200: 8086:100e e1000\n'
fake_sys '-m' 0 "$devices" 'lspci -m' $'00:00.0 "Class 0600" "8086" "1237" "1af4" "1100"\n00:02.0 "Class 0300" "1234" "1111" "1af4" "1100"\n01:00.0 "Class 0200" "8086" "100e" "8086" "001e"\n'
fake_sys '-mk' 0 "$devices" 'lspci -mk' $'00:00.0 "Class 0600" "8086" "1237" "1af4" "1100"\n00:02.0 "Class 0300" "1234" "1111" "1af4" "1100" "bochs-drm"\n01:00.0 "Class 0200" "8086" "100e" "8086" "001e" "e1000"\n'
fake_sys '-n and -v are accepted' 0 "$devices" 'lspci -nv | head -n 1' $'00:00.0 Class 0600: 8086:1237\n'
fake_sys 'no devices' 0 'mkdir -p s/bus/pci/devices' 'lspci' ''
fake_sys 'no PCI bus' 1 ':' 'lspci 2>&1' $'lspci: /sys/bus/pci/devices: No such file or directory\n'
fake_sys 'unreadable device, carries on' 1 "$devices && mkdir s/bus/pci/devices/0000:00:01.0" 'lspci 2>&1' $'00:00.0 Class 0600: 8086:1237\nlspci: /sys/bus/pci/devices/0000:00:01.0/uevent: No such file or directory\n00:02.0 Class 0300: 1234:1111\n01:00.0 Class 0200: 8086:100e\n'
fake_sys 'write error' 1 "$devices" 'lspci 2>&1 >/dev/full' $'lspci: write error: No space left on device\n'
with_pci t 'this machine: one line a device' 0 '[ "$(lspci | wc -l)" -eq "$(ls /sys/bus/pci/devices | wc -l)" ] && echo ok' $'ok\n'
with_pci t 'this machine: shape' 0 "lspci | grep -vE '^[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7] Class [0-9a-f]{4}: [0-9a-f]{4}:[0-9a-f]{4}\$' | wc -l" $'0\n'
t 'operand' 1 'lspci x 2>&1' "$usage"
t 'bad option' 1 'lspci -z 2>&1' $'lspci: -z: unknown option\n'"$usage"
t '--help' 0 'lspci --help' "$usage"
