/* test - evaluate an expression */
#include "cmd.h"

/*
 * No options, not even --help: POSIX makes every argument part of the
 * expression ("test --help" is a string test, true). 0 true, 1 false, 2 error.
 */
int
main(int argc, char *argv[])
{
	cmd_setname(argv[0]);
	return test_eval(argc - 1, argv + 1);
}
