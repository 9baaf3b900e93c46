/* rel_path.c - one absolute path relative to another's directory */
#include <stdlib.h>
#include <string.h>
#include "bootcheck.h"
#include "err.h"

/* PATH's components into V (at most MAX), "." dropped, ".." popping one. */
static int
split(char *path, char **v, int max)
{
	int n = 0;

	for (char *c = strtok(path, "/"); c != NULL; c = strtok(NULL, "/")) {
		if (strcmp(c, ".") == 0)
			continue;
		if (strcmp(c, "..") == 0) {
			n -= n > 0;
			continue;
		}
		if (n == max)
			return -1;
		v[n++] = c;
	}
	return n;
}

#define PARTS_MAX 256

char *
rel_path(const char *dir, const char *path)
{
	char *d = xstrdup(dir), *p = xstrdup(path), *dv[PARTS_MAX], *pv[PARTS_MAX], *out;
	int nd = split(d, dv, PARTS_MAX), np = split(p, pv, PARTS_MAX), same = 0;
	size_t len = 1;

	if (nd < 0 || np < 0)
		die("%s: too deep", nd < 0 ? dir : path);
	while (same < nd && same < np && strcmp(dv[same], pv[same]) == 0)
		same++;
	len += (size_t)(nd - same) * 3 + strlen(path);
	out = xmalloc(len);
	*out = '\0';
	for (int i = same; i < nd; i++)
		strcat(out, "../");
	for (int i = same; i < np; i++) {
		strcat(out, pv[i]);
		if (i < np - 1)
			strcat(out, "/");
	}
	free(d);
	free(p);
	return out;
}
