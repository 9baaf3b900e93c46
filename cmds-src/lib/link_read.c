/* link_read.c - a symbolic link's target, however long */
#define _GNU_SOURCE 1
#include <stdlib.h>
#include <unistd.h>
#include "err.h"
#include "path.h"

char *
link_read(int dfd, const char *path)
{
	size_t n = 256;
	char *s = NULL;
	ssize_t r;

	for (;;) {
		s = xrealloc(s, n);
		if ((r = readlinkat(dfd, path, s, n)) < 0) {
			free(s);
			return NULL;
		}
		if ((size_t)r < n) {
			s[r] = '\0';
			return s;
		}
		n *= 2;
	}
}
