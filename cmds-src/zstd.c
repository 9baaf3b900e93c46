/* zstd - compress files (zstd format, by libzstd) */
#include "cmd.h"

int
main(int argc, char *argv[])
{
	return zcmd_main(argc, argv, ZIO_ZSTD, ZCMD_COMPRESS);
}
