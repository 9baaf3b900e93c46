# Firmware userland: C sources + TinyCC + musl, compiled on first use.
# `make` stages build/root; `make test` runs every test. See README.md.
#
# Names first, rules after: make expands a rule's prerequisites as it reads
# the rule, and a name not yet defined is silently empty. So this file defines
# what every part shares, each part's file below starts with its own names,
# and a rule uses only names from its own file or an earlier one.
# multicall-test checks it: make -n --warn-undefined-variables stays quiet.

DL := dl
# The target: x86_64, or arm64 (make ARCH=arm64), cross-built into its own
# tree with Debian's aarch64-linux-gnu toolchain and arm64 musl-dev
# (pack/cross.mk). CROSS prefixes the binutils that read target objects;
# HOSTCC builds what runs here (the packer).
ARCH ?= x86_64
$(if $(filter-out x86_64 arm64,$(ARCH)),$(error ARCH=$(ARCH): not x86_64 or arm64))
ifeq ($(ARCH),x86_64)
B := build
MUSL_INC := /usr/include/x86_64-linux-musl
MUSL_LIB := /usr/lib/x86_64-linux-musl
MUSLCC := musl-gcc
CROSS :=
DEB_ARCH := amd64
TCC_CPU := x86_64
# what QEMU boots fastest (pack/fetch-kernel.sh): the ELF inside the bzImage
QEMU_KERNEL := vmlinux
else
B := build/arm64
MUSL_VERSION := 1.2.3-1
MUSL_CROSS := $(abspath $(B))/musl
MUSL_INC := $(MUSL_CROSS)/usr/include/aarch64-linux-musl
MUSL_LIB := $(MUSL_CROSS)/usr/lib/aarch64-linux-musl
MUSLCC := $(MUSL_CROSS)/musl-gcc
CROSS := aarch64-linux-gnu-
DEB_ARCH := arm64
TCC_CPU := aarch64
QEMU_KERNEL := vmlinuz
# The board compiles everything on first use: the seeds are compiled by the
# image's own compiler, which does not run here.
SEED_LIB ?= 0
SEED_CMDS ?=
# For the scripts and the libraries' own builds (x86_64 leaves them unset:
# the host's tools).
export CROSS MUSLCC
export AR := $(CROSS)ar
export RANLIB := $(CROSS)ranlib
export UAPI_INC := /usr/aarch64-linux-gnu/include
endif
# No unwind tables: nothing here unwinds (C, and musl cancels threads
# without them); they were 7% of the multicall box.
NO_UNWIND := -fno-asynchronous-unwind-tables -fno-unwind-tables
CFLAGS := -std=c99 -Os -Wall -Wextra -Werror -fno-pie -fno-stack-protector $(NO_UNWIND)
HOSTCC := cc
DEPS := $(B)/.deps

# A command is cmds-src/NAME.c or a directory cmds-src/NAME/ of .c and .h
# files; cmds-src/lib is the command library.
LIB_DIR := cmds-src/lib
LIB_SRC := $(sort $(wildcard $(LIB_DIR)/*.c))
LIB_HDR := $(sort $(wildcard $(LIB_DIR)/*.h))
CMD_SRC := $(sort $(filter-out $(LIB_DIR)/%,$(wildcard cmds-src/*.c cmds-src/*/*.c cmds-src/*/*.h)))

# The first rule is make's default goal.
.PHONY: all deps test clean
all: $(B)/root.staged

include pack/cross.mk
include pack/host.mk
include tcc/tcc.mk
include runtime/runtime.mk
include pack/libs.mk
include pack/bearssl.mk
include init/init.mk
include pack/stage.mk
include pack/kernel.mk
include pack/multicall.mk
include pack/image.mk
include pack/asan.mk
include test/test.mk

# Everything the build and the tests need, from Debian 12's archive: every
# rule that runs a tool waits for this (order-only), so a fresh box works.
deps $(DEPS): .ci/deps
	./.ci/deps
	@mkdir -p $(B) && touch $(DEPS)

clean:
	rm -rf $(B)

$(B)/bench/spawn: bench/spawn.c
	@mkdir -p $(@D)
	$(HOSTCC) -O2 -Wall -Wextra -Werror -o $@ $<

# The arm64 build against this one (bench/arm64.sh: arm64 under qemu-user).
# make ARCH=arm64 bench is that comparison, run from the x86_64 build.
.PHONY: bench bench-arm64
ifeq ($(ARCH),arm64)
bench bench-arm64:
	$(MAKE) --no-print-directory ARCH=x86_64 bench-arm64
else
bench-arm64: $(B)/root.staged $(B)/root-multicall.staged $(B)/bench/spawn $(IMAGE_SRC) $(IMAGE_MC) $(PACK)
	$(MAKE) --no-print-directory ARCH=arm64 arm64-shared $(B)/arm64/initramfs-source.cpio.zst $(B)/arm64/initramfs-multicall.cpio.zst
	B=$(B) bench/arm64.sh

bench: $(B)/root.staged $(B)/root-multicall.staged $(B)/bench/spawn $(IMAGE_SRC) $(IMAGE_MC) $(B)/kernel/vmlinuz
	B=$(B) bench/run.sh | tee $(B)/bench/results.txt
	B=$(B) bench/commands.sh | tee -a $(B)/bench/results.txt
	B=$(B) bench/image.sh | tee -a $(B)/bench/results.txt
	B=$(B) bench/multicall.sh | tee -a $(B)/bench/results.txt
	B=$(B) bench/extract.sh | tee -a $(B)/bench/results.txt
	B=$(B) bench/seed.sh | tee -a $(B)/bench/results.txt
	B=$(B) bench/netboot.sh | tee -a $(B)/bench/results.txt
	$(MAKE) bench-arm64 | tee -a $(B)/bench/results.txt
	B=$(B) bench/targets.sh $(B)/bench/results.txt | tee $(B)/bench/targets.txt
endif
