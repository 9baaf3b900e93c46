/* which - find utilities in PATH */
#include "cmd.h"

static const char usage[] = "which [-a] NAME...";

static int
executable(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
	    faccessat(AT_FDCWD, path, X_OK, AT_EACCESS) == 0;
}

/* Print where NAME is: the first place, or with ALL every one. 0 if nowhere. */
static int
which(const char *name, int all)
{
	const char *path = getenv("PATH"), *p, *end;
	char *dir, *file;
	int found = 0;

	if (strchr(name, '/') != NULL) {
		if (!executable(name))
			return 0;
		puts(name);
		return 1;
	}
	if (path == NULL)
		path = "/usr/local/bin:/usr/bin:/bin";
	for (p = path; *name != '\0' && (all || !found); p = end + 1) {
		end = strchrnul(p, ':');
		dir = xmalloc(end - p + 2);
		memcpy(dir, p, end - p);
		dir[end - p] = '\0';
		file = path_join(end == p ? "." : dir, name);	/* "" is the current directory */
		free(dir);
		if (executable(file)) {
			puts(file);
			found = 1;
		}
		free(file);
		if (*end == '\0')
			break;
	}
	return found;
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
