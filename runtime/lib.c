/* lib.c - the source files of the library and of directory commands, in a stable order */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ubuild.h"

int
ub_is_c(const char *path)
{
	size_t n = strlen(path);

	return n > 2 && strcmp(path + n - 2, ".c") == 0;
}

static int
wanted(const char *name)
{
	size_t n = strlen(name);

	return name[0] != '.' && n > 2 && name[n - 2] == '.' &&
	    (name[n - 1] == 'c' || name[n - 1] == 'h');
}

int
ub_by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void
ub_free_list(char **v)
{
	for (size_t i = 0; v != NULL && v[i] != NULL; i++)
		free(v[i]);
	free(v);
}

/* The library's files. A missing library directory is an empty library, not an error. */
char **
ub_lib_sources(const struct ub *u)
{
	char dir[4096];

	snprintf(dir, sizeof dir, "%s/lib", u->src);
	return ub_dir_sources(dir);
}

/* P into V, N names in order, keeping the order and the NULL after them
 * (a binary search: musl's qsort moves its elements with memcpy). */
static void
insert(char **v, size_t n, char *p)
{
	size_t lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (strcmp(v[mid], p) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	memmove(v + lo + 1, v + lo, (n - lo) * sizeof *v);
	v[lo] = p;
	v[n + 1] = NULL;
}

/* The .c and .h files of DIR, sorted, NULL-terminated; none if DIR is missing. */
char **
ub_dir_sources(const char *dir)
{
	char **v = NULL, **nv, *p;
	size_t n = 0, cap = 0, dlen = strlen(dir), len;
	struct dirent *d;
	DIR *dp;

	if ((dp = opendir(dir)) == NULL && errno != ENOENT)
		return NULL;
	while (dp != NULL && (d = readdir(dp)) != NULL) {
		if (!wanted(d->d_name))
			continue;
		if (n + 2 > cap) {
			cap = 2 * cap + 64;
			if ((nv = realloc(v, cap * sizeof *v)) == NULL)
				goto fail;
			v = nv;
		}
		len = strlen(d->d_name) + 1;
		if ((p = malloc(dlen + 1 + len)) == NULL)
			goto fail;
		memcpy(p, dir, dlen);
		p[dlen] = '/';
		memcpy(p + dlen + 1, d->d_name, len);
		insert(v, n++, p);
	}
	if (dp != NULL)
		closedir(dp);
	if (v == NULL && (v = calloc(1, sizeof *v)) == NULL)
		return NULL;
	return v;
fail:
	if (v != NULL)
		v[n] = NULL;
	ub_free_list(v);
	closedir(dp);
	return NULL;
}
