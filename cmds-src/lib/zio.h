/* zio.h - gzip and zstd streams over a file descriptor */
#ifndef ZIO_H
#define ZIO_H

#include <stddef.h>
#include <sys/types.h>

/*
 * Compressed streams over a file descriptor, by zlib and libzstd. Readers
 * take concatenated gzip members or zstd frames; ZIO_AUTO reads gzip, zstd or
 * plain data, as its first bytes say. zio_read returns bytes, 0 at the end,
 * or -1; zio_write 0 or -1 (plain data is buffered). zio_finish ends a
 * writer's stream (0 or -1); for a reader it is 1 if data after the last
 * member was ignored. After -1 (errno set for I/O errors) or 1, zio_error
 * says why: "not in gzip format", "truncated input", "crc error", strerror.
 * LEVEL 0 is the default (gzip 6, zstd 3). The descriptor stays the caller's.
 */
enum { ZIO_NONE, ZIO_GZIP, ZIO_ZSTD, ZIO_AUTO };
struct zio;
struct zio *zio_reader(int fd, int fmt);
struct zio *zio_writer(int fd, int fmt, int level);
ssize_t zio_read(struct zio *z, void *buf, size_t n);
int zio_write(struct zio *z, const void *buf, size_t n);
int zio_finish(struct zio *z);
const char *zio_error(const struct zio *z);
void zio_free(struct zio *z);

#endif
