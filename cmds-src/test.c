/*
 * test - evaluate an expression; run as [, the expression is closed by ].
 * The expression is the library's (test_eval.c), which the shell shares.
 */
#include "cmd.h"
#include "proc.h"

CMD_NAMES("test", "[");

/*
 * test takes no options, not even --help: POSIX makes every argument part of
 * the expression ("test --help" is a string test, true). [ takes --help alone.
 */
int
main(int argc, char *argv[])
{
	static const char usage[] = "[ EXPRESSION ]";

	cmd_setname(argv[0]);
	if (cmd_called(argv[0], cmd_names) == 0)
		return test_eval(argc - 1, argv + 1);
	if (argc == 2 && strcmp(argv[1], "--help") == 0) {
		printf("usage: %s\n", usage);
		return cmd_exit();
	}
	if (argc < 2 || strcmp(argv[argc - 1], "]") != 0) {
		warn("missing ]");
		return 2;
	}
	return test_eval(argc - 2, argv + 1);
}
