# Firmware userland: C sources + TinyCC + musl, compiled on first use.
# `make` stages build/root; `make test` runs every test. See README.md.

B := build
DL := dl
MUSL_INC := /usr/include/x86_64-linux-musl
MUSL_LIB := /usr/lib/x86_64-linux-musl
MUSLCC := musl-gcc
CFLAGS := -std=c99 -Os -Wall -Wextra -Werror -fno-pie -fno-stack-protector
HOSTCC := cc
DEPS := $(B)/.deps

TCC_VERSION := 0.9.27+git20200814.62c30a4a
TCC_SRC := $(B)/tcc/src
TCC_LIBS := $(TCC_SRC)/libtcc.a $(TCC_SRC)/libtcc1.a

# A command is cmds-src/NAME.c or the directory cmds-src/NAME/ (lib/ is the library).
CMDS := $(sort $(basename $(notdir $(wildcard cmds-src/*.c))) \
	$(filter-out lib,$(notdir $(patsubst %/,%,$(wildcard cmds-src/*/)))))
CMD_SRC := $(wildcard cmds-src/*.c) $(filter-out cmds-src/lib/%,$(wildcard cmds-src/*/*.[ch]))
LIB_SRC := $(sort $(wildcard cmds-src/lib/*.c))
LIB_HDR := $(sort $(wildcard cmds-src/lib/*.h))

.PHONY: all deps test clean
all: $(B)/root.staged

include tcc/tcc.mk
include runtime/runtime.mk
include init/init.mk
include pack/libs.mk
include pack/stage.mk
include pack/multicall.mk
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
bench: $(B)/root.staged $(B)/bench/spawn $(IMAGE_SRC) $(IMAGE_MC) $(B)/kernel/vmlinuz
	B=$(B) bench/run.sh | tee $(B)/bench/results.txt
	B=$(B) bench/commands.sh | tee -a $(B)/bench/results.txt
	B=$(B) bench/image.sh | tee -a $(B)/bench/results.txt
	B=$(B) bench/multicall.sh | tee -a $(B)/bench/results.txt
	B=$(B) bench/extract.sh | tee -a $(B)/bench/results.txt
