/* which - find utilities in PATH */
#include "cmd.h"
#include "proc.h"

static const char usage[] = "which [-a] NAME...";

static int
executable(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
	    faccessat(AT_FDCWD, path, X_OK, AT_EACCESS) == 0;
}

/* path_search's visitor for -a: print every FILE that may be run. */
static int
show(const char *file, void *found)
{
	if (executable(file)) {
		puts(file);
		*(int *)found = 1;
	}
	return 0;
}

/* Print where NAME is: the first place, or with ALL every one. 0 if nowhere. */
static int
which(const char *name, int all)
{
	int found = 0;
	char *file;

	if (all && strchr(name, '/') == NULL) {
		path_search(getenv("PATH"), name, show, &found);
		return found;
	}
	if ((file = path_find(getenv("PATH"), name, X_OK)) == NULL)
		return 0;
	puts(file);
	free(file);
	return 1;
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, all = 0, missing = 0, status;

	while ((c = opt_next(&o, "a")) != -1) {
		if (c != 'a') {
			fprintf(stderr, "usage: %s\n", usage);
			return 2;
		}
		all = 1;
	}
	if (o.ind == argc) {
		fprintf(stderr, "usage: %s\n", usage);
		return 2;
	}
	for (int i = o.ind; i < argc; i++)
		if (!which(argv[i], all))
			missing = 1;
	status = cmd_exit();
	return status ? status : missing;
}
