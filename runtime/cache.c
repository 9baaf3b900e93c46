/* cache.c - locks, atomic publication and checks on cache files */
#include <sys/file.h>
#include <sys/stat.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "ubuild.h"

/* dir/.lock/NAME, held with flock: released by the kernel if we die. */
int
ub_lock(const char *dir, const char *name)
{
	char path[4096];
	int fd;

	snprintf(path, sizeof path, "%s/.lock", dir);
	if (mkdir(path, 0755) < 0 && errno != EEXIST)
		return -1;
	if ((size_t)snprintf(path, sizeof path, "%s/.lock/%s", dir, name) >= sizeof path)
		return errno = ENAMETOOLONG, -1;
	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return -1;
	while (flock(fd, LOCK_EX) < 0) {
		if (errno != EINTR) {
			close(fd);
			return -1;
		}
	}
	return fd;
}

static char *
slurp(const char *path, size_t *len)
{
	struct stat st;
	char *buf;
	ssize_t r;
	size_t got = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) < 0 || (buf = malloc(st.st_size + 1)) == NULL) {
		close(fd);
		return NULL;
	}
	while (got < (size_t)st.st_size && (r = read(fd, buf + got, st.st_size - got)) > 0)
		got += r;
	close(fd);
	*len = got;
	return buf;
}

int
ub_has(const char *path, const char *s, size_t n)
{
	size_t len;
	char *buf = slurp(path, &len);
	int r;

	if (buf == NULL)
		return errno == ENOENT ? 0 : -1;
	r = memmem(buf, len, s, n) != NULL;
	free(buf);
	return r;
}

/*
 * tcc does not check its writes, so a full disk can leave a short file behind
 * a successful compile. tcc writes section headers last: a file that holds all
 * of them and every segment is whole.
 */
int
ub_elf_complete(const char *path)
{
	Elf64_Ehdr eh;
	Elf64_Phdr ph;
	struct stat st;
	unsigned long long end;
	int fd = open(path, O_RDONLY | O_CLOEXEC), i, ok = 0;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0 || pread(fd, &eh, sizeof eh, 0) != sizeof eh ||
	    memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0)
		goto out;
	end = eh.e_shoff + (unsigned long long)eh.e_shnum * eh.e_shentsize;
	if (end > (unsigned long long)st.st_size)
		goto out;
	for (i = 0; i < eh.e_phnum; i++) {
		if (pread(fd, &ph, sizeof ph, eh.e_phoff + i * sizeof ph) != sizeof ph ||
		    ph.p_offset + ph.p_filesz > (unsigned long long)st.st_size)
			goto out;
	}
	ok = 1;
out:
	close(fd);
	return ok;
}

char *
ub_tmpname(const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 32;
	char *p = malloc(n);

	if (p != NULL)
		snprintf(p, n, "%s/.tmp.%s.%ld", dir, name, (long)getpid());
	return p;
}

int
ub_publish(const char *tmp, const char *dst)
{
	int err;

	if (rename(tmp, dst) == 0)
		return 0;
	err = errno;
	unlink(tmp);
	errno = err;
	return -1;
}

int
ub_unusable(int err)
{
	return err == EROFS || err == EACCES || err == EPERM || err == ENOSPC ||
	    err == EDQUOT || err == ENOTDIR || err == ENOENT || err == EMLINK;
}
