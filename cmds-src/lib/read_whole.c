/* read_whole.c - a small file whole: sysfs attributes, firmware tables */
#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#include "err.h"
#include "io.h"

char *
read_whole(const char *path, size_t max, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), e;
	size_t n = 0, cap = 4096;
	char *buf;
	ssize_t r;

	if (fd < 0)
		return NULL;
	buf = xmalloc(cap + 1);
	/* sysfs sizes lie (4096 for every attribute): read to the end */
	while ((r = read(fd, buf + n, cap - n)) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 || (n += r) > max) {
			e = r < 0 ? errno : EFBIG;
			free(buf);
			close(fd);
			errno = e;
			return NULL;
		}
		if (n == cap)
			buf = xrealloc(buf, (cap *= 2) + 1);
	}
	close(fd);
	buf[n] = '\0';
	*len = n;
	return buf;
}
