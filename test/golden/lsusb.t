# lsusb.t - golden tests for lsusb on a made-up sysfs bound over /sys in a
# private mount namespace, as lspci.t does.
usage=$'usage: lsusb [-t]\n'
# fake_sys NAME STATUS 'SETUP' 'LINE' EXPECTED: SETUP fills ./s, which is bound over /sys for LINE.
fake_sys() {
	if [[ $mode == chroot && ! -d $root/sys ]]; then
		echo "skip $file: $1: no /sys directory in $root"
		return 0
	fi
	ns "$1" "$2" "mkdir s && { $3; } && mount --bind s /sys && { $4; }" "$5"
}
dev() { # dev NAME BUS DEV VENDOR PRODUCT SPEED [MANUFACTURER [PRODUCT]]: a device directory
	local d="s/bus/usb/devices/$1"
	printf 'mkdir -p %s && echo %s >%s/busnum && echo %s >%s/devnum && echo %s >%s/idVendor && echo %s >%s/idProduct && echo %s >%s/speed' \
		"$d" "$2" "$d" "$3" "$d" "$4" "$d" "$5" "$d" "$6" "$d"
	[[ -n ${7-} ]] && printf ' && echo "%s" >%s/manufacturer' "$7" "$d"
	[[ -n ${8-} ]] && printf ' && echo "%s" >%s/product' "$8" "$d"
}
devices="$(dev usb2 2 1 1d6b 0003 5000 Linux 'xHCI Host Controller') && $(dev usb1 1 1 1d6b 0002 480 'Linux 6.1.0 xhci-hcd' 'xHCI Host Controller') && $(dev 1-1 1 2 0627 0001 12 QEMU 'QEMU USB Tablet') && $(dev 1-2 1 3 0409 55aa 480) && $(dev 1-2.4 1 4 46f4 0001 480 QEMU 'QEMU USB HARDDRIVE') && mkdir -p s/bus/usb/devices/1-1:1.0 s/bus/usb/devices/1-2.4:1.0"

fake_sys 'list' 0 "$devices" 'lsusb' $'Bus 001 Device 001: ID 1d6b:0002 Linux 6.1.0 xhci-hcd xHCI Host Controller\nBus 001 Device 002: ID 0627:0001 QEMU QEMU USB Tablet\nBus 001 Device 003: ID 0409:55aa\nBus 001 Device 004: ID 46f4:0001 QEMU QEMU USB HARDDRIVE\nBus 002 Device 001: ID 1d6b:0003 Linux xHCI Host Controller\n'
fake_sys '-t' 0 "$devices" 'lsusb -t' $'/:  Bus 001: Dev 001, ID 1d6b:0002, 480M Linux 6.1.0 xhci-hcd xHCI Host Controller\n    |__ Port 1: Dev 002, ID 0627:0001, 12M QEMU QEMU USB Tablet\n    |__ Port 2: Dev 003, ID 0409:55aa, 480M\n        |__ Port 4: Dev 004, ID 46f4:0001, 480M QEMU QEMU USB HARDDRIVE\n/:  Bus 002: Dev 001, ID 1d6b:0003, 5000M Linux xHCI Host Controller\n'
fake_sys 'no devices' 0 'mkdir -p s/bus/usb/devices' 'lsusb' ''
fake_sys 'no USB in sysfs' 1 'mkdir -p s/bus' 'lsusb 2>&1' $'lsusb: /sys/bus/usb/devices: No such file or directory\n'
t 'an operand' 1 'lsusb x 2>&1' "$usage"
t 'bad option' 1 'lsusb -z 2>&1' $'lsusb: -z: unknown option\n'"$usage"
t '--help' 0 'lsusb --help' "$usage"
