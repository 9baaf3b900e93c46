# make extract-test: hostile archives against tar -x and cpio -i (as root),
# with openat2 and again without it (noopenat2: ENOSYS by seccomp), on the
# multicall build. Included from test/test.mk.
.PHONY: extract-test
extract-test: $(B)/root-multicall.staged $(B)/test/noopenat2
	test/extract/run $(B)/root-multicall/bin $(B)/test/noopenat2

$(B)/test/noopenat2: test/extract/noopenat2.c
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu99 -Wall -Wextra -Werror -O2 -o $@ $<
