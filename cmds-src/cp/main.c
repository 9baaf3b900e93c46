/* cp - copy files and directory trees; as mv move them, as ln link them */
#include "cp.h"

CMD_NAMES("cp", "mv", "ln");

/* The last component of PATH, trailing slashes dropped, malloc'd ("" for "/"). */
static char *
base_name(const char *path)
{
	size_t n = strlen(path), start;
	char *s;

	while (n > 1 && path[n - 1] == '/')
		n--;
	for (start = n; start > 0 && path[start - 1] != '/'; start--)
		;
	s = xmalloc(n - start + 1);
	memcpy(s, path + start, n - start);
	s[n - start] = '\0';
	return s;
}

/*
 * The one loop of the three (sbase's enmasse): a single source goes to
 * TARGET itself unless TARGET is a directory; otherwise every source goes
 * into it under its last component, and more than one source needs one.
 */
void
operands(char **src, int n, const char *target, int isdir, void (*fn)(const char *from, const char *to))
{
	char *base, *to;

	if (n == 1 && !isdir) {
		fn(src[0], target);
		return;
	}
	if (!isdir) {
		errno = ENOTDIR;
		die_errno("%s", target);
	}
	for (int i = 0; i < n; i++) {
		base = base_name(src[i]);
		to = path_join(target, base);
		fn(src[i], to);
		free(to);
		free(base);
	}
}

/* -t DIR: every operand is a source, and DIR must be a directory. */
void
operands_into(char **src, int n, const char *dir, void (*fn)(const char *from, const char *to))
{
	struct stat st;

	if (stat(dir, &st) < 0)
		die_errno("%s", dir);
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		die_errno("%s", dir);
	}
	operands(src, n, dir, 1, fn);
}

int
same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/* May TO, which exists, be replaced? -n says no, -i asks; mv asks too, as
 * POSIX says, for a target it may not write when standard input is a terminal. */
int
may_replace(const struct copy *how, const char *to)
{
	if (how->noclobber)
		return 0;
	if (how->interactive ||
	    (how->ask_unwritable && !how->force && access(to, W_OK) < 0 && errno == EACCES && isatty(0)))
		return ask_yes("%s: overwrite '%s'? ", cmd_name, to);
	return 1;
}

int
main(int argc, char *argv[])
{
	static int (*const mains[])(int, char **) = { cp_main, mv_main, ln_main };

	return mains[cmd_called(argv[0], cmd_names)](argc, argv);
}
