/* chown - change file owners and groups */
#include "cmd.h"

int
main(int argc, char *argv[])
{
	return owner_main(argc, argv, "chown [-hR] [-H|-L|-P] OWNER[:GROUP] FILE...", 0);
}
