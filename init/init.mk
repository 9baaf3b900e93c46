# PID 1: static musl, never linked with libtcc.

INIT_SRC := init/init.c init/cmdline.c init/run.c init/say.c

$(B)/init/init: $(INIT_SRC) init/init.h | $(DEPS)
	@mkdir -p $(@D)
	$(MUSLCC) $(CFLAGS) -D_GNU_SOURCE -static -no-pie -o $@ $(INIT_SRC)
	strip -s -R .comment $@
