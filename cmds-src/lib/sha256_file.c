/* sha256_file.c - the SHA-256 digest of a file */
#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <bearssl/bearssl_hash.h>
#include "sigcheck.h"

/* From offset 0 with pread: the descriptor's own offset stays where it is,
 * so the caller can hand the same descriptor on (to kexec_file_load).
 * BearSSL's SHA-256 rather than sha256.c: these are kernels and initrds,
 * megabytes, and on the board sha256.c is compiled by tcc, several times
 * slower than the library built with gcc (1.5 s against 0.2 s for a kernel
 * and initrd under QEMU's TCG); the programs that call this link BearSSL
 * for the signatures anyway. */
int
sha256_fd(int fd, unsigned char hash[32])
{
	unsigned char buf[16384];
	br_sha256_context s;
	off_t off = 0;
	ssize_t n;

	br_sha256_init(&s);
	while ((n = pread(fd, buf, sizeof buf, off)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		br_sha256_update(&s, buf, (size_t)n);
		off += n;
	}
	br_sha256_out(&s, hash);
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
