# blkid.t - golden tests for blkid on image files: made by mkfs tools where
# the host has them, and superblocks written here byte by byte with just what
# blkid reads. Expected values are util-linux 2.38's less its BLOCK_SIZE,
# SEC_TYPE and LABEL_FATBOOT tags (checked by hand on the mkfs-made images;
# util-linux wants more than these hand-made xfs, btrfs and swap headers hold).
usage=$'usage: blkid [-c FILE] [-o full|value|export|device] [-s TAG]... [-L LABEL | -U UUID] [DEVICE...]\n'
at() { # at FILE OFFSET 'PRINTF FORMAT': bytes into FILE
	echo "printf '$3' | dd of=$1 bs=1 seek=$2 conv=notrunc 2>/dev/null"
}
uuid='\001\043\105\147\211\253\315\357\001\043\105\147\211\253\315\357'
fat16="$(at fat 0 '\353\074\220MSDOS5.0\000\002\004\001\000\002\000\002\000\010\370\010\000\040\000\002\000\000\000\000\000\000\000\000\000\200\000\051\170\126\064\022BOOTLABEL  FAT16   ') && $(at fat 510 '\125\252') && truncate -s 64K fat"
fatdir="$fat16 && $(at fat 8704 'DIR LABEL  \010')"
iso="truncate -s 40960 iso && $(at iso 32768 '\001CD001\001') && $(at iso 32808 'MY_CD                           ') && $(at iso 33581 '2024010212304500\000') && $(at iso 33598 '0000000000000000\000') && $(at iso 34816 '\377CD001\001')"
joliet="$iso && $(at iso 34816 '\002CD001\001') && $(at iso 34856 '\000M\000y\000 \000C\000D\000 \000\351\000 \000 ') && $(at iso 34904 '%%/E') && $(at iso 36864 '\377CD001\001')"
squash="truncate -s 4096 sq && $(at sq 0 hsqs) && $(at sq 28 '\004\000')"
erofs="truncate -s 8192 er && $(at er 1024 '\342\341\365\340') && $(at er 1072 "$uuid") && $(at er 1088 rootfs)"
xfs="truncate -s 8192 xf && $(at xf 0 XFSB) && $(at xf 32 "$uuid") && $(at xf 108 data)"
btrfs="truncate -s 70000 bt && $(at bt 65568 "$uuid") && $(at bt 65600 _BHRfS_M) && $(at bt 65835 pool)"
luks="truncate -s 4096 lu && $(at lu 0 'LUKS\272\276\000\001') && $(at lu 168 01234567-89ab-cdef-0123-456789abcdef)"
swap="truncate -s 8192 sw && $(at sw 1024 '\001\000\000\000\001\000\000\000') && $(at sw 1036 "$uuid") && $(at sw 1052 myswap) && $(at sw 4086 SWAPSPACE2)"
oldswap="truncate -s 8192 sw && $(at sw 8182 SWAP-SPACE)"

needs mkfs.ext4 t 'ext4' 0 'truncate -s 4M e && mkfs.ext4 -q -L root -U 01234567-89ab-cdef-0123-456789abcdef e >/dev/null 2>&1 && blkid e' $'e: LABEL="root" UUID="01234567-89ab-cdef-0123-456789abcdef" TYPE="ext4"\n'
needs mkfs.ext4 t 'ext3' 0 'truncate -s 4M e && mkfs.ext4 -q -t ext3 -U 01234567-89ab-cdef-0123-456789abcdee e >/dev/null 2>&1 && blkid e' $'e: UUID="01234567-89ab-cdef-0123-456789abcdee" TYPE="ext3"\n'
needs mkfs.ext4 t 'ext2, quotes in a label' 0 'truncate -s 4M e && mkfs.ext4 -q -t ext2 -L "a \"q\" \\b" -U 01234567-89ab-cdef-0123-456789abcded e >/dev/null 2>&1 && blkid e' $'e: LABEL="a \\"q\\" \\\\b" UUID="01234567-89ab-cdef-0123-456789abcded" TYPE="ext2"\n'
needs mkswap t 'swap by mkswap' 0 'truncate -s 1M s && mkswap -L sw -U 11111111-2222-3333-4444-555555555555 s >/dev/null 2>&1 && blkid s' $'s: LABEL="sw" UUID="11111111-2222-3333-4444-555555555555" TYPE="swap"\n'
needs mkfs.vfat t 'FAT32 by mkfs.vfat' 0 'truncate -s 40M v && mkfs.vfat -F 32 -n BOOT32 -i 12345678 v >/dev/null && blkid v' $'v: LABEL="BOOT32" UUID="1234-5678" TYPE="vfat"\n'
needs mkfs.vfat t 'FAT12 by mkfs.vfat, no label' 0 'truncate -s 2M v && mkfs.vfat -F 12 -i 0a0b0c0d v >/dev/null && blkid v' $'v: UUID="0A0B-0C0D" TYPE="vfat"\n'
t 'FAT16: the root directory has the label' 0 "$fatdir && blkid fat" $'fat: LABEL="DIR LABEL" UUID="1234-5678" TYPE="vfat"\n'
t 'FAT16: else the boot sector' 0 "$fat16 && blkid fat" $'fat: LABEL="BOOTLABEL" UUID="1234-5678" TYPE="vfat"\n'
t 'FAT16: NO NAME is no label' 0 "$fat16 && $(at fat 43 'NO NAME    ') && blkid fat" $'fat: UUID="1234-5678" TYPE="vfat"\n'
t 'iso9660' 0 "$iso && blkid iso" $'iso: LABEL="MY_CD" UUID="2024-01-02-12-30-45-00" TYPE="iso9660"\n'
t 'iso9660 with Joliet' 0 "$joliet && blkid iso" $'iso: LABEL="My CD \303\251" UUID="2024-01-02-12-30-45-00" TYPE="iso9660"\n'
t 'squashfs' 0 "$squash && blkid sq" $'sq: TYPE="squashfs"\n'
t 'erofs' 0 "$erofs && blkid er" $'er: LABEL="rootfs" UUID="01234567-89ab-cdef-0123-456789abcdef" TYPE="erofs"\n'
t 'xfs' 0 "$xfs && blkid xf" $'xf: LABEL="data" UUID="01234567-89ab-cdef-0123-456789abcdef" TYPE="xfs"\n'
t 'btrfs' 0 "$btrfs && blkid bt" $'bt: LABEL="pool" UUID="01234567-89ab-cdef-0123-456789abcdef" TYPE="btrfs"\n'
t 'LUKS' 0 "$luks && blkid lu" $'lu: UUID="01234567-89ab-cdef-0123-456789abcdef" TYPE="crypto_LUKS"\n'
t 'swap' 0 "$swap && blkid sw" $'sw: LABEL="myswap" UUID="01234567-89ab-cdef-0123-456789abcdef" TYPE="swap"\n'
t 'old swap, 8K pages' 0 "$oldswap && blkid sw" $'sw: TYPE="swap"\n'
t 'several' 0 "$squash && $swap && blkid sq sw" $'sq: TYPE="squashfs"\nsw: LABEL="myswap" UUID="01234567-89ab-cdef-0123-456789abcdef" TYPE="swap"\n'
t 'nothing known' 2 'dd if=/dev/zero of=z bs=1000 count=70 2>/dev/null && blkid z' ''
t 'empty file' 2 ': >z && blkid z' ''
t 'random bytes' 2 'dd if=/dev/urandom of=z bs=1000 count=70 2>/dev/null && blkid z 2>&1' ''
t 'short file' 0 "$squash && head -c 30 sq >s && blkid s" $'s: TYPE="squashfs"\n'
t 'missing' 1 'blkid nope 2>&1' $'blkid: nope: No such file or directory\n'
t 'missing, carries on' 1 "$squash && blkid nope sq 2>&1" $'blkid: nope: No such file or directory\nsq: TYPE="squashfs"\n'
t 'directory' 1 'mkdir d && blkid d 2>&1' $'blkid: d: Is a directory\n'
skip_if_root t 'unreadable' 1 "$squash && chmod 000 sq && blkid sq 2>&1" $'blkid: sq: Permission denied\n'
t '-o value -s UUID' 0 "$swap && blkid -o value -s UUID sw" $'01234567-89ab-cdef-0123-456789abcdef\n'
t '-o value' 0 "$swap && blkid -o value sw" $'myswap\n01234567-89ab-cdef-0123-456789abcdef\nswap\n'
t '-s twice' 0 "$swap && blkid -s TYPE -s label sw" $'sw: LABEL="myswap" TYPE="swap"\n'
t '-s a tag it lacks' 0 "$squash && blkid -s LABEL sq" ''
t '-o export' 0 "$fatdir && $squash && blkid -o export fat sq" $'DEVNAME=fat\nLABEL=DIR\\ LABEL\nUUID=1234-5678\nTYPE=vfat\n\nDEVNAME=sq\nTYPE=squashfs\n'
t '-o device' 0 "$squash && blkid -o device sq" $'sq\n'
t '-o full' 0 "$squash && blkid -o full sq" $'sq: TYPE="squashfs"\n'
t '-o bad' 1 'blkid -o json x 2>&1' $'blkid: json: unknown output format\n'
t '-c FILE is taken' 0 "$squash && blkid -c /dev/null sq" $'sq: TYPE="squashfs"\n'
t '-L with no match' 2 'blkid -L golden-no-such-label' ''
t '-U with no match' 2 'blkid -U 00000000-golden' ''
t '-L and -U' 1 'blkid -L a -U b 2>&1' "$usage"
t '-L with an operand' 1 'blkid -L a x 2>&1' "$usage"
t 'write error' 1 "$squash && blkid sq 2>&1 >/dev/full" $'blkid: write error: No space left on device\n'
t 'bad option' 1 'blkid -z 2>&1' $'blkid: -z: unknown option\n'"$usage"
t '--help' 0 'blkid --help' "$usage"
