/* sig_read.c - small files read whole, and the errors of reading them */
#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sigcheck.h"

char *
sig_read(const char *path, size_t max, size_t *len)
{
	char *buf;
	size_t n = 0;
	ssize_t r;
	int fd, e;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return NULL;
	if ((buf = malloc(max + 2)) == NULL) {
		close(fd);
		errno = ENOMEM;
		return NULL;
	}
	/* one byte past MAX tells a file that is too big */
	while (n <= max && (r = read(fd, buf + n, max + 1 - n)) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			goto fail;
		n += (size_t)r;
	}
	if (n > max) {
		errno = EFBIG;
		goto fail;
	}
	close(fd);
	buf[n] = '\0';
	*len = n;
	return buf;
fail:
	e = errno;
	close(fd);
	free(buf);
	errno = e;
	return NULL;
}

void
sig_err(char *err, size_t errlen, const char *what, int e)
{
	snprintf(err, errlen, "%s: %s", what, e == ENOENT ? "missing" :
	    e == EFBIG ? "too big" : strerror(e));
}
