# Multicall mode, and the choice between the two images for a flash budget:
#   make image [FLASH=8M] [MODE=source|multicall] [KERNEL=path]

MC := $(B)/multicall
BOX := $(MC)/ubox
SELECT := $(B)/pack/select
FLASH ?= 64M

$(BOX): pack/build-box.sh pack/box.c pack/box-table.sh pack/box-sym.sh \
		$(CMD_SRC) $(LIB_SRC) $(LIB_HDR) $(INIT_SRC) init/init.h \
		$(LIBS)/libz.a $(LIBS)/libzstd.a | $(DEPS)
	MUSLCC=$(MUSLCC) CFLAGS="$(CFLAGS)" LIBS=$(LIBS) pack/build-box.sh $(MC)

$(B)/root-multicall.staged: pack/stage-multicall.sh pack/stage-modules.sh $(BOX) \
		$(B)/kernel/vmlinuz $(wildcard pack/etc/*)
	pack/stage-multicall.sh $(B)/root-multicall $(BOX)
	pack/stage-modules.sh $(B)/kernel $(B)/root-multicall $(MODULES)
	touch $@

$(IMAGE_MC): $(B)/root-multicall.staged $(PACK)
	$(PACK) -m $(B)/initramfs-multicall.manifest $(DEVICES) $(B)/root-multicall $@

$(SELECT): pack/select.c pack/budget.c pack/budget.h $(addprefix cmds-src/lib/,err.c opt.c io.c cmd_exit.c cmd.h) | $(DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu99 -O2 -Wall -Wextra -Werror -Icmds-src/lib -Ipack -o $@ \
		pack/select.c pack/budget.c $(addprefix cmds-src/lib/,err.c opt.c io.c cmd_exit.c)

# Re-chosen on every make: the budget, mode and kernel are not files.
IMAGE := $(B)/initramfs.cpio.zst
$(IMAGE): $(IMAGE_SRC) $(IMAGE_MC) $(SELECT) FORCE
	$(SELECT) $(if $(KERNEL),-k $(KERNEL)) $(if $(MODE),-m $(MODE)) $(FLASH) \
		$(IMAGE_SRC) $(IMAGE_MC) $@ >$(B)/initramfs.why
	@cat $(B)/initramfs.why
	@case "$$(cat $(B)/initramfs.why)" in source*) m=source ;; *) m=multicall ;; esac; \
		cp $(B)/initramfs-$$m.manifest $(B)/initramfs.manifest

.PHONY: image run FORCE
image: $(IMAGE)
FORCE:

# Here, after IMAGE is defined: make expands a rule's prerequisites as it reads it.
run: $(IMAGE) $(B)/kernel/vmlinuz
	pack/qemu.sh $(B)/kernel/vmlinux $(IMAGE) "$(APPEND)" -netdev user,id=n0 -device virtio-net-pci,netdev=n0,romfile=
include pack/asan.mk
