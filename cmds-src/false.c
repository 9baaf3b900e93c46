/* false - do nothing, unsuccessfully */
#include "cmd.h"

int
main(void)
{
	return 1;
}
