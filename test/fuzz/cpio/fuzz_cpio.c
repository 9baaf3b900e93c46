/*
 * fuzz_cpio - libFuzzer harness: cpio's reader (cmds-src/cpio.c, its main
 * called in-process) on arbitrary archives, listing only (cpio -it: nothing
 * is written to the file system). The first byte picks the options (-v, a
 * pattern operand); the rest is the archive (newc, odc; plain, gzip or zstd).
 */
#define main cpio_main
#include "../../../cmds-src/cpio.c"
#undef main
#include "../lib/incmd.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	char *argv[8];
	int argc = 0;

	if (size == 0)
		return 0;
	incmd_file("archive", data + 1, size - 1);
	argv[argc++] = "cpio";
	argv[argc++] = data[0] & 1 ? "-itv" : "-it";
	argv[argc++] = "-F";
	argv[argc++] = "archive";
	if (data[0] & 2)
		argv[argc++] = "d*/[a-f]?le";
	argv[argc] = NULL;
	/* What cpio leaves for exit to free when it quits. */
	if (incmd_run(cpio_main, argc, argv) >= 256)
		zio_free(cp.z);
	return 0;
}
