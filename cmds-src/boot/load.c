/* load.c - an entry's kernel and initrds handed to kexec_file_load */
#include "disk.h"
#include "io.h"
#include "kexec.h"
#include <sys/syscall.h>

#ifndef MFD_CLOEXEC
#define MFD_CLOEXEC 1
#endif

double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static int
open_on(const struct bentry *e, const char *what, const char *path)
{
	char *full = bfs_path(e->fs, path);
	int fd = open(full, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		warn("%s:%d: %s %s: %s", e->config, e->line, what, path, strerror(errno));
	free(full);
	return fd;
}

/* kexec_file_load takes one initrd: several are concatenated in memory,
 * as the kernel unpacks cpio archives one after another. */
static int
open_initrds(const struct bentry *e)
{
	int out, fd, r;

	if (e->ninitrd == 0)
		return -1;
	if (e->ninitrd == 1)
		return open_on(e, "initrd", e->initrd[0]);
	if ((out = (int)syscall(SYS_memfd_create, "initrd", MFD_CLOEXEC)) < 0) {
		warn("%s:%d: memfd_create: %s", e->config, e->line, strerror(errno));
		return -2;
	}
	for (int i = 0; i < e->ninitrd; i++) {
		if ((fd = open_on(e, "initrd", e->initrd[i])) < 0)
			break;
		r = copy_fd(fd, out);
		close(fd);
		if (r < 0) {
			warn("%s:%d: initrd %s: %s", e->config, e->line, e->initrd[i], strerror(errno));
			break;
		}
		if (i == e->ninitrd - 1)
			return out;
	}
	close(out);
	return -2;
}

int
load_entry(const struct bentry *e)
{
	int kfd, ifd, r;

	if (e->kernel == NULL || *e->kernel == '\0') {
		warn("%s:%d: '%s' names no kernel", e->config, e->line, e->title);
		return -1;
	}
	if ((kfd = open_on(e, "kernel", e->kernel)) < 0)
		return -1;
	if ((ifd = open_initrds(e)) == -2 || (ifd < 0 && e->ninitrd > 0)) {
		close(kfd);
		return -1;
	}
	r = kexec_load_fd(kfd, ifd, e->cmdline ? e->cmdline : "");
	if (r < 0)
		warn("%s:%d: kernel %s: %s", e->config, e->line, e->kernel, kexec_error(errno));
	close(kfd);
	if (ifd >= 0)
		close(ifd);
	return r;
}
