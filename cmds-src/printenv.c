/* printenv - print the environment, or the values of some variables */
#include "cmd.h"

static const char usage[] = "printenv [-0] [NAME...]";

extern char **environ;

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, end = '\n', missing = 0, status;
	const char *v;

	while ((c = opt_next(&o, "0")) != -1) {
		if (c != '0') {
			fprintf(stderr, "usage: %s\n", usage);
			return 2;
		}
		end = '\0';
	}
	if (o.ind == argc)
		for (char **e = environ; *e != NULL; e++)
			printf("%s%c", *e, end);
	for (int i = o.ind; i < argc; i++) {
		v = strchr(argv[i], '=') ? NULL : getenv(argv[i]);
		if (v != NULL)
			printf("%s%c", v, end);
		else
			missing = 1;
	}
	status = cmd_exit();
	return status ? status : missing;
}
