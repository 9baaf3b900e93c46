# Host tools built from files of the command library: the files each one
# uses, named here once for its rule and its tests.

# tcc and cc are the builder too; they hash scripts with the library's SHA-256.
# The builder measures the sources it compiles into the TPM (runtime/measure.c).
UBUILD_LIB := $(addprefix $(LIB_DIR)/,sha256.c md.c tpm2.c)
# The packer: the manifest's SHA-256, and the library's helpers.
PACK_LIB := $(addprefix $(LIB_DIR)/,sha256.c md.c xmalloc.c path_join.c io.c err.c opt.c cmd_exit.c)
# The image chooser: options, errors and output.
SELECT_LIB := $(addprefix $(LIB_DIR)/,err.c opt.c io.c cmd_exit.c)
# The unit test of the SHA-256 (test/unit/test_sha256.c).
TEST_SHA256_LIB := $(addprefix $(LIB_DIR)/,sha256.c md.c)
