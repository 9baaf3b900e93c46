/* zio.c - gzip (zlib) and zstd (libzstd) streams over a file descriptor */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>
#include "err.h"
#include "io.h"
#include "zio.h"

/* 32 KiB each way: the struct stays below 128 KiB, which allocators (ASan's too) serve
 * from their pools rather than by a fresh mmap at every open */
#define ZBUF 32768

struct zio {
	int fd, fmt, writing;
	int eof;		/* the descriptor said end of file */
	int member;		/* inside a gzip member or zstd frame */
	int seen;		/* any compressed byte at all */
	int garbage;		/* data after the last member was ignored */
	int failed;
	z_stream gz;
	int gz_init;
	ZSTD_CCtx *zc;
	ZSTD_DCtx *zd;
	size_t inpos, inlen;
	char msg[128];
	unsigned char in[ZBUF], out[ZBUF];
};

static const unsigned char gz_magic[2] = { 0x1f, 0x8b };
static const unsigned char zstd_magic[4] = { 0x28, 0xb5, 0x2f, 0xfd };

static int
fail(struct zio *z, const char *msg)
{
	snprintf(z->msg, sizeof z->msg, "%s", msg);
	z->failed = 1;
	return -1;
}

static int
fail_errno(struct zio *z)
{
	int e = errno;

	fail(z, strerror(e));
	errno = e;
	return -1;
}

/* More compressed input, after what is left: 0, or -1 on a read error. */
static int
refill(struct zio *z)
{
	ssize_t r;

	if (z->inpos > 0) {
		memmove(z->in, z->in + z->inpos, z->inlen - z->inpos);
		z->inlen -= z->inpos;
		z->inpos = 0;
	}
	do
		r = read(z->fd, z->in + z->inlen, sizeof z->in - z->inlen);
	while (r < 0 && errno == EINTR);
	if (r < 0)
		return fail_errno(z);
	if (r == 0)
		z->eof = 1;
	z->inlen += r;
	return 0;
}

/* At least N bytes buffered, unless the input ends first. */
static int
want(struct zio *z, size_t n)
{
	while (z->inlen - z->inpos < n && !z->eof)
		if (refill(z) < 0)
			return -1;
	return 0;
}

static int
gz_init(struct zio *z, int level)
{
	int r;

	memset(&z->gz, 0, sizeof z->gz);
	r = z->writing ? deflateInit2(&z->gz, level ? level : 6, Z_DEFLATED, 15 + 16, 8,
	    Z_DEFAULT_STRATEGY) : inflateInit2(&z->gz, 15 + 16);
	if (r != Z_OK)
		return fail(z, "out of memory");
	z->gz_init = 1;
	return 0;
}

/* The last reader's decompression context, kept for the next: it is large
 * (~160 KiB of tables) and a command may read stream after stream. */
static ZSTD_DCtx *spare_dctx;

static int
zstd_init(struct zio *z, int level)
{
	if (!z->writing) {
		z->zd = spare_dctx ? spare_dctx : ZSTD_createDCtx();
		spare_dctx = NULL;
		return z->zd ? 0 : fail(z, "out of memory");
	}
	if ((z->zc = ZSTD_createCCtx()) == NULL)
		return fail(z, "out of memory");
	ZSTD_CCtx_setParameter(z->zc, ZSTD_c_compressionLevel, level ? level : 3);
	ZSTD_CCtx_setParameter(z->zc, ZSTD_c_checksumFlag, 1);
	return 0;
}

static int
codec_init(struct zio *z, int level)
{
	if (z->fmt == ZIO_GZIP)
		return gz_init(z, level);
	if (z->fmt == ZIO_ZSTD)
		return zstd_init(z, level);
	return 0;
}

/* A codec that cannot start fails the first read or write. */
static struct zio *
zio_open(int fd, int fmt, int level, int writing)
{
	struct zio *z = xmalloc(sizeof *z);

	memset(z, 0, offsetof(struct zio, in));
	z->fd = fd;
	z->fmt = fmt;
	z->writing = writing;
	if (fmt != ZIO_AUTO)
		codec_init(z, level);
	return z;
}

struct zio *
zio_reader(int fd, int fmt)
{
	return zio_open(fd, fmt, 0, 0);
}

struct zio *
zio_writer(int fd, int fmt, int level)
{
	return zio_open(fd, fmt == ZIO_AUTO ? ZIO_NONE : fmt, level, 1);
}

/* ZIO_AUTO decides by the first bytes: gzip, zstd, or plain data. */
static int
sniff(struct zio *z)
{
	size_t n;

	if (want(z, 4) < 0)
		return -1;
	n = z->inlen - z->inpos;
	if (n >= 2 && memcmp(z->in + z->inpos, gz_magic, 2) == 0)
		z->fmt = ZIO_GZIP;
	else if (n >= 4 && memcmp(z->in + z->inpos, zstd_magic, 4) == 0)
		z->fmt = ZIO_ZSTD;
	else
		z->fmt = ZIO_NONE;
	return codec_init(z, 0);
}

static int
all_zero(const unsigned char *p, size_t n)
{
	while (n > 0 && *p == 0)
		p++, n--;
	return n == 0;
}

/* The start of a gzip member: 1 if there is one, 0 at the end, -1 on errors. */
static int
gz_member(struct zio *z)
{
	size_t n;

	if (want(z, 2) < 0)
		return -1;
	n = z->inlen - z->inpos;
	if (n >= 2 && memcmp(z->in + z->inpos, gz_magic, 2) == 0)
		return inflateReset(&z->gz) == Z_OK ? 1 : fail(z, "out of memory");
	if (!z->seen)
		return fail(z, n == 0 ? "truncated input" : n == 1 && z->in[z->inpos] == 0x1f ?
		    "truncated input" : "not in gzip format");
	/* Tape padding after the last member is fine; anything else is noted. */
	for (;;) {
		if (!all_zero(z->in + z->inpos, z->inlen - z->inpos))
			z->garbage = 1;
		z->inpos = z->inlen;
		if (z->eof || z->garbage)
			return 0;
		if (refill(z) < 0)
			return -1;
	}
}

static ssize_t
gz_read(struct zio *z, void *buf, size_t n)
{
	int r;

	for (;;) {
		if (!z->member) {
			if ((r = gz_member(z)) <= 0)
				return r;
			z->member = z->seen = 1;
		}
		if (z->inpos == z->inlen) {
			if (z->eof)
				return fail(z, "truncated input");
			if (refill(z) < 0)
				return -1;
			continue;
		}
		z->gz.next_in = z->in + z->inpos;
		z->gz.avail_in = z->inlen - z->inpos;
		z->gz.next_out = buf;
		z->gz.avail_out = n > UINT_MAX ? UINT_MAX : n;
		r = inflate(&z->gz, Z_NO_FLUSH);
		z->inpos = z->inlen - z->gz.avail_in;
		if (r == Z_STREAM_END)
			z->member = 0;
		else if (r == Z_DATA_ERROR)
			return fail(z, z->gz.msg && strcmp(z->gz.msg, "incorrect data check") == 0 ?
			    "crc error" : "invalid compressed data");
		else if (r == Z_MEM_ERROR)
			return fail(z, "out of memory");
		else if (r != Z_OK && r != Z_BUF_ERROR)
			return fail(z, "invalid compressed data");
		if ((char *)z->gz.next_out != buf)
			return (char *)z->gz.next_out - (char *)buf;
	}
}

static int
zstd_fail(struct zio *z, size_t r)
{
	switch (ZSTD_getErrorCode(r)) {
	case ZSTD_error_prefix_unknown:
		return fail(z, z->seen ? "trailing garbage" : "not in zstd format");
	case ZSTD_error_checksum_wrong:
		return fail(z, "checksum error");
	case ZSTD_error_memory_allocation:
		return fail(z, "out of memory");
	default:
		snprintf(z->msg, sizeof z->msg, "corrupt input (%s)", ZSTD_getErrorName(r));
		z->failed = 1;
		return -1;
	}
}

static ssize_t
zstd_read(struct zio *z, void *buf, size_t n)
{
	ZSTD_outBuffer out = { buf, n, 0 };
	ZSTD_inBuffer in;
	size_t r;

	for (;;) {
		if (z->inpos == z->inlen && !z->member) {
			if (want(z, 1) < 0)
				return -1;
			if (z->inpos == z->inlen)
				return z->seen ? 0 : fail(z, "truncated input");
		}
		in.src = z->in;
		in.size = z->inlen;
		in.pos = z->inpos;
		r = ZSTD_decompressStream(z->zd, &out, &in);
		if (ZSTD_isError(r))
			return zstd_fail(z, r);
		if (in.pos > z->inpos)
			z->seen = 1;
		z->inpos = in.pos;
		z->member = r != 0;
		if (out.pos > 0)
			return out.pos;
		if (z->inpos == z->inlen && z->member) {
			if (z->eof)
				return fail(z, "truncated input");
			if (refill(z) < 0)
				return -1;
		}
	}
}

static ssize_t
plain_read(struct zio *z, void *buf, size_t n)
{
	ssize_t r;

	if (z->inpos < z->inlen) {
		if (n > z->inlen - z->inpos)
			n = z->inlen - z->inpos;
		memcpy(buf, z->in + z->inpos, n);
		z->inpos += n;
		return n;
	}
	if (z->eof)
		return 0;
	do
		r = read(z->fd, buf, n);
	while (r < 0 && errno == EINTR);
	return r < 0 ? fail_errno(z) : r;
}

ssize_t
zio_read(struct zio *z, void *buf, size_t n)
{
	if (z->failed)
		return -1;
	if (n == 0)
		return 0;
	if (z->fmt == ZIO_AUTO && sniff(z) < 0)
		return -1;
	if (z->fmt == ZIO_GZIP)
		return gz_read(z, buf, n);
	if (z->fmt == ZIO_ZSTD)
		return zstd_read(z, buf, n);
	return plain_read(z, buf, n);
}

/* Write out what the codec made: 0 or -1. */
static int
flush_out(struct zio *z, size_t n)
{
	return write_all(z->fd, z->out, n) < 0 ? fail_errno(z) : 0;
}

static int
gz_write(struct zio *z, const void *buf, size_t n, int flush)
{
	int r;

	z->gz.next_in = (unsigned char *)buf;
	z->gz.avail_in = n;
	do {
		z->gz.next_out = z->out;
		z->gz.avail_out = sizeof z->out;
		r = deflate(&z->gz, flush);
		if (r == Z_STREAM_ERROR)
			return fail(z, "compression failed");
		if (flush_out(z, sizeof z->out - z->gz.avail_out) < 0)
			return -1;
	} while (z->gz.avail_in > 0 || (flush == Z_FINISH && r != Z_STREAM_END));
	return 0;
}

static int
zstd_write(struct zio *z, const void *buf, size_t n, ZSTD_EndDirective end)
{
	ZSTD_inBuffer in = { buf, n, 0 };
	ZSTD_outBuffer out;
	size_t r;

	do {
		out.dst = z->out;
		out.size = sizeof z->out;
		out.pos = 0;
		r = ZSTD_compressStream2(z->zc, &out, &in, end);
		if (ZSTD_isError(r))
			return fail(z, ZSTD_getErrorName(r));
		if (flush_out(z, out.pos) < 0)
			return -1;
	} while (in.pos < in.size || (end == ZSTD_e_end && r != 0));
	return 0;
}

/* Plain data is gathered into whole buffers. */
static int
plain_write(struct zio *z, const void *buf, size_t n)
{
	const char *p = buf;
	size_t k;

	while (n > 0) {
		if (z->inlen == 0 && n >= sizeof z->out)
			return write_all(z->fd, p, n) < 0 ? fail_errno(z) : 0;
		k = sizeof z->out - z->inlen < n ? sizeof z->out - z->inlen : n;
		memcpy(z->out + z->inlen, p, k);
		z->inlen += k;
		p += k;
		n -= k;
		if (z->inlen == sizeof z->out) {
			z->inlen = 0;
			if (flush_out(z, sizeof z->out) < 0)
				return -1;
		}
	}
	return 0;
}

int
zio_write(struct zio *z, const void *buf, size_t n)
{
	if (z->failed)
		return -1;
	if (n == 0)
		return 0;
	if (z->fmt == ZIO_GZIP)
		return gz_write(z, buf, n, Z_NO_FLUSH);
	if (z->fmt == ZIO_ZSTD)
		return zstd_write(z, buf, n, ZSTD_e_continue);
	return plain_write(z, buf, n);
}

int
zio_finish(struct zio *z)
{
	size_t n;

	if (z->failed)
		return -1;
	if (!z->writing)
		return z->garbage;
	if (z->fmt == ZIO_GZIP)
		return gz_write(z, "", 0, Z_FINISH);
	if (z->fmt == ZIO_ZSTD)
		return zstd_write(z, "", 0, ZSTD_e_end);
	n = z->inlen;
	z->inlen = 0;
	return flush_out(z, n);
}

const char *
zio_error(const struct zio *z)
{
	return z->garbage && !z->failed ? "trailing garbage ignored" : z->msg;
}

void
zio_free(struct zio *z)
{
	if (z == NULL)
		return;
	if (z->gz_init)
		z->writing ? deflateEnd(&z->gz) : inflateEnd(&z->gz);
	ZSTD_freeCCtx(z->zc);
	if (z->zd != NULL && spare_dctx == NULL) {
		ZSTD_DCtx_reset(z->zd, ZSTD_reset_session_and_parameters);
		spare_dctx = z->zd;
	} else {
		ZSTD_freeDCtx(z->zd);
	}
	free(z);
}
