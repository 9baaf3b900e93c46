/* head - copy the first part of files */
#include "cmd.h"
#include "num.h"

static const char usage[] = "head [-qv] [-n [-]LINES | -c [-]BYTES] [FILE...]";

static struct {
	int bytes;			/* count bytes, not lines */
	int all_but;			/* -n -N: all but the last N */
	unsigned long long n;
} f;

static char buf[65536];

/* Read some of FD into buf; 0 at the end, -1 on error (reported). */
static ssize_t
fill(int fd, const char *name)
{
	ssize_t r;

	while ((r = read(fd, buf, sizeof buf)) < 0 && errno == EINTR)
		;
	if (r < 0)
		warn_errno("%s", name);
	return r;
}

static void
put(const void *p, size_t n)
{
	if (fwrite(p, 1, n, stdout) != n)
		die_errno("write error");
}

/*
 * The first N lines or bytes. What was read past them is given back with
 * lseek where the input allows it, so `{ head -n 1; cat; } <file` works.
 */
static void
head_first(int fd, const char *name)
{
	unsigned long long left = f.n;
	ssize_t r = 0;
	size_t take = 0;
	char *p;

	while (left > 0 && (r = fill(fd, name)) > 0) {
		take = (unsigned long long)r < left ? (size_t)r : left;
		if (!f.bytes) {
			for (p = buf, take = 0; left > 0 && (p = memchr(p, '\n', buf + r - p)) != NULL; left--)
				take = ++p - buf;
			if (left > 0)
				take = r;
		} else {
			left -= take;
		}
		put(buf, take);
	}
	if (r > 0 && take < (size_t)r)
		lseek(fd, (off_t)take - r, SEEK_CUR);
}

/* All but the last N bytes: hold N back, in a buffer that slides. */
static void
head_but_bytes(int fd, const char *name)
{
	char *hold = NULL;
	size_t len = 0, cap = 0;
	ssize_t r;

	while ((r = fill(fd, name)) > 0) {
		if (len + r > cap)
			hold = xrealloc(hold, cap = (len + r) * 2);
		memcpy(hold + len, buf, r);
		len += r;
		if (len > f.n) {
			put(hold, len - f.n);
			memmove(hold, hold + len - f.n, f.n);
			len = f.n;
		}
	}
	free(hold);
}

/* All but the last N lines: a ring of the N + 1 most recent. */
static void
head_but_lines(FILE *fp, const char *name)
{
	struct line {
		char *s;
		size_t cap;
		ssize_t len;
	} *ring = NULL;
	size_t nring = 0, i = 0, slots;

	if (f.n >= SIZE_MAX / sizeof *ring)
		die("%llu: too many lines", f.n);
	slots = f.n + 1;
	for (unsigned long long seen = 0;; i = (i + 1) % slots) {
		if (i >= nring) {
			ring = xrealloc(ring, ++nring * sizeof *ring);
			ring[i].s = NULL;
			ring[i].cap = 0;
		}
		if ((ring[i].len = getline(&ring[i].s, &ring[i].cap, fp)) < 0)
			break;
		if (++seen > f.n)
			put(ring[(i + 1) % slots].s, ring[(i + 1) % slots].len);
	}
	if (ferror(fp))
		warn_errno("%s", name);
	for (i = 0; i < nring; i++)
		free(ring[i].s);
	free(ring);
}

static void
head_fd(int fd, const char *name)
{
	FILE *fp;
	ssize_t r;

	if (!f.all_but) {
		head_first(fd, name);
	} else if (f.n == 0) {
		while ((r = fill(fd, name)) > 0)
			put(buf, r);
	} else if (f.bytes) {
		head_but_bytes(fd, name);
	} else if ((fp = fdopen(dup(fd), "r")) == NULL) {
		warn_errno("%s", name);
	} else {
		head_but_lines(fp, name);
		fclose(fp);
	}
}

static void
head_file(const char *path, int headers, int *first)
{
	const char *name = strcmp(path, "-") == 0 ? "standard input" : path;
	int fd = 0;

	if (strcmp(path, "-") != 0 && (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		warn_errno("%s", path);
		return;
	}
	if (headers)
		printf("%s==> %s <==\n", *first ? "" : "\n", name);
	*first = 0;
	head_fd(fd, path);
	if (fd != 0)
		close(fd);
}

static unsigned long long
count(const char *s, int bytes)
{
	unsigned long long v;

	f.all_but = *s == '-';
	f.bytes = bytes;
	if (parse_size(s + (*s == '-' || *s == '+'), 10, &v) < 0)
		die("%s: invalid number of %s", s, bytes ? "bytes" : "lines");
	return v;
}

static const struct opt_long longs[] = {
	{ "bytes", 'c' }, { "lines", 'n' }, { "quiet", 'q' }, { "silent", 'q' },
	{ "verbose", 'v' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, quiet = 0, verbose = 0, first = 1;

	memset(&f, 0, sizeof f);
	f.n = 10;
	if (argc > 1 && argv[1][0] == '-' && argv[1][1] >= '0' && argv[1][1] <= '9') {
		f.n = count(argv[1] + 1, 0);	/* the old form: head -5 */
		o.ind = 2;
	}
	o.longs = longs;
	while ((c = opt_next(&o, "c:n:qv")) != -1) {
		switch (c) {
		case 'c': f.n = count(o.arg, 1); break;
		case 'n': f.n = count(o.arg, 0); break;
		case 'q': quiet = 1; verbose = 0; break;
		case 'v': verbose = 1; quiet = 0; break;
		default: die_usage(&o);
		}
	}
	if (o.ind == argc)
		head_file("-", verbose, &first);
	for (int i = o.ind; i < argc; i++)
		head_file(argv[i], verbose || (!quiet && argc - o.ind > 1), &first);
	return cmd_exit();
}
