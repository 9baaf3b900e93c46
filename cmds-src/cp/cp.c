/* cp.c - cp: copy files and directory trees */
#include "cp.h"

static const char usage[] = "cp [-adfinpRrv] [-H|-L|-P] [--parents] {SOURCE... TARGET | -t DIR SOURCE...}";

static struct copy how;
static const char *into;	/* -t DIR */
static int parents;		/* --parents */

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

/* --parents: FROM goes to DIR/FROM, the directories on the way made. */
static void
copy_parents(char **src, int n, const char *dir)
{
	struct stat st;
	char *to;

	if (stat(dir, &st) < 0)
		die_errno("%s", dir);
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		die_errno("%s", dir);
	}
	for (int i = 0; i < n; i++) {
		to = path_join(dir, src[i] + strspn(src[i], "/"));
		for (char *s = strchr(to + strlen(dir) + 1, '/'); s; s = strchr(s + 1, '/')) {
			*s = '\0';
			if (mkdir(to, 0777 & ~how.mask) < 0 && errno != EEXIST)
				warn_errno("%s", to);
			*s = '/';
		}
		copy(src[i], to);
		free(to);
	}
}

static const struct opt_long longs[] = {
	{ "archive", 'a' }, { "force", 'f' }, { "dereference", 'L' },
	{ "no-dereference", 'P' }, { "interactive", 'i' }, { "no-clobber", 'n' },
	{ "preserve", 'p' }, { "recursive", 'R' }, { "verbose", 'v' },
	{ "target-directory", 't' }, { "parents", 1 }, { NULL, 0 },
};

static void
parse_options(struct opt *o)
{
	int c;

	o->longs = longs;
	while ((c = opt_next(o, "adfHiLnPpRrt:v\001")) != -1) {
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
		case 't': into = o->arg; break;
		case 1: parents = 1; break;
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
	into = NULL;
	parents = 0;
	parse_options(&o);
	n = argc - o.ind;
	how.mask = umask(0);
	umask(how.mask);
	if (into && n > 0) {
		if (parents)
			copy_parents(argv + o.ind, n, into);
		else
			operands_into(argv + o.ind, n, into, copy);
		copy_free();
		return cmd_exit();
	}
	if (into || n < 2)
		die_usage(&o);
	last = argv[argc - 1];
	if (parents) {
		copy_parents(argv + o.ind, n - 1, last);
		copy_free();
		return cmd_exit();
	}
	operands(argv + o.ind, n - 1, last, stat(last, &st) == 0 && S_ISDIR(st.st_mode), copy);
	copy_free();
	return cmd_exit();
}
