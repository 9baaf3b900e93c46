# The image for a flash budget, and booting it:
#   make image [FLASH=8M] [MODE=source|multicall] [KERNEL=path] [BOOT_KEYS=DIR] [CA_CERTS=FILE]
#   make run [APPEND=...]
# BOOT_KEYS: a directory of PEM public keys; the image then verifies what it
# boots (see the README). CA_CERTS: a PEM file of certificates, wget's trust
# anchors for https (/etc/ssl/certs/ca.pem); none by default. Each one's
# archive is appended to each candidate image before the budget is checked.

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

KEYS_CPIO := $(B)/boot-keys.cpio.zst
CA_CPIO := $(B)/ca-certs.cpio.zst
$(KEYS_CPIO): pack/stage-keys.sh pack/extra.sh $(PACK) FORCE
	pack/stage-keys.sh $(BOOT_KEYS) $(PACK) $@ $(B)/boot-keys.manifest
$(CA_CPIO): pack/stage-ca.sh pack/extra.sh $(PACK) FORCE
	pack/stage-ca.sh $(CA_CERTS) $(PACK) $@ $(B)/ca-certs.manifest
# The archives appended to an image, and the name suffix that says so.
EXTRAS := $(if $(BOOT_KEYS),$(KEYS_CPIO)) $(if $(CA_CERTS),$(CA_CPIO))
EXTRA_SUFFIX := $(if $(BOOT_KEYS),-keys)$(if $(CA_CERTS),-ca)
ifneq ($(strip $(EXTRAS)),)
CANDIDATES := $(B)/initramfs-source$(EXTRA_SUFFIX).cpio.zst $(B)/initramfs-multicall$(EXTRA_SUFFIX).cpio.zst
$(B)/initramfs-%$(EXTRA_SUFFIX).cpio.zst: $(B)/initramfs-%.cpio.zst $(EXTRAS)
	cat $^ >$@.tmp && mv $@.tmp $@
	cat $(B)/initramfs-$*.manifest $(patsubst %.cpio.zst,%.manifest,$(EXTRAS)) \
		>$(B)/initramfs-$*$(EXTRA_SUFFIX).manifest
else
CANDIDATES := $(IMAGE_SRC) $(IMAGE_MC)
endif

# Re-chosen on every make: the budget, mode, kernel and keys are not files.
$(IMAGE): $(CANDIDATES) $(SELECT) FORCE
	$(SELECT) $(if $(KERNEL),-k $(KERNEL)) $(if $(MODE),-m $(MODE)) $(FLASH) \
		$(CANDIDATES) $@ >$(B)/initramfs.why
	@cat $(B)/initramfs.why
	@case "$$(cat $(B)/initramfs.why)" in source*) m=source ;; *) m=multicall ;; esac; \
		cp $(B)/initramfs-$$m$(EXTRA_SUFFIX).manifest $(B)/initramfs.manifest
FORCE:

.PHONY: image run FORCE
image: $(IMAGE)
run: $(IMAGE) $(B)/kernel/vmlinuz
	pack/qemu.sh $(B)/kernel/vmlinux $(IMAGE) "$(APPEND)" -netdev user,id=n0 -device virtio-net-pci,netdev=n0,romfile=
