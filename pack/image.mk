# The image for a flash budget, and booting it:
#   make image [FLASH=8M] [MODE=source|multicall] [KERNEL=path] [BOOT_KEYS=DIR] [CA_CERTS=FILE]
#   make run [APPEND=...]
# A thin wrapper over pack/mkimage: every command (the core template), the
# mode pack/select picks for FLASH unless MODE says. BOOT_KEYS: a directory
# of PEM public keys; the image then verifies what it boots (see the
# README). CA_CERTS: a PEM file of certificates, wget's trust anchors for
# https (/etc/ssl/certs/ca.pem); none by default. Each one's archive is
# appended to the image before the budget is checked. The choice is data:
# $(IMAGE).choice (mode=, image=, kernel=, flash=, free=...), and the
# manifest is $(B)/initramfs.manifest.

FLASH ?= 64M
# Empty unless given: select.c picks the mode, no kernel shares the flash,
# no kernel arguments are added.
MODE ?=
KERNEL ?=
APPEND ?=
BOOT_KEYS ?=
CA_CERTS ?=
SELECT := $(B)/pack/select
IMAGE := $(B)/initramfs.cpio.zst

$(SELECT): pack/select.c pack/budget.c pack/budget.h $(SELECT_LIB) $(LIB_HDR) | $(DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu99 -O2 -Wall -Wextra -Werror -I$(LIB_DIR) -Ipack -o $@ \
		pack/select.c pack/budget.c $(SELECT_LIB)

# Re-made on every make: the budget, mode, kernel and keys are not files.
# mkimage reads the Makefile's names with a make of its own: not this one's
# flags (a jobserver it would not be given), but the same ARCH.
$(IMAGE): pack/mkimage pack/templates $(B)/root.staged $(B)/root-multicall.staged $(PACK) $(SELECT) FORCE
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL ARCH=$(ARCH) pack/mkimage -o $@ --flash $(FLASH) \
		$(if $(MODE),--mode $(MODE)) $(if $(KERNEL),--kernel $(KERNEL)) \
		$(if $(BOOT_KEYS),--keys $(BOOT_KEYS)) $(if $(CA_CERTS),--ca $(CA_CERTS)) --modules '$(MODULES)' core
FORCE:

.PHONY: image run FORCE
image: $(IMAGE)
run: $(IMAGE) $(B)/kernel/vmlinuz
	QEMU_ARCH=$(ARCH) pack/qemu.sh $(B)/kernel/$(QEMU_KERNEL) $(IMAGE) "$(APPEND)" -netdev user,id=n0 -device virtio-net-pci,netdev=n0,romfile=
