/* true - do nothing, successfully */
#include "cmd.h"

int
main(void)
{
	return 0;
}
