# The image for a flash budget, and booting it:
#   make image [FLASH=8M] [MODE=source|multicall] [KERNEL=path]
#   make run [APPEND=...]

FLASH ?= 64M
# Empty unless given: select.c picks the mode, no kernel shares the flash,
# no kernel arguments are added.
MODE ?=
KERNEL ?=
APPEND ?=
SELECT := $(B)/pack/select
IMAGE := $(B)/initramfs.cpio.zst

$(SELECT): pack/select.c pack/budget.c pack/budget.h $(SELECT_LIB) $(LIB_HDR) | $(DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu99 -O2 -Wall -Wextra -Werror -I$(LIB_DIR) -Ipack -o $@ \
		pack/select.c pack/budget.c $(SELECT_LIB)

# Re-chosen on every make: the budget, mode and kernel are not files.
$(IMAGE): $(IMAGE_SRC) $(IMAGE_MC) $(SELECT) FORCE
	$(SELECT) $(if $(KERNEL),-k $(KERNEL)) $(if $(MODE),-m $(MODE)) $(FLASH) \
		$(IMAGE_SRC) $(IMAGE_MC) $@ >$(B)/initramfs.why
	@cat $(B)/initramfs.why
	@case "$$(cat $(B)/initramfs.why)" in source*) m=source ;; *) m=multicall ;; esac; \
		cp $(B)/initramfs-$$m.manifest $(B)/initramfs.manifest
FORCE:

.PHONY: image run FORCE
image: $(IMAGE)
run: $(IMAGE) $(B)/kernel/vmlinuz
	pack/qemu.sh $(B)/kernel/vmlinux $(IMAGE) "$(APPEND)" -netdev user,id=n0 -device virtio-net-pci,netdev=n0,romfile=
