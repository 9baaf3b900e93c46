# Firmware userland: C sources + TinyCC + musl, compiled on first use.
# `make` stages build/root; `make test` runs every test. See README.md.
#
# Names first, rules after: make expands a rule's prerequisites as it reads
# the rule, and a name not yet defined is silently empty. So this file defines
# what every part shares, each part's file below starts with its own names,
# and a rule uses only names from its own file or an earlier one.
# multicall-test checks it: make -n --warn-undefined-variables stays quiet.

B := build
DL := dl
MUSL_INC := /usr/include/x86_64-linux-musl
MUSL_LIB := /usr/lib/x86_64-linux-musl
MUSLCC := musl-gcc
CFLAGS := -std=c99 -Os -Wall -Wextra -Werror -fno-pie -fno-stack-protector
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

.PHONY: bench
bench: $(B)/root.staged $(B)/root-multicall.staged $(B)/bench/spawn $(IMAGE_SRC) $(IMAGE_MC) $(B)/kernel/vmlinuz
	B=$(B) bench/run.sh | tee $(B)/bench/results.txt
	B=$(B) bench/commands.sh | tee -a $(B)/bench/results.txt
	B=$(B) bench/image.sh | tee -a $(B)/bench/results.txt
	B=$(B) bench/multicall.sh | tee -a $(B)/bench/results.txt
	B=$(B) bench/extract.sh | tee -a $(B)/bench/results.txt
	B=$(B) bench/seed.sh | tee -a $(B)/bench/results.txt
	B=$(B) bench/netboot.sh | tee -a $(B)/bench/results.txt
	B=$(B) bench/targets.sh $(B)/bench/results.txt | tee $(B)/bench/targets.txt
