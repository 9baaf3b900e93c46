/* sha1sum - print or check SHA1 digests of files */
#include "cmd.h"

int
main(int argc, char *argv[])
{
	return hashsum_main(argc, argv, HASH_SHA1);
}
