/* loop.c - loop devices, for mount -o loop and losetup */
#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include "mount.h"

#define LOOP_SET_FD 0x4C00
#define LOOP_CLR_FD 0x4C01
#define LOOP_SET_STATUS64 0x4C04
#define LOOP_GET_STATUS64 0x4C05
#define LOOP_CTL_GET_FREE 0x4C82
#define LO_FLAGS_READ_ONLY 1

/* DEV (or, when empty, a free one, named in DEV) backed by FFD; its fd, or -1. */
static int
loop_bind(int ffd, int ro, char *dev, size_t devlen)
{
	int ctl = -1, lfd = -1, n, tries, err, mode = (ro ? O_RDONLY : O_RDWR) | O_CLOEXEC;

	if (*dev != '\0') {
		if ((lfd = open(dev, mode)) >= 0 && ioctl(lfd, LOOP_SET_FD, ffd) < 0) {
			err = errno;
			close(lfd);
			errno = err;
			lfd = -1;
		}
		return lfd;
	}
	if ((ctl = open("/dev/loop-control", O_RDWR | O_CLOEXEC)) < 0)
		return -1;
	for (tries = 0; tries < 16; tries++) {
		if ((n = ioctl(ctl, LOOP_CTL_GET_FREE)) < 0)
			break;
		snprintf(dev, devlen, "/dev/loop%d", n);
		if ((lfd = open(dev, mode)) < 0)
			break;
		if (ioctl(lfd, LOOP_SET_FD, ffd) == 0)
			break;
		close(lfd);
		lfd = -1;
		if (errno != EBUSY)	/* another process took it first: try the next */
			break;
	}
	err = errno;
	close(ctl);
	errno = err;
	return lfd;
}

int
loop_attach(const char *file, int *ro, unsigned long long offset, unsigned flags, char *dev,
    size_t devlen)
{
	struct loop_info64 info;
	int lfd, ffd, err;

	if ((ffd = open(file, (*ro ? O_RDONLY : O_RDWR) | O_CLOEXEC)) < 0 &&
	    (errno == EROFS || errno == EACCES) && !*ro) {
		*ro = 1;	/* a file we may only read is attached read-only */
		ffd = open(file, O_RDONLY | O_CLOEXEC);
	}
	if (ffd < 0)
		return -1;
	lfd = loop_bind(ffd, *ro, dev, devlen);
	err = errno;
	close(ffd);
	errno = err;
	if (lfd < 0)
		return -1;
	memset(&info, 0, sizeof info);
	snprintf((char *)info.lo_file_name, sizeof info.lo_file_name, "%s", file);
	info.lo_offset = offset;
	info.lo_flags = flags | (*ro ? LO_FLAGS_READ_ONLY : 0);
	if (ioctl(lfd, LOOP_SET_STATUS64, &info) < 0) {
		err = errno;
		ioctl(lfd, LOOP_CLR_FD, 0);	/* half set up is worse than not at all */
		close(lfd);
		errno = err;
		return -1;
	}
	return lfd;
}

int
loop_status(const char *dev, struct loop_info64 *info)
{
	int fd = open(dev, O_RDONLY | O_CLOEXEC), r, err;

	if (fd < 0)
		return -1;
	r = ioctl(fd, LOOP_GET_STATUS64, info);
	err = errno;
	close(fd);
	errno = err;
	return r;
}

int
loop_detach(const char *dev)
{
	int fd = open(dev, O_RDONLY | O_CLOEXEC), r, err;

	if (fd < 0)
		return -1;
	r = ioctl(fd, LOOP_CLR_FD, 0);
	err = errno;
	close(fd);
	errno = err;
	return r;
}

int
loop_free(char *dev, size_t devlen)
{
	int fd = open("/dev/loop-control", O_RDWR | O_CLOEXEC), n, err;

	if (fd < 0)
		return -1;
	n = ioctl(fd, LOOP_CTL_GET_FREE);
	err = errno;
	close(fd);
	errno = err;
	if (n >= 0)
		snprintf(dev, devlen, "/dev/loop%d", n);
	return n < 0 ? -1 : 0;
}
