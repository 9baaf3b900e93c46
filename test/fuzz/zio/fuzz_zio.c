/*
 * fuzz_zio - libFuzzer harness: the gzip and zstd stream readers on arbitrary
 * bytes, and a round trip through the writers. The first byte picks the
 * reader's format (auto, gzip, zstd, none), the size of its reads, and whether
 * and with which format the rest goes through a writer; the rest is the stream. Whatever it is, reads stay in bounds, a failure says why,
 * and what a writer made reads back as it was.
 */
#include "cmd.h"
#include "io.h"
#include "zio.h"
#include <sys/mman.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

#define OUT_MAX (1 << 20)	/* a small stream may expand hugely: stop there */

static unsigned char buf[65536 + 1];

/* A descriptor holding P, at its start. */
static int
file_of(const void *p, size_t n)
{
	int fd = memfd_create("zio", MFD_CLOEXEC);

	if (fd < 0 || write_all(fd, p, n) < 0 || lseek(fd, 0, SEEK_SET) != 0)
		abort();
	return fd;
}

/* Read FD to the end in reads of CHUNK bytes, or OUT_MAX bytes (a sixteenth
 * of it in reads of under 512 bytes: a bomb read a byte at a time is a
 * million calls, and the boundaries they test come early); the bytes read
 * go to KEEP if any. */
static ssize_t
drain(int fd, int fmt, size_t chunk, unsigned char *keep, size_t cap)
{
	struct zio *z = zio_reader(fd, fmt);
	size_t total = 0, max = chunk < 512 ? OUT_MAX / 16 : OUT_MAX;
	ssize_t r;

	while (total < max && (r = zio_read(z, buf, chunk)) > 0) {
		if ((size_t)r > chunk)
			abort();
		if (keep != NULL && total + r <= cap)
			memcpy(keep + total, buf, r);
		total += r;
	}
	if (total < max && r < 0 && zio_error(z)[0] == '\0')
		abort();
	if (total < max && r == 0 && zio_finish(z) == 1 && zio_error(z)[0] == '\0')
		abort();
	zio_free(z);
	return total < max && r < 0 ? -1 : (ssize_t)total;
}

/* Compressed by the writer in pieces, P reads back whole. */
static void
round_trip(const unsigned char *p, size_t n, int fmt, size_t piece)
{
	int fd = memfd_create("zio-w", MFD_CLOEXEC), in;
	struct zio *z = zio_writer(fd, fmt, 1);
	unsigned char *back = malloc(n + 1);
	struct stat st;
	char *packed;

	for (size_t off = 0; off < n; off += piece)
		if (zio_write(z, p + off, n - off < piece ? n - off : piece) < 0)
			abort();
	if (zio_finish(z) < 0 || fstat(fd, &st) < 0)
		abort();
	zio_free(z);
	packed = malloc(st.st_size + 1);
	if (pread(fd, packed, st.st_size, 0) != st.st_size)
		abort();
	close(fd);
	in = file_of(packed, st.st_size);
	/* An empty plain stream is indistinguishable from nothing; so is its read. */
	if (drain(in, fmt == ZIO_NONE ? ZIO_NONE : ZIO_AUTO, 4096, back, n) != (ssize_t)n ||
	    memcmp(back, p, n) != 0)
		abort();
	close(in);
	free(packed);
	free(back);
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static const int fmts[] = { ZIO_AUTO, ZIO_GZIP, ZIO_ZSTD, ZIO_NONE };
	static const size_t chunks[] = { 1, 7, 512, 65536 };
	int fd;

	if (size == 0)
		return 0;
	fd = file_of(data + 1, size - 1);
	drain(fd, fmts[data[0] & 3], chunks[(data[0] >> 2) & 3], NULL, 0);
	close(fd);
	/* A writer costs a few milliseconds (its tables): one input in sixteen. */
	if ((data[0] & 0xc0) == 0xc0 && size % 4 == 0)
		round_trip(data + 1, size - 1, fmts[(data[0] >> 4) & 3] == ZIO_AUTO ? ZIO_GZIP :
		    fmts[(data[0] >> 4) & 3], 1 + size % 300);
	return 0;
}
