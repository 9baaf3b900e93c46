/* tty - name the terminal on standard input */
#include "cmd.h"

static const char usage[] = "tty [-s]";

/* POSIX: 0 a terminal, 1 not one, more than 1 trouble. */
#define TROUBLE 2

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	const char *name;
	int c, silent = 0;

	while ((c = opt_next(&o, "s")) != -1) {
		if (c != 's') {
			fprintf(stderr, "usage: %s\n", usage);
			return TROUBLE;
		}
		silent = 1;
	}
	if (o.ind != argc) {
		fprintf(stderr, "usage: %s\n", usage);
		return TROUBLE;
	}
	if (silent)
		return isatty(0) ? 0 : 1;
	if ((name = ttyname(0)) != NULL) {
		puts(name);
		return cmd_exit() ? TROUBLE : 0;
	}
	if (errno != ENOTTY && errno != EBADF && errno != EINVAL) {
		warn_errno("standard input");
		return TROUBLE;
	}
	puts("not a tty");
	return cmd_exit() ? TROUBLE : 1;
}
