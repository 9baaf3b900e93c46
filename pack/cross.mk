# arm64: musl and its compiler (pack/musl-cross.sh) come before anything is
# built: every rule that compiles waits for $(DEPS), and $(DEPS) for them.

ifeq ($(ARCH),arm64)
$(MUSLCC): pack/musl-cross.sh pack/apt-download.sh
	pack/musl-cross.sh $(DL) $(MUSL_CROSS) $(MUSL_VERSION)
$(DEPS): $(MUSLCC)
endif
