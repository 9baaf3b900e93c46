/* dd - copy and convert blocks between files and devices */
#include "cmd.h"
#include <signal.h>

static const char usage[] =
    "dd [if=FILE] [of=FILE] [bs=N] [ibs=N] [obs=N] [count=N] [skip=N] [seek=N]"
    " [conv=notrunc,sync,noerror,fsync,fdatasync] [iflag=FLAGS] [oflag=FLAGS]"
    " [status=none|noxfer|progress]";

/* conv= */
#define C_NOTRUNC 1
#define C_SYNC 2
#define C_NOERROR 4
#define C_FSYNC 8
#define C_FDATASYNC 16

/* iflag= and oflag=: open(2) flags, and dd's own (GNU's): fullblock,
 * count_bytes and skip_bytes for the input, seek_bytes for the output */
#define F_FULLBLOCK 0x40000000
#define F_COUNT_BYTES 0x20000000
#define F_SKIP_BYTES 0x10000000
#define F_SEEK_BYTES 0x08000000
#define F_DD_ONLY (F_FULLBLOCK | F_COUNT_BYTES | F_SKIP_BYTES | F_SEEK_BYTES)

enum { ST_ALL, ST_NOXFER, ST_NONE, ST_PROGRESS };

static struct {
	const char *in, *out;
	size_t ibs, obs;
	int bs;				/* bs= given: each block read is written as it is */
	unsigned long long count, skip, seek;
	int count_set;
	int conv, iflag, oflag, status;
} a;

static struct {
	unsigned long long in_full, in_part, out_full, out_part, bytes, in_bytes;
	double start, last_progress;
	int progress_len;
} st;

static volatile sig_atomic_t got_usr1, got_int;

static const struct word {
	const char *name;
	int value;
} conv_words[] = {
	{ "notrunc", C_NOTRUNC }, { "sync", C_SYNC }, { "noerror", C_NOERROR },
	{ "fsync", C_FSYNC }, { "fdatasync", C_FDATASYNC }, { NULL, 0 }
}, flag_words[] = {
#ifdef O_DIRECT
	{ "direct", O_DIRECT },
#endif
	{ "dsync", O_DSYNC }, { "sync", O_SYNC }, { "nonblock", O_NONBLOCK },
	{ "noatime", O_NOATIME }, { "nofollow", O_NOFOLLOW }, { "append", O_APPEND },
	{ "fullblock", F_FULLBLOCK }, { "count_bytes", F_COUNT_BYTES },
	{ "skip_bytes", F_SKIP_BYTES }, { "seek_bytes", F_SEEK_BYTES }, { NULL, 0 }
}, status_words[] = {
	{ "none", ST_NONE }, { "noxfer", ST_NOXFER }, { "progress", ST_PROGRESS }, { NULL, 0 }
};

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The multiplier a suffix names, as GNU and BusyBox dd read them; 0 if none. */
static unsigned long long
suffix(const char *s)
{
	static const struct {
		const char *s;
		unsigned long long m;
	} u[] = {
		{ "", 1 }, { "c", 1 }, { "w", 2 }, { "b", 512 },
		{ "k", 1024 }, { "K", 1024 }, { "KiB", 1024 }, { "kB", 1000 }, { "KB", 1000 },
		{ "M", 1ULL << 20 }, { "MiB", 1ULL << 20 }, { "MB", 1000000 },
		{ "G", 1ULL << 30 }, { "GiB", 1ULL << 30 }, { "GB", 1000000000 },
		{ "T", 1ULL << 40 }, { "TiB", 1ULL << 40 }, { "TB", 1000000000000ULL },
	};

	for (size_t i = 0; i < sizeof u / sizeof u[0]; i++)
		if (strcmp(s, u[i].s) == 0)
			return u[i].m;
	return 0;
}

/* N[SUFFIX], or GNU's product of them: 2x512, 1kx4. */
static unsigned long long
number(const char *s)
{
	unsigned long long v = 1, n, m;
	char *end, part[32];
	const char *p = s, *x;
	size_t len;

	do {
		x = strchr(p, 'x');
		len = x ? (size_t)(x - p) : strlen(p);
		if (len == 0 || len >= sizeof part || *p < '0' || *p > '9')
			die("invalid number '%s'", s);
		memcpy(part, p, len);
		part[len] = '\0';
		errno = 0;
		n = strtoull(part, &end, 10);
		if (errno != 0 || (m = suffix(end)) == 0 || (n != 0 && m > ULLONG_MAX / n))
			die("invalid number '%s'", s);
		n *= m;
		if (n != 0 && v > ULLONG_MAX / n)
			die("invalid number '%s'", s);
		v *= n;
		if (x != NULL)
			p = x + 1;
	} while (x != NULL);
	return v;
}

/* A block size: not 0, and small enough to allocate. */
static size_t
block_size(const char *s)
{
	unsigned long long v = number(s);

	if (v == 0 || v > (1ULL << 31))
		die("invalid number '%s'", s);
	return v;
}

/* Comma-separated words of TABLE, or'ed together. */
static int
words(const char *s, const struct word *table, const char *what)
{
	int v = 0;
	size_t len;
	const struct word *w;

	for (;;) {
		len = strcspn(s, ",");
		for (w = table; w->name != NULL; w++)
			if (strlen(w->name) == len && strncmp(w->name, s, len) == 0)
				break;
		if (w->name == NULL)
			die("invalid %s '%.*s'", what, (int)len, s);
		v |= w->value;
		if (s[len] == '\0')
			return v;
		s += len + 1;
	}
}

static void
operand(const char *arg)
{
	const char *eq = strchr(arg, '='), *v = eq ? eq + 1 : "";
	size_t klen = eq ? (size_t)(eq - arg) : 0;
	char key[8];

	if (eq == NULL || klen >= sizeof key)
		die("unknown operand %s", arg);
	memcpy(key, arg, klen);
	key[klen] = '\0';
	if (strcmp(key, "if") == 0) a.in = v;
	else if (strcmp(key, "of") == 0) a.out = v;
	else if (strcmp(key, "bs") == 0) { a.ibs = a.obs = block_size(v); a.bs = 1; }
	else if (strcmp(key, "ibs") == 0) a.ibs = block_size(v);
	else if (strcmp(key, "obs") == 0) a.obs = block_size(v);
	else if (strcmp(key, "count") == 0) { a.count = number(v); a.count_set = 1; }
	else if (strcmp(key, "skip") == 0) a.skip = number(v);
	else if (strcmp(key, "seek") == 0) a.seek = number(v);
	else if (strcmp(key, "conv") == 0) a.conv |= words(v, conv_words, "conversion");
	else if (strcmp(key, "iflag") == 0) a.iflag |= words(v, flag_words, "input flag");
	else if (strcmp(key, "oflag") == 0) a.oflag |= words(v, flag_words, "output flag");
	else if (strcmp(key, "status") == 0) a.status = words(v, status_words, "status level");
	else die("unknown operand %s", arg);
}

/* N with its unit prefix, rounded as GNU's human_readable does: "1.0 kB", "105 MiB", "512 B". */
static void
human(char *buf, size_t size, double v, int base)
{
	static const char pre[] = "kMGTPEZY";
	const char *i = base == 1024 ? "i" : "";
	int e = -1;

	while (v >= base && e < 7) {
		v /= base;
		e++;
	}
	if (e >= 0 && v < 10 && (long long)(v * 10 + 0.5) < 100) {
		v = (long long)(v * 10 + 0.5) / 10.0;
		snprintf(buf, size, "%.1f %c%sB", v, *i && e == 0 ? 'K' : pre[e], i);
		return;
	}
	v = (long long)(v + 0.5);
	if (v >= base && e < 7) {
		e++;
		snprintf(buf, size, "1.0 %c%sB", *i && e == 0 ? 'K' : pre[e], i);
		return;
	}
	if (e < 0)
		snprintf(buf, size, "%.0f B", v);
	else
		snprintf(buf, size, "%.0f %c%sB", v, *i && e == 0 ? 'K' : pre[e], i);
}

/* Bytes a second as GNU dd shows them: at least kB, three digits: "0.0 kB/s", "73.0 kB/s", "296 MB/s". */
static void
rate_of(char *buf, size_t size, double v)
{
	static const char pre[] = "kMGTPEZY";
	double e = 1000;
	int x = 0;

	while (e * 1000 <= v && x < 7) {
		e *= 1000;
		x++;
	}
	if (snprintf(buf, size, "%.1f %cB/s", v / e, pre[x]) > 9)
		snprintf(buf, size, "%.0f %cB/s", v / e, pre[x]);
}

/* "N bytes (SI, IEC) copied, S s, R/s", GNU's line; without a newline. */
static int
print_xfer(int progress)
{
	double secs = now() - st.start;
	char si[32], iec[32], rate[40], t[32];
	unsigned long long n = st.bytes;

	human(si, sizeof si, n, 1000);
	human(iec, sizeof iec, n, 1024);
	if (secs > 0)
		rate_of(rate, sizeof rate, n / secs);
	else
		strcpy(rate, "Infinity B/s");
	snprintf(t, sizeof t, progress ? "%.0f s" : "%g s", secs);
	if (strchr(si, ' ')[1] == 'B')
		return fprintf(stderr, "%llu byte%s copied, %s, %s", n, n == 1 ? "" : "s", t, rate);
	if (strchr(iec, ' ')[1] == 'B')
		return fprintf(stderr, "%llu bytes (%s) copied, %s, %s", n, si, t, rate);
	return fprintf(stderr, "%llu bytes (%s, %s) copied, %s, %s", n, si, iec, t, rate);
}

static void
print_stats(void)
{
	if (a.status == ST_NONE)
		return;
	if (st.progress_len > 0) {
		fputc('\n', stderr);
		st.progress_len = 0;
	}
	fprintf(stderr, "%llu+%llu records in\n%llu+%llu records out\n",
	    st.in_full, st.in_part, st.out_full, st.out_part);
	if (a.status != ST_NOXFER) {
		print_xfer(0);
		fputc('\n', stderr);
	}
}

/* status=progress: the transfer line, rewritten in place about once a second. */
static void
progress(void)
{
	double t = now();
	int len;

	if (a.status != ST_PROGRESS || t - st.last_progress < 1)
		return;
	st.last_progress = t;
	fputc('\r', stderr);
	len = print_xfer(1);
	if (len < st.progress_len)
		fprintf(stderr, "%*s", st.progress_len - len, "");
	st.progress_len = len;
}

/* SIGUSR1 asks for the statistics so far; SIGINT prints them and stops, as GNU dd does. */
static void
on_signal(int sig)
{
	if (sig == SIGUSR1)
		got_usr1 = 1;
	else
		got_int = 1;
}

static void
signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;	/* no SA_RESTART: a blocked read returns to look */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	if (sigaction(SIGINT, NULL, &sa) == 0 && sa.sa_handler != SIG_IGN) {
		sa.sa_handler = on_signal;
		sigaction(SIGINT, &sa, NULL);
	}
}

static void
check_signals(void)
{
	if (got_usr1) {
		got_usr1 = 0;
		if (a.status != ST_NONE) {
			int s = a.status;

			a.status = ST_ALL;
			print_stats();
			a.status = s;
		}
	}
	if (got_int) {
		print_stats();
		signal(SIGINT, SIG_DFL);
		raise(SIGINT);
	}
	progress();
}

/* Read up to N bytes; with fullblock, until N or the end. Returns the count, or -1. */
static ssize_t
read_block(int fd, char *buf, size_t n)
{
	size_t got = 0;
	ssize_t r;

	while (got < n) {
		r = read(fd, buf + got, n - got);
		if (r < 0 && errno == EINTR) {
			check_signals();
			continue;
		}
		if (r < 0)
			return got > 0 ? (ssize_t)got : -1;
		if (r == 0)
			break;
		got += r;
		if (!(a.iflag & F_FULLBLOCK))
			break;
	}
	return got;
}

/* Write N bytes, a record of a full block's size SIZE or less. O_DIRECT refuses a
 * short last block on most devices: that one goes without it, as GNU dd does. */
static void
write_block(int fd, const char *buf, size_t n, size_t size)
{
	size_t done = 0;
	ssize_t w;
	int fl;

	while (done < n) {
		w = write(fd, buf + done, n - done);
		if (w < 0 && errno == EINTR) {
			check_signals();
			continue;
		}
#ifdef O_DIRECT
		if (w < 0 && errno == EINVAL && ((fl = fcntl(fd, F_GETFL)) & O_DIRECT)) {
			fcntl(fd, F_SETFL, fl & ~O_DIRECT);
			continue;
		}
#else
		(void)fl;
#endif
		if (w <= 0) {
			warn_errno("%s", a.out ? a.out : "standard output");
			print_stats();
			cmd_quit(1);
		}
		done += w;
		st.bytes += w;
	}
	if (n == size)
		st.out_full++;
	else
		st.out_part++;
}

static void *
block_buf(size_t n)
{
	void *p;
	long page = sysconf(_SC_PAGESIZE);

	/* O_DIRECT wants the buffer aligned to the device's block; a page covers it. */
	if (posix_memalign(&p, page > 0 ? page : 4096, n) != 0)
		die("out of memory");
	return p;
}

/* skip=: seek the input, or read and drop what cannot be seeked over. */
static void
skip_input(int fd, char *buf)
{
	unsigned long long left, unit = a.iflag & F_SKIP_BYTES ? 1 : a.ibs;
	ssize_t r;

	if (a.skip == 0)
		return;
	if (a.skip <= (unsigned long long)INT64_MAX / unit &&
	    lseek(fd, (off_t)(a.skip * unit), SEEK_CUR) >= 0)
		return;
	for (left = a.skip * unit; left > 0; left -= r) {
		r = read(fd, buf, left < a.ibs ? left : a.ibs);
		if (r < 0 && errno == EINTR)
			r = 0;
		else if (r < 0)
			die_errno("%s", a.in ? a.in : "standard input");
		else if (r == 0) {
			warn("%s: cannot skip to the requested offset", a.in ? a.in : "standard input");
			return;
		}
	}
}

/* seek=: seek the output; a pipe or a terminal cannot be. */
static unsigned long long
seek_unit(void)
{
	return a.oflag & F_SEEK_BYTES ? 1 : a.obs;
}

static void
seek_output(int fd)
{
	if (a.seek == 0)
		return;
	if (a.seek > (unsigned long long)INT64_MAX / seek_unit())
		errno = EOVERFLOW;
	else if (lseek(fd, (off_t)(a.seek * seek_unit()), SEEK_CUR) >= 0)
		return;
	die_errno("%s: cannot seek", a.out ? a.out : "standard output");
}

static int
open_input(void)
{
	int fd, fl = a.iflag & ~F_DD_ONLY;

	if (a.in == NULL) {
		if (fl != 0)
			fcntl(0, F_SETFL, fcntl(0, F_GETFL) | fl);
		return 0;
	}
	if ((fd = open(a.in, O_RDONLY | fl)) < 0)
		die_errno("%s", a.in);
	return fd;
}

/* Without conv=notrunc a regular file is cut at seek=; a device never is. */
static int
open_output(void)
{
	int fd, fl = a.oflag & ~F_DD_ONLY;
	struct stat sb;

	if (a.out == NULL) {
		if (fl != 0)
			fcntl(1, F_SETFL, fcntl(1, F_GETFL) | fl);
		return 1;
	}
	if (!(a.conv & C_NOTRUNC) && a.seek == 0)
		fl |= O_TRUNC;
	if ((fd = open(a.out, (a.seek ? O_RDWR : O_WRONLY) | O_CREAT | fl, 0666)) < 0 &&
	    (fd = open(a.out, O_WRONLY | O_CREAT | fl, 0666)) < 0)
		die_errno("%s", a.out);
	if (!(a.conv & C_NOTRUNC) && a.seek != 0 && fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode)) {
		if (a.seek > (unsigned long long)INT64_MAX / seek_unit() ||
		    ftruncate(fd, (off_t)(a.seek * seek_unit())) < 0)
			die_errno("%s", a.out);
	}
	return fd;
}

/* A read failed: without conv=noerror that ends the copy; with it the block is
 * dropped, or with conv=sync read as NULs (a partial record, as GNU counts it).
 * Returns whether the block goes on as NULs. */
static int
read_error(int fd)
{
	warn_errno("%s", a.in ? a.in : "standard input");
	print_stats();
	if (!(a.conv & C_NOERROR))
		cmd_quit(1);
	lseek(fd, a.ibs, SEEK_CUR);
	return (a.conv & C_SYNC) != 0;
}

/* Reblocking (no bs=): input blocks gathered into output blocks of obs bytes. */
static void
reblock(int out, char *obuf, size_t *have, const char *p, size_t n)
{
	size_t take;

	for (; n > 0; p += take, n -= take) {
		take = a.obs - *have < n ? a.obs - *have : n;
		memcpy(obuf + *have, p, take);
		if ((*have += take) == a.obs) {
			write_block(out, obuf, a.obs, a.obs);
			*have = 0;
		}
	}
}

/* GNU's hint: with bs= and a count, a short read is most likely a mistake.
 * Only a warning: it leaves the status alone. */
static void
partial_read(ssize_t n)
{
	static ssize_t prev;
	static int warned;

	if (n < 0) {
		prev = warned = 0;
		return;
	}
	if (!warned && n > 0 && prev != 0 && (size_t)prev != a.ibs && a.bs &&
	    !(a.iflag & F_FULLBLOCK) && (a.skip || a.count_set) && a.status != ST_NONE) {
		fprintf(stderr, "%s: warning: partial read (%zd byte%s); suggest iflag=fullblock\n",
		    cmd_name, prev, prev == 1 ? "" : "s");
		warned = 1;
	}
	prev = n;
}

/* count= is in blocks, or in bytes with iflag=count_bytes. */
static int
more_input(void)
{
	if (!a.count_set)
		return 1;
	if (a.iflag & F_COUNT_BYTES)
		return st.in_bytes < a.count;
	return st.in_full + st.in_part < a.count;
}

static size_t
next_read(void)
{
	if (a.count_set && (a.iflag & F_COUNT_BYTES) && a.count - st.in_bytes < a.ibs)
		return a.count - st.in_bytes;
	return a.ibs;
}

static void
copy(int in, int out)
{
	char *ibuf = block_buf(a.ibs), *obuf = a.bs ? ibuf : block_buf(a.obs);
	size_t have = 0;
	ssize_t n;

	partial_read(-1);
	skip_input(in, ibuf);
	seek_output(out);
	while (more_input()) {
		check_signals();
		if ((n = read_block(in, ibuf, next_read())) == 0)
			break;
		if (n > 0)
			st.in_bytes += n;
		partial_read(n);
		if (n < 0) {
			if (!read_error(in))
				continue;
			n = 0;
		}
		if ((size_t)n == a.ibs)
			st.in_full++;
		else
			st.in_part++;
		if ((a.conv & C_SYNC) && (size_t)n < a.ibs) {
			memset(ibuf + n, 0, a.ibs - n);
			n = a.ibs;
		}
		if (a.bs)
			write_block(out, ibuf, n, a.obs);
		else
			reblock(out, obuf, &have, ibuf, n);
	}
	if (have > 0)
		write_block(out, obuf, have, a.obs);
	if (obuf != ibuf)
		free(obuf);
	free(ibuf);
}

static void
finish(int out)
{
	const char *name = a.out ? a.out : "standard output";

	if ((a.conv & C_FSYNC) && fsync(out) < 0 && errno != EINVAL)
		warn_errno("%s", name);
	else if ((a.conv & C_FDATASYNC) && fdatasync(out) < 0 && errno != EINVAL)
		warn_errno("%s", name);
	if (out != 1 && close(out) < 0)
		warn_errno("%s", name);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int in, out;

	memset(&a, 0, sizeof a);
	memset(&st, 0, sizeof st);
	got_usr1 = got_int = 0;
	a.ibs = a.obs = 512;
	if (opt_next(&o, "") != -1)
		die_usage(&o);
	for (int i = o.ind; i < argc; i++)
		operand(argv[i]);
	in = open_input();
	out = open_output();
	signals();
	st.start = st.last_progress = now();
	copy(in, out);
	finish(out);
	print_stats();
	return cmd_exit();
}
