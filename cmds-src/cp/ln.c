/* ln.c - ln: make hard or symbolic links */
#include "cp.h"

static const char usage[] = "ln [-fnsTv] [-L|-P] {TARGET... [LINK|DIR] | -t DIR TARGET...}";

static int force, symbolic, verbose, follow;

/* With -f, clear LINK out of the way: never a directory, never TARGET itself. */
static int
make_room(const char *target, const char *link)
{
	struct stat lt, tt;

	if (lstat(link, &lt) < 0)
		return errno == ENOENT ? 0 : -1;
	if (S_ISDIR(lt.st_mode)) {
		errno = EISDIR;
		return -1;
	}
	if (!symbolic && (follow ? stat(target, &tt) : lstat(target, &tt)) == 0 && same_file(&lt, &tt)) {
		warn("'%s' and '%s' are the same file", target, link);
		return -2;
	}
	return unlink(link);
}

/* Name the operand the kernel complained about: a missing target, else the link. */
static void
report(const char *target, const char *link)
{
	struct stat st;
	int err = errno;
	const char *who = link;

	if (!symbolic && err == ENOENT && (follow ? stat(target, &st) : lstat(target, &st)) < 0)
		who = target;
	errno = err;
	warn_errno("%s", who);
}

static void
make_link(const char *target, const char *link)
{
	int r;

	if (force && (r = make_room(target, link)) < 0) {
		if (r == -1)
			warn_errno("%s", link);
		return;
	}
	if (symbolic)
		r = symlink(target, link);
	else
		r = linkat(AT_FDCWD, target, AT_FDCWD, link, follow ? AT_SYMLINK_FOLLOW : 0);
	if (r < 0) {
		report(target, link);
		return;
	}
	if (verbose)
		printf("'%s' -> '%s'\n", link, target);
}

/* Is PATH a directory to put links in? With -n, a symlink to one is not. */
static int
is_dir(const char *path, int nofollow)
{
	struct stat st;

	if (nofollow && lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
		return 0;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static const struct opt_long longs[] = {
	{ "force", 'f' }, { "logical", 'L' }, { "no-dereference", 'n' },
	{ "physical", 'P' }, { "symbolic", 's' }, { "no-target-directory", 'T' },
	{ "target-directory", 't' }, { "verbose", 'v' }, { NULL, 0 },
};

int
ln_main(int argc, char **argv)
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, n, nofollow = 0, notdir = 0;
	const char *last, *into = NULL;

	force = symbolic = verbose = follow = 0;
	o.longs = longs;
	while ((c = opt_next(&o, "fLnPsTt:v")) != -1) {
		switch (c) {
		case 'f': force = 1; break;
		case 'L': follow = 1; break;
		case 'P': follow = 0; break;
		case 'n': nofollow = 1; break;
		case 's': symbolic = 1; break;
		case 'T': notdir = 1; break;
		case 't': into = o.arg; break;
		case 'v': verbose = 1; break;
		default: die_usage(&o);
		}
	}
	n = argc - o.ind;
	if (into && n > 0 && !notdir) {
		operands_into(argv + o.ind, n, into, make_link);
		return cmd_exit();
	}
	if (into || n == 0 || (notdir && n != 2))
		die_usage(&o);
	if (n == 1) {	/* a link of the same name here */
		operands(argv + o.ind, 1, ".", 1, make_link);
		return cmd_exit();
	}
	last = argv[argc - 1];
	operands(argv + o.ind, n - 1, last, !notdir && is_dir(last, nofollow), make_link);
	return cmd_exit();
}
