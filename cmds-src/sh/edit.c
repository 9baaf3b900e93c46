/* edit.c - the interactive line editor: editing, history, completion, prompts */
#include "sh.h"
#include <termios.h>

/* ---- line editor ----------------------------------------------------------------------- */

/*
 * One line at a time in raw mode, drawn with nothing but \r, \b and spaces
 * (plus the screen clear of ^L on terminals that know it), so that a dumb
 * terminal or a serial console of unknown width (80 columns) works. A long
 * line scrolls sideways inside the width.
 */
struct ed {
	char *buf;
	size_t len, pos, cap;
	const char *prompt;
	size_t plen, cols, shown, off;
	int dumb, lasttab, hidx;
	char *saved;		/* the line being typed, while browsing history */
};

#define HISTMAX 500
static char **hist;
static int nhist, hist_loaded;
static int tty_state = -1;	/* -1 unknown, 0 no raw mode, 1 raw mode works */
static struct termios tty_orig;

static void
ed_write(const char *s, size_t n)
{
	write_all(2, s, n);
}

static void
ed_puts(const char *s)
{
	ed_write(s, strlen(s));
}

static void
ed_refresh(struct ed *e)
{
	struct stmark m;
	struct sbuf b;
	size_t avail, n, pad, back;

	avail = e->cols > e->plen + 2 ? e->cols - e->plen - 1 : 1;
	if (e->len < avail)
		e->off = 0;
	/* scroll by half a width, so that typing goes on without redraws */
	if (e->pos < e->off)
		e->off = e->pos > avail / 2 ? e->pos - avail / 2 : 0;
	if (e->pos - e->off >= avail)
		e->off = e->pos - avail / 2;
	n = e->len - e->off < avail ? e->len - e->off : avail;
	pad = e->shown > n ? e->shown - n : 0;
	back = pad + (e->off + n - e->pos);
	st_mark(&m);
	sb_init(&b, NULL);
	sb_addc(&b, '\r');
	sb_adds(&b, e->prompt);
	sb_addn(&b, e->buf + e->off, n);
	while (pad--)
		sb_addc(&b, ' ');
	while (back--)
		sb_addc(&b, '\b');
	ed_write(b.s, b.n);
	e->shown = n;
	st_release(&m);
}

static void
ed_insert(struct ed *e, const char *s, size_t n)
{
	if (e->len + n + 1 > e->cap) {
		e->cap = (e->len + n + 1) * 2;
		e->buf = xrealloc(e->buf, e->cap);
	}
	memmove(e->buf + e->pos + n, e->buf + e->pos, e->len - e->pos);
	memcpy(e->buf + e->pos, s, n);
	e->len += n;
	e->pos += n;
	if (e->pos == e->len && n == 1 && e->len - e->off + e->plen + 1 < e->cols) {
		ed_write(s, 1);
		e->shown++;
		return;
	}
	ed_refresh(e);
}

static void
ed_delete(struct ed *e, size_t from, size_t to)
{
	memmove(e->buf + from, e->buf + to, e->len - to);
	e->len -= to - from;
	e->pos = from;
	ed_refresh(e);
}

static void
ed_set(struct ed *e, const char *s)
{
	e->len = e->pos = 0;
	ed_insert(e, s, strlen(s));
	e->pos = e->len;
	ed_refresh(e);
}

static void
hist_load(void)
{
	const char *f = getvar("HISTFILE");
	FILE *fp;
	char line[4096];
	size_t n;

	hist_loaded = 1;
	if (f == NULL || (fp = fopen(f, "r")) == NULL)
		return;
	while (fgets(line, sizeof line, fp)) {
		n = strlen(line);
		if (n && line[n - 1] == '\n')
			line[--n] = '\0';
		if (n == 0)
			continue;
		if (nhist == HISTMAX) {
			free(hist[0]);
			memmove(hist, hist + 1, (HISTMAX - 1) * sizeof *hist);
			nhist--;
		}
		hist[nhist++] = xstrdup(line);
	}
	fclose(fp);
}

static void
hist_add(const char *line)
{
	const char *f = getvar("HISTFILE");
	int fd;

	if (line[strspn(line, " \t")] == '\0')
		return;
	if (nhist && strcmp(hist[nhist - 1], line) == 0)
		return;
	if (nhist == HISTMAX) {
		free(hist[0]);
		memmove(hist, hist + 1, (HISTMAX - 1) * sizeof *hist);
		nhist--;
	}
	hist[nhist++] = xstrdup(line);
	if (f && (fd = open(f, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600)) >= 0) {
		write_all(fd, line, strlen(line));
		write_all(fd, "\n", 1);
		close(fd);
	}
}

static void
ed_history(struct ed *e, int dir)
{
	if (dir < 0 && e->hidx > 0) {
		if (e->hidx == nhist) {
			free(e->saved);
			e->buf[e->len] = '\0';
			e->saved = xstrdup(e->buf);
		}
		ed_set(e, hist[--e->hidx]);
	} else if (dir > 0 && e->hidx < nhist) {
		e->hidx++;
		ed_set(e, e->hidx == nhist ? (e->saved ? e->saved : "") : hist[e->hidx]);
	}
}

/* ---- completion ---- */

struct names {
	char **v;
	int n, cap;
};

static void
names_add(struct names *l, const char *s, size_t n)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 64;
		l->v = xrealloc(l->v, l->cap * sizeof *l->v);
	}
	l->v[l->n] = xmalloc(n + 1);
	memcpy(l->v[l->n], s, n);
	l->v[l->n++][n] = '\0';
}

static void
names_free(struct names *l)
{
	while (l->n)
		free(l->v[--l->n]);
	free(l->v);
}

struct prefix {
	struct names *l;
	const char *w;
	size_t wl;
};

/* One directory of PATH: the names in it that start with the word. */
static int
complete_dir(const char *dir, void *arg)
{
	struct prefix *x = arg;
	struct dirent *d;
	DIR *dp;

	if ((dp = opendir(dir)) == NULL)
		return 0;
	while ((d = readdir(dp)) != NULL)
		if (d->d_name[0] != '.' && strncmp(d->d_name, x->w, x->wl) == 0)
			names_add(x->l, d->d_name, strlen(d->d_name));
	closedir(dp);
	return 0;
}

static void
complete_commands(struct names *l, const char *w, size_t wl)
{
	struct prefix x = { l, w, wl };
	const char *path = getvar("PATH");
	struct func *f;
	size_t i;

	for (i = 0; i < nbuiltins; i++)
		if (strncmp(builtins[i].name, w, wl) == 0)
			names_add(l, builtins[i].name, strlen(builtins[i].name));
	for (i = 0; i < NFTAB; i++)
		for (f = ftab[i]; f; f = f->next)
			if (strncmp(f->name, w, wl) == 0)
				names_add(l, f->name, strlen(f->name));
	path_search(path ? path : "", "", complete_dir, &x);
}

static void
complete_files(struct names *l, const char *w, size_t wl)
{
	const char *slash = NULL, *base;
	char dir[PATH_MAX], full[PATH_MAX * 2];
	struct dirent *d;
	struct stat st;
	size_t i, dl, bl;
	DIR *dp;

	for (i = 0; i < wl; i++)
		if (w[i] == '/')
			slash = w + i;
	base = slash ? slash + 1 : w;
	bl = wl - (base - w);
	dl = slash ? (size_t)(slash - w) + 1 : 0;
	snprintf(dir, sizeof dir, "%.*s", slash ? (int)dl : 1, slash ? w : ".");
	if ((dp = opendir(dir)) == NULL)
		return;
	while ((d = readdir(dp)) != NULL) {
		if (strncmp(d->d_name, base, bl) != 0 || strcmp(d->d_name, ".") == 0 ||
		    strcmp(d->d_name, "..") == 0 || (d->d_name[0] == '.' && base[0] != '.'))
			continue;
		snprintf(full, sizeof full, "%.*s%s", (int)dl, w, d->d_name);
		if (stat(full, &st) == 0 && S_ISDIR(st.st_mode))
			strcat(full, "/");
		names_add(l, full, strlen(full));
	}
	closedir(dp);
}

static int
names_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
list_names(struct ed *e, struct names *l)
{
	size_t w = 0, n, i, per, col, k;
	const char *s;

	for (i = 0; i < (size_t)l->n; i++) {
		s = strrchr(l->v[i], '/');
		s = s && s[1] ? s + 1 : l->v[i];
		if ((n = strlen(s)) > w)
			w = n;
	}
	per = e->cols / (w + 2) ? e->cols / (w + 2) : 1;
	ed_puts("\r\n");
	for (i = col = 0; i < (size_t)l->n; i++) {
		s = l->v[i];
		n = strlen(s);
		k = n;
		while (k > 0 && s[k - 1] == '/')
			k--;
		while (k > 0 && s[k - 1] != '/')
			k--;
		s += k;
		ed_puts(s);
		if (++col == per || i + 1 == (size_t)l->n) {
			ed_puts("\r\n");
			col = 0;
		} else {
			for (n = strlen(s); n < w + 2; n++)
				ed_write(" ", 1);
		}
	}
	e->shown = 0;
	ed_refresh(e);
}

static void
ed_complete(struct ed *e)
{
	struct names l = { NULL, 0, 0 };
	size_t start = e->pos, i, wl, common;
	int cmd, k;
	const char *w;

	while (start > 0 && !strchr(" \t;|&<>()", e->buf[start - 1]))
		start--;
	for (i = start; i > 0 && (e->buf[i - 1] == ' ' || e->buf[i - 1] == '\t'); i--)
		;
	cmd = i == 0 || strchr(";|&(", e->buf[i - 1]);
	w = e->buf + start;
	wl = e->pos - start;
	if (cmd && !memchr(w, '/', wl))
		complete_commands(&l, w, wl);
	else
		complete_files(&l, w, wl);
	qsort(l.v, l.n, sizeof *l.v, names_cmp);
	for (k = i = 0; k < l.n; k++)
		if (i == 0 || strcmp(l.v[i - 1], l.v[k]) != 0)
			l.v[i++] = l.v[k];
		else
			free(l.v[k]);
	l.n = (int)i;
	if (l.n == 0) {
		ed_write("\a", 1);
	} else {
		common = strlen(l.v[0]);
		for (k = 1; k < l.n; k++)
			for (i = 0; i < common; i++)
				if (l.v[k][i] != l.v[0][i]) {
					common = i;
					break;
				}
		if (common > wl)
			ed_insert(e, l.v[0] + wl, common - wl);
		if (l.n == 1 && l.v[0][common - 1] != '/')
			ed_insert(e, " ", 1);
		else if (l.n > 1 && common == wl && e->lasttab)
			list_names(e, &l);
	}
	names_free(&l);
}

static int
read_key(void)
{
	unsigned char c;
	ssize_t r;

	do
		r = read(0, &c, 1);
	while (r < 0 && errno == EINTR);
	return r == 1 ? c : -1;
}

/* The key after ESC: arrows and friends, as the control key they mean. */
static int
read_escape(void)
{
	int c = read_key(), n = 0;

	if (c == 'O') {
		c = read_key();
		return c == 'H' ? 1 : c == 'F' ? 5 : c == 'A' ? 16 : c == 'B' ? 14 :
			c == 'C' ? 6 : c == 'D' ? 2 : 0;
	}
	if (c != '[')
		return 0;
	while ((c = read_key()) >= '0' && c <= '9')
		n = n * 10 + c - '0';
	while (c == ';' || (c >= '0' && c <= '9'))
		c = read_key();
	switch (c) {
	case 'A': return 16;
	case 'B': return 14;
	case 'C': return 6;
	case 'D': return 2;
	case 'H': return 1;
	case 'F': return 5;
	case '~': return n == 1 || n == 7 ? 1 : n == 4 || n == 8 ? 5 : n == 3 ? 127 + 256 : 0;
	}
	return 0;
}

enum { ED_LINE, ED_EOF, ED_INTR };

/* One edit action; returns -1 to go on, or an ED_ result. */
static int
ed_key(struct ed *e, int c)
{
	size_t i;

	switch (c) {
	case -1:
		return e->len ? ED_LINE : ED_EOF;
	case '\r':
	case '\n':
		return ED_LINE;
	case 3:
		ed_puts("^C\r\n");
		return ED_INTR;
	case 4:
		if (e->len == 0)
			return ED_EOF;
		if (e->pos < e->len)
			ed_delete(e, e->pos, e->pos + 1);
		break;
	case 127 + 256:
		if (e->pos < e->len)
			ed_delete(e, e->pos, e->pos + 1);
		break;
	case 127:
	case 8:
		if (e->pos > 0)
			ed_delete(e, e->pos - 1, e->pos);
		break;
	case 1:
		e->pos = 0;
		ed_refresh(e);
		break;
	case 5:
		e->pos = e->len;
		ed_refresh(e);
		break;
	case 2:
		if (e->pos > 0) {
			e->pos--;
			if (e->pos >= e->off)
				ed_write("\b", 1);
			else
				ed_refresh(e);
		}
		break;
	case 6:
		if (e->pos < e->len) {
			e->pos++;
			ed_refresh(e);
		}
		break;
	case 11:
		e->len = e->pos;
		ed_refresh(e);
		break;
	case 21:
		ed_delete(e, 0, e->pos);
		break;
	case 23:
		for (i = e->pos; i > 0 && (e->buf[i - 1] == ' ' || e->buf[i - 1] == '\t'); i--)
			;
		while (i > 0 && e->buf[i - 1] != ' ' && e->buf[i - 1] != '\t')
			i--;
		ed_delete(e, i, e->pos);
		break;
	case 12:
		ed_puts(e->dumb ? "\r\n" : "\033[H\033[2J");
		e->shown = 0;
		ed_refresh(e);
		break;
	case 16:
	case 14:
		ed_history(e, c == 16 ? -1 : 1);
		break;
	case 9:
		ed_complete(e);
		break;
	default:
		if (c >= 32 && c < 256) {
			char ch = (char)c;

			ed_insert(e, &ch, 1);
		}
	}
	return -1;
}

static int
term_is_dumb(void)
{
	static const char *const known[] = {
		"xterm", "vt1", "vt2", "vt3", "vt4", "vt5", "linux", "screen", "tmux", "rxvt",
		"ansi", "cygwin", "putty", "konsole", "gnome", "alacritty", "foot", "kitty", "st",
	};
	const char *t = getvar("TERM");
	size_t i;

	if (t == NULL)
		return 1;
	for (i = 0; i < sizeof known / sizeof *known; i++)
		if (strncmp(t, known[i], strlen(known[i])) == 0)
			return 0;
	return 1;
}

/* Edit a line in raw mode; *LINE is malloc'd (without newline). */
static int
edit_line(const char *prompt, char **line)
{
	struct termios raw = tty_orig;
	struct ed e;
	int r, c;

	raw.c_iflag &= ~(IXON | ICRNL | INLCR | IGNCR | ISTRIP | BRKINT);
	raw.c_lflag &= ~(ECHO | ICANON | ISIG | IEXTEN);
	raw.c_cc[VMIN] = 1;
	raw.c_cc[VTIME] = 0;
	if (tcsetattr(0, TCSADRAIN, &raw) < 0)
		return -1;
	memset(&e, 0, sizeof e);
	e.cap = 128;
	e.buf = xmalloc(e.cap);
	e.prompt = prompt;
	e.plen = strlen(prompt);
	e.cols = (size_t)term_cols(0);
	e.dumb = term_is_dumb();
	e.hidx = nhist;
	ed_puts(prompt);
	do {
		c = read_key();
		if (c == 27)
			c = read_escape();
		r = ed_key(&e, c);
		e.lasttab = c == 9;
	} while (r < 0);
	tcsetattr(0, TCSADRAIN, &tty_orig);
	if (r == ED_LINE || (r == ED_EOF && c == 4))
		ed_puts("\r\n");
	e.buf[e.len] = '\0';
	free(e.saved);
	*line = e.buf;
	return r;
}

/* Without raw mode: plain reading, byte by byte. */
static int
plain_line(const char *prompt, char **line)
{
	struct sbuf b;
	char c;
	ssize_t r;

	ed_puts(prompt);
	sb_init(&b, NULL);
	for (;;) {
		r = read(0, &c, 1);
		if (r < 0 && errno == EINTR) {
			if (pending[SIGINT]) {
				pending[SIGINT] = 0;
				ed_puts("\n");
				return ED_INTR;
			}
			continue;
		}
		if (r <= 0) {
			if (b.n == 0)
				return ED_EOF;
			break;
		}
		if (c == '\n')
			break;
		sb_addc(&b, c);
	}
	*line = xstrdup(sb_str(&b));
	return ED_LINE;
}

/* PS1 and PS2 get parameter expansion; a bad one is shown as it is. */
static char *
prompt_text(const char *ps)
{
	struct parser p;
	struct src s;
	struct part *parts;
	jmp_buf jb;
	struct arena *a = arena_new();
	char *r;

	memset(&s, 0, sizeof s);
	s.type = SRC_STR;
	s.s = ps;
	s.len = strlen(ps);
	parser_init(&p, &s, 1);
	p.arena = a;
	p.jb = &jb;
	sb_init(&p.lit, a);
	if (setjmp(jb)) {
		arena_unref(a);
		return st_strdup(ps);
	}
	parts = read_parts(&p, C_HEREDOC);
	r = parts ? expand_str(parts, 0) : st_strdup("");
	arena_unref(a);
	return r;
}

int
tty_readline(struct src *s, int ps2)
{
	const char *ps = getvar(ps2 ? "PS2" : "PS1");
	char *line = NULL, *prompt;
	struct stmark m;
	size_t n;
	int r = -1;

	if (tty_state < 0)
		tty_state = tcgetattr(0, &tty_orig) == 0;
	if (!hist_loaded && !ps2) {
		hist = xmalloc(HISTMAX * sizeof *hist);
		hist_load();
	}
	st_mark(&m);
	prompt = prompt_text(ps ? ps : "");
	pending[SIGINT] = 0;
	if (tty_state)
		r = edit_line(prompt, &line);
	if (r < 0)
		r = plain_line(prompt, &line);
	st_release(&m);
	if (r == ED_INTR) {
		free(line);
		sh.status = 130;
		raise_status(130);
	}
	if (r == ED_EOF) {
		free(line);
		s->eof = 1;
		return 0;
	}
	hist_add(line);
	n = strlen(line);
	free(s->buf);
	s->buf = xrealloc(line, n + 2);
	s->buf[n] = '\n';
	s->s = s->buf;
	s->len = n + 1;
	s->pos = 0;
	return 1;
}
