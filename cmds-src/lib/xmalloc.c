/* xmalloc.c - allocation that dies instead of returning NULL */
#include <stdlib.h>
#include <string.h>
#include "err.h"

void *
xmalloc(size_t n)
{
	return xrealloc(NULL, n);
}

void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL)
		die("out of memory");
	return p;
}

char *
xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xmalloc(n), s, n);
}
