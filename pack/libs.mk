# zlib and libzstd for musl, from Debian 12's source packages: static
# libraries (and headers) that the image ships, so commands that compress
# build on demand like any other; the builder links them into every command
# (only the members a command uses are pulled in).

ZLIB_VERSION := 1:1.2.13.dfsg-1
ZSTD_VERSION := 1.5.4+dfsg2-5
LIBS := $(B)/libs
ZLIB_DSC := $(DL)/zlib_$(lastword $(subst :, ,$(ZLIB_VERSION))).dsc
ZSTD_DSC := $(DL)/libzstd_$(ZSTD_VERSION).dsc
LIB_CFLAGS := -O2 -fno-pie -fno-stack-protector $(NO_UNWIND)

$(ZLIB_DSC): | $(DEPS)
	pack/debsrc.sh zlib $(ZLIB_VERSION) $(DL)
$(ZSTD_DSC): | $(DEPS)
	pack/debsrc.sh libzstd $(ZSTD_VERSION) $(DL)

$(LIBS)/libz.a: $(ZLIB_DSC) pack/libs.mk
	rm -rf $(LIBS)/zlib && mkdir -p $(LIBS)
	dpkg-source --no-check -x $< $(LIBS)/zlib >/dev/null
	cd $(LIBS)/zlib && CC=$(MUSLCC) CFLAGS='$(LIB_CFLAGS)' ./configure --static >/dev/null
	$(MAKE) -s -C $(LIBS)/zlib libz.a
	cp $(LIBS)/zlib/libz.a $(LIBS)/zlib/zlib.h $(LIBS)/zlib/zconf.h $(LIBS)/

# Decoding and encoding, no legacy formats, no dictionary builder, no
# deprecated API, no threads, no assembly (plain C objects are all tcc's
# linker has to understand); -Os: it ships in the image, and flash is dear.
# So also nothing forced inline, one Huffman and one sequence decoder (the
# error strings stay: commands print them): 145 KB -> 102 KB in the image;
# decoding 4.8 MB takes about 11.5 ms instead of 6.5 (still ~400 MB/s),
# compressing about the same.
$(LIBS)/libzstd.a: $(ZSTD_DSC) pack/libs.mk
	rm -rf $(LIBS)/zstd && mkdir -p $(LIBS)
	dpkg-source --no-check -x $< $(LIBS)/zstd >/dev/null
	$(call zstd_lib,)
	cp $(LIBS)/zstd/lib/libzstd.a $(LIBS)/zstd/lib/zstd.h $(LIBS)/zstd/lib/zstd_errors.h $(LIBS)/

# zstd_lib EXTRA-CFLAGS: lib/libzstd.a in the unpacked tree (the library
# keeps each set of flags' objects apart).
zstd_lib = rm -f $(LIBS)/zstd/lib/libzstd.a && \
	$(MAKE) -s -C $(LIBS)/zstd/lib libzstd.a CC=$(MUSLCC) \
		CFLAGS='$(LIB_CFLAGS) -Os -DZSTD_DISABLE_ASM -DZSTD_NO_INLINE \
		-DHUF_FORCE_DECOMPRESS_X1 -DZSTD_FORCE_DECOMPRESS_SEQUENCES_SHORT $(1)' ZSTD_LEGACY_SUPPORT=0 ZSTD_NO_ASM=1 \
		ZSTD_LIB_DICTBUILDER=0 ZSTD_LIB_DEPRECATED=0

# The multicall box's copies: every function in a section of its own, so
# the box's link (--gc-sections) drops what no command calls (11 KB of the
# box at zstd -19). Not the image's: tcc's linker keeps every section, and
# linking a command against them took 2.6 times as long.
BOX_LIB_CFLAGS := -ffunction-sections -fdata-sections
$(LIBS)/box/libzstd.a: $(LIBS)/libzstd.a
	mkdir -p $(@D)
	$(call zstd_lib,$(BOX_LIB_CFLAGS))
	cp $(LIBS)/zstd/lib/libzstd.a $@
$(LIBS)/box/libz.a: $(LIBS)/libz.a
	mkdir -p $(@D)
	rm -rf $(LIBS)/zlib-box && cp -a $(LIBS)/zlib $(LIBS)/zlib-box
	$(MAKE) -s -C $(LIBS)/zlib-box clean
	$(MAKE) -s -C $(LIBS)/zlib-box libz.a CFLAGS='$(LIB_CFLAGS) $(BOX_LIB_CFLAGS)'
	cp $(LIBS)/zlib-box/libz.a $@
