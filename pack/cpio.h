/* cpio.h - newc ("070701") archive entries */
#ifndef CPIO_H
#define CPIO_H

#include <stddef.h>
#include <stdint.h>

struct cpio_entry {
	const char *name;	/* relative: "bin/ls" */
	uint32_t ino, mode, uid, gid, nlink, mtime;
	uint32_t rdevmajor, rdevminor;
	uint64_t size;		/* bytes of data that follow */
};

/* The sink gets every byte of the archive, in order; returns 0 or -1. */
typedef int (*cpio_sink)(void *arg, const void *buf, size_t n);

int cpio_header(cpio_sink out, void *arg, const struct cpio_entry *e);
int cpio_data(cpio_sink out, void *arg, const void *buf, size_t n);	/* any chunking */
int cpio_pad(cpio_sink out, void *arg, uint64_t size);	/* after the data */
int cpio_trailer(cpio_sink out, void *arg);

#endif
