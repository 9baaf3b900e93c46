# Multicall mode: every command in one binary, its staging tree and its image.

MC := $(B)/multicall
BOX := $(MC)/ubox
IMAGE_MC := $(B)/initramfs-multicall.cpio.zst

$(BOX): pack/build-box.sh pack/box.c pack/box-table.sh pack/box-sym.sh \
		$(CMD_SRC) $(LIB_SRC) $(LIB_HDR) $(INIT_SRC) init/init.h \
		$(LIBS)/box/libz.a $(LIBS)/box/libzstd.a $(LIBS)/libbearssl.a | $(DEPS)
	MUSLCC=$(MUSLCC) CFLAGS="$(CFLAGS)" LIBS=$(LIBS) pack/build-box.sh $(MC)

$(B)/root-multicall.staged: pack/stage-multicall.sh pack/stage-modules.sh $(BOX) \
		$(B)/kernel/vmlinuz $(wildcard pack/etc/*)
	pack/stage-multicall.sh $(B)/root-multicall $(BOX)
	pack/stage-modules.sh $(B)/kernel $(B)/root-multicall $(MODULES)
	touch $@

$(IMAGE_MC): $(B)/root-multicall.staged $(PACK)
	$(PACK) -m $(B)/initramfs-multicall.manifest $(DEVICES) $(B)/root-multicall $@

# The source image's libc.a, trimmed to what the box's objects (the same
# command sources), check.o, tcc's runtime and the libraries a command links
# leave undefined, and what pack/libc-api.h declares.
$(LIBC_TRIM): pack/trim-libc.sh pack/libc-api.h $(BOX) $(RT)/check.o $(TCC_LIBS)
	MUSLCC=$(MUSLCC) pack/trim-libc.sh $@ $(MUSL_LIB)/libc.a pack/libc-api.h \
		$(MC)/cmd/*.o $(MC)/lib/*.o $(RT)/check.o $(TCC_SRC)/libtcc1.a \
		$(LIBS)/libz.a $(LIBS)/libzstd.a $(LIBS)/libbearssl.a
