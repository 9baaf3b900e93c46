/* chgrp - change file groups */
#include "cmd.h"

int
main(int argc, char *argv[])
{
	return owner_main(argc, argv, "chgrp [-hR] [-H|-L|-P] GROUP FILE...", 1);
}
