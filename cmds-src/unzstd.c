/* unzstd - decompress zstd files */
#include "cmd.h"

int
main(int argc, char *argv[])
{
	return zcmd_main(argc, argv, ZIO_ZSTD, ZCMD_DECOMPRESS);
}
