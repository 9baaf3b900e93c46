/* tail - copy the last part of files */
#include "cmd.h"
#include "num.h"
#include <poll.h>
#include <sys/inotify.h>

static const char usage[] =
    "tail [-fFqv] [-s SECONDS] [-n [+]LINES | -c [+]BYTES] [FILE...]";

static struct {
	int bytes;			/* count bytes, not lines */
	int from;			/* +N: from the Nth on */
	unsigned long long n;
	int follow;			/* 'f', 'F' (reopen by name), or 0 */
	double sleep;
} f;

/* The file shown last, for a header when following switches files. */
static const char *shown;
static int headers;

static void
put(const void *p, size_t n)
{
	if (fwrite(p, 1, n, stdout) != n)
		die_errno("write error");
}

static void
header(const char *name)
{
	if (headers && shown != name)
		printf("%s==> %s <==\n", shown ? "\n" : "", name);
	shown = name;
}

static ssize_t
xread(int fd, void *p, size_t n)
{
	ssize_t r;

	while ((r = read(fd, p, n)) < 0 && errno == EINTR)
		;
	return r;
}

/* Copy FD to the end; 0, or -1 on a read error (reported). */
static int
copy_rest(int fd, const char *name)
{
	char buf[65536];
	ssize_t r;

	while ((r = xread(fd, buf, sizeof buf)) > 0)
		put(buf, r);
	if (r < 0)
		warn_errno("%s", name);
	return r < 0 ? -1 : 0;
}

/* Skip to the Nth byte or line (1-based), then copy the rest. */
static int
tail_from(int fd, const char *name)
{
	char buf[65536], *p;
	unsigned long long skip = f.n > 0 ? f.n - 1 : 0;
	ssize_t r = 0, off = 0;

	while (skip > 0 && (r = xread(fd, buf, sizeof buf)) > 0) {
		if (f.bytes) {
			off = (unsigned long long)r < skip ? r : (ssize_t)skip;
			skip -= off;
		} else {
			for (p = buf; skip > 0 && (p = memchr(p, '\n', buf + r - p)) != NULL; skip--)
				p++;
			off = skip > 0 ? r : p - buf;
		}
	}
	if (r < 0) {
		warn_errno("%s", name);
		return -1;
	}
	if (r > 0 && off < r)
		put(buf + off, r - off);
	return copy_rest(fd, name);
}

/* Where the last N lines of BUF[0..LEN) start. */
static size_t
last_lines(const char *buf, size_t len, unsigned long long n)
{
	size_t i = len;

	if (i > 0 && buf[i - 1] == '\n')
		i--;
	for (; i > 0; i--)
		if (buf[i - 1] == '\n' && n-- <= 1)
			return i;
	return 0;
}

/* A regular file: look back from its end, a block at a time. */
static int
tail_seek(int fd, const char *name, off_t size)
{
	char buf[65536];
	unsigned long long need = f.n;
	off_t pos = size, start = 0;
	ssize_t r, i;
	int last = 1;

	if (f.bytes || f.n == 0) {
		start = (unsigned long long)size > f.n ? size - (off_t)f.n : 0;
	} else {
		while (pos > 0 && need > 0) {
			r = pos < (off_t)sizeof buf ? pos : (off_t)sizeof buf;
			pos -= r;
			if (lseek(fd, pos, SEEK_SET) < 0 || (r = xread(fd, buf, r)) <= 0)
				break;
			for (i = r; i > 0 && need > 0; i--, last = 0) {
				if (buf[i - 1] == '\n' && !last && --need == 0)
					start = pos + i;
			}
		}
	}
	if (lseek(fd, start, SEEK_SET) < 0) {
		warn_errno("%s", name);
		return -1;
	}
	return copy_rest(fd, name);
}

/* Where the last N lines or bytes of BUF[0..LEN) start. */
static size_t
last_part(const char *buf, size_t len, unsigned long long n)
{
	if (f.bytes)
		return len > n ? len - n : 0;
	return n == 0 ? len : last_lines(buf, len, n);
}

/*
 * A pipe or the like: keep chunks only while the last N lines or bytes may
 * still need them, then print from the right place in what is left.
 */
static int
tail_stream(int fd, const char *name)
{
	char *buf = NULL;
	size_t len = 0, cap = 0, keep;
	ssize_t r;

	for (;;) {
		if (cap - len < 65536)
			buf = xrealloc(buf, cap = cap * 2 + 65536);
		if ((r = xread(fd, buf + len, cap - len)) <= 0)
			break;
		len += r;
		keep = last_part(buf, len, f.n + !f.bytes);
		if (keep > cap / 2) {
			memmove(buf, buf + keep, len - keep);
			len -= keep;
		}
	}
	if (r < 0)
		warn_errno("%s", name);
	keep = last_part(buf, len, f.n);
	if (r == 0)
		put(buf + keep, len - keep);
	free(buf);
	return r < 0 ? -1 : 0;
}

static int
tail_fd(int fd, const char *name)
{
	struct stat st;

	if (f.from)
		return tail_from(fd, name);
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && lseek(fd, 0, SEEK_CUR) == 0)
		return tail_seek(fd, name, st.st_size);
	return tail_stream(fd, name);
}

/* One operand being followed. */
struct file {
	const char *path, *name;
	int fd;
	struct stat st;
};

static int
open_file(struct file *fl)
{
	fl->fd = strcmp(fl->path, "-") == 0 ? 0 : open(fl->path, O_RDONLY | O_CLOEXEC);
	if (fl->fd < 0 || fstat(fl->fd, &fl->st) < 0) {
		warn_errno("%s", fl->path);
		if (fl->fd > 0)
			close(fl->fd);
		fl->fd = -1;
		return -1;
	}
	if (S_ISDIR(fl->st.st_mode)) {
		errno = EISDIR;
		warn_errno("%s", fl->path);
		close(fl->fd);
		fl->fd = -1;
		return -1;
	}
	return 0;
}

/* -F: the name now means another file, or came back: start over on it. */
static void
reopen(struct file *fl)
{
	struct stat st;

	if (stat(fl->path, &st) < 0)
		return;
	if (fl->fd >= 0 && st.st_dev == fl->st.st_dev && st.st_ino == fl->st.st_ino)
		return;
	if (fl->fd >= 0)
		close(fl->fd);
	if (open_file(fl) == 0)
		fprintf(stderr, "%s: %s: following new file\n", cmd_name, fl->path);
}

/* New data in FL since last time; a file that shrank is read from its start. */
static int
poll_file(struct file *fl)
{
	char buf[65536];
	struct stat st;
	ssize_t r;
	int got = 0;

	if (f.follow == 'F')
		reopen(fl);
	if (fl->fd < 0)
		return 0;
	if (fstat(fl->fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size < lseek(fl->fd, 0, SEEK_CUR)) {
		fprintf(stderr, "%s: %s: file truncated\n", cmd_name, fl->path);
		lseek(fl->fd, 0, SEEK_SET);
	}
	while ((r = xread(fl->fd, buf, sizeof buf)) > 0) {
		header(fl->name);
		put(buf, r);
		got = 1;
	}
	return got;
}

/*
 * Ask inotify about each open file (through /proc/self/fd: the file itself,
 * wherever its name goes, as -f wants) and, for -F, its directory, where the
 * name may come back. Asking again about the same file costs nothing new.
 */
static void
watch(int ifd, const struct file *fl, int n)
{
	char proc[64], *dir, *slash;

	for (int i = 0; i < n; i++) {
		if (fl[i].fd >= 0) {
			snprintf(proc, sizeof proc, "/proc/self/fd/%d", fl[i].fd);
			if (inotify_add_watch(ifd, proc, IN_MODIFY | IN_ATTRIB | IN_MOVE_SELF |
			    IN_DELETE_SELF) < 0 && fl[i].fd != 0)
				inotify_add_watch(ifd, fl[i].path, IN_MODIFY | IN_ATTRIB |
				    IN_MOVE_SELF | IN_DELETE_SELF);
		}
		if (f.follow != 'F' || strcmp(fl[i].path, "-") == 0)
			continue;
		dir = xstrdup(fl[i].path);
		slash = strrchr(dir, '/');
		if (slash != NULL)
			slash[slash == dir] = '\0';
		inotify_add_watch(ifd, slash ? dir : ".", IN_CREATE | IN_MOVED_TO | IN_ATTRIB);
		free(dir);
	}
}

/* Sleep until inotify tells of a change, or for the -s interval at most. */
static void
wait_change(int ifd, const struct timespec *ts)
{
	struct pollfd p = { ifd, POLLIN, 0 };
	char buf[4096];

	if (ifd < 0 || poll(&p, 1, (int)(ts->tv_sec * 1000 + ts->tv_nsec / 1000000)) <= 0) {
		if (ifd < 0)
			nanosleep(ts, NULL);
		return;
	}
	while (read(ifd, buf, sizeof buf) > 0)
		;
}

/*
 * New data shows as soon as inotify tells of it; the -s interval is the
 * fallback, for pipes, FIFOs and terminals (inotify does not see their
 * writers) and kernels without inotify.
 */
static void
follow(struct file *fl, int n)
{
	struct timespec ts;
	int got, again, ifd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);

	ts.tv_sec = (time_t)f.sleep;
	ts.tv_nsec = (long)((f.sleep - (double)ts.tv_sec) * 1e9);
	if (ts.tv_sec > 1000000)
		ts.tv_sec = 1000000;
	for (;;) {
		if (ifd >= 0)
			watch(ifd, fl, n);
		got = again = 0;
		for (int i = 0; i < n; i++) {
			int fd = fl[i].fd;
			ino_t ino = fl[i].st.st_ino;

			got |= poll_file(&fl[i]);
			again |= fl[i].fd != fd || fl[i].st.st_ino != ino;
		}
		if (got && fflush(stdout) == EOF)
			die_errno("write error");
		/* a file opened anew: watch it before its next write, then read again */
		if (!again || ifd < 0)
			wait_change(ifd, &ts);
	}
}

/* Following a pipe makes no sense: it ends when its writer does. With -f,
 * only files that opened can grow; with -F, the others may yet appear. */
static int
followable(const struct file *fl, int n)
{
	int any = 0;

	if (n == 1 && fl[0].fd == 0 && !S_ISREG(fl[0].st.st_mode))
		return 0;
	for (int i = 0; i < n; i++)
		any |= fl[i].fd >= 0;
	return any || f.follow == 'F';
}

static void
tail_one(struct file *fl)
{
	fl->name = strcmp(fl->path, "-") == 0 ? "standard input" : fl->path;
	if (open_file(fl) < 0)
		return;
	header(fl->name);
	if (headers)
		shown = fl->name;
	tail_fd(fl->fd, fl->path);
	if (!f.follow && fl->fd != 0)
		close(fl->fd);
}

static void
count(const char *s, int bytes)
{
	f.from = *s == '+';
	f.bytes = bytes;
	if (parse_size(s + (*s == '-' || *s == '+'), 10, &f.n) < 0)
		die("%s: invalid number of %s", s, bytes ? "bytes" : "lines");
}

/* The old forms: tail -20, tail +20, tail -20c. */
static int
old_form(const char *a)
{
	char num[32];
	size_t n = strspn(a + 1, "0123456789");

	if ((a[0] != '-' && a[0] != '+') || n == 0 || n >= sizeof num - 1 ||
	    (a[1 + n] != '\0' && strcmp(a + 1 + n, "c") != 0 && strcmp(a + 1 + n, "l") != 0))
		return 0;
	num[0] = a[0];
	memcpy(num + 1, a + 1, n);
	num[n + 1] = '\0';
	count(num, a[1 + n] == 'c');
	return 1;
}

static const struct opt_long longs[] = {
	{ "bytes", 'c' }, { "follow", 'f' }, { "lines", 'n' }, { "quiet", 'q' },
	{ "silent", 'q' }, { "sleep-interval", 's' }, { "verbose", 'v' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	struct file *fl;
	int c, quiet = 0, verbose = 0, nfiles;
	char *end;

	memset(&f, 0, sizeof f);
	f.n = 10;
	f.sleep = 1;
	shown = NULL;
	if (argc > 1 && old_form(argv[1]))
		o.ind = 2;
	o.longs = longs;
	while ((c = opt_next(&o, "c:Ffn:qs:v")) != -1) {
		switch (c) {
		case 'c': count(o.arg, 1); break;
		case 'n': count(o.arg, 0); break;
		case 'f': case 'F': f.follow = c; break;
		case 'q': quiet = 1; verbose = 0; break;
		case 's':
			f.sleep = strtod(o.arg, &end);
			if (*end != '\0' || end == o.arg || !(f.sleep >= 0 && f.sleep < 1e6))
				die("%s: invalid number of seconds", o.arg);
			break;
		case 'v': verbose = 1; quiet = 0; break;
		default: die_usage(&o);
		}
	}
	nfiles = argc > o.ind ? argc - o.ind : 1;
	headers = verbose || (!quiet && nfiles > 1);
	fl = xmalloc(nfiles * sizeof *fl);
	for (int i = 0; i < nfiles; i++) {
		fl[i].path = argc > o.ind ? argv[o.ind + i] : "-";
		tail_one(&fl[i]);
	}
	if (f.follow && followable(fl, nfiles)) {
		if (fflush(stdout) == EOF)
			die_errno("write error");
		follow(fl, nfiles);
	}
	free(fl);
	return cmd_exit();
}
