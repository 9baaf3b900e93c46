/* md5sum - print or check MD5 digests of files */
#include "cmd.h"

int
main(int argc, char *argv[])
{
	return hashsum_main(argc, argv, HASH_MD5);
}
