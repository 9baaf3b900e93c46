# The builder (static, contains libtcc) and the object wrapped around commands.

RT := $(B)/runtime
RT_SRC := runtime/name.c runtime/cache.c runtime/lib.c runtime/build.c \
	runtime/ar.c runtime/key.c runtime/key_make.c runtime/cmdsrc.c runtime/deps.c \
	runtime/measure.c runtime/stamp.c runtime/seed.c
RT_CFLAGS := -D_GNU_SOURCE
RT_HDR := $(wildcard runtime/*.h) tcc/cc.h

# tcc and cc are the builder too: UBUILD_LIB (pack/host.mk).
RT_MAIN := runtime/ubuild.c runtime/audit.c runtime/tccfront.c $(UBUILD_LIB)
$(RT)/ubuild: $(RT_MAIN) $(RT_SRC) tcc/cc.c $(RT_HDR) $(LIB_HDR) $(TCC_SRC)/libtcc.a
	@mkdir -p $(@D)
	$(MUSLCC) $(CFLAGS) $(RT_CFLAGS) -ffunction-sections -fdata-sections -static -no-pie \
		-Wl,--gc-sections -Wl,--wrap=open -Wl,--wrap=exit -Iruntime -Itcc -I$(TCC_SRC) -I$(LIB_DIR) -o $@ \
		$(RT_MAIN) $(RT_SRC) tcc/cc.c $(TCC_SRC)/libtcc.a
	$(CROSS)strip -s -R .comment $@

# Linked by tcc into every cached command: plain relocatable code, no PIE.
# With the libc members it calls, their definitions weakened: tcc then loads
# one object instead of searching libc.a for two dozen members on every first
# run (about a millisecond), and a command that defines one of those functions
# itself still wins, as with a plain static link.
$(RT)/check.o: runtime/check.c runtime/key.c runtime/key.h runtime/runtime.mk | $(DEPS)
	@mkdir -p $(@D)
	$(MUSLCC) $(CFLAGS) $(RT_CFLAGS) -c -o $(RT)/check1.o runtime/check.c
	$(MUSLCC) $(CFLAGS) $(RT_CFLAGS) -c -o $(RT)/key1.o runtime/key.c
	$(CROSS)ld -r -o $(RT)/check2.o $(RT)/check1.o $(RT)/key1.o $(MUSL_LIB)/libc.a
	$(CROSS)nm -g --defined-only $(RT)/check2.o | awk '{ print $$3 }' >$(RT)/check.weak
	$(CROSS)objcopy --weaken-symbols=$(RT)/check.weak $(RT)/check2.o $@
	$(CROSS)strip -g -R .comment -R .note.GNU-stack $@
