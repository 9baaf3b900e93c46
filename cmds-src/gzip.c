/* gzip - compress files (gzip format, by zlib) */
#include "cmd.h"

int
main(int argc, char *argv[])
{
	return zcmd_main(argc, argv, ZIO_GZIP, ZCMD_COMPRESS);
}
