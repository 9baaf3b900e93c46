/* sha256_file.c - the SHA-256 digest of a file */
#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include "sha256.h"
#include "sigcheck.h"

/* From offset 0 with pread: the descriptor's own offset stays where it is,
 * so the caller can hand the same descriptor on (to kexec_file_load). */
int
sha256_fd(int fd, unsigned char hash[32])
{
	unsigned char buf[16384];
	struct sha256 s;
	off_t off = 0;
	ssize_t n;

	sha256_init(&s);
	while ((n = pread(fd, buf, sizeof buf, off)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		sha256_update(&s, buf, (size_t)n);
		off += n;
	}
	sha256_final(&s, hash);
	return 0;
}

int
sha256_file(const char *path, unsigned char hash[32])
{
	int fd, r, e;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	r = sha256_fd(fd, hash);
	e = errno;
	close(fd);
	errno = e;
	return r;
}
