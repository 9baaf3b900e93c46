/* zcat - decompress gzip files to standard output */
#include "cmd.h"

int
main(int argc, char *argv[])
{
	return zcmd_main(argc, argv, ZIO_GZIP, ZCMD_CAT);
}
