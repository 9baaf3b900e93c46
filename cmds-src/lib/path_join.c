/* path_join.c - "dir/name" in fresh memory */
#include <string.h>
#include "err.h"
#include "path.h"

char *
path_join(const char *dir, const char *name)
{
	size_t d = strlen(dir), n = strlen(name);
	char *p = xmalloc(d + n + 2);

	memcpy(p, dir, d);
	if (d == 0 || dir[d - 1] != '/')
		p[d++] = '/';
	memcpy(p + d, name, n + 1);
	return p;
}
