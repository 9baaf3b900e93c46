/* mkdir - make directories */
#include "cmd.h"
#include "attr.h"

static const char usage[] = "mkdir [-pv] [-m MODE] DIR...";

static int parents, verbose;

static void
created(const char *path)
{
	if (verbose)
		printf("mkdir: created directory '%s'\n", path);
}

/* Make the operand; with -p an existing directory is success. */
static int
make_dir(const char *path, mode_t mode)
{
	struct stat st;
	int err;

	if (mkdir(path, mode & 0777) == 0) {
		created(path);
		return 1;
	}
	err = errno;
	if (err == EEXIST && parents && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return 0;
	errno = err;
	warn_errno("%s", path);
	return -1;
}

/* Set the exact mode, which mkdir's umask may have trimmed. */
static void
fix_mode(const char *path, mode_t mode)
{
	if (chmod(path, mode) < 0)
		warn_errno("%s", path);
}

/*
 * Each leading component of PATH, made u+wx so the next one can go inside.
 * Whatever exists already is left for the last mkdir to judge.
 */
static int
make_parents(char *path, mode_t mask)
{
	mode_t mode = (0777 & ~mask) | S_IWUSR | S_IXUSR;
	char *p = path, *slash;
	int made;

	for (;;) {
		p += strspn(p, "/");
		if ((slash = strchr(p, '/')) == NULL)
			return 0;
		*slash = '\0';
		made = mkdir(path, 0777) == 0;
		if (!made && errno != EEXIST) {
			warn_errno("%s", path);
			*slash = '/';
			return -1;
		}
		if (made)
			created(path);
		if (made && (mode & ~mask) != mode)
			fix_mode(path, mode);
		*slash = '/';
		p = slash + 1;
	}
}

static const struct opt_long longs[] = {
	{ "mode", 'm' }, { "parents", 'p' }, { "verbose", 'v' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	const char *modearg = NULL;
	mode_t mask = umask(0), mode = 0777;
	int c;

	umask(mask);
	parents = verbose = 0;
	o.longs = longs;
	while ((c = opt_next(&o, "m:pv")) != -1) {
		switch (c) {
		case 'm': modearg = o.arg; break;
		case 'p': parents = 1; break;
		case 'v': verbose = 1; break;
		default: die_usage(&o);
		}
	}
	if (o.ind == argc)
		die_usage(&o);
	if (modearg != NULL && mode_parse(modearg, &mode, mask, 1) < 0)
		die("invalid mode '%s'", modearg);
	for (int i = o.ind; i < argc; i++) {
		if (parents && make_parents(argv[i], mask) < 0)
			continue;
		if (make_dir(argv[i], mode) > 0 && modearg != NULL)
			fix_mode(argv[i], mode);
	}
	return cmd_exit();
}
