# TinyCC from Debian 12's source package, built against musl with image paths.

TCC_VERSION := 0.9.27+git20200814.62c30a4a
TCC_SRC := $(B)/tcc/src
TCC_LIBS := $(TCC_SRC)/libtcc.a $(TCC_SRC)/libtcc1.a

TCC_CONF := --cc=$(MUSLCC) --config-musl --cpu=$(TCC_CPU) --triplet=$(TCC_CPU)-linux-musl \
	--prefix=/usr --tccdir=/usr/lib/tcc \
	--sysincludepaths='{B}/include:/usr/include' --libpaths=/usr/lib \
	--crtprefix=/usr/lib --elfinterp=/lib/ld-musl-$(TCC_CPU).so.1 \
	--extra-cflags='-Os -ffunction-sections -fdata-sections -fno-pie -fno-stack-protector $(NO_UNWIND)' \
	--extra-ldflags='-static -no-pie'

$(DL)/tcc_$(TCC_VERSION)-1.dsc: | $(DEPS)
	pack/debsrc.sh tcc $(TCC_VERSION)-1 $(DL)

# arm64's own fixes, after musl's (x86_64 has none: the line is empty there).
TCC_ARCH_PATCH := $(if $(filter arm64,$(ARCH)),tcc/arm64-fixes.patch)

$(TCC_SRC)/.patched: $(DL)/tcc_$(TCC_VERSION)-1.dsc tcc/musl-fixes.patch tcc/tcc.mk $(TCC_ARCH_PATCH)
	rm -rf $(TCC_SRC) && mkdir -p $(B)/tcc
	dpkg-source --no-check -x $< $(TCC_SRC) >/dev/null
	patch -s -d $(TCC_SRC) -p1 <tcc/musl-fixes.patch
	$(if $(TCC_ARCH_PATCH),patch -s -d $(TCC_SRC) -p1 <$(TCC_ARCH_PATCH))
	cd $(TCC_SRC) && ./configure $(TCC_CONF) >/dev/null
	touch $@

# libtcc1's bt-exe.o is built by the new tcc, whose system headers are the
# image's /usr/include: point it at musl's headers on this host.
ifeq ($(ARCH),x86_64)
$(TCC_LIBS) &: $(TCC_SRC)/.patched
	$(MAKE) -s -C $(TCC_SRC) libtcc.a tcc
	$(MAKE) -s -C $(TCC_SRC)/lib XFLAGS-unx='-B.. -I$(abspath $(MUSL_INC))'
else
# Cross: the new tcc does not run here, so a cross tcc built by HOSTCC from
# the same configured tree (same paths) compiles libtcc1.a (without the
# backtrace objects, which tcc builds only natively).
$(TCC_LIBS) &: $(TCC_SRC)/.patched
	$(MAKE) -s -C $(TCC_SRC) libtcc.a tcc
	$(MAKE) -s -C $(TCC_SRC) arm64-tcc CC=$(HOSTCC) LDFLAGS=-no-pie
	$(MAKE) -s -C $(TCC_SRC)/lib CROSS_TARGET=arm64 XFLAGS-unx='-B.. -I$(MUSL_INC)'
	cp $(TCC_SRC)/arm64-libtcc1.a $(TCC_SRC)/libtcc1.a
endif
