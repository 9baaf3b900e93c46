# The multicall box under AddressSanitizer and UndefinedBehaviorSanitizer,
# for make test-asan: clang, glibc and Debian's zlib, libzstd and BearSSL, linked
# dynamically (ASan does not work with static musl). Staged as its own tree,
# laid out like the multicall one; reports go to $(ASAN_LOG).PID.

ASAN := $(B)/asan
ASAN_BOX := $(ASAN)/ubox
ASAN_LOG := $(abspath $(ASAN))/log/report
ASAN_SAN := -fsanitize=address,undefined
ASAN_CFLAGS := -std=c99 -Wall -Wextra -Werror $(ASAN_SAN) -fno-sanitize-recover=undefined \
	-fno-omit-frame-pointer -g -O1

$(ASAN)/opts.o: pack/asan-opts.c | $(DEPS)
	@mkdir -p $(@D)
	clang -std=c99 -Wall -Wextra -Werror -DASAN_LOG='"$(ASAN_LOG)"' -c -o $@ $<

$(ASAN_BOX): $(ASAN)/opts.o pack/build-box.sh pack/box.c pack/box-table.sh pack/box-sym.sh \
		$(CMD_SRC) $(LIB_SRC) $(LIB_HDR) $(INIT_SRC) init/init.h | $(DEPS)
	MUSLCC=clang CFLAGS="$(ASAN_CFLAGS)" BOX_LDFLAGS="$(ASAN_SAN)" \
		BOX_LDLIBS="$(ASAN)/opts.o -lzstd -lz -lbearssl" pack/build-box.sh $(ASAN)

$(B)/root-asan.staged: pack/stage-multicall.sh $(ASAN_BOX) $(wildcard pack/etc/*)
	pack/stage-multicall.sh $(B)/root-asan $(ASAN_BOX)
	touch $@
