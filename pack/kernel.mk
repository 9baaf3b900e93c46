# The kernel: Debian 12's (pack/stage.mk, the default), or one built here from
# Debian's linux-source package with a config kept in pack/KERNEL_CONFIG.config
# (make kernel KERNEL_CONFIG=linuxboot: small enough for SPI flash). Same
# version as the Debian kernel's package; its build tools are in .ci/deps.
KERNEL_CONFIG ?=
# The kernel's own make runs this many jobs (its own make, not a sub-make of this one).
KERNEL_JOBS ?= 2
KERNEL_SRC_VERSION := $(KERNEL_VERSION)
KERNEL_SMALL := $(B)/kernel-linuxboot

$(B)/kernel-%/vmlinuz: pack/%.config pack/build-kernel.sh pack/apt-download.sh pack/kernel.mk | $(DEPS)
	KERNEL_JOBS=$(KERNEL_JOBS) pack/build-kernel.sh $(DL) $(B)/kernel-$* pack/$*.config $(KERNEL_SRC_VERSION)

.PHONY: kernel
kernel: $(if $(KERNEL_CONFIG),$(B)/kernel-$(KERNEL_CONFIG)/vmlinuz,$(B)/kernel/vmlinuz)
