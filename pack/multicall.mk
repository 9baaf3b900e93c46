# Multicall mode: every command in one binary, its staging tree and its image.

MC := $(B)/multicall
BOX := $(MC)/ubox
IMAGE_MC := $(B)/initramfs-multicall.cpio.zst

$(BOX): pack/build-box.sh pack/box.c pack/box-table.sh pack/box-sym.sh \
		$(CMD_SRC) $(LIB_SRC) $(LIB_HDR) $(INIT_SRC) init/init.h \
		$(LIBS)/libz.a $(LIBS)/libzstd.a $(LIBS)/libbearssl.a | $(DEPS)
	MUSLCC=$(MUSLCC) CFLAGS="$(CFLAGS)" LIBS=$(LIBS) pack/build-box.sh $(MC)

$(B)/root-multicall.staged: pack/stage-multicall.sh pack/stage-modules.sh $(BOX) \
		$(B)/kernel/vmlinuz $(wildcard pack/etc/*)
	pack/stage-multicall.sh $(B)/root-multicall $(BOX)
	pack/stage-modules.sh $(B)/kernel $(B)/root-multicall $(MODULES)
	touch $@

$(IMAGE_MC): $(B)/root-multicall.staged $(PACK)
	$(PACK) -m $(B)/initramfs-multicall.manifest $(DEVICES) $(B)/root-multicall $@
