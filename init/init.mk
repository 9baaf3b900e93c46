# PID 1: static musl, never linked with libtcc.

INIT_SRC := init/init.c init/cmdline.c init/run.c init/say.c init/measure.c
# The TPM client and SHA-256 (BearSSL's, for files), for measuring the box (init/measure.c); in the
# box, init takes them from the command library.
INIT_LIB := $(addprefix $(LIB_DIR)/,tpm2.c sha256.c md.c sha256_file.c)

$(B)/init/init: $(INIT_SRC) $(INIT_LIB) init/init.h $(LIBS)/libbearssl.a | $(DEPS)
	@mkdir -p $(@D)
	$(MUSLCC) $(CFLAGS) -D_GNU_SOURCE -I$(LIB_DIR) -I$(LIBS) -static -no-pie -o $@ $(INIT_SRC) $(INIT_LIB) \
		$(LIBS)/libbearssl.a
	$(CROSS)strip -s -R .comment $@
