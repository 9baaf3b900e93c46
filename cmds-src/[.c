/* [ - evaluate an expression, closed by ] */
#include "cmd.h"

static const char usage[] = "[ EXPRESSION ]";

int
main(int argc, char *argv[])
{
	cmd_setname(argv[0]);
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
