/* vi - edit a file on the screen with the vi keys, at a serial console */
#include "cmd.h"
#include "io.h"
#include "outfile.h"
#include <ctype.h>
#include <poll.h>
#include <regex.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <termios.h>

static const char usage[] = "vi [+LINE | +/PATTERN] [FILE]";

/*
 * The screen: rows - 2 lines of text, a status line in reverse video that is
 * always there (file, position, modified, a hint of the keys), and a line for
 * messages and the : / ? prompts. Only plain VT100 sequences are sent, and
 * only what changed: a shadow copy of each row is kept, rows are compared
 * and written from the first difference, and scrolling by a few lines uses a
 * scroll region, as a slow serial line wants.
 */

enum {
	K_UP = 0x100, K_DOWN, K_LEFT, K_RIGHT, K_HOME, K_END, K_PGUP, K_PGDN,
	K_DEL, K_INS, K_F1, K_NONE, K_RESIZE
};
#define CTRL_KEY(c) ((c) & 0x1f)
#define ESC 27
#define ESC_WAIT 100		/* ms for the rest of an escape sequence */
#define UNDO_BYTES (8L << 20)	/* text kept for undo, beyond the last change */
#define UNDO_GROUPS 1000

struct line {
	char *s;		/* len bytes, then a NUL for regexec */
	size_t len, cap;
};

struct pos {
	long y, x;
};

/* One change for undo: lines AT.. (COUNT of them) go, SAVED come back. */
struct urec {
	long group, at, count, nsaved, cap;
	struct line *saved;	/* cap of them allocated */
	long cy, cx;		/* the cursor before the change */
};

struct ustack {
	struct urec *v;
	size_t n, cap;
};

/* The buffer: never fewer than one line. */
static struct line *L;
static long nl, lcap;
static int noeol;		/* the file did not end in a newline: keep it so */
static int empty;		/* the file was empty: one empty line writes as nothing */
static char *fname;

static long cy, cx, want;	/* cursor line, byte; wanted screen column */
static long top, left;		/* first line and column on the screen */
static int rows, cols, textrows;
static int inserting, show_numbers, autoindent, quitting;
static char msg[512];
static int help_shown;

static struct ustack undos, redos;
static long group_seq, saved_state, ubytes;
static int group_open, changed;	/* a change group is open; this command changed text */
static long cmd_cy, cmd_cx;

static struct {
	char *s;
	size_t len;
	int linewise;
} reg;

static regex_t re;
static int have_re, last_dir = 1;
static int find_cmd, find_char;	/* the last f, F, t or T and its character */

/* Terminal state. */
static struct termios orig_tio;
static int raw_on;
static volatile sig_atomic_t sig_exit, sig_winch, sig_cont;
static sigset_t waitmask;	/* the mask while waiting for a key: signals let in */
static unsigned char ibuf[256];
static size_t ipos, ilen;
static int pushed[4], npushed;	/* bytes given back by the escape parser */
static int *replay;		/* keys to read before the terminal's: the . command */
static size_t nreplay, ireplay;
static int *rec, *last_change;	/* keys of the command being run, and of the last change */
static size_t nrec, reccap, nlast;
static long last_count;

static struct {
	char *s;
	size_t len, cap;
} ob;				/* output for one refresh */
static char **shadow;		/* what each screen row shows now */
static size_t *shlen;
static int full_redraw, cmdline_active;
static long shown_top = -1, shown_left = -1;
static char cmdline[1024];
static size_t cmdlen;

/* ---- output ---- */

static void
out(const char *s, size_t n)
{
	if (ob.len + n > ob.cap) {
		ob.cap = (ob.len + n) * 2 + 256;
		ob.s = xrealloc(ob.s, ob.cap);
	}
	memcpy(ob.s + ob.len, s, n);
	ob.len += n;
}

static void
outs(const char *s)
{
	out(s, strlen(s));
}

static void
goto_rc(int r, int c)
{
	char b[32];

	out(b, snprintf(b, sizeof b, "\033[%d;%dH", r + 1, c + 1));
}

static void
flush_out(void)
{
	if (ob.len > 0)
		write_all(1, ob.s, ob.len);
	ob.len = 0;
}

/* ---- the terminal ---- */

static void
term_restore(void)
{
	static const char bye[] = "\033[r\033[m";
	char b[32];

	if (!raw_on)
		return;
	raw_on = 0;
	write_all(1, bye, sizeof bye - 1);
	write_all(1, b, snprintf(b, sizeof b, "\033[%d;1H\033[K", rows));
	tcsetattr(0, TCSADRAIN, &orig_tio);
}

static void
term_raw(void)
{
	struct termios t = orig_tio;

	t.c_iflag &= ~(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON);
	t.c_oflag &= ~OPOST;
	t.c_lflag &= ~(ECHO | ECHONL | ICANON | ISIG | IEXTEN);
	t.c_cflag &= ~(CSIZE | PARENB);
	t.c_cflag |= CS8;
	t.c_cc[VMIN] = 1;
	t.c_cc[VTIME] = 0;
	tcsetattr(0, TCSADRAIN, &t);
	raw_on = 1;
}

/* Rows and columns: the window size, else $LINES and $COLUMNS, else 80x24. */
static void
term_size(void)
{
	struct winsize ws;
	const char *s;

	rows = cols = 0;
	if (ioctl(1, TIOCGWINSZ, &ws) == 0 || ioctl(0, TIOCGWINSZ, &ws) == 0) {
		rows = ws.ws_row;
		cols = ws.ws_col;
	}
	if (rows <= 0 && (s = getenv("LINES")) != NULL)
		rows = atoi(s);
	if (cols <= 0 && (s = getenv("COLUMNS")) != NULL)
		cols = atoi(s);
	if (rows <= 0 || rows > 1000)
		rows = 24;
	if (cols <= 0 || cols > 1000)
		cols = 80;
	if (rows < 3)
		rows = 3;
	if (cols < 20)
		cols = 20;
	textrows = rows - 2;
}

static void
screen_alloc(void)
{
	for (int r = 0; shadow != NULL && shadow[r] != NULL; r++)
		free(shadow[r]);
	free(shadow);
	free(shlen);
	term_size();
	shadow = xmalloc((rows + 1) * sizeof *shadow);
	shlen = xmalloc(rows * sizeof *shlen);
	for (int r = 0; r < rows; r++) {
		shadow[r] = xmalloc(cols + 1);
		shlen[r] = 0;
	}
	shadow[rows] = NULL;
	full_redraw = 1;
}

static void
on_signal(int sig)
{
	if (sig == SIGWINCH)
		sig_winch = 1;
	else if (sig == SIGCONT)
		sig_cont = 1;
	else
		sig_exit = sig;
}

/* A crash still gives the terminal back. */
static void
on_fatal(int sig)
{
	static const char bye[] = "\033[r\033[m\r\n";

	if (raw_on) {
		tcsetattr(0, TCSADRAIN, &orig_tio);
		write(1, bye, sizeof bye - 1);
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

/*
 * The signals that end vi or redraw it are blocked but while waiting for a
 * key (ppoll lets them in): the handlers set flags, the loop acts on them.
 */
static void
catch_signals(void)
{
	static const int soft[] = { SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGWINCH, SIGCONT };
	static const int hard[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };
	struct sigaction sa;
	sigset_t block;

	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sigemptyset(&block);
	sa.sa_handler = on_signal;
	for (size_t i = 0; i < sizeof soft / sizeof *soft; i++) {
		sigaction(soft[i], &sa, NULL);
		sigaddset(&block, soft[i]);
	}
	sigprocmask(SIG_BLOCK, &block, &waitmask);
	sa.sa_handler = on_fatal;
	for (size_t i = 0; i < sizeof hard / sizeof *hard; i++)
		sigaction(hard[i], &sa, NULL);
}

/* ---- the buffer ---- */

static void
line_grow(struct line *l, size_t n)
{
	if (n + 1 > l->cap) {
		l->cap = n + 1 + (n >> 2) + 16;
		l->s = xrealloc(l->s, l->cap);
	}
}

static void
line_init(struct line *l, const char *s, size_t n)
{
	l->cap = 0;
	l->s = NULL;
	line_grow(l, n);
	memcpy(l->s, s, n);
	l->s[n] = '\0';
	l->len = n;
}

static void
lines_room(long n)
{
	if (n > lcap) {
		lcap = n + n / 2 + 16;
		L = xrealloc(L, lcap * sizeof *L);
	}
}

static void
free_lines(struct line *v, long n)
{
	for (long i = 0; i < n; i++)
		free(v[i].s);
	free(v);
}

static size_t
saved_bytes(const struct urec *r)
{
	size_t n = sizeof *r;

	for (long i = 0; i < r->nsaved; i++)
		n += r->saved[i].cap + sizeof *r->saved;
	return n;
}

static void
ustack_clear(struct ustack *u)
{
	for (size_t i = 0; i < u->n; i++) {
		ubytes -= saved_bytes(&u->v[i]);
		free_lines(u->v[i].saved, u->v[i].nsaved);
	}
	u->n = 0;
}

static struct urec *
ustack_push(struct ustack *u)
{
	if (u->n == u->cap)
		u->v = xrealloc(u->v, (u->cap = u->cap * 2 + 16) * sizeof *u->v);
	return &u->v[u->n++];
}

static long
state(void)
{
	return undos.n > 0 ? undos.v[undos.n - 1].group : 0;
}

static int
modified(void)
{
	return state() != saved_state;
}

/* Old changes go when undo holds too much text or too many of them. */
static void
undo_trim(void)
{
	long groups = 0, g = -1;
	size_t cut = 0;

	for (size_t i = 0; i < undos.n; i++)
		if (undos.v[i].group != g) {
			g = undos.v[i].group;
			groups++;
		}
	while (cut < undos.n && (ubytes > UNDO_BYTES || groups > UNDO_GROUPS)) {
		g = undos.v[cut].group;
		if (g == undos.v[undos.n - 1].group)
			break;
		while (cut < undos.n && undos.v[cut].group == g) {
			ubytes -= saved_bytes(&undos.v[cut]);
			free_lines(undos.v[cut].saved, undos.v[cut].nsaved);
			cut++;
		}
		groups--;
	}
	if (cut > 0) {
		memmove(undos.v, undos.v + cut, (undos.n - cut) * sizeof *undos.v);
		undos.n -= cut;
	}
}

/* The first change of a command opens a group: one u takes it all back. */
static struct urec *
open_group(void)
{
	changed = 1;
	if (group_open)
		return undos.n > 0 ? &undos.v[undos.n - 1] : NULL;
	ustack_clear(&redos);
	undo_trim();
	group_open = 1;
	group_seq++;
	return NULL;
}

static void
record(long at, long count, struct line *saved, long nsaved)
{
	struct urec *r = ustack_push(&undos);

	r->group = group_seq;
	r->at = at;
	r->count = count;
	r->saved = saved;
	r->nsaved = r->cap = nsaved;
	r->cy = cmd_cy;
	r->cx = cmd_cx;
	ubytes += saved_bytes(r);
}

/* Line I is about to change: keep it, unless this group's last record covers it. */
static void
save_line(long i)
{
	struct urec *r = open_group();
	struct line *s;

	if (r != NULL && r->at <= i && i < r->at + r->count)
		return;
	if (r != NULL && r->count == r->nsaved && i == r->at + r->count) {
		/* the line after those this record replaces: one record for :%s */
		if (r->nsaved == r->cap)
			r->saved = xrealloc(r->saved, (r->cap = r->cap * 2 + 8) * sizeof *r->saved);
		line_init(&r->saved[r->nsaved], L[i].s, L[i].len);
		ubytes += r->saved[r->nsaved].cap + sizeof *r->saved;
		r->nsaved++;
		r->count++;
		return;
	}
	s = xmalloc(sizeof *s);
	line_init(s, L[i].s, L[i].len);
	record(i, 1, s, 1);
}

/* Replace NDEL bytes at X of line I by INS (which must not point into it). */
static void
line_splice(long i, size_t x, size_t ndel, const char *ins, size_t nins)
{
	struct line *l = &L[i];

	save_line(i);
	line_grow(l, l->len - ndel + nins);
	memmove(l->s + x + nins, l->s + x + ndel, l->len - x - ndel + 1);
	memcpy(l->s + x, ins, nins);
	l->len = l->len - ndel + nins;
}

/* K empty lines before line AT. */
static void
lines_insert(long at, long k)
{
	struct urec *r = open_group();

	if (r != NULL && r->at <= at && at <= r->at + r->count)
		r->count += k;
	else
		record(at, k, NULL, 0);
	lines_room(nl + k);
	memmove(L + at + k, L + at, (nl - at) * sizeof *L);
	for (long i = 0; i < k; i++)
		line_init(&L[at + i], "", 0);
	nl += k;
}

static void
lines_delete(long at, long k)
{
	struct urec *r = open_group();
	struct line *v;

	if (r != NULL && at >= r->at && at + k <= r->at + r->count) {
		for (long i = 0; i < k; i++)
			free(L[at + i].s);
		r->count -= k;
	} else {
		v = xmalloc(k * sizeof *v);
		memcpy(v, L + at, k * sizeof *v);
		record(at, 0, v, k);
	}
	memmove(L + at, L + at + k, (nl - at - k) * sizeof *L);
	nl -= k;
}

/* Undo or redo the top group of FROM, keeping its inverse on TO. */
static int
undo_step(struct ustack *from, struct ustack *to)
{
	long g;
	struct urec r;

	if (from->n == 0)
		return -1;
	g = from->v[from->n - 1].group;
	while (from->n > 0 && from->v[from->n - 1].group == g) {
		struct urec *t;
		struct line *gone;

		r = from->v[--from->n];
		ubytes -= saved_bytes(&r);
		gone = xmalloc((r.count + 1) * sizeof *gone);
		memcpy(gone, L + r.at, r.count * sizeof *gone);
		lines_room(nl - r.count + r.nsaved);
		if (r.count != r.nsaved)
			memmove(L + r.at + r.nsaved, L + r.at + r.count,
			    (nl - r.at - r.count) * sizeof *L);
		if (r.nsaved > 0)
			memcpy(L + r.at, r.saved, r.nsaved * sizeof *L);
		nl += r.nsaved - r.count;
		free(r.saved);
		t = ustack_push(to);
		*t = r;
		t->count = r.nsaved;
		t->saved = gone;
		t->nsaved = t->cap = r.count;
		ubytes += saved_bytes(t);
		cy = r.cy;
		cx = r.cx;
	}
	group_open = 0;
	return 0;
}

/* ---- positions and columns ---- */

static long
llen(long y)
{
	return (long)L[y].len;
}

static int
glyph(unsigned char c, long col, char g[10])
{
	int n;

	if (c == '\t') {
		n = 8 - col % 8;
		memset(g, ' ', n);
		return n;
	}
	if (c < 32 || c == 127) {
		g[0] = '^';
		g[1] = c == 127 ? '?' : c + 64;
		return 2;
	}
	if (c >= 128)
		return snprintf(g, 10, "<%02x>", c);
	g[0] = c;
	return 1;
}

static int
width(unsigned char c, long col)
{
	return c == '\t' ? 8 - col % 8 : c < 32 || c == 127 ? 2 : c >= 128 ? 4 : 1;
}

/* The screen column where byte X of line Y starts. */
static long
dcol(long y, long x)
{
	const char *s = L[y].s;
	long col = 0;

	for (long i = 0; i < x && i < llen(y); i++)
		col += width(s[i], col);
	return col;
}

/* The byte of line Y under screen column COL; the line's length if past it. */
static long
byte_at(long y, long col)
{
	const char *s = L[y].s;
	long c = 0, i;

	for (i = 0; i < llen(y); i++) {
		c += width(s[i], c);
		if (c > col)
			return i;
	}
	return i;
}

static long
first_nonblank(long y)
{
	long x = 0;

	while (x < llen(y) && (L[y].s[x] == ' ' || L[y].s[x] == '\t'))
		x++;
	return x;
}

/* Normal mode sits on a character, not past the end. */
static void
clamp(void)
{
	if (cy >= nl)
		cy = nl - 1;
	if (cy < 0)
		cy = 0;
	if (cx > llen(cy) - (inserting ? 0 : 1))
		cx = llen(cy) - (inserting ? 0 : 1);
	if (cx < 0)
		cx = 0;
}

static void
set_want(void)
{
	want = dcol(cy, cx);
}

static void
goto_line(long y, int nonblank)
{
	cy = y < 0 ? 0 : y >= nl ? nl - 1 : y;
	if (nonblank) {
		cx = first_nonblank(cy);
		clamp();
		set_want();
	} else {
		cx = byte_at(cy, want);
		clamp();
	}
}

/* ---- reading and writing files ---- */

static void
message(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
}

static void
buffer_free(void)
{
	for (long i = 0; i < nl; i++)
		free(L[i].s);
	nl = 0;
	ustack_clear(&undos);
	ustack_clear(&redos);
	group_open = 0;
	saved_state = 0;
}

/* Split DATA into the buffer's lines. */
static void
buffer_set(const char *data, size_t n)
{
	const char *p = data, *end = data + n, *nlp;

	buffer_free();
	noeol = n > 0 && data[n - 1] != '\n';
	empty = n == 0;
	while (p < end) {
		nlp = memchr(p, '\n', end - p);
		if (nlp == NULL)
			nlp = end;
		lines_room(nl + 1);
		line_init(&L[nl++], p, nlp - p);
		p = nlp + 1;
	}
	if (nl == 0) {
		lines_room(1);
		line_init(&L[nl++], "", 0);
	}
	cy = cx = want = top = left = 0;
}

/* The whole of FD, or NULL and errno. */
static char *
slurp(int fd, size_t *n)
{
	size_t cap = 65536;
	char *s = xmalloc(cap);
	ssize_t r;

	*n = 0;
	for (;;) {
		if (*n + 1 >= cap)
			s = xrealloc(s, cap *= 2);
		r = read(fd, s + *n, cap - *n);
		if (r == 0)
			return s;
		if (r < 0) {
			if (errno == EINTR)
				continue;
			free(s);
			return NULL;
		}
		*n += r;
	}
}

/* Load PATH; a missing file is a new one. 0, or -1 with errno (buffer kept). */
static int
load(const char *path)
{
	struct stat st;
	size_t n;
	char *data;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		if (errno != ENOENT)
			return -1;
		buffer_set("", 0);
		message("\"%s\" [New File]", path);
		return 0;
	}
	if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		close(fd);
		errno = EISDIR;
		return -1;
	}
	data = slurp(fd, &n);
	close(fd);
	if (data == NULL)
		return -1;
	buffer_set(data, n);
	free(data);
	message("\"%s\" %ld line%s, %zu byte%s%s", path, nl - empty, nl - empty == 1 ? "" : "s",
	    n, n == 1 ? "" : "s", noeol ? " [noeol]" : "");
	return 0;
}

/* Buffered output to FD for write_lines. */
struct wbuf {
	int fd;
	size_t n;
	long long total;
	char b[65536];
};

static int
wput(struct wbuf *w, const char *s, size_t n)
{
	while (n > 0) {
		size_t k = sizeof w->b - w->n < n ? sizeof w->b - w->n : n;

		memcpy(w->b + w->n, s, k);
		w->n += k;
		s += k;
		n -= k;
		if (w->n == sizeof w->b) {
			if (write_all(w->fd, w->b, w->n) < 0)
				return -1;
			w->total += w->n;
			w->n = 0;
		}
	}
	return 0;
}

/* Write lines FROM..TO to FD; the byte count, or -1 with errno. */
static long long
write_lines(int fd, long from, long to)
{
	struct wbuf *w;
	long long total;

	if (from == 0 && to == nl - 1 && nl == 1 && empty && L[0].len == 0)
		return 0;
	w = xmalloc(sizeof *w);
	w->fd = fd;
	w->n = 0;
	w->total = 0;
	for (long i = from; i <= to; i++) {
		if (wput(w, L[i].s, L[i].len) < 0 ||
		    (!(i == nl - 1 && noeol) && wput(w, "\n", 1) < 0)) {
			free(w);
			return -1;
		}
	}
	if (w->n > 0 && write_all(fd, w->b, w->n) < 0) {
		free(w);
		return -1;
	}
	total = w->total + w->n;
	free(w);
	return total;
}

/*
 * Save lines FROM..TO as PATH, safely: a temporary file in the same
 * directory, synced, then renamed over it, with the old file's mode and
 * owner; a symlink's target is saved, and what is no regular file
 * (/dev/ttyS0, /dev/full) is written in place. A full disk leaves the old
 * file whole. The byte count, or -1 and errno.
 */
static long long
save(const char *path, long from, long to)
{
	struct outfile o;
	long long n;

	if (out_open(&o, path, 0666, OUT_EDIT | OUT_SYNC) < 0)
		return -1;
	if ((n = write_lines(o.fd, from, to)) < 0) {
		out_abort(&o);
		return -1;
	}
	return out_commit(&o) < 0 ? -1 : n;
}

/* :w and friends. 0, or -1 with the reason on the message line. */
static int
write_cmd(const char *path, long from, long to)
{
	long long n;
	int whole = from == 0 && to == nl - 1;

	if (path == NULL || *path == '\0')
		path = fname;
	if (path == NULL) {
		message("No file name (use :w FILE)");
		return -1;
	}
	n = save(path, from, to);
	if (n < 0) {
		message("\"%s\" NOT written: %s (the buffer is kept)", path, strerror(errno));
		return -1;
	}
	if (fname == NULL)
		fname = xstrdup(path);
	if (whole && strcmp(path, fname) == 0)
		saved_state = state();
	message("\"%s\" %ldL, %lldB written", path, to - from + 1, n);
	return 0;
}

/* Killed or hung up with unsaved changes: keep them beside the file. */
static void
rescue(void)
{
	char *path;

	if (!modified())
		return;
	path = xmalloc((fname ? strlen(fname) : 2) + 16);
	strcpy(path, fname ? fname : "vi");
	strcat(path, ".vi-rescue");
	if (save(path, 0, nl - 1) >= 0)
		fprintf(stderr, "vi: unsaved changes are in %s\n", path);
	free(path);
}

static _Noreturn void
die_signal(int sig)
{
	term_restore();
	if (sig == SIGHUP || sig == SIGTERM)
		rescue();
	signal(sig, SIG_DFL);
	sigprocmask(SIG_SETMASK, &waitmask, NULL);
	raise(sig);
	exit(128 + sig);
}

/* ---- keys ---- */

/* Signals and resizes, looked at when no key is waiting. */
static int
check_signals(void)
{
	if (sig_exit)
		die_signal(sig_exit);
	if (sig_cont) {
		sig_cont = 0;
		term_raw();
		full_redraw = 1;
		return 1;
	}
	if (sig_winch) {
		sig_winch = 0;
		screen_alloc();
		return 1;
	}
	return 0;
}

static int
input_pending(void)
{
	struct pollfd p = { 0, POLLIN, 0 };

	return ireplay < nreplay || npushed > 0 || ipos < ilen || poll(&p, 1, 0) > 0;
}

/* A byte from the terminal within MS milliseconds (-1: forever); -1 on
 * timeout, -2 when a signal wants a redraw. End of input is a hang-up. */
static int
read_byte(int ms)
{
	struct pollfd p = { 0, POLLIN, 0 };
	ssize_t r;

	for (;;) {
		if (npushed > 0)
			return pushed[--npushed];
		if (ipos < ilen)
			return ibuf[ipos++];
		if (check_signals() && ms < 0)
			return -2;
		if (ms >= 0) {
			struct timespec ts = { ms / 1000, ms % 1000 * 1000000L };

			r = ppoll(&p, 1, &ts, &waitmask);
		} else {
			r = ppoll(&p, 1, NULL, &waitmask);
		}
		if (r < 0 && errno == EINTR)
			continue;
		if (r == 0)
			return -1;
		r = read(0, ibuf, sizeof ibuf);
		if (r < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (r <= 0)
			die_signal(SIGHUP);
		ipos = 0;
		ilen = r;
	}
}

static void
unread_byte(int c)
{
	if (npushed < 4)
		pushed[npushed++] = c;
}

/* ESC alone, or the rest of ESC [ ... or ESC O x; the bytes come quickly or not at all. */
static int
escape_seq(void)
{
	int c = read_byte(ESC_WAIT), n = 0, k;

	if (c < 0)
		return ESC;
	if (c != '[' && c != 'O') {
		unread_byte(c);
		return ESC;
	}
	k = read_byte(ESC_WAIT);
	if (k < 0 && c == 'O') {
		unread_byte('O');
		return ESC;
	}
	if (k < 0)
		return K_NONE;
	if (c == 'O') {
		switch (k) {
		case 'A': return K_UP;
		case 'B': return K_DOWN;
		case 'C': return K_RIGHT;
		case 'D': return K_LEFT;
		case 'H': return K_HOME;
		case 'F': return K_END;
		case 'P': return K_F1;
		}
		/* Esc, then O to open a line, typed quickly */
		unread_byte(k);
		unread_byte('O');
		return ESC;
	}
	while (isdigit(k) || k == ';') {
		if (isdigit(k) && n < 1000)
			n = n * 10 + k - '0';
		if (k == ';')
			n = 0;
		if ((k = read_byte(ESC_WAIT)) < 0)
			return K_NONE;
	}
	switch (k) {
	case 'A': return K_UP;
	case 'B': return K_DOWN;
	case 'C': return K_RIGHT;
	case 'D': return K_LEFT;
	case 'H': return K_HOME;
	case 'F': return K_END;
	case '~':
		switch (n) {
		case 1: case 7: return K_HOME;
		case 4: case 8: return K_END;
		case 2: return K_INS;
		case 3: return K_DEL;
		case 5: return K_PGUP;
		case 6: return K_PGDN;
		case 11: return K_F1;
		}
	}
	return K_NONE;
}

static void
record_key(int k)
{
	if (nrec == reccap)
		rec = xrealloc(rec, (reccap = reccap * 2 + 64) * sizeof *rec);
	rec[nrec++] = k;
}

/* The next byte as it is, for Ctrl-V. */
static int
literal_key(void)
{
	int k;

	if (ireplay < nreplay) {
		k = replay[ireplay++];
	} else {
		do
			k = read_byte(-1);
		while (k < 0);
	}
	record_key(k);
	return k;
}

static int
getkey(void)
{
	int k;

	if (ireplay < nreplay) {
		k = replay[ireplay++];
	} else {
		k = read_byte(-1);
		if (k == -2)
			return K_RESIZE;
		if (k == ESC)
			k = escape_seq();
	}
	record_key(k);
	return k;
}

/* ---- drawing ---- */

static int
gutter(void)
{
	int w = 3;

	if (!show_numbers)
		return 0;
	for (long n = nl; n >= 1000; n /= 10)
		w++;
	return w + 1;
}

/* Row R of the screen is NEW (N bytes, all printable): send the difference. */
static void
draw_row(int r, const char *new, size_t n, int reverse)
{
	size_t i = 0, old = shlen[r];

	while (i < n && i < old && shadow[r][i] == new[i])
		i++;
	if (i == n && i == old)
		return;
	goto_rc(r, i);
	if (reverse)
		outs("\033[7m");
	out(new + i, n - i);
	if (reverse)
		outs("\033[m");
	if (old > n)
		outs("\033[K");
	memcpy(shadow[r], new, n);
	shlen[r] = n;
}

/* The cells of line Y from column LEFT, at most W of them, into BUF. */
static size_t
render(long y, char *buf, int w)
{
	const char *s = L[y].s;
	long col = 0, end = left + w;
	size_t n = 0;
	char g[10];

	for (long i = 0; i < llen(y) && col < end; i++) {
		int k = glyph(s[i], col, g);

		for (int j = 0; j < k; j++)
			if (col + j >= left && col + j < end)
				buf[n++] = g[j];
		col += k;
	}
	return n;
}

static const char *const help_text[] = {
	"vi keys (any key returns to the text)",
	"",
	"  i a I A o O   insert before, after, line start, end, new line below, above",
	"  Esc           back to normal mode          u  undo    Ctrl-R  redo",
	"  h j k l       left down up right (arrows work too)",
	"  w b e         word forward, back, end      0 ^ $  line start, first char, end",
	"  gg G 12G      first line, last, line 12    Ctrl-F Ctrl-B  page down, up",
	"  x dd D dw     delete char, line, to end, word   cw cc C  change",
	"  yy p P        copy line, paste after, before   r  replace char   J  join",
	"  /re ?re n N   search forward, back, next, previous   .  repeat change",
	"",
	"  :w  save      :q  quit      :wq or ZZ  save and quit    :q!  quit, no save",
	"  :e FILE  edit FILE   :12  go to line 12   :%s/re/new/g  replace",
	"  :set nu  line numbers   :set ai  autoindent   :!cmd  run a command",
	"  Ctrl-G  file info       Ctrl-L  redraw",
};

/* Move the view so that the cursor shows: far jumps centre the line. */
static void
scroll_to_cursor(int tw)
{
	long c = dcol(cy, cx);

	if (cy < top - textrows || cy >= top + 2 * textrows)
		top = cy - textrows / 2;
	else if (cy < top)
		top = cy;
	else if (cy >= top + textrows)
		top = cy - textrows + 1;
	if (top > nl - 1)
		top = nl - 1;
	if (top < 0)
		top = 0;
	if (c < left || c >= left + tw) {
		left = c - tw / 2;
		if (c < tw - 1)
			left = 0;
	}
	if (left < 0)
		left = 0;
}

/* Shift the text rows by DELTA (up if positive) with a scroll region. */
static void
scroll_rows(long delta)
{
	long n = delta > 0 ? delta : -delta;
	char b[32];

	out(b, snprintf(b, sizeof b, "\033[1;%dr", textrows));
	goto_rc(delta > 0 ? textrows - 1 : 0, 0);
	for (long i = 0; i < n; i++)
		outs(delta > 0 ? "\033D" : "\033M");
	outs("\033[r");
	for (int k = 0; k < n; k++) {
		int r = delta > 0 ? 0 : textrows - 1;
		char *s = shadow[r];

		if (delta > 0) {
			memmove(shadow, shadow + 1, (textrows - 1) * sizeof *shadow);
			memmove(shlen, shlen + 1, (textrows - 1) * sizeof *shlen);
			shadow[textrows - 1] = s;
			shlen[textrows - 1] = 0;
		} else {
			memmove(shadow + 1, shadow, (textrows - 1) * sizeof *shadow);
			memmove(shlen + 1, shlen, (textrows - 1) * sizeof *shlen);
			shadow[0] = s;
			shlen[0] = 0;
		}
	}
}

static void
draw_status(char *buf)
{
	static const char hint[] = "i insert  Esc normal  :w save  :q quit  /find ";
	const char *name = fname ? fname : "[No Name]";
	char pos[96];
	int n, np, nn = strlen(name), room;

	np = snprintf(pos, sizeof pos, "%s  %ld,%ld/%ld%s", modified() ? " [+]" : "",
	    cy + 1, cx + 1, nl, inserting ? "  INSERT" : "");
	room = cols - 1 - np;
	if (room < 8)
		room = 8;
	n = 0;
	buf[n++] = ' ';
	if (nn > room) {
		memcpy(buf + n, "...", 3);
		memcpy(buf + n + 3, name + nn - (room - 3), room - 3);
		n += room;
	} else {
		memcpy(buf + n, name, nn);
		n += nn;
	}
	if (n + np > cols)
		np = cols - n;
	memcpy(buf + n, pos, np);
	n += np;
	if (n + 2 + (int)sizeof hint - 1 <= cols) {
		while (n < cols - (int)sizeof hint + 1)
			buf[n++] = ' ';
		memcpy(buf + n, hint, sizeof hint - 1);
		n += sizeof hint - 1;
	}
	while (n < cols)
		buf[n++] = ' ';
	draw_row(textrows, buf, cols, 1);
}

static void
refresh(void)
{
	char *buf = xmalloc(cols + 64);
	int g = gutter(), tw = cols - g, ccol;
	size_t n;
	const char *m;

	scroll_to_cursor(tw);
	if (full_redraw) {
		outs("\033[r\033[m\033[H\033[2J");
		for (int r = 0; r < rows; r++)
			shlen[r] = 0;
		full_redraw = 0;
	} else if (left == shown_left && top != shown_top && !help_shown &&
	    labs(top - shown_top) < textrows / 2) {
		scroll_rows(top - shown_top);
	}
	shown_top = top;
	shown_left = left;
	for (int r = 0; r < textrows; r++) {
		long y = top + r;

		n = 0;
		if (help_shown) {
			if (r < (int)(sizeof help_text / sizeof *help_text)) {
				n = strlen(help_text[r]);
				if (n > (size_t)cols)
					n = cols;
				memcpy(buf, help_text[r], n);
			}
		} else if (y >= nl) {
			buf[n++] = '~';
		} else {
			if (g > 0)
				n = snprintf(buf, cols + 64, "%*ld ", g - 1, y + 1);
			n += render(y, buf + n, tw);
		}
		draw_row(r, buf, n, 0);
	}
	draw_status(buf);
	if (cmdline_active) {
		size_t off = cmdlen + 1 > (size_t)cols - 1 ? cmdlen + 2 - cols : 0;

		draw_row(rows - 1, cmdline + off, cmdlen - off, 0);
	} else {
		m = inserting && msg[0] == '\0' ? "-- INSERT --" : msg;
		n = strlen(m);
		for (size_t i = 0; i < n && i < (size_t)cols - 1; i++)
			buf[i] = isprint((unsigned char)m[i]) ? m[i] : '?';
		draw_row(rows - 1, buf, n < (size_t)cols - 1 ? n : (size_t)cols - 1, 0);
	}
	if (cmdline_active) {
		ccol = cmdlen + 1 > (size_t)cols - 1 ? cols - 2 : (int)cmdlen;
		goto_rc(rows - 1, ccol);
	} else {
		goto_rc(cy - top, g + dcol(cy, cx) - left);
	}
	free(buf);
	flush_out();
}

/* ---- the command line: : / ? ---- */

/* Read a line after PROMPT on the last row; NULL if Esc cancels it. */
static char *
read_cmdline(int prompt)
{
	int k;

	cmdline[0] = prompt;
	cmdlen = 1;
	cmdline_active = 1;
	for (;;) {
		if (!input_pending())
			refresh();
		k = getkey();
		if (k == '\r' || k == '\n')
			break;
		if (k == ESC || k == CTRL_KEY('C') || ((k == 127 || k == CTRL_KEY('H')) && cmdlen == 1)) {
			cmdline_active = 0;
			msg[0] = '\0';
			return NULL;
		}
		if (k == 127 || k == CTRL_KEY('H'))
			cmdlen--;
		else if (k == CTRL_KEY('U'))
			cmdlen = 1;
		else if (k == CTRL_KEY('V') && cmdlen < sizeof cmdline - 1)
			cmdline[cmdlen++] = literal_key();
		else if (k >= 32 && k < 256 && k != 127 && cmdlen < sizeof cmdline - 1)
			cmdline[cmdlen++] = k;
	}
	cmdline_active = 0;
	cmdline[cmdlen] = '\0';
	return cmdline + 1;
}

/* ---- searching ---- */

static int
set_pattern(const char *pat)
{
	char err[128];
	regex_t nre;
	int r;

	if (*pat == '\0') {
		if (!have_re) {
			message("No previous search pattern");
			return -1;
		}
		return 0;
	}
	r = regcomp(&nre, pat, 0);
	if (r != 0) {
		regerror(r, &nre, err, sizeof err);
		message("Bad pattern: %s", err);
		return -1;
	}
	if (have_re)
		regfree(&re);
	re = nre;
	have_re = 1;
	return 0;
}

/* The first match in line Y at or after byte X; its start, or -1. */
static long
match_from(long y, long x, regmatch_t *m)
{
	if (x > llen(y))
		return -1;
	if (regexec(&re, L[y].s + x, 1, m, x > 0 ? REG_NOTBOL : 0) != 0)
		return -1;
	m->rm_so += x;
	m->rm_eo += x;
	return m->rm_so;
}

/* The last match in line Y that starts before byte X; its start, or -1. */
static long
match_before(long y, long x)
{
	regmatch_t m;
	long at = 0, found = -1;

	while (match_from(y, at, &m) >= 0 && m.rm_so < x) {
		found = m.rm_so;
		at = m.rm_eo > m.rm_so ? m.rm_eo : m.rm_so + 1;
	}
	return found;
}

static int
search(int dir)
{
	regmatch_t m;
	long y = cy, x;

	if (!have_re) {
		message("No previous search pattern");
		return -1;
	}
	for (long k = 0; k <= nl; k++) {
		if (dir > 0) {
			x = k == 0 ? match_from(y, cx + 1, &m) : match_from(y, 0, &m);
			if (k == nl && x > cx)
				x = -1;
		} else {
			x = match_before(y, k == 0 ? cx : llen(y) + 1);
			if (k == nl && x < cx)
				x = -1;
		}
		if (x >= 0) {
			if ((dir > 0 && (y < cy || (y == cy && x <= cx))) ||
			    (dir < 0 && (y > cy || (y == cy && x >= cx))))
				message("search hit %s, continuing at %s", dir > 0 ? "BOTTOM" : "TOP",
				    dir > 0 ? "TOP" : "BOTTOM");
			else
				msg[0] = '\0';
			cy = y;
			cx = x;
			clamp();
			set_want();
			return 0;
		}
		y = dir > 0 ? (y + 1) % nl : (y + nl - 1) % nl;
	}
	message("Pattern not found");
	return -1;
}

/* ---- text operations ---- */

/* Insert TEXT (newlines split lines) at Y, X; the position just after it. */
static struct pos
insert_text(long y, long x, const char *text, size_t n)
{
	const char *nlp = memchr(text, '\n', n);
	struct pos end;
	size_t first, tail;
	char *rest;

	if (nlp == NULL) {
		line_splice(y, x, 0, text, n);
		end.y = y;
		end.x = x + n;
		return end;
	}
	first = nlp - text;
	tail = llen(y) - x;
	rest = xmalloc(tail + 1);
	memcpy(rest, L[y].s + x, tail);
	line_splice(y, x, tail, text, first);
	text += first + 1;
	n -= first + 1;
	while ((nlp = memchr(text, '\n', n)) != NULL) {
		lines_insert(++y, 1);
		line_splice(y, 0, 0, text, nlp - text);
		n -= nlp - text + 1;
		text = nlp + 1;
	}
	lines_insert(++y, 1);
	line_splice(y, 0, 0, text, n);
	line_splice(y, n, 0, rest, tail);
	free(rest);
	end.y = y;
	end.x = n;
	return end;
}

/* The text from A up to B (exclusive; B may be a line's end), newlines between lines. */
static char *
get_text(struct pos a, struct pos b, size_t *n)
{
	size_t cap = 0;
	char *s;

	for (long y = a.y; y <= b.y; y++)
		cap += llen(y) + 1;
	s = xmalloc(cap + 1);
	*n = 0;
	for (long y = a.y; y <= b.y; y++) {
		long from = y == a.y ? a.x : 0, to = y == b.y ? b.x : llen(y);

		if (to > from) {
			memcpy(s + *n, L[y].s + from, to - from);
			*n += to - from;
		}
		if (y < b.y)
			s[(*n)++] = '\n';
	}
	return s;
}

static void
delete_text(struct pos a, struct pos b)
{
	if (a.y == b.y) {
		line_splice(a.y, a.x, b.x - a.x, "", 0);
		return;
	}
	line_splice(a.y, a.x, llen(a.y) - a.x, L[b.y].s + b.x, llen(b.y) - b.x);
	lines_delete(a.y + 1, b.y - a.y);
}

static void
yank(char *s, size_t n, int linewise)
{
	free(reg.s);
	reg.s = s;
	reg.len = n;
	reg.linewise = linewise;
}

static void
yank_lines(long y1, long y2)
{
	struct pos a = { y1, 0 }, b = { y2, llen(y2) };
	size_t n;
	char *s = get_text(a, b, &n);

	s[n++] = '\n';
	yank(s, n, 1);
}

static void
delete_lines(long y1, long y2)
{
	if (y1 == 0 && y2 == nl - 1) {
		lines_insert(nl, 1);
		lines_delete(0, nl - 1);
		empty = 1;
	} else {
		lines_delete(y1, y2 - y1 + 1);
	}
	goto_line(y1, 1);
}

static void
put(int after, long count)
{
	struct pos p;

	if (reg.s == NULL) {
		message("Nothing to put (yank or delete something first)");
		return;
	}
	if (reg.linewise) {
		long at = after ? cy + 1 : cy, n = 0;

		for (size_t i = 0; i < reg.len; i++)
			n += reg.s[i] == '\n';
		for (long c = 0; c < count; c++) {
			const char *s = reg.s;

			lines_insert(at + c * n, n);
			for (long i = 0; i < n; i++) {
				const char *e = memchr(s, '\n', reg.s + reg.len - s);

				line_splice(at + c * n + i, 0, 0, s, e - s);
				s = e + 1;
			}
		}
		goto_line(at, 1);
		return;
	}
	if (after && llen(cy) > 0)
		cx++;
	p.y = cy;
	p.x = cx;
	for (long c = 0; c < count; c++)
		p = insert_text(p.y, p.x, reg.s, reg.len);
	if (memchr(reg.s, '\n', reg.len) == NULL) {
		cx = p.x - 1;
	}
	clamp();
	set_want();
}

static void
join_lines(long count)
{
	long n = count < 2 ? 1 : count - 1;

	if (cy + 1 >= nl) {
		message("No line below to join");
		return;
	}
	for (long i = 0; i < n && cy + 1 < nl; i++) {
		long x = llen(cy), skip = first_nonblank(cy + 1);
		int space = x > 0 && L[cy].s[x - 1] != ' ' && L[cy].s[x - 1] != '\t' &&
		    skip < llen(cy + 1) && L[cy + 1].s[skip] != ')';

		line_splice(cy, x, 0, " ", space);
		line_splice(cy, x + space, 0, L[cy + 1].s + skip, llen(cy + 1) - skip);
		lines_delete(cy + 1, 1);
		cx = x;
	}
	clamp();
	set_want();
}

/* ---- motions ---- */

static int
cls(long y, long x, int big)
{
	unsigned char c;

	if (x >= llen(y))
		return 0;
	c = L[y].s[x];
	if (c == ' ' || c == '\t')
		return 0;
	if (big)
		return 1;
	return isalnum(c) || c == '_' || c >= 128 ? 1 : 2;
}

/* Step through the text, each line's end counting as a newline. */
static int
fwd(struct pos *p)
{
	if (p->x < llen(p->y)) {
		p->x++;
		return 1;
	}
	if (p->y + 1 >= nl)
		return 0;
	p->y++;
	p->x = 0;
	return 1;
}

static int
back(struct pos *p)
{
	if (p->x > 0) {
		p->x--;
		return 1;
	}
	if (p->y == 0)
		return 0;
	p->y--;
	p->x = llen(p->y);
	return 1;
}

/* w: the next word's start; an empty line is a word. */
static void
word_fwd(struct pos *p, int big)
{
	int c = cls(p->y, p->x, big);
	long y0 = p->y;

	if (c != 0)
		while (fwd(p) && cls(p->y, p->x, big) == c && p->x < llen(p->y))
			;
	while (cls(p->y, p->x, big) == 0) {
		if (p->y != y0 && llen(p->y) == 0)
			return;
		if (!fwd(p))
			return;
	}
}

static void
word_back(struct pos *p, int big)
{
	long y0 = p->y;
	int c;

	if (!back(p))
		return;
	while (cls(p->y, p->x, big) == 0) {
		if (p->y != y0 && llen(p->y) == 0)
			return;
		if (!back(p))
			return;
	}
	c = cls(p->y, p->x, big);
	while (p->x > 0 && cls(p->y, p->x - 1, big) == c)
		p->x--;
}

/* e: the end of this word, or of the next if already there. */
static void
word_end(struct pos *p, int big)
{
	int c;

	if (!fwd(p))
		return;
	while (cls(p->y, p->x, big) == 0)
		if (!fwd(p))
			return;
	c = cls(p->y, p->x, big);
	while (p->x + 1 < llen(p->y) && cls(p->y, p->x + 1, big) == c)
		p->x++;
}

static int
find_in_line(int cmd, int ch, long count, struct pos *p)
{
	long x = p->x;
	int dir = cmd == 'f' || cmd == 't' ? 1 : -1;

	while (count-- > 0) {
		long start = x + dir;

		if ((cmd == 't' || cmd == 'T') && count == 0 && start >= 0 && start < llen(p->y) &&
		    (unsigned char)L[p->y].s[start] == ch)
			start += dir;
		for (x = start; x >= 0 && x < llen(p->y); x += dir)
			if ((unsigned char)L[p->y].s[x] == ch)
				break;
		if (x < 0 || x >= llen(p->y))
			return -1;
	}
	if (cmd == 't')
		x--;
	else if (cmd == 'T')
		x++;
	p->x = x;
	return 0;
}

/* %: the bracket matching the one at or after the cursor. */
static int
match_bracket(struct pos *p)
{
	static const char br[] = "(){}[]";
	const char *b = NULL;
	long x = p->x, depth = 0;
	int open, close, dir;
	struct pos q;

	for (; x < llen(p->y); x++)
		if ((b = strchr(br, L[p->y].s[x])) != NULL && L[p->y].s[x] != '\0')
			break;
	if (x >= llen(p->y))
		return -1;
	dir = (b - br) % 2 == 0 ? 1 : -1;
	open = L[p->y].s[x];
	close = dir > 0 ? b[1] : b[-1];
	q.y = p->y;
	q.x = x;
	for (;;) {
		int c = q.x < llen(q.y) ? (unsigned char)L[q.y].s[q.x] : '\n';

		if (c == open)
			depth++;
		else if (c == close && --depth == 0)
			break;
		if (!(dir > 0 ? fwd(&q) : back(&q)))
			return -1;
	}
	*p = q;
	return 0;
}

static long
paragraph(long y, int dir, long count)
{
	while (count-- > 0) {
		while (y + dir >= 0 && y + dir < nl && llen(y + dir) == 0)
			y += dir;
		while (y + dir >= 0 && y + dir < nl && llen(y + dir) != 0)
			y += dir;
		if (y + dir >= 0 && y + dir < nl)
			y += dir;
	}
	return y;
}

/*
 * Move from the cursor by motion K, COUNT times (0: no count). The result
 * goes in *P with how an operator takes it: *LINEWISE whole lines, else up
 * to P, *INCL including it. -1 if K is no motion or cannot move.
 */
static int
motion(int k, long count, struct pos *p, int *linewise, int *incl)
{
	long n = count > 0 ? count : 1, c;

	p->y = cy;
	p->x = cx;
	*linewise = *incl = 0;
	switch (k) {
	case 'h': case K_LEFT: case CTRL_KEY('H'): case 127:
		if (p->x == 0)
			return -1;
		p->x = p->x > n ? p->x - n : 0;
		return 0;
	case 'l': case K_RIGHT: case ' ':
		if (p->x >= llen(p->y) - 1 && !(llen(p->y) > 0 && p->x == llen(p->y) - 1))
			return -1;
		p->x = p->x + n < llen(p->y) ? p->x + n : llen(p->y);
		return 0;
	case 'j': case K_DOWN: case CTRL_KEY('N'): case CTRL_KEY('J'):
	case 'k': case K_UP: case CTRL_KEY('P'):
		*linewise = 1;
		c = (k == 'j' || k == K_DOWN || k == CTRL_KEY('N') || k == CTRL_KEY('J')) ? 1 : -1;
		if ((c > 0 && cy >= nl - 1) || (c < 0 && cy == 0))
			return -1;
		p->y += c * n;
		p->y = p->y < 0 ? 0 : p->y >= nl ? nl - 1 : p->y;
		p->x = byte_at(p->y, want);
		return 0;
	case '+': case '\r': case '-':
		*linewise = 1;
		p->y += k == '-' ? -n : n;
		if (p->y < 0 || p->y >= nl)
			return -1;
		p->x = first_nonblank(p->y);
		return 0;
	case '0': case K_HOME:
		p->x = 0;
		return 0;
	case '^':
		p->x = first_nonblank(p->y);
		return 0;
	case '$': case K_END:
		p->y += n - 1;
		if (p->y >= nl)
			p->y = nl - 1;
		p->x = llen(p->y) > 0 ? llen(p->y) - 1 : 0;
		*incl = 1;
		return 0;
	case '|':
		p->x = byte_at(p->y, n - 1);
		return 0;
	case 'w': case 'W':
		while (n-- > 0)
			word_fwd(p, k == 'W');
		return 0;
	case 'b': case 'B':
		while (n-- > 0)
			word_back(p, k == 'B');
		return 0;
	case 'e': case 'E':
		while (n-- > 0)
			word_end(p, k == 'E');
		*incl = 1;
		return 0;
	case 'G':
		*linewise = 1;
		p->y = count > 0 ? count - 1 : nl - 1;
		if (p->y >= nl)
			p->y = nl - 1;
		p->x = first_nonblank(p->y);
		return 0;
	case 'g':
		c = getkey();
		if (c != 'g')
			return -1;
		*linewise = 1;
		p->y = count > 0 ? count - 1 : 0;
		if (p->y >= nl)
			p->y = nl - 1;
		p->x = first_nonblank(p->y);
		return 0;
	case 'H': case 'L': case 'M':
		*linewise = 1;
		c = top + textrows - 1 < nl - 1 ? top + textrows - 1 : nl - 1;
		p->y = k == 'H' ? top + n - 1 : k == 'L' ? c - n + 1 : (top + c) / 2;
		if (p->y < top)
			p->y = top;
		if (p->y > c)
			p->y = c;
		p->x = first_nonblank(p->y);
		return 0;
	case 'f': case 'F': case 't': case 'T':
		c = getkey();
		if (c >= 256 || c == ESC)
			return -1;
		find_cmd = k;
		find_char = c;
		*incl = k == 'f' || k == 't';
		return find_in_line(k, c, n, p);
	case ';': case ',':
		if (find_cmd == 0)
			return -1;
		c = find_cmd;
		if (k == ',')
			c = c == 'f' ? 'F' : c == 'F' ? 'f' : c == 't' ? 'T' : 't';
		*incl = c == 'f' || c == 't';
		return find_in_line(c, find_char, n, p);
	case '%':
		*incl = 1;
		return match_bracket(p);
	case '}': case '{':
		p->y = paragraph(p->y, k == '}' ? 1 : -1, n);
		p->x = k == '}' && llen(p->y) > 0 ? llen(p->y) : 0;
		return 0;
	}
	return -1;
}

/* ---- insert mode ---- */

static void
insert_newline(void)
{
	long ind = autoindent ? first_nonblank(cy) : 0;
	struct pos p;
	char *s = NULL;

	if (ind > cx)
		ind = cx;
	s = xmalloc(ind + 1);
	s[0] = '\n';
	memcpy(s + 1, L[cy].s, ind);
	p = insert_text(cy, cx, s, ind + 1);
	free(s);
	cy = p.y;
	cx = p.x;
}

static void
backspace(void)
{
	if (cx > 0) {
		line_splice(cy, cx - 1, 1, "", 0);
		cx--;
	} else if (cy > 0) {
		struct pos a = { cy - 1, llen(cy - 1) }, b = { cy, 0 };

		delete_text(a, b);
		cy = a.y;
		cx = a.x;
	}
}

/* Insert mode until Esc; COUNT repeats what was typed. */
static void
insert_mode(long count)
{
	size_t start_rec = nrec;
	int k;

	inserting = 1;
	msg[0] = '\0';
	for (;;) {
		clamp();
		if (!input_pending())
			refresh();
		k = getkey();
		if (k == ESC || k == CTRL_KEY('C'))
			break;
		switch (k) {
		case '\r': case '\n':
			insert_newline();
			break;
		case 127: case CTRL_KEY('H'):
			backspace();
			break;
		case K_DEL:
			if (cx < llen(cy)) {
				line_splice(cy, cx, 1, "", 0);
			} else if (cy + 1 < nl) {
				struct pos a = { cy, cx }, b = { cy + 1, 0 };

				delete_text(a, b);
			}
			break;
		case CTRL_KEY('W'): {
			struct pos a = { cy, cx }, b = a;

			if (cx == 0) {
				backspace();
				break;
			}
			word_back(&a, 0);
			if (a.y != cy)
				a.x = 0, a.y = cy;
			delete_text(a, b);
			cx = a.x;
			break;
		}
		case CTRL_KEY('U'):
			line_splice(cy, 0, cx, "", 0);
			cx = 0;
			break;
		case CTRL_KEY('V'): {
			char c = literal_key();

			line_splice(cy, cx, 0, &c, 1);
			cx++;
			break;
		}
		case K_LEFT: if (cx > 0) cx--; break;
		case K_RIGHT: if (cx < llen(cy)) cx++; break;
		case K_UP: if (cy > 0) cy--, cx = byte_at(cy, want); break;
		case K_DOWN: if (cy + 1 < nl) cy++, cx = byte_at(cy, want); break;
		case K_HOME: cx = 0; break;
		case K_END: cx = llen(cy); break;
		case K_PGUP: case K_PGDN: case K_INS: case K_F1: case K_NONE: case K_RESIZE:
			break;
		default:
			if (k < 256) {
				char c = k;

				line_splice(cy, cx, 0, &c, 1);
				cx++;
			}
		}
		if (k != K_UP && k != K_DOWN)
			set_want();
	}
	if (count > 1) {
		size_t n = 0;
		char *t = xmalloc(nrec - start_rec + 1);

		for (size_t i = start_rec; i < nrec - 1; i++)
			if ((rec[i] >= 32 && rec[i] < 256 && rec[i] != 127) || rec[i] == '\t' || rec[i] == '\r')
				t[n++] = rec[i] == '\r' ? '\n' : rec[i];
		for (long c = 1; c < count; c++) {
			struct pos p = insert_text(cy, cx, t, n);

			cy = p.y;
			cx = p.x;
		}
		free(t);
	}
	inserting = 0;
	if (cx > 0)
		cx--;
	clamp();
	set_want();
	if (empty && (nl > 1 || llen(0) > 0))
		empty = 0;
}

/* ---- operators ---- */

/*
 * The text operator OP takes over motion K from the cursor: A up to B,
 * exclusive, or whole lines A.y..B.y. 0, or -1 if K does not move.
 */
static int
op_range(int op, long count, int k, struct pos *a, struct pos *b, int *linewise)
{
	int incl, big = k == 'W', c0;

	a->y = cy;
	a->x = cx;
	*linewise = 0;
	if (k == op) {
		b->y = cy + (count > 0 ? count : 1) - 1;
		if (b->y >= nl)
			b->y = nl - 1;
		*linewise = 1;
	} else if (op == 'c' && (k == 'w' || k == 'W') && (c0 = cls(cy, cx, big)) != 0) {
		/* cw changes to the end of the word, not the blanks after it */
		*b = *a;
		while (b->x + 1 < llen(cy) && cls(cy, b->x + 1, big) == c0)
			b->x++;
		for (long i = 1; i < count; i++)
			word_end(b, big);
		if (b->x < llen(b->y))
			b->x++;
		return 0;
	} else {
		if (motion(k, count, b, linewise, &incl) < 0)
			return -1;
		/* dw on a line's last word stops at its end */
		if ((k == 'w' || k == 'W') && b->y > a->y && b->x <= first_nonblank(b->y)) {
			b->y--;
			b->x = llen(b->y);
		}
		if (b->y < a->y || (b->y == a->y && b->x < a->x)) {
			struct pos t = *a;

			*a = *b;
			*b = t;
		}
		if (incl && b->x < llen(b->y)) {
			b->x++;
		} else if (!incl && !*linewise && b->y > a->y && b->x == 0) {
			/* an exclusive motion to a line's start ends the line before */
			b->y--;
			b->x = llen(b->y);
			*linewise = a->x <= first_nonblank(a->y);
		}
	}
	if (*linewise) {
		a->x = 0;
		b->x = llen(b->y);
	}
	return 0;
}

/* d, c or y over whole lines A..B. */
static void
op_lines(int op, long a, long b)
{
	long ind;

	yank_lines(a, b);
	if (op == 'd') {
		delete_lines(a, b);
	} else if (op == 'c') {
		ind = autoindent ? first_nonblank(a) : 0;
		if (b > a)
			lines_delete(a + 1, b - a);
		line_splice(a, ind, llen(a) - ind, "", 0);
		cy = a;
		cx = ind;
		insert_mode(1);
	} else {
		cy = a;
		clamp();
	}
}

/* Operator OP (d c y) over motion K, read from the keys if 0. */
static void
operate(int op, long count, int k)
{
	struct pos a, b;
	int linewise;
	long n = 0;
	size_t len;
	char *t;

	if (k == 0) {
		k = getkey();
		while (isdigit(k) && (k != '0' || n > 0)) {
			n = n * 10 + k - '0';
			k = getkey();
		}
	}
	if (n > 0)
		count = count > 0 ? count * n : n;
	if (op_range(op, count, k, &a, &b, &linewise) < 0)
		return;
	if (linewise) {
		op_lines(op, a.y, b.y);
		return;
	}
	t = get_text(a, b, &len);
	yank(t, len, 0);
	if (op != 'y')
		delete_text(a, b);
	cy = a.y;
	cx = a.x;
	if (op == 'c') {
		insert_mode(1);
		return;
	}
	clamp();
	set_want();
}

/* ---- ex commands ---- */

static void
edit_file(const char *path, int force)
{
	if (!force && modified()) {
		message("No write since last change (:e! FILE discards it)");
		return;
	}
	if (path == NULL || *path == '\0')
		path = fname;
	if (path == NULL) {
		message("No file name");
		return;
	}
	path = xstrdup(path);
	if (load(path) < 0) {
		message("\"%s\": %s", path, strerror(errno));
		free((char *)path);
		return;
	}
	free(fname);
	fname = (char *)path;
	full_redraw = 1;
}

static void
read_into(const char *path)
{
	size_t n;
	char *data;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct pos p;

	if (fd < 0 || (data = slurp(fd, &n)) == NULL) {
		message("\"%s\": %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return;
	}
	close(fd);
	if (n > 0 && data[n - 1] != '\n')
		data[n++] = '\n';
	lines_insert(cy + 1, 1);
	p = insert_text(cy + 1, 0, data, n);
	lines_delete(p.y, 1);
	goto_line(cy + 1, 1);
	free(data);
	message("\"%s\" %zu bytes", path, n);
}

static void
run_shell(const char *cmd)
{
	size_t n = 0, cap = strlen(cmd) + 1 + (fname ? strlen(fname) : 0) * 8;
	char *s = xmalloc(cap + 1);
	sigset_t block;
	int k;

	for (; *cmd != '\0'; cmd++) {
		if (*cmd == '%' && fname != NULL) {
			if (n + strlen(fname) >= cap)
				s = xrealloc(s, cap = (n + strlen(fname)) * 2 + 1);
			strcpy(s + n, fname);
			n += strlen(fname);
		} else {
			if (n + 1 >= cap)
				s = xrealloc(s, cap = cap * 2 + 1);
			s[n++] = *cmd;
		}
	}
	s[n] = '\0';
	goto_rc(rows - 1, 0);
	outs("\033[K\r\n");
	flush_out();
	tcsetattr(0, TCSADRAIN, &orig_tio);
	raw_on = 0;
	sigprocmask(SIG_SETMASK, &waitmask, &block);
	if (system(s) != 0)
		write_all(1, "\r\n", 2);
	sigprocmask(SIG_SETMASK, &block, NULL);
	free(s);
	term_raw();
	write_all(1, "[Press a key to continue]", 25);
	ipos = ilen = 0;
	npushed = 0;
	do
		k = read_byte(-1);
	while (k == -2);
	full_redraw = 1;
}

/* A line address of an ex command: N . $ with + and - offsets. */
static int
ex_addr(const char **p, long *a)
{
	int any = 0;

	while (**p == ' ')
		(*p)++;
	if (isdigit((unsigned char)**p)) {
		*a = strtol(*p, (char **)p, 10) - 1;
		any = 1;
	} else if (**p == '.' || **p == '$') {
		*a = **p == '.' ? cy : nl - 1;
		(*p)++;
		any = 1;
	}
	while (**p == '+' || **p == '-') {
		int sign = *(*p)++ == '+' ? 1 : -1;
		long k = isdigit((unsigned char)**p) ? strtol(*p, (char **)p, 10) : 1;

		if (!any)
			*a = cy;
		*a += sign * k;
		any = 1;
	}
	return any;
}

/* A growing string. */
struct sbuf {
	char *s;
	size_t n, cap;
};

static void
sb_put(struct sbuf *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		b->cap = (b->n + n + 1) * 2;
		b->s = xrealloc(b->s, b->cap);
	}
	memcpy(b->s + b->n, s, n);
	b->n += n;
}

/* The text of an :s part up to DELIM ("\DELIM" is DELIM); *P goes past it. */
static char *
delimited(const char **p, int delim)
{
	char *t = xmalloc(strlen(*p) + 1), *o = t;
	const char *s = *p;

	for (; *s != '\0' && *s != delim; s++) {
		if (*s == '\\' && s[1] == delim)
			s++;
		else if (*s == '\\' && s[1] != '\0')
			*o++ = *s++;
		*o++ = *s;
	}
	*o = '\0';
	*p = *s == delim ? s + 1 : s;
	return t;
}

/* REP for one match M in S: & the match, \1..\9 its groups, \t a tab. */
static void
sub_expand(struct sbuf *b, const char *rep, const char *s, const regmatch_t *m)
{
	for (const char *r = rep; *r != '\0'; r++) {
		int g = *r == '&' ? 0 : -1;

		if (*r == '\\' && r[1] != '\0') {
			r++;
			if (*r >= '1' && *r <= '9')
				g = *r - '0';
			else
				sb_put(b, *r == 't' ? "\t" : r, 1);
		} else if (g < 0) {
			sb_put(b, r, 1);
		}
		if (g >= 0 && m[g].rm_so >= 0)
			sb_put(b, s + m[g].rm_so, m[g].rm_eo - m[g].rm_so);
	}
}

/* Substitute in line Y, the first match or, with GLOBAL, all; how many. */
static long
sub_line(long y, const char *rep, int global)
{
	struct sbuf b = { NULL, 0, 0 };
	const char *s = L[y].s;
	long x = 0, hits = 0, prev_end = -1, len = llen(y);
	regmatch_t m[10];

	while (x <= len && regexec(&re, s + x, 10, m, x > 0 ? REG_NOTBOL : 0) == 0) {
		long so = x + m[0].rm_so, eo = x + m[0].rm_eo;

		if (so == eo && so == prev_end) {
			/* no empty match right where the last one ended */
			if (so >= len)
				break;
			sb_put(&b, s + so, 1);
			x = so + 1;
			continue;
		}
		sb_put(&b, s + x, so - x);
		sub_expand(&b, rep, s + x, m);
		hits++;
		prev_end = x = eo;
		if (so == eo) {
			if (eo >= len)
				break;
			sb_put(&b, s + eo, 1);
			x = eo + 1;
		}
		if (!global)
			break;
	}
	if (hits > 0) {
		if (x < len)
			sb_put(&b, s + x, len - x);
		line_splice(y, 0, len, b.s ? b.s : "", b.n);
	}
	free(b.s);
	return hits;
}

/* :s/RE/NEW/[g] on lines A1..A2. */
static void
substitute(const char *p, long a1, long a2)
{
	int delim = *p, global;
	long subs = 0, nlines = 0, last = -1, n;
	char *pat, *rep;

	if (delim == '\0' || isalnum(delim) || delim == ' ' || delim == '\\') {
		message("Usage: :s/pattern/replacement/[g]");
		return;
	}
	p++;
	pat = delimited(&p, delim);
	rep = delimited(&p, delim);
	global = strchr(p, 'g') != NULL;
	if (set_pattern(pat) == 0) {
		for (long y = a1; y <= a2; y++) {
			if ((n = sub_line(y, rep, global)) > 0) {
				subs += n;
				nlines++;
				last = y;
			}
		}
		if (last < 0) {
			message("Pattern not found: %s", pat);
		} else {
			goto_line(last, 1);
			message("%ld substitution%s on %ld line%s", subs, subs == 1 ? "" : "s",
			    nlines, nlines == 1 ? "" : "s");
		}
	}
	free(pat);
	free(rep);
}

static void
set_option(const char *p)
{
	while (*p == ' ')
		p++;
	if (strcmp(p, "nu") == 0 || strcmp(p, "number") == 0)
		show_numbers = 1;
	else if (strcmp(p, "nonu") == 0 || strcmp(p, "nonumber") == 0)
		show_numbers = 0;
	else if (strcmp(p, "ai") == 0 || strcmp(p, "autoindent") == 0)
		autoindent = 1;
	else if (strcmp(p, "noai") == 0 || strcmp(p, "noautoindent") == 0)
		autoindent = 0;
	else
		message("Unknown option: %s (nu, nonu, ai, noai)", p);
}

static void
ex(const char *p)
{
	long a1 = cy, a2 = cy;
	int naddr = 0, force;
	char name[32];
	size_t n = 0;

	while (*p == ' ' || *p == ':')
		p++;
	if (*p == '%') {
		a1 = 0;
		a2 = nl - 1;
		naddr = 2;
		p++;
	} else if (ex_addr(&p, &a1)) {
		a2 = a1;
		naddr = 1;
		if (*p == ',' || *p == ';') {
			p++;
			if (!ex_addr(&p, &a2)) {
				message("Bad range");
				return;
			}
			naddr = 2;
		}
	}
	while (*p == ' ')
		p++;
	while (isalpha((unsigned char)*p) && n < sizeof name - 1)
		name[n++] = *p++;
	name[n] = '\0';
	force = *p == '!' && n > 0;
	if (force)
		p++;
	while (*p == ' ')
		p++;
	if (naddr > 0 && (a1 < 0 || a2 >= nl || a1 > a2) && !(n == 0 && naddr == 1)) {
		message("Invalid range (the file has %ld lines)", nl);
		return;
	}
	if (n == 0 && *p == '\0') {
		if (naddr > 0)
			goto_line(a2, 1);
		return;
	}
	if (naddr == 0 && (strcmp(name, "w") == 0 || strcmp(name, "wq") == 0 ||
	    strcmp(name, "x") == 0)) {
		a1 = 0;
		a2 = nl - 1;
	}
	if (strcmp(name, "w") == 0 || strcmp(name, "write") == 0) {
		write_cmd(p, a1, a2);
	} else if (strcmp(name, "wq") == 0 || strcmp(name, "x") == 0 || strcmp(name, "xit") == 0) {
		if ((name[0] == 'w' || modified() || *p != '\0') && write_cmd(p, a1, a2) < 0)
			return;
		quitting = 1;
	} else if (strcmp(name, "q") == 0 || strcmp(name, "quit") == 0) {
		if (modified() && !force)
			message("No write since last change (:wq saves and quits, :q! quits without saving)");
		else
			quitting = 1;
	} else if (strcmp(name, "e") == 0 || strcmp(name, "edit") == 0) {
		edit_file(p, force);
	} else if (strcmp(name, "r") == 0 || strcmp(name, "read") == 0) {
		if (*p == '\0')
			message("Usage: :r FILE");
		else
			read_into(p);
	} else if (strcmp(name, "s") == 0 || strcmp(name, "substitute") == 0) {
		substitute(p, a1, a2);
	} else if (strcmp(name, "d") == 0 || strcmp(name, "delete") == 0) {
		yank_lines(a1, a2);
		delete_lines(a1, a2);
	} else if (strcmp(name, "y") == 0 || strcmp(name, "yank") == 0) {
		yank_lines(a1, a2);
	} else if (strcmp(name, "set") == 0 || strcmp(name, "se") == 0) {
		set_option(p);
	} else if (strcmp(name, "help") == 0 || strcmp(name, "h") == 0) {
		help_shown = 1;
	} else if (n == 0 && *p == '!') {
		run_shell(p + 1);
	} else if (n == 0 && naddr > 0 && *p != '\0') {
		message("Not an editor command: %s", p);
	} else {
		message("Not an editor command: %s%s (try :help)", name, p);
	}
}

/* ---- normal mode ---- */

static void
file_info(void)
{
	message("\"%s\"%s %ld line%s --%ld%%-- line %ld, col %ld%s", fname ? fname : "[No Name]",
	    modified() ? " [Modified]" : "", nl, nl == 1 ? "" : "s", (cy + 1) * 100 / nl,
	    cy + 1, cx + 1, noeol ? " [noeol]" : "");
}

static void
page(int k, long count)
{
	long half = textrows / 2 > 0 ? textrows / 2 : 1, n = count > 0 ? count : 1;
	long step = textrows > 2 ? textrows - 2 : 1;

	switch (k) {
	case CTRL_KEY('F'): case K_PGDN:
		top += n * step;
		if (top > nl - 1)
			top = nl - 1;
		if (cy < top)
			goto_line(top, 1);
		break;
	case CTRL_KEY('B'): case K_PGUP:
		top -= n * step;
		if (top < 0)
			top = 0;
		if (cy > top + textrows - 1)
			goto_line(top + textrows - 1, 1);
		break;
	case CTRL_KEY('D'):
		top += half;
		if (top > nl - 1)
			top = nl - 1;
		goto_line(cy + half, 0);
		break;
	case CTRL_KEY('U'):
		top -= half;
		if (top < 0)
			top = 0;
		goto_line(cy - half, 0);
		break;
	}
}

static void
replace_chars(long count)
{
	int k = getkey();
	char *s;

	if (k == ESC || k >= 256 || count > llen(cy) - cx) {
		if (k != ESC)
			message("Not enough characters to replace");
		return;
	}
	if (k == CTRL_KEY('V'))
		k = literal_key();
	if (k == '\r') {
		struct pos p;

		line_splice(cy, cx, count, "", 0);
		p = insert_text(cy, cx, "\n", 1);
		cy = p.y;
		cx = 0;
		return;
	}
	s = xmalloc(count);
	memset(s, k, count);
	line_splice(cy, cx, count, s, count);
	free(s);
	cx += count - 1;
}

static void
toggle_case(long count)
{
	for (long i = 0; i < count && cx < llen(cy); i++) {
		unsigned char c = L[cy].s[cx];
		char d = isupper(c) ? tolower(c) : islower(c) ? toupper(c) : c;

		if (d != (char)c)
			line_splice(cy, cx, 1, &d, 1);
		cx++;
	}
	clamp();
	set_want();
}

static void
search_cmd(int k)
{
	char *pat;

	if (k == '/' || k == '?') {
		pat = read_cmdline(k);
		if (pat == NULL)
			return;
		if (set_pattern(pat) < 0)
			return;
		last_dir = k == '/' ? 1 : -1;
		search(last_dir);
	} else if (k == '*' || k == '#') {
		long a = cx, b;
		char *w;

		while (a < llen(cy) && cls(cy, a, 0) != 1)
			a++;
		if (a >= llen(cy)) {
			message("No word under the cursor");
			return;
		}
		while (a > 0 && cls(cy, a - 1, 0) == 1)
			a--;
		for (b = a; b < llen(cy) && cls(cy, b, 0) == 1; b++)
			;
		w = xmalloc(b - a + 5);
		snprintf(w, b - a + 5, "\\<%.*s\\>", (int)(b - a), L[cy].s + a);
		if (set_pattern(w) == 0) {
			last_dir = k == '*' ? 1 : -1;
			search(last_dir);
		}
		free(w);
	} else {
		search(k == 'n' ? last_dir : -last_dir);
	}
}

/* i a I A o O: where the text goes in. */
static void
begin_insert(int k, long count)
{
	long ind, y;

	switch (k) {
	case 'a':
		if (llen(cy) > 0)
			cx++;
		break;
	case 'I':
		cx = first_nonblank(cy);
		break;
	case 'A':
		cx = llen(cy);
		break;
	case 'o': case 'O':
		ind = autoindent ? first_nonblank(cy) : 0;
		y = k == 'o' ? cy + 1 : cy;
		lines_insert(y, 1);
		line_splice(y, 0, 0, L[k == 'o' ? cy : cy + 1].s, ind);
		cy = y;
		cx = ind;
		count = 1;
		break;
	}
	insert_mode(count);
}

/* .: the keys of the last change again, with COUNT if given. */
static void
repeat_change(long count)
{
	char d[24];

	if (nlast == 0)
		return;
	if (count == 0)
		count = last_count;
	d[0] = '\0';
	if (count > 0)
		snprintf(d, sizeof d, "%ld", count);
	replay = xrealloc(replay, (nlast + strlen(d)) * sizeof *replay);
	for (nreplay = 0; d[nreplay] != '\0'; nreplay++)
		replay[nreplay] = d[nreplay];
	memcpy(replay + nreplay, last_change, nlast * sizeof *replay);
	nreplay += nlast;
	ireplay = 0;
}

/* One command in normal mode, with its count. */
static void
normal(void)
{
	struct pos p;
	long count = 0;
	int k, linewise, incl;
	size_t count_keys;

	group_open = 0;
	changed = 0;
	nrec = 0;
	cmd_cy = cy;
	cmd_cx = cx;
	k = getkey();
	if (k != K_RESIZE && k != K_NONE)
		msg[0] = '\0';
	while (isdigit(k) && (k != '0' || count > 0)) {
		count = count < 100000000 ? count * 10 + k - '0' : count;
		k = getkey();
	}
	count_keys = nrec - 1;
	switch (k) {
	case 'i': case K_INS: case 'a': case 'I': case 'A': case 'o': case 'O':
		begin_insert(k, count);
		break;
	case 'x': case K_DEL:
		operate('d', count, 'l');
		break;
	case 'X':
		operate('d', count, 'h');
		break;
	case 'D': case 'C':
		operate(k == 'D' ? 'd' : 'c', count, '$');
		break;
	case 's':
		if (llen(cy) == 0)
			insert_mode(1);
		else
			operate('c', count, 'l');
		break;
	case 'S':
		operate('c', count, 'c');
		break;
	case 'Y':
		operate('y', count, 'y');
		break;
	case 'd': case 'c': case 'y':
		operate(k, count, 0);
		break;
	case 'p': case 'P':
		put(k == 'p', count > 0 ? count : 1);
		break;
	case 'J':
		join_lines(count);
		break;
	case 'r':
		replace_chars(count > 0 ? count : 1);
		break;
	case '~':
		toggle_case(count > 0 ? count : 1);
		break;
	case 'u':
		if (undo_step(&undos, &redos) < 0)
			message("Already at oldest change");
		clamp();
		set_want();
		return;
	case CTRL_KEY('R'):
		if (undo_step(&redos, &undos) < 0)
			message("Already at newest change");
		clamp();
		set_want();
		return;
	case '.':
		repeat_change(count);
		return;
	case ':': {
		char *c = read_cmdline(':');

		if (c != NULL)
			ex(c);
		break;
	}
	case '/': case '?': case 'n': case 'N': case '*': case '#':
		search_cmd(k);
		return;
	case 'Z':
		k = getkey();
		if (k == 'Z')
			ex("x");
		else if (k == 'Q')
			ex("q!");
		return;
	case CTRL_KEY('G'):
		file_info();
		return;
	case CTRL_KEY('C'):
		message("Type :q to quit, :wq to save and quit, :q! to quit without saving");
		return;
	case CTRL_KEY('L'):
		full_redraw = 1;
		return;
	case CTRL_KEY('F'): case CTRL_KEY('B'): case CTRL_KEY('D'): case CTRL_KEY('U'): case K_PGUP: case K_PGDN:
		page(k, count);
		return;
	case ESC: case K_NONE: case K_RESIZE:
		return;
	case K_F1:
		help_shown = 1;
		return;
	default:
		if (motion(k, count, &p, &linewise, &incl) < 0)
			return;
		cy = p.y;
		cx = p.x;
		clamp();
		if (k == '$' || k == K_END)
			want = LONG_MAX;
		else if (!linewise || k == 'G' || k == 'g' || k == '+' || k == '-' || k == '\r' ||
		    k == 'H' || k == 'L' || k == 'M')
			set_want();
		return;
	}
	/* what . repeats: the keys from the command on, and the count apart */
	if (changed && ireplay >= nreplay) {
		nlast = nrec - count_keys;
		last_change = xrealloc(last_change, (nlast + 1) * sizeof *last_change);
		memcpy(last_change, rec + count_keys, nlast * sizeof *rec);
		last_count = count;
	}
	if (empty && (nl > 1 || llen(0) > 0))
		empty = 0;
	clamp();
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	const char *start = NULL;
	int c;

	while ((c = opt_next(&o, "")) != -1)
		die_usage(&o);
	if (o.ind < argc && argv[o.ind][0] == '+')
		start = argv[o.ind++] + 1;
	if (argc - o.ind > 1)
		die_usage(&o);
	if (!isatty(0) || !isatty(1))
		die("standard input and output must be a terminal");
	if (o.ind < argc) {
		fname = xstrdup(argv[o.ind]);
		if (load(fname) < 0)
			die_errno("%s", fname);
	} else {
		buffer_set("", 0);
	}
	if (tcgetattr(0, &orig_tio) < 0)
		die_errno("terminal");
	catch_signals();
	atexit(term_restore);
	screen_alloc();
	term_raw();
	if (start != NULL) {
		if (*start == '/') {
			if (set_pattern(start + 1) == 0) {
				cy = nl - 1;
				cx = llen(cy);
				search(1);
			}
		} else {
			goto_line(*start ? atol(start) - 1 : nl - 1, 1);
		}
	}
	while (!quitting) {
		if (!input_pending())
			refresh();
		if (help_shown) {
			getkey();
			help_shown = 0;
			continue;
		}
		normal();
	}
	term_restore();
	buffer_free();
	free(L);
	free(undos.v);
	free(redos.v);
	free(reg.s);
	free(fname);
	free(rec);
	free(replay);
	free(last_change);
	free(ob.s);
	for (int r = 0; r < rows; r++)
		free(shadow[r]);
	free(shadow);
	free(shlen);
	if (have_re)
		regfree(&re);
	return cmd_exit();
}
