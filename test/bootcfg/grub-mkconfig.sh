#!/bin/bash
# grub-mkconfig.sh DIR [KEY=VALUE...] - run the host's real grub-mkconfig (Debian's
# grub-common) over a fake Debian 12 system whose /boot is DIR/boot, writing
# DIR/boot/grub/grub.cfg. Sourced by the grub-* cases' make-tree.
# grub-mkconfig reads /boot, /etc/default/grub and /etc/grub.d and asks grub-probe
# about the disks, all at fixed paths: so it runs in a private mount namespace
# (unshare -m) with those bind-mounted over by the fake ones; the host sees nothing.
# grub-probe and grub-mkrelpath are replaced by scripts that answer as for a
# Debian 12 VM with one ext4 partition /dev/vda1 (UUID below, GPT, BIOS boot).
# KEY=VALUE lines are appended to /etc/default/grub (GRUB_DEFAULT=..., etc.).
# Exits 77 when the host has no grub-mkconfig or cannot unshare.
set -eu
dir=$1
shift
uuid=0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d
command -v grub-mkconfig >/dev/null || { echo "no grub-mkconfig (apt-get install grub-common)"; exit 77; }
if [ "$(id -u)" != 0 ] || ! unshare -m true 2>/dev/null; then
	echo "cannot unshare -m"
	exit 77
fi
fake=$(mktemp -d)
trap 'rm -rf "$fake"' EXIT
mkdir -p "$dir/boot/grub" "$fake/default" "$fake/grub.d"
# Two kernels, each with its initrd and config (10_linux reads config-* for initrd hints).
for v in 6.1.0-17-amd64 6.1.0-18-amd64; do
	echo kernel >"$dir/boot/vmlinuz-$v"
	echo initrd >"$dir/boot/initrd.img-$v"
	echo "CONFIG_BLK_DEV_INITRD=y" >"$dir/boot/config-$v"
done
cat >"$fake/grub-probe" <<PROBE
#!/bin/sh
# A fake grub-probe: Debian 12 on /dev/vda1 (ext4, GPT).
t=
while [ \$# -gt 0 ]; do
	case \$1 in
	-t) t=\$2; shift ;;
	--target=*) t=\${1#--target=} ;;
	esac
	shift
done
case \$t in
device) echo /dev/vda1 ;;
fs) echo ext2 ;;
fs_uuid) echo $uuid ;;
fs_label) echo root ;;
partuuid) echo 5e6f7a8b-01 ;;
drive) echo '(hd0,gpt1)' ;;
partmap) echo gpt ;;
abstraction) ;;
cryptodisk_uuid) ;;
compatibility_hint) echo hd0,gpt1 ;;
hints_string) echo '--hint-bios=hd0,gpt1 --hint-efi=hd0,gpt1 --hint-baremetal=ahci0,gpt1' ;;
*) echo "grub-probe: unknown target \$t" >&2; exit 1 ;;
esac
PROBE
# shellcheck disable=SC2016
printf '#!/bin/sh\necho "$1"\n' >"$fake/grub-mkrelpath"
chmod +x "$fake/grub-probe" "$fake/grub-mkrelpath"
# Debian 12's /etc/default/grub, then the case's settings.
cat >"$fake/default/grub" <<'DEF'
GRUB_DEFAULT=0
GRUB_TIMEOUT=5
GRUB_DISTRIBUTOR=Debian
GRUB_CMDLINE_LINUX_DEFAULT="quiet"
GRUB_CMDLINE_LINUX=""
DEF
for kv in "$@"; do
	echo "$kv" >>"$fake/default/grub"
done
# The generator scripts that matter (the theme and os-prober depend on the host).
for s in 00_header 10_linux 40_custom 41_custom; do
	cp /etc/grub.d/$s "$fake/grub.d/"
done
# shellcheck disable=SC2016
unshare -m sh -c '
	set -e
	mount --bind "$1/boot" /boot
	mount --bind "$2/grub-probe" /usr/sbin/grub-probe
	mount --bind "$2/grub-mkrelpath" /usr/bin/grub-mkrelpath
	mount --bind "$2/default" /etc/default
	mount --bind "$2/grub.d" /etc/grub.d
	LANG=C LC_ALL=C grub-mkconfig -o /boot/grub/grub.cfg
' sh "$dir" "$fake"
