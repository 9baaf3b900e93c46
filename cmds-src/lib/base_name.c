/* base_name.c - the last component of a path, as cp, mv and ln name a target */
#include "cmd.h"

char *
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
