/* gzip - compress or expand files: gzip, gunzip, zcat (zlib) and zstd, unzstd (libzstd) */
#include "cmd.h"
#include "io.h"
#include "zio.h"

CMD_NAMES("gzip", "gunzip", "zcat", "zstd", "unzstd");

enum { ZCMD_COMPRESS, ZCMD_DECOMPRESS, ZCMD_CAT };

struct zcmd {
	int fmt, dec, test, to_stdout, force, rm, level;
	const char *out;	/* zstd -o */
	const char *suffix;	/* ".gz" or ".zst" */
	const char *tsuffix;	/* ".tgz" or ".tzst": .tar inside */
	const char *name;	/* "gzip" or "zstd", for messages */
};

/* The output name for PATH, malloc'd; NULL (and a message) if there is none. */
static char *
out_name(const struct zcmd *z, const char *path)
{
	size_t n = strlen(path), s = strlen(z->suffix), t = strlen(z->tsuffix);
	char *o;

	if (z->out != NULL)
		return xstrdup(z->out);
	if (!z->dec) {
		if (n > s && strcmp(path + n - s, z->suffix) == 0) {
			warn("%s: already has %s suffix -- unchanged", path, z->suffix);
			return NULL;
		}
		o = xmalloc(n + s + 1);
		memcpy(o, path, n);
		memcpy(o + n, z->suffix, s + 1);
		return o;
	}
	o = xstrdup(path);
	if (n > s && strcmp(path + n - s, z->suffix) == 0)
		o[n - s] = '\0';
	else if (n > t && strcmp(path + n - t, z->tsuffix) == 0)
		strcpy(o + n - t, ".tar");
	else if (z->fmt == ZIO_GZIP && n > 2 && strcmp(path + n - 2, ".z") == 0)
		o[n - 2] = '\0';
	else {
		warn("%s: unknown suffix -- ignored", path);
		free(o);
		return NULL;
	}
	return o;
}

/* Compress IN into OUT: 0; -1 on a read error (reported); -2 on a write error. */
static int
compress(const struct zcmd *z, int in, int out, const char *inname)
{
	static char buf[65536];
	struct zio *w = zio_writer(out, z->fmt, z->level);
	ssize_t r;
	int ret = 0;

	for (;;) {
		r = read(in, buf, sizeof buf);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			warn_errno("%s", inname);
			ret = -1;
			break;
		}
		if (r == 0 || zio_write(w, buf, r) < 0)
			break;
	}
	if (ret == 0 && zio_finish(w) < 0)
		ret = -2;
	zio_free(w);
	return ret;
}

/* Decompress IN into OUT (-1: nowhere, for -t); as compress. */
static int
decompress(const struct zcmd *z, int in, int out, const char *inname)
{
	static char buf[65536];
	struct zio *rd = zio_reader(in, z->fmt);
	ssize_t r;
	int ret = 0;

	while ((r = zio_read(rd, buf, sizeof buf)) > 0) {
		if (out >= 0 && write_all(out, buf, r) < 0) {
			ret = -2;
			break;
		}
	}
	if (r < 0) {
		warn("%s: %s", inname, zio_error(rd));
		ret = -1;
	} else if (ret == 0 && zio_finish(rd) == 1) {
		warn("%s: decompression OK, %s", inname, zio_error(rd));
	}
	zio_free(rd);
	return ret;
}

static int
transfer(const struct zcmd *z, int in, int out, const char *inname)
{
	if (z->dec || z->test)
		return decompress(z, in, z->test ? -1 : out, inname);
	return compress(z, in, out, inname);
}

/* To standard output (or the -o file when reading standard input). */
static void
to_stdout(const struct zcmd *z, int in, const char *inname)
{
	if (!z->dec && !z->test && !z->force && isatty(1))
		die("compressed data not written to a terminal. Use -f to force compression.");
	if (transfer(z, in, 1, inname) == -2)
		die_errno("write error");
}

/* The output gets the input's owner (if root may), mode and times. */
static int
keep_attrs(int fd, const struct stat *st)
{
	struct timespec times[2] = { st->st_atim, st->st_mtim };

	if (fchown(fd, st->st_uid, st->st_gid) < 0 && errno != EPERM)
		return -1;
	if (fchmod(fd, st->st_mode & 07777) < 0)
		return -1;
	return futimens(fd, times);
}

static int
open_out(const struct zcmd *z, const char *path)
{
	struct stat st;
	int fd;

	if (lstat(path, &st) == 0) {
		if (!z->force) {
			warn("%s: already exists; not overwritten", path);
			return -1;
		}
		if (S_ISDIR(st.st_mode) ? rmdir(path) < 0 : unlink(path) < 0) {
			warn_errno("%s", path);
			return -1;
		}
	}
	if ((fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600)) < 0)
		warn_errno("%s", path);
	return fd;
}

/* One operand: FILE to FILE.gz (and back), or to standard output. */
static void
do_file(const struct zcmd *z, const char *path)
{
	struct stat st;
	char *oname;
	int in, out, r, nofollow, nonblock;

	if (strcmp(path, "-") == 0) {
		if ((z->dec || z->test) && !z->force && isatty(0))
			die("compressed data not read from a terminal. Use -f to force decompression.");
		if (z->out != NULL && !z->test) {
			if ((out = open_out(z, z->out)) < 0)
				return;
			if ((r = transfer(z, 0, out, "-")) == -2)
				warn_errno("%s", z->out);
			if (close(out) < 0 && r == 0)
				warn_errno("%s", z->out), r = -2;
			if (r < 0)
				unlink(z->out);
			return;
		}
		to_stdout(z, 0, "-");
		return;
	}
	/* Replacing what a link names, and the link, is a surprise: -f for that. */
	nofollow = z->to_stdout || z->test || z->force ? 0 : O_NOFOLLOW;
	/*
	 * Without -c a fifo is refused, so opening it must not wait for a
	 * writer; with -c it is read, and a non-blocking open would see
	 * end-of-file before the writer comes.
	 */
	nonblock = z->to_stdout || z->test ? 0 : O_NONBLOCK;
	in = open(path, O_RDONLY | O_CLOEXEC | nonblock | nofollow);
	if (in < 0 && errno == ELOOP && nofollow && lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
		warn("%s: is a symbolic link -- ignored", path);
		return;
	}
	if (in < 0 || fstat(in, &st) < 0 || fcntl(in, F_SETFL, 0) < 0) {
		warn_errno("%s", path);
		if (in >= 0)
			close(in);
		return;
	}
	if (S_ISDIR(st.st_mode)) {
		warn("%s: is a directory -- ignored", path);
	} else if (z->to_stdout || z->test) {
		to_stdout(z, in, path);
	} else if (!S_ISREG(st.st_mode)) {
		warn("%s: not a regular file -- ignored", path);
	} else if ((oname = out_name(z, path)) != NULL) {
		if ((out = open_out(z, oname)) >= 0) {
			r = transfer(z, in, out, path);
			if (r == -2)
				warn_errno("%s", oname);
			if (r == 0 && (keep_attrs(out, &st) < 0 || close(out) < 0)) {
				warn_errno("%s", oname);
				r = -2;
			} else if (r != 0) {
				close(out);
			}
			if (r != 0)
				unlink(oname);
			else if (!z->rm)
				;
			else if (unlink(path) < 0)
				warn_errno("%s", path);
		}
		free(oname);
	}
	close(in);
}

static void
set_face(struct zcmd *z, const char *name, int fmt, int mode)
{
	memset(z, 0, sizeof *z);
	z->fmt = fmt;
	z->dec = mode != ZCMD_COMPRESS;
	z->to_stdout = mode == ZCMD_CAT;
	z->name = name;
	z->suffix = fmt == ZIO_GZIP ? ".gz" : ".zst";
	z->tsuffix = fmt == ZIO_GZIP ? ".tgz" : ".tzst";
	z->rm = fmt == ZIO_GZIP;	/* gzip replaces its input, zstd keeps it */
}

/* Levels: gzip's -1..-9 (the last one counts), zstd's -1..-19 (-19 is 19). */
static void
level_digit(struct zcmd *z, struct opt *o, int c, int *prev_at, int at)
{
	if (z->fmt == ZIO_ZSTD && *prev_at == at)
		z->level = z->level * 10 + (c - '0');
	else
		z->level = c - '0';
	*prev_at = at;
	if (z->level < 1 || z->level > (z->fmt == ZIO_GZIP ? 9 : 19)) {
		fprintf(stderr, "%s: -%d: invalid compression level\n", z->name, z->level);
		die_usage(o);
	}
}

int
main(int argc, char *argv[])
{
	static const struct {
		int fmt, mode;
	} faces[] = {
		{ ZIO_GZIP, ZCMD_COMPRESS }, { ZIO_GZIP, ZCMD_DECOMPRESS }, { ZIO_GZIP, ZCMD_CAT },
		{ ZIO_ZSTD, ZCMD_COMPRESS }, { ZIO_ZSTD, ZCMD_DECOMPRESS },
	};
	int face = cmd_called(argv[0], cmd_names), fmt = faces[face].fmt, mode = faces[face].mode;
	static const char *const usages[2][3] = {
		{ "gzip [-cdfknt] [-1..-9] [FILE...]", "gunzip [-cfknt] [FILE...]", "zcat [FILE...]" },
		{ "zstd [-cdfkqt] [--rm] [-1..-19] [-o FILE] [FILE...]",
		  "unzstd [-cfkqt] [--rm] [-o FILE] [FILE...]", "zstdcat [FILE...]" },
	};
	static const char *const specs[2][3] = {
		{ "cdfknt0123456789", "cfknt", "" },
		{ "cdfkqto:0123456789", "cfkqto:", "" },
	};
	int z_i = fmt == ZIO_ZSTD, c, prev_at = -1, at, rm = 0, keep = 0;
	struct opt o = OPT_INIT(argc, argv, usages[z_i][mode]);
	struct zcmd z;

	set_face(&z, z_i ? "zstd" : "gzip", fmt, mode);
	if (z_i)
		rm = opt_late(&argc, argv, 1, "--rm");
	o.argc = argc;
	while (at = o.ind, (c = opt_next(&o, specs[z_i][mode])) != -1) {
		switch (c) {
		case 'c': z.to_stdout = 1; break;
		case 'd': z.dec = 1; break;
		case 'f': z.force = 1; break;
		case 'k': keep = 1; break;
		case 'n': case 'q': break;	/* gzip never stores names; nothing to quiet */
		case 'o': z.out = o.arg; break;
		case 't': z.test = 1; break;
		default:
			if (c >= '0' && c <= '9')
				level_digit(&z, &o, c, &prev_at, at);
			else
				die_usage(&o);
		}
		if (c < '0' || c > '9')
			prev_at = -1;
	}
	if (rm)
		z.rm = 1;
	if (keep)
		z.rm = 0;
	if (z.out != NULL && (argc - o.ind > 1 || z.to_stdout))
		die("-o takes one input and no -c");
	if (z.out != NULL)
		z.to_stdout = 0;
	if (o.ind == argc)
		do_file(&z, "-");
	for (int i = o.ind; i < argc; i++)
		do_file(&z, argv[i]);
	return cmd_exit();
}
