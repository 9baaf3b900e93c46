/* rmdir - remove empty directories */
#include "cmd.h"

static const char usage[] = "rmdir [-pv] DIR...";

static int verbose;

static int
remove_dir(const char *path)
{
	if (verbose)
		printf("rmdir: removing directory, '%s'\n", path);
	if (rmdir(path) < 0) {
		warn_errno("%s", path);
		return -1;
	}
	return 0;
}

/* With -p: DIR, then each parent it names, up to the first failure. */
static void
remove_parents(char *path)
{
	size_t n;

	for (;;) {
		if (remove_dir(path) < 0)
			return;
		n = strlen(path);
		while (n > 0 && path[n - 1] == '/')
			n--;
		while (n > 0 && path[n - 1] != '/')
			n--;
		while (n > 0 && path[n - 1] == '/')
			n--;
		if (n == 0)
			return;
		path[n] = '\0';
	}
}

static const struct opt_long longs[] = {
	{ "parents", 'p' }, { "verbose", 'v' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, parents = 0;

	verbose = 0;
	o.longs = longs;
	while ((c = opt_next(&o, "pv")) != -1) {
		switch (c) {
		case 'p': parents = 1; break;
		case 'v': verbose = 1; break;
		default: die_usage(&o);
		}
	}
	if (o.ind == argc)
		die_usage(&o);
	for (int i = o.ind; i < argc; i++) {
		if (parents)
			remove_parents(argv[i]);
		else
			remove_dir(argv[i]);
	}
	return cmd_exit();
}
