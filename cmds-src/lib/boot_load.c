/* boot_load.c - a kernel and its initrds from files: checked, measured, loaded */
#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "bootcheck.h"
#include "err.h"
#include "io.h"
#include "kexec.h"
#include "modules.h"

#ifndef MFD_CLOEXEC
#define MFD_CLOEXEC 1
#endif

/* One of several initrds, checked as NAME through the descriptor its bytes
 * are then copied from into OUT. 0, or -1 with the line printed. */
static int
add_initrd(struct bootplan *p, const char *file, const char *name, int out)
{
	char err[512];
	int fd = open(file, O_RDONLY | O_CLOEXEC), r = -1;

	if (fd < 0)
		fprintf(stderr, "%s: %s: %s\n", cmd_name, file, strerror(errno));
	else if (bootplan_fd(p, "initrd", name, fd, err, sizeof err) < 0)
		fprintf(stderr, "%s: %s\n", cmd_name, err);
	else if (copy_fd(fd, out) < 0)
		fprintf(stderr, "%s: %s: %s\n", cmd_name, file, strerror(errno));
	else
		r = 0;
	if (fd >= 0)
		close(fd);
	return r;
}

/* The descriptors checked are the ones loaded: nothing is read twice by name.
 * IFD is the one initrd's own, or the memfd several are copied into. */
static int
check_and_load(struct bootplan *p, int kfd, const char *kname, int ifd, int n,
    char *const initrd[], char *const iname[], double *check_s)
{
	double t0 = uptime();
	char err[512];

	if (bootplan_fd(p, "kernel", kname, kfd, err, sizeof err) < 0 ||
	    (n == 1 && bootplan_fd(p, "initrd", iname[0], ifd, err, sizeof err) < 0)) {
		fprintf(stderr, "%s: %s\n", cmd_name, err);
		return -1;
	}
	for (int i = 0; n > 1 && i < n; i++)
		if (add_initrd(p, initrd[i], iname[i], ifd) < 0)
			return -1;
	if (boot_check(p) < 0)
		return -1;
	if (check_s != NULL)
		*check_s = uptime() - t0;
	return kexec_load_fd(kfd, ifd, p->cmdline) < 0 ? -2 : 0;
}

/* What kexec_file_load gets as the initrd: none (-1), the one file, or a
 * memfd for several (kexec_file_load takes one: they are concatenated, as
 * the kernel unpacks cpio archives one after another). -2, errno set, if
 * it cannot be had. */
static int
initrd_fd(int n, char *const initrd[])
{
	int fd;

	if (n == 0)
		return -1;
	if (n == 1)
		fd = open(initrd[0], O_RDONLY | O_CLOEXEC);
	else
		fd = (int)syscall(SYS_memfd_create, "initrd", MFD_CLOEXEC);
	return fd < 0 ? -2 : fd;
}

int
boot_load_files(const char *kernel, const char *kname, int n, char *const initrd[], char *const iname[],
    const char *cmdline, const char *list, const char *sig, double *check_s)
{
	static struct bootplan p;	/* large: not on a small stack */
	int kfd, ifd, r, e;

	if ((kfd = open(kernel, O_RDONLY | O_CLOEXEC)) < 0)
		return -2;
	if ((ifd = initrd_fd(n, initrd)) == -2) {
		e = errno;
		close(kfd);
		errno = e;
		return -2;
	}
	memset(&p, 0, sizeof p);
	p.cmdline = cmdline ? cmdline : "";
	p.list = list, p.sig = sig;
	r = check_and_load(&p, kfd, kname, ifd, n, initrd, iname, check_s);
	e = errno;
	bootplan_free(&p);
	close(kfd);
	if (ifd >= 0)
		close(ifd);
	errno = e;
	return r;
}
