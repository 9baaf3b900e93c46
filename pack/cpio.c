/* cpio.c - newc headers, padding and trailer, as the kernel's initramfs reads them */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "cpio.h"

static const char zeros[4];

int
cpio_header(cpio_sink out, void *arg, const struct cpio_entry *e)
{
	char h[111];
	size_t namesize = strlen(e->name) + 1;

	if (e->size > 0xffffffffu || namesize > 4096)
		return errno = EFBIG, -1;
	snprintf(h, sizeof h, "070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X",
	    e->ino, e->mode, e->uid, e->gid, e->nlink, e->mtime, (uint32_t)e->size,
	    0u, 0u, e->rdevmajor, e->rdevminor, (uint32_t)namesize, 0u);
	if (out(arg, h, 110) < 0 || out(arg, e->name, namesize) < 0)
		return -1;
	return out(arg, zeros, (4 - (110 + namesize) % 4) % 4);
}

int
cpio_data(cpio_sink out, void *arg, const void *buf, size_t n)
{
	return out(arg, buf, n);
}

int
cpio_pad(cpio_sink out, void *arg, uint64_t size)
{
	return out(arg, zeros, (4 - size % 4) % 4);
}

int
cpio_trailer(cpio_sink out, void *arg)
{
	struct cpio_entry t = { .name = "TRAILER!!!", .nlink = 1 };

	return cpio_header(out, arg, &t);
}
