/*
 * fuzz_tar - libFuzzer harness: tar's reader (cmds-src/tar.c, its main called
 * in-process) on arbitrary archives: tar -t, or tar -x -O (members to standard
 * output: nothing is written to the file system). The first byte picks the
 * options (-v, -x -O, a member operand, --strip-components); the rest is the
 * archive, plain, gzip or zstd as its first bytes say.
 */
#define main tar_main
#include "../../../cmds-src/tar.c"
#undef main
#include "../lib/incmd.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	char *argv[10];
	int argc = 0;

	if (size == 0)
		return 0;
	incmd_file("archive", data + 1, size - 1);
	argv[argc++] = "tar";
	argv[argc++] = data[0] & 2 ? "-xO" : "-t";
	if (data[0] & 1)
		argv[argc++] = "-v";
	if (data[0] & 8)
		argv[argc++] = "--strip-components=1";
	argv[argc++] = "-f";
	argv[argc++] = "archive";
	if (data[0] & 4)
		argv[argc++] = "dir/file";
	argv[argc] = NULL;
	if (incmd_run(tar_main, argc, argv) >= 256) {
		/* What a fatal error left for exit to free. */
		free(tar.found);
		free(tar.args);
		free(tar.xt.said.prefix);
	}
	zio_free(tar.z);	/* tar leaves it to exit in any case */
	tar.z = NULL;
	return 0;
}
