# make test: unit tests (cmocka), builder tests and golden tests (chroot).

UNIT := key name ar cache lib sha256 cmdline budget
UNIT_BIN := $(addprefix $(B)/test/test_,$(UNIT))
RT_UNIT_SRC := $(filter-out runtime/build.c,$(RT_SRC))
$(foreach t,key name ar cache lib,$(eval test_$(t)_SRC := $(RT_UNIT_SRC)))
test_sha256_SRC := cmds-src/lib/sha256.c
test_cmdline_SRC := init/cmdline.c init/say.c
test_budget_SRC := pack/budget.c
UNIT_CFLAGS := -std=gnu99 -Wall -Wextra -Werror -D_GNU_SOURCE -Iruntime -Iinit -Icmds-src/lib -Ipack

.SECONDEXPANSION:
$(B)/test/test_%: test/unit/test_%.c $$(test_$$*_SRC) $(RT_HDR) init/init.h pack/budget.h cmds-src/lib/cmd.h | $(DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(UNIT_CFLAGS) -o $@ $< $(test_$*_SRC) -lcmocka

$(B)/test/inroot: test/inroot.c
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu99 -Wall -Wextra -Werror -O2 -o $@ $<

.PHONY: test unit-test builder-test golden-test
test: unit-test builder-test golden-test pack-test multicall-test boot-test

unit-test: $(UNIT_BIN)
	@for t in $(UNIT_BIN); do $$t || exit 1; done

builder-test: $(B)/root.staged
	test/builder/run $(B)/root

golden-test: $(B)/root.staged $(B)/root-multicall.staged $(B)/test/inroot
	INROOT=$(B)/test/inroot test/golden/run chroot $(B)/root
	test/golden/run dir $(B)/root-multicall

.PHONY: boot-test
boot-test: $(IMAGE) $(B)/kernel/vmlinuz $(PACK)
	test/boot/run $(B)/kernel/vmlinux $(B)/root $(PACK)

.PHONY: pack-test
pack-test: $(PACK) $(B)/root.staged
	test/pack/run $(PACK) $(B)/root

.PHONY: multicall-test
multicall-test: $(IMAGE_SRC) $(IMAGE_MC) $(SELECT) $(PACK)
	test/multicall/run $(B)
