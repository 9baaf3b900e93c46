/* cp.c - cp: copy files and directory trees */
#include "cp.h"

static const char usage[] = "cp [-adfinpRrv] [-H|-L|-P] SOURCE... TARGET";

static struct copy how;

/* Copying directory FROM to TO, inside itself, would never end. */
static int
into_itself(const char *from, const char *to)
{
	char *f = path_canon(from, 0), *t = path_canon(to, CANON_ANY);
	size_t n = f ? strlen(f) : 0;
	int r = f && t && strncmp(f, t, n) == 0 && (t[n] == '\0' || t[n] == '/' || n == 1);

	free(f);
	free(t);
	return r;
}

static void
copy(const char *from, const char *to)
{
	struct stat st;

	if ((how.follow == 'P' ? lstat(from, &st) : stat(from, &st)) == 0 &&
	    S_ISDIR(st.st_mode) && how.recurse && into_itself(from, to)) {
		warn("cannot copy a directory, '%s', into itself, '%s'", from, to);
		return;
	}
	copy_tree(&how, from, to);
}

static const struct opt_long longs[] = {
	{ "archive", 'a' }, { "force", 'f' }, { "dereference", 'L' },
	{ "no-dereference", 'P' }, { "interactive", 'i' }, { "no-clobber", 'n' },
	{ "preserve", 'p' }, { "recursive", 'R' }, { "verbose", 'v' }, { NULL, 0 },
};

static void
parse_options(struct opt *o)
{
	int c;

	o->longs = longs;
	while ((c = opt_next(o, "adfHiLnPpRrv")) != -1) {
		switch (c) {
		case 'a': how.recurse = how.preserve = how.links = 1; how.follow = 'P'; break;
		case 'd': how.links = 1; how.follow = 'P'; break;
		case 'f': how.force = 1; how.interactive = how.noclobber = 0; break;
		case 'i': how.interactive = 1; how.noclobber = 0; break;
		case 'n': how.noclobber = 1; how.interactive = 0; break;
		case 'H': case 'L': case 'P': how.follow = c; break;
		case 'p': how.preserve = 1; break;
		case 'R': case 'r': how.recurse = 1; break;
		case 'v': how.verbose = 1; break;
		default: die_usage(o);
		}
	}
	/* The operand is followed with -H or -L, or by default without -R;
	 * links inside the tree only with -L. */
	how.follow = how.follow == 'L' ? 'L' :
	    how.follow == 'H' || (how.follow == 0 && !how.recurse) ? 'H' : 'P';
}

int
cp_main(int argc, char **argv)
{
	struct opt o = OPT_INIT(argc, argv, usage);
	struct stat st;
	const char *last;
	int n;

	memset(&how, 0, sizeof how);
	parse_options(&o);
	if ((n = argc - o.ind) < 2)
		die_usage(&o);
	how.mask = umask(0);
	umask(how.mask);
	last = argv[argc - 1];
	operands(argv + o.ind, n - 1, last, stat(last, &st) == 0 && S_ISDIR(st.st_mode), copy);
	copy_free();
	return cmd_exit();
}
