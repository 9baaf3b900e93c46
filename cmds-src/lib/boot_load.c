/* boot_load.c - a kernel and an initrd from files: checked, measured, loaded */
#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "bootcheck.h"
#include "err.h"
#include "kexec.h"
#include "modules.h"

/* The descriptors checked are the ones loaded: nothing is read twice by name. */
static int
check_and_load(int kfd, int ifd, const char *kname, const char *iname, struct bootplan *p,
    double *check_s)
{
	double t0 = uptime();
	char err[512];

	if (bootplan_fd(p, "kernel", kname, kfd, err, sizeof err) < 0 ||
	    (ifd >= 0 && bootplan_fd(p, "initrd", iname, ifd, err, sizeof err) < 0)) {
		fprintf(stderr, "%s: %s\n", cmd_name, err);
		return -1;
	}
	if (boot_check(p) < 0)
		return -1;
	if (check_s != NULL)
		*check_s = uptime() - t0;
	return kexec_load_fd(kfd, ifd, p->cmdline) < 0 ? -2 : 0;
}

int
boot_load_files(const char *kernel, const char *kname, const char *initrd, const char *iname,
    const char *cmdline, const char *list, const char *sig, double *check_s)
{
	static struct bootplan p;	/* large: not on a small stack */
	int kfd, ifd = -1, r, e;

	if ((kfd = open(kernel, O_RDONLY | O_CLOEXEC)) < 0)
		return -2;
	if (initrd != NULL && (ifd = open(initrd, O_RDONLY | O_CLOEXEC)) < 0) {
		e = errno;
		close(kfd);
		errno = e;
		return -2;
	}
	memset(&p, 0, sizeof p);
	p.cmdline = cmdline ? cmdline : "";
	p.list = list, p.sig = sig;
	r = check_and_load(kfd, ifd, kname, iname, &p, check_s);
	e = errno;
	bootplan_free(&p);
	close(kfd);
	if (ifd >= 0)
		close(ifd);
	errno = e;
	return r;
}
