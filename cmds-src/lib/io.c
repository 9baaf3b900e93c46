/* io.c - whole writes and descriptor copies, restarting on EINTR */
#include <errno.h>
#include <unistd.h>
#include "io.h"

int
write_all(int fd, const void *buf, size_t n)
{
	const char *p = buf;
	ssize_t w;

	while (n > 0) {
		w = write(fd, p, n);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += w;
		n -= w;
	}
	return 0;
}

int
copy_fd(int in, int out)
{
	char buf[65536];
	ssize_t r;

	for (;;) {
		r = read(in, buf, sizeof buf);
		if (r == 0)
			return 0;
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (write_all(out, buf, r) < 0)
			return -2;
	}
}
