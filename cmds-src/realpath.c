/* realpath - print canonical absolute paths */
#include "cmd.h"
#include "path.h"

static const char usage[] =
    "realpath [-E|-e|-m] [-sqz] [--relative-to=DIR] [--relative-base=DIR] FILE...";

enum { OPT_TO = 1, OPT_BASE };

static const struct opt_long longs[] = {
	{ "canonicalize", 'E' }, { "canonicalize-existing", 'e' },
	{ "canonicalize-missing", 'm' }, { "no-symlinks", 's' }, { "strip", 's' },
	{ "quiet", 'q' }, { "zero", 'z' }, { "relative-to", OPT_TO },
	{ "relative-base", OPT_BASE }, { NULL, 0 },
};

/* Where PATH and DIR (canonical, absolute) part: the end of their common directory. */
static size_t
common_dir(const char *path, const char *dir)
{
	size_t k = 0;

	for (size_t j = 0;; j++) {
		if ((dir[j] == '/' || dir[j] == '\0') && (path[j] == '/' || path[j] == '\0'))
			k = j;
		if (dir[j] != path[j] || dir[j] == '\0')
			return k;
	}
}

static int
is_under(const char *path, const char *base)
{
	return strcmp(base, "/") == 0 || common_dir(path, base) == strlen(base);
}

/* PATH as seen from DIR: "../" for each of DIR's own components, then PATH's. */
static void
put_relative(const char *path, const char *dir)
{
	size_t k = common_dir(path, dir);
	const char *rest = path + k + (path[k] == '/');
	int ups = 0;

	for (const char *d = dir + k; *d != '\0'; d++)
		ups += d[0] != '/' && (d == dir || d[-1] == '/');
	for (int i = 0; i < ups; i++)
		fputs(i + 1 < ups || *rest != '\0' ? "../" : "..", stdout);
	if (*rest != '\0')
		fputs(rest, stdout);
	else if (ups == 0)
		putchar('.');
}

static char *
canon_dir(const char *dir, int how)
{
	char *s = dir != NULL ? path_canon(dir, how) : NULL;

	if (dir != NULL && s == NULL)
		die_errno("%s", dir);
	return s;
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, how = CANON_LAST, links = 0, quiet = 0, end = '\n';
	char *s, *to = NULL, *base = NULL;

	o.longs = longs;
	while ((c = opt_next(&o, "Eemsqz\001:\002:")) != -1) {
		switch (c) {
		case 'E': how = CANON_LAST; break;
		case 'e': how = 0; break;
		case 'm': how = CANON_ANY; break;
		case 's': links = CANON_NOLINKS; break;
		case 'q': quiet = 1; break;
		case 'z': end = '\0'; break;
		case OPT_TO: to = o.arg; break;
		case OPT_BASE: base = o.arg; break;
		default: die_usage(&o);
		}
	}
	if (o.ind == argc)
		die_usage(&o);
	to = canon_dir(to, how | links);
	base = canon_dir(base, how | links);
	if (to != NULL && base != NULL && !is_under(to, base))
		to = base = NULL;	/* GNU: then nothing is printed relative */
	else if (to == NULL)
		to = base;
	for (int i = o.ind; i < argc; i++) {
		if ((s = path_canon(argv[i], how | links)) == NULL) {
			if (quiet)
				cmd_status = 1;
			else
				warn_errno("%s", argv[i]);
			continue;
		}
		if (to != NULL && (base == NULL || is_under(s, base)))
			put_relative(s, to);
		else
			fputs(s, stdout);
		putchar(end);
		free(s);
	}
	return cmd_exit();
}
