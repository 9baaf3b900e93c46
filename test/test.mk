# make test: unit tests (cmocka), builder tests and golden tests (chroot).

UNIT := key name ar cache lib
UNIT_BIN := $(addprefix $(B)/test/test_,$(UNIT))
RT_UNIT_SRC := $(filter-out runtime/build.c,$(RT_SRC))

$(B)/test/test_%: test/unit/test_%.c $(RT_UNIT_SRC) $(RT_HDR) | $(DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu99 -Wall -Wextra -Werror $(RT_CFLAGS) -Iruntime -o $@ $< $(RT_UNIT_SRC) -lcmocka

$(B)/test/inroot: test/inroot.c
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu99 -Wall -Wextra -Werror -O2 -o $@ $<

.PHONY: test unit-test builder-test golden-test
test: unit-test builder-test golden-test

unit-test: $(UNIT_BIN)
	@for t in $(UNIT_BIN); do $$t || exit 1; done

builder-test: $(B)/root/.staged
	test/builder/run $(B)/root

golden-test: $(B)/root/.staged $(B)/test/inroot
	INROOT=$(B)/test/inroot test/golden/run chroot $(B)/root
