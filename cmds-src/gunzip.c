/* gunzip - decompress gzip files */
#include "cmd.h"

int
main(int argc, char *argv[])
{
	return zcmd_main(argc, argv, ZIO_GZIP, ZCMD_DECOMPRESS);
}
