# The source-mode staging tree: what the image holds, before packing; the
# packer; the source-mode image; the kernel.

# Kernel modules the images carry (with their dependencies): the NIC drivers
# netboot needs under QEMU; for boot, disk controllers (virtio, NVMe, AHCI,
# USB storage) and the file systems boot menus live on (ext4 wants crc32c from
# the crypto API, vfat its code pages). boot loads all but drivers/net. A
# board's list goes here.
MODULES ?= virtio_pci virtio_net virtio_blk virtio_scsi nvme ahci sd_mod sr_mod \
	xhci_pci ehci_pci usb_storage uas ext4 crc32c_generic vfat nls_cp437 nls_ascii nls_utf8 isofs

# 1: ship the command library prebuilt, keyed by its sources' content; 0: the
# target compiles it on first use like everything else.
SEED_LIB ?= 1

# trim: ship musl's libc.a without the members nothing on the image links
# (pack/trim-libc.sh; pack/libc-api.h names what programs written on the board
# may call); full: musl's whole libc.a.
LIBC ?= trim
$(if $(filter-out trim full,$(LIBC)),$(error LIBC=$(LIBC): not trim or full))
LIBC_TRIM := $(B)/libc-trim.a
SHIP_LIBC := $(if $(filter full,$(LIBC)),$(MUSL_LIB)/libc.a,$(LIBC_TRIM))
# The choice as a file that changes only with it: a new LIBC restages the tree.
LIBC_CHOICE := $(B)/libc.choice
$(shell mkdir -p $(B) && { [ "$$(cat $(LIBC_CHOICE) 2>/dev/null)" = $(LIBC) ] || echo $(LIBC) >$(LIBC_CHOICE); })

# Commands shipped prebuilt (seeds), keyed by their sources' content: the
# image's first use of each costs no compile, an edit rebuilds from source,
# and `ubuild --audit` recompiles them on the board to compare. These are
# what init, netboot and boot run first. Empty: none.
SEED_CMDS ?= sh modprobe netboot dhclient wget tftp boot

# The packer: a host tool, shares the SHA-256 and helpers of the command library.
PACK := $(B)/pack/pack
PACK_SRC := pack/pack.c pack/cpio.c $(PACK_LIB)

# /dev/console must exist before init runs (the kernel opens it for PID 1);
# it is an archive entry only: nothing is created under the host's /dev.
DEVICES := -d dev/console:c:5:1:0600 -d dev/null:c:1:3:0666
IMAGE_SRC := $(B)/initramfs-source.cpio.zst

# Debian 12's kernel, pinned (bookworm's security updates replace it from
# time to time: then pin the current one); vmlinux (ELF, PVH) boots ~2x
# faster under TCG.
KERNEL_PKG := linux-image-6.1.0-57-$(DEB_ARCH)
KERNEL_VERSION := 6.1.192-3

$(B)/root.staged: pack/stage-modules.sh pack/strip-header.sh pack/libc-api.h $(B)/kernel/vmlinuz pack/stage-source.sh $(B)/init/init $(RT)/ubuild $(RT)/check.o $(TCC_LIBS) \
		$(LIBS)/libz.a $(LIBS)/libzstd.a $(LIBS)/libbearssl.a $(SHIP_LIBC) $(LIBC_CHOICE) \
		$(CMD_SRC) $(LIB_SRC) $(LIB_HDR) $(wildcard pack/etc/*)
	INIT=$(B)/init/init UBUILD=$(RT)/ubuild CHECK=$(RT)/check.o TCC_SRC=$(TCC_SRC) \
	MUSL_INC=$(MUSL_INC) MUSL_LIB=$(MUSL_LIB) LIBC=$(LIBC) LIBC_A=$(SHIP_LIBC) LIBS=$(LIBS) \
	SEED_LIB=$(SEED_LIB) SEED_CMDS='$(SEED_CMDS)' pack/stage-source.sh $(B)/root
	pack/stage-modules.sh $(B)/kernel $(B)/root $(MODULES)
	touch $@

$(PACK): $(PACK_SRC) pack/cpio.h $(LIB_HDR) | $(DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu99 -O2 -Wall -Wextra -Werror -I$(LIB_DIR) -Ipack -o $@ $(PACK_SRC) -lzstd

$(IMAGE_SRC): $(B)/root.staged $(PACK)
	$(PACK) -m $(B)/initramfs-source.manifest $(DEVICES) $(B)/root $@

$(B)/kernel/vmlinuz: pack/fetch-kernel.sh pack/apt-download.sh pack/stage.mk | $(DEPS)
	pack/fetch-kernel.sh $(DL) $(B)/kernel $(KERNEL_PKG) $(KERNEL_VERSION)

