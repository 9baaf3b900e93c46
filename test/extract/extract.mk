# make extract-test: hostile archives against tar -x and cpio -i (as root),
# with openat2 and again without it (noopenat2: ENOSYS by seccomp), on the
# multicall build and on the image's own tcc builds of tar and cpio (what
# source mode runs). Included from test/test.mk.
.PHONY: extract-test
extract-test: $(B)/root-multicall.staged $(B)/test/noopenat2 $(B)/test/tar-tcc $(B)/test/cpio-tcc
	test/extract/run $(B)/root-multicall/bin $(B)/test/noopenat2
	rm -rf $(B)/test/extract-tcc && mkdir -p $(B)/test/extract-tcc
	cp $(B)/test/tar-tcc $(B)/test/extract-tcc/tar && cp $(B)/test/cpio-tcc $(B)/test/extract-tcc/cpio
	test/extract/run $(B)/test/extract-tcc $(B)/test/noopenat2

$(B)/test/noopenat2: test/extract/noopenat2.c
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu99 -Wall -Wextra -Werror -O2 -o $@ $<
