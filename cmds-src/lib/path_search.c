/* path_search.c - a name looked up in a search path such as $PATH */
#include "cmd.h"
#include "proc.h"

int
path_search(const char *path, const char *name, int (*fn)(const char *file, void *arg), void *arg)
{
	size_t n = strlen(name), d;
	const char *p, *end;
	char *file;
	int r = 0;

	if (path == NULL)
		path = PATH_DEFAULT;
	file = xmalloc(strlen(path) + n + 3);
	for (p = path; r == 0; p = end + 1) {
		end = strchrnul(p, ':');
		if ((d = end - p) == 0) {
			p = ".";	/* an empty entry is the current directory */
			d = 1;
		}
		memcpy(file, p, d);
		if (file[d - 1] != '/')
			file[d++] = '/';
		memcpy(file + d, name, n + 1);
		r = fn(file, arg);
		if (*end == '\0')
			break;
	}
	free(file);
	return r;
}

static int
usable(const char *file, int mode)
{
	struct stat st;

	return stat(file, &st) == 0 && S_ISREG(st.st_mode) &&
	    faccessat(AT_FDCWD, file, mode, AT_EACCESS) == 0;
}

struct find {
	int mode;
	char *found;
};

static int
find_one(const char *file, void *arg)
{
	struct find *f = arg;

	if (!usable(file, f->mode))
		return 0;
	f->found = xstrdup(file);
	return 1;
}

char *
path_find(const char *path, const char *name, int mode)
{
	struct find f = { mode, NULL };

	if (strchr(name, '/') != NULL)
		return usable(name, mode) ? xstrdup(name) : NULL;
	path_search(path, name, find_one, &f);
	return f.found;
}
