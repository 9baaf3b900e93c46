/* sha256_file.c - the SHA-256 digest of a file */
#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include "sha256.h"
#include "sigcheck.h"

int
sha256_file(const char *path, unsigned char hash[32])
{
	unsigned char buf[16384];
	struct sha256 s;
	ssize_t n;
	int fd, e;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	sha256_init(&s);
	while ((n = read(fd, buf, sizeof buf)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			e = errno;
			close(fd);
			errno = e;
			return -1;
		}
		sha256_update(&s, buf, (size_t)n);
	}
	close(fd);
	sha256_final(&s, hash);
	return 0;
}
