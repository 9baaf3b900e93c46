/* sed - stream editor */
#include "cmd.h"
#include "io.h"
#include <ctype.h>
#include <regex.h>

static const char usage[] =
    "sed [-nrsuzE] [-i[SUFFIX]] [-l N] {SCRIPT | -e SCRIPT... | -f FILE...} [FILE...]";

/* A buffer of bytes that may hold NULs; s[len] is always a NUL for regexec. */
struct buf {
	char *s;
	size_t len, cap;
};

enum { A_NONE, A_LINE, A_LAST, A_RE, A_STEP, A_PLUS, A_MULT, A_ZERO };

struct addr {
	int type;
	unsigned long n, step;
	regex_t *re;		/* NULL: the last regular expression used */
};

struct wfile {
	char *name;
	FILE *fp;		/* NULL: the output */
	int missing_nl;		/* the last line written had no delimiter */
};

struct cmd {
	struct addr a1, a2;
	int naddr, neg;
	char c;
	int active;		/* inside the range */
	int begun;		/* the range has begun (in this file, with -s or -i) */
	unsigned long end;	/* the range's last line, for line-number ends */
	char *text;		/* a i c text, a label, an r file name */
	size_t tlen;
	size_t jump;		/* b t T: the label's index; {: the matching } */
	regex_t *re;		/* s */
	char *repl;		/* s: the replacement, as written */
	size_t rlen;
	int global, nth, print, nsub;
	struct wfile *w;	/* s///w, w */
	int num;		/* q Q exit status, l line length (-1: default) */
	unsigned char *map;	/* y */
};

/* Before each command run: a seam for the fuzzer, which stops the scripts
 * that loop (":a;ba" is a valid script) or grow without end. */
#ifndef SED_STEP
#define SED_STEP()
#endif

static struct cmd *cmds;
static size_t ncmds;

/* The script being parsed, all -e and -f pieces joined by newlines. */
static struct buf script;
static size_t pc_parse;

static struct wfile **wfiles;	/* each allocated alone: commands point to them */
static size_t nwfiles;

static struct {
	int quiet, ere, separate, inplace, unbuffered, delim, wrap;
	const char *suffix;
} cfg;

/* The running state. */
static struct buf ps, hs;		/* pattern and hold space */
static unsigned long lineno;
static int ps_nl;			/* the line read had its delimiter */
static int tflag, quit_now, exit_code;
static regex_t *last_re;
static FILE *out;
static int out_missing_nl;		/* the last line written to out had no delimiter */

/* Text and files queued by a and r for the end of the cycle. */
struct queued {
	int is_file;
	const char *s;
	size_t len;
};
static struct queued *queue;
static size_t nqueue, capqueue;

static struct {
	char **files;
	int nfiles, next;
	FILE *fp;
	const char *name;
	struct buf look;	/* the line after the current one */
	int have_look, look_nl;
} in;

static void
buf_reserve(struct buf *b, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->s = xrealloc(b->s, b->cap);
		b->s[b->len] = '\0';
	}
}

static void
buf_add(struct buf *b, const void *p, size_t n)
{
	buf_reserve(b, n);
	memcpy(b->s + b->len, p, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static void
buf_addc(struct buf *b, int c)
{
	char ch = c;

	buf_add(b, &ch, 1);
}

static void
buf_set(struct buf *b, const void *p, size_t n)
{
	b->len = 0;
	buf_add(b, p, n);
}

/* The first N bytes removed: the rest moves within the buffer (buf_set
 * from the buffer itself would copy between overlapping bytes). */
static void
buf_drop(struct buf *b, size_t n)
{
	memmove(b->s, b->s + n, b->len - n + 1);
	b->len -= n;
}

/* --- parsing --- */

_Noreturn static void
bad(const char *msg)
{
	die("-e expression, char %zu: %s", pc_parse, msg);
}

static int
peek(void)
{
	return pc_parse < script.len ? (unsigned char)script.s[pc_parse] : EOF;
}

static int
get(void)
{
	return pc_parse < script.len ? (unsigned char)script.s[pc_parse++] : EOF;
}

static void
skip_space(void)
{
	while (peek() == ' ' || peek() == '\t')
		pc_parse++;
}

static regex_t *
compile(const char *pat, int flags)
{
	regex_t *re;
	char msg[256];
	int err;

	if (*pat == '\0')
		return NULL;
	re = xmalloc(sizeof *re);
	if ((err = regcomp(re, pat, flags | (cfg.ere ? REG_EXTENDED : 0))) != 0) {
		regerror(err, re, msg, sizeof msg);
		bad(msg);
	}
	return re;
}

/* GNU's control escapes, in a i c text, replacements and regexes: \a \f \n \r \t \v. */
static int
ctl_escape(int c)
{
	static const char from[] = "afnrtv", to[] = "\a\f\n\r\t\v";
	const char *p = c > 0 && c < 256 ? strchr(from, c) : NULL;

	return p != NULL ? to[p - from] : -1;
}

/*
 * Text up to the unescaped DELIM, as a NUL-terminated string. For a regular
 * expression (RE set) \DELIM becomes DELIM and \n a newline, other escapes
 * are kept for regcomp; otherwise (a replacement) everything is kept.
 */
static char *
delimited(int delim, int re, size_t *len)
{
	struct buf b = { NULL, 0, 0 };
	int c, bracket = 0;

	buf_reserve(&b, 0);
	for (;;) {
		if ((c = get()) == EOF || (c == '\n' && re && !bracket))
			return NULL;
		if (c == delim && !bracket)
			break;
		if (c == '\\' && !bracket) {
			c = get();
			if (c == EOF)
				return NULL;
			if (c == delim) {
				buf_addc(&b, delim);
			} else if (re && ctl_escape(c) >= 0) {
				buf_addc(&b, ctl_escape(c));
			} else {
				buf_addc(&b, '\\');
				buf_addc(&b, c);
			}
			continue;
		}
		if (re && c == '[' && !bracket) {
			/* A bracket expression: its ] may come first, as in []a] or [^]a]. */
			bracket = 1;
			buf_addc(&b, c);
			if (peek() == '^')
				buf_addc(&b, get());
			if (peek() == ']')
				buf_addc(&b, get());
			continue;
		}
		if (bracket && c == '[' && (peek() == ':' || peek() == '.' || peek() == '=')) {
			int kind = get();

			buf_addc(&b, c);
			buf_addc(&b, kind);
			while ((c = get()) != EOF && !(c == kind && peek() == ']'))
				buf_addc(&b, c);
			if (c == EOF)
				return NULL;
			buf_addc(&b, c);
			buf_addc(&b, get());
			continue;
		}
		if (bracket && c == ']')
			bracket = 0;
		if (c == '\n' && bracket) {
			free(b.s);
			return NULL;
		}
		buf_addc(&b, c);
	}
	*len = b.len;
	return b.s;
}

static unsigned long
parse_num(void)
{
	unsigned long v = 0;

	while (isdigit(peek()))
		v = v * 10 + (get() - '0');
	return v;
}

/* Regex address flags: I (ignore case), M (multi-line). */
static int
re_flags(void)
{
	int flags = 0;

	for (;;) {
		if (peek() == 'I')
			flags |= REG_ICASE;
		else if (peek() == 'M')
			flags |= REG_NEWLINE;
		else
			return flags;
		get();
	}
}

static int
parse_addr(struct addr *a, int second)
{
	int c = peek(), delim;
	char *pat;
	size_t len;

	a->type = A_NONE;
	if (isdigit(c)) {
		a->n = parse_num();
		a->type = A_LINE;
		if (peek() == '~') {
			get();
			a->step = parse_num();
			a->type = A_STEP;
		} else if (a->n == 0 && !second) {
			a->type = A_ZERO;
		}
	} else if (c == '$') {
		get();
		a->type = A_LAST;
	} else if (c == '/' || c == '\\') {
		get();
		delim = c == '\\' ? get() : '/';
		if (delim == EOF || delim == '\n' || delim == '\\')
			bad("unexpected end of address");
		if ((pat = delimited(delim, 1, &len)) == NULL)
			bad("unterminated address regex");
		a->re = compile(pat, re_flags());
		free(pat);
		a->type = A_RE;
	} else if (second && (c == '+' || c == '~')) {
		get();
		if (!isdigit(peek()))
			bad("expected a number");
		a->n = parse_num();
		a->type = c == '+' ? A_PLUS : A_MULT;
	}
	return a->type != A_NONE;
}

/* a, i, c text: "a\" and lines, or GNU's one-liner "a text"; \ escapes a character. */
static void
parse_text(struct cmd *cmd)
{
	struct buf b = { NULL, 0, 0 };
	int c;

	skip_space();
	if (peek() == '\\') {
		get();
		if (peek() == '\n')
			get();
	} else if (peek() == EOF || peek() == '\n') {
		bad("expected \\ after a, c or i");
	}
	buf_reserve(&b, 0);
	while ((c = peek()) != EOF && c != '\n') {
		get();
		if (c == '\\') {
			if ((c = get()) == EOF)
				break;
			if (ctl_escape(c) >= 0)
				c = ctl_escape(c);
		}
		buf_addc(&b, c);
	}
	buf_addc(&b, '\n');
	cmd->text = b.s;
	cmd->tlen = b.len;
}

/*
 * A file name: to the end of the line. A label (STOP ";") also ends at a
 * semicolon; a label to jump to (STOP "; }") at a blank or a brace too.
 */
static char *
parse_word(const char *stop)
{
	size_t start, end;
	char *w;

	skip_space();
	start = pc_parse;
	while (peek() != EOF && peek() != '\n' && strchr(stop, peek()) == NULL)
		get();
	end = pc_parse;
	while (end > start && (script.s[end - 1] == ' ' || script.s[end - 1] == '\t'))
		end--;
	w = memcpy(xmalloc(end - start + 1), script.s + start, end - start);
	w[end - start] = '\0';
	return w;
}

static struct wfile *
open_wfile(const char *name)
{
	struct wfile *w;

	if (*name == '\0')
		bad("missing file name");
	for (size_t i = 0; i < nwfiles; i++)
		if (strcmp(wfiles[i]->name, name) == 0)
			return wfiles[i];
	w = xmalloc(sizeof *w);
	w->missing_nl = 0;
	w->name = xstrdup(name);
	if (strcmp(name, "/dev/stdout") == 0)
		w->fp = NULL;	/* the current output */
	else if (strcmp(name, "/dev/stderr") == 0)
		w->fp = stderr;
	else if ((w->fp = fopen(name, "w")) == NULL)
		die_errno("%s", name);
	wfiles = xrealloc(wfiles, (nwfiles + 1) * sizeof *wfiles);
	wfiles[nwfiles++] = w;
	return w;
}

static struct wfile *
parse_wfile(void)
{
	char *name = parse_word("");
	struct wfile *w;

	w = open_wfile(name);
	free(name);
	return w;
}

static int
max_ref(const char *repl, size_t n)
{
	int max = 0;

	for (size_t i = 0; i + 1 < n; i++)
		if (repl[i] == '\\') {
			i++;
			if (repl[i] >= '1' && repl[i] <= '9' && repl[i] - '0' > max)
				max = repl[i] - '0';
		}
	return max;
}

static void
parse_s(struct cmd *cmd)
{
	int delim = get(), flags = 0, c;
	char *pat;
	size_t len;

	if (delim == EOF || delim == '\n' || delim == '\\')
		bad("unterminated `s' command");
	if ((pat = delimited(delim, 1, &len)) == NULL)
		bad("unterminated `s' command");
	if ((cmd->repl = delimited(delim, 0, &cmd->rlen)) == NULL) {
		free(pat);
		bad("unterminated `s' command");
	}
	for (;;) {
		c = peek();
		if (c == 'g') {
			cmd->global = 1;
		} else if (c == 'p') {
			cmd->print = 1;
		} else if (c == 'i' || c == 'I') {
			flags |= REG_ICASE;
		} else if (c == 'm' || c == 'M') {
			flags |= REG_NEWLINE;
		} else if (isdigit(c)) {
			if ((cmd->nth = parse_num()) == 0)
				bad("number option to `s' command may not be zero");
			continue;
		} else if (c == 'w') {
			get();
			cmd->w = parse_wfile();
			break;
		} else {
			break;
		}
		get();
	}
	cmd->re = compile(pat, flags);
	free(pat);
	cmd->nsub = max_ref(cmd->repl, cmd->rlen);
	if (cmd->re != NULL && (size_t)cmd->nsub > cmd->re->re_nsub)
		bad("invalid reference on `s' command's RHS");
	if (cmd->nth == 0)
		cmd->nth = 1;
}

/* The characters of one y string, escapes resolved. */
static char *
y_string(int delim, size_t *n)
{
	struct buf b = { NULL, 0, 0 };
	int c;

	buf_reserve(&b, 0);
	while ((c = get()) != delim) {
		if (c == EOF || c == '\n')
			bad("unterminated `y' command");
		if (c == '\\') {
			c = get();
			if (c == 'n')
				c = '\n';
			else if (c == 't')
				c = '\t';
			else if (c != delim && c != '\\')
				bad("unknown escape in `y' command");
		}
		buf_addc(&b, c);
	}
	*n = b.len;
	return b.s;
}

static void
parse_y(struct cmd *cmd)
{
	int delim = get();
	char *from, *to;
	size_t nf, nt;

	if (delim == EOF || delim == '\n' || delim == '\\')
		bad("unterminated `y' command");
	from = y_string(delim, &nf);
	to = y_string(delim, &nt);
	if (nf != nt)
		bad("strings for `y' command are different lengths");
	cmd->map = xmalloc(256);
	for (int i = 0; i < 256; i++)
		cmd->map[i] = i;
	for (size_t i = 0; i < nf; i++)
		cmd->map[(unsigned char)from[i]] = to[i];
	free(from);
	free(to);
}

static void
parse_args(struct cmd *cmd)
{
	char msg[32];

	switch (cmd->c) {
	case 'a': case 'i': case 'c':
		parse_text(cmd);
		return;
	case ':':
		if (cmd->naddr > 0)
			bad(": doesn't want any addresses");
		/* fall through */
	case 'b': case 't': case 'T':
		cmd->text = parse_word(cmd->c == ':' ? ";" : "; \t}");
		if (cmd->c == ':' && *cmd->text == '\0')
			bad("\":\" lacks a label");
		return;
	case 'r':
		cmd->text = parse_word("");
		return;
	case 'w': case 'W':
		cmd->w = parse_wfile();
		return;
	case 'q': case 'Q': case 'l':
		skip_space();
		cmd->num = isdigit(peek()) ? (int)parse_num() : cmd->c == 'l' ? -1 : 0;
		return;
	case 's':
		parse_s(cmd);
		return;
	case 'y':
		parse_y(cmd);
		return;
	case '=': case 'd': case 'D': case 'g': case 'G': case 'h': case 'H': case 'n':
	case 'N': case 'p': case 'P': case 'x': case 'z': case 'F': case '{': case '}':
		return;
	}
	snprintf(msg, sizeof msg, "unknown command: `%c'", cmd->c);
	bad(msg);
}

/* After a command: spaces, then ; or a newline, a } or # to come, or the end. */
static void
end_of_cmd(void)
{
	int c;

	skip_space();
	c = peek();
	if (c == ';' || c == '\n')
		get();
	else if (c != EOF && c != '}' && c != '#')
		bad("extra characters after command");
}

static struct cmd *
new_cmd(void)
{
	cmds = xrealloc(cmds, (ncmds + 1) * sizeof *cmds);
	memset(&cmds[ncmds], 0, sizeof *cmds);
	return &cmds[ncmds++];
}

static void
resolve_labels(void)
{
	for (size_t i = 0; i < ncmds; i++) {
		struct cmd *c = &cmds[i];

		if (c->c != 'b' && c->c != 't' && c->c != 'T')
			continue;
		c->jump = ncmds;
		if (*c->text == '\0')
			continue;
		for (size_t k = 0; k < ncmds; k++)
			if (cmds[k].c == ':' && strcmp(cmds[k].text, c->text) == 0)
				c->jump = k;
		if (c->jump == ncmds)
			die("can't find label for jump to `%s'", c->text);
	}
}

static void
parse_script(void)
{
	size_t *open = NULL, nopen = 0;
	struct cmd *cmd;
	int c;

	for (;;) {
		while ((c = peek()) == ' ' || c == '\t' || c == '\n' || c == ';')
			get();
		if (c == EOF)
			break;
		if (c == '#') {
			while ((c = get()) != EOF && c != '\n')
				;
			continue;
		}
		cmd = new_cmd();
		if (parse_addr(&cmd->a1, 0)) {
			cmd->naddr = 1;
			skip_space();
			if (peek() == ',') {
				get();
				skip_space();
				if (!parse_addr(&cmd->a2, 1))
					bad("unexpected `,'");
				cmd->naddr = 2;
			}
		}
		if (cmd->a1.type == A_ZERO && (cmd->naddr != 2 || cmd->a2.type != A_RE))
			bad("invalid usage of line address 0");
		skip_space();
		while (peek() == '!') {
			get();
			cmd->neg = 1;
			skip_space();
		}
		if ((c = get()) == EOF)
			bad("missing command");
		cmd->c = c;
		if (c == '{') {
			open = xrealloc(open, (nopen + 1) * sizeof *open);
			open[nopen++] = ncmds - 1;
		} else if (c == '}') {
			if (nopen == 0)
				bad("unexpected `}'");
			if (cmd->naddr > 0)
				bad("} doesn't want any addresses");
			cmds[open[--nopen]].jump = ncmds - 1;
		}
		parse_args(cmd);
		if (c != '{')
			end_of_cmd();
	}
	if (nopen > 0)
		bad("unmatched `{'");
	free(open);
	resolve_labels();
}

static void
add_script(const char *s, size_t n)
{
	buf_add(&script, s, n);
	buf_addc(&script, '\n');
}

static void
add_script_file(const char *path)
{
	FILE *fp = fopen_in(path);
	char buf[65536];
	size_t n;

	if (fp == NULL)
		die_errno("%s", path);
	while ((n = fread(buf, 1, sizeof buf, fp)) > 0)
		buf_add(&script, buf, n);
	if (ferror(fp))
		die_errno("%s", path);
	fclose_in(fp);
	if (script.len > 0 && script.s[script.len - 1] != '\n')
		buf_addc(&script, '\n');
}

/* --- input --- */

static int
open_next(void)
{
	while (in.next < in.nfiles) {
		in.name = in.files[in.next++];
		if ((in.fp = fopen_in(in.name)) != NULL)
			return 1;
		warn_errno("%s", in.name);
	}
	return 0;
}

/* Read ahead one line, across files unless they are separate. */
static void
look_ahead(void)
{
	ssize_t n;

	in.have_look = 0;
	for (;;) {
		if (in.fp == NULL && (cfg.separate || !open_next()))
			return;
		n = getdelim(&in.look.s, &in.look.cap, cfg.delim, in.fp);
		if (n > 0) {
			in.look.len = n;
			in.look_nl = in.look.s[n - 1] == cfg.delim;
			in.look.len -= in.look_nl;
			in.have_look = 1;
			return;
		}
		if (ferror(in.fp))
			warn_errno("%s", in.name);
		fclose_in(in.fp);
		in.fp = NULL;
	}
}

static int
read_line(struct buf *b, int append)
{
	if (!in.have_look)
		return 0;
	if (append)
		buf_addc(b, '\n');
	else
		b->len = 0;
	buf_add(b, in.look.s, in.look.len);
	ps_nl = in.look_nl;
	lineno++;
	look_ahead();
	return 1;
}

/* --- output --- */

/*
 * To the output (W NULL) or a w file. A line that had no delimiter in the
 * input goes out without one; it gets it only if more follows there.
 */
static void
put_bytes(struct wfile *w, const char *s, size_t n, int nl)
{
	FILE *fp = out;
	int *missing = &out_missing_nl;

	if (w != NULL && w->fp != NULL) {
		fp = w->fp;
		missing = &w->missing_nl;
	}
	if (*missing)
		putc(cfg.delim, fp);
	fwrite(s, 1, n, fp);
	if (nl)
		putc(cfg.delim, fp);
	*missing = !nl;
	if (cfg.unbuffered)
		fflush(fp);
}

static void
put_ps(struct wfile *w, size_t n)
{
	put_bytes(w, ps.s, n, ps_nl || n < ps.len);
}

static void
put_text(const char *s, size_t n)
{
	if (out_missing_nl) {
		putc(cfg.delim, out);
		out_missing_nl = 0;
	}
	fwrite(s, 1, n, out);
}

static void
queue_add(int is_file, const char *s, size_t n)
{
	if (nqueue == capqueue)
		queue = xrealloc(queue, (capqueue = capqueue * 2 + 8) * sizeof *queue);
	queue[nqueue].is_file = is_file;
	queue[nqueue].s = s;
	queue[nqueue++].len = n;
}

static void
put_file(const char *path)
{
	FILE *fp = fopen(path, "r");
	char buf[65536];
	size_t n;

	if (fp == NULL)
		return;		/* POSIX: a file that cannot be read is as if empty */
	while ((n = fread(buf, 1, sizeof buf, fp)) > 0)
		put_text(buf, n);
	fclose(fp);
}

static void
flush_queue(void)
{
	for (size_t i = 0; i < nqueue; i++) {
		if (queue[i].is_file)
			put_file(queue[i].s);
		else
			put_text(queue[i].s, queue[i].len);
	}
	nqueue = 0;
}

/* l: the pattern space unambiguously, folded to WIDTH columns. */
static void
list(int width)
{
	static const char esc[] = "\\\a\b\f\n\r\t\v", name[] = "\\abfnrtv";
	char tmp[8];
	const char *p;
	int col = 0, n;

	if (out_missing_nl)
		put_text("", 0);
	for (size_t i = 0; i < ps.len; i++) {
		unsigned char c = ps.s[i];

		if (c != 0 && (p = strchr(esc, c)) != NULL)
			n = snprintf(tmp, sizeof tmp, "\\%c", name[p - esc]);
		else if (isprint(c))
			n = snprintf(tmp, sizeof tmp, "%c", c);
		else
			n = snprintf(tmp, sizeof tmp, "\\%03o", c);
		if (width > 1 && col + n > width - 1) {
			fputs("\\\n", out);
			col = 0;
		}
		fputs(tmp, out);
		col += n;
	}
	fputs("$\n", out);
}

/* --- matching --- */

static regex_t *
use_re(regex_t *re)
{
	if (re == NULL)
		re = last_re;
	if (re == NULL)
		die("no previous regular expression");
	last_re = re;
	return re;
}

/*
 * regexec over the LEN bytes of S from FROM, though they may hold NULs:
 * regexec stops at a NUL, so each piece up to one is tried in turn (a match
 * never spans a NUL). ^ only matches at S itself, $ only at its end. The
 * offsets in M count from S.
 */
static int
search(regex_t *re, const char *s, size_t len, size_t from, regmatch_t *m, size_t nm)
{
	size_t piece;
	int flags;

	for (;;) {
		piece = strlen(s + from);
		flags = (from > 0 ? REG_NOTBOL : 0) | (from + piece < len ? REG_NOTEOL : 0);
		if (regexec(re, s + from, nm, m, flags) == 0)
			break;
		if (from + piece >= len)
			return 0;
		from += piece + 1;
	}
	for (size_t i = 0; i < nm; i++)
		if (m[i].rm_so >= 0) {
			m[i].rm_so += from;
			m[i].rm_eo += from;
		}
	return 1;
}

static int
pattern_matches(regex_t *re)
{
	return search(use_re(re), ps.s, ps.len, 0, NULL, 0);
}

static int
is_last(void)
{
	return !in.have_look;
}

static int
match_addr(const struct addr *a)
{
	switch (a->type) {
	case A_LINE: return lineno == a->n;
	case A_LAST: return is_last();
	case A_RE: return pattern_matches(a->re);
	case A_STEP:
		if (a->step == 0)
			return lineno == a->n;
		return lineno >= a->n && (lineno - a->n) % a->step == 0;
	}
	return 0;
}

/* A range just begun on this line: where (and whether) it ends. */
static void
range_start(struct cmd *c)
{
	c->active = c->begun = 1;
	switch (c->a2.type) {
	case A_LINE:
		c->end = c->a2.n;
		c->active = c->a2.n > lineno;
		break;
	case A_PLUS:
		c->end = lineno + c->a2.n;
		c->active = c->a2.n > 0;
		break;
	case A_MULT:
		/* GNU: to the next multiple after this line, even when this is one. */
		c->active = c->a2.n > 0;
		if (c->active)
			c->end = (lineno / c->a2.n + 1) * c->a2.n;
		break;
	case A_LAST:
		c->active = !is_last();
		break;
	}
}

/* GNU: a range from line N that did not run on line N (a d or an N took
 * the cycle past it) begins on the first line after it where it runs,
 * unless that is past its end line. */
static int
late_start(const struct cmd *c)
{
	if (c->a1.type != A_LINE || c->begun || lineno < c->a1.n)
		return 0;
	return c->a2.type != A_LINE || lineno <= c->a2.n;
}

static int
in_range(struct cmd *c)
{
	/* GNU: once an N has read past its end line, the range is over
	 * (but not one that ends N lines on: that matches once more). */
	if (c->active && c->a2.type == A_LINE && lineno > c->end)
		c->active = 0;
	if (!c->active) {
		if (!match_addr(&c->a1) && !late_start(c))
			return 0;
		range_start(c);
		return 1;
	}
	switch (c->a2.type) {
	case A_RE:
		c->active = !pattern_matches(c->a2.re);
		break;
	case A_LAST:
		c->active = !is_last();
		break;
	default:
		c->active = lineno < c->end;
		break;
	}
	return 1;
}

static int
selected(struct cmd *c)
{
	int r;

	if (c->naddr == 0)
		r = 1;
	else if (c->naddr == 1)
		r = match_addr(&c->a1);
	else
		r = in_range(c);
	return r != c->neg;
}

/* --- s --- */

static void
case_add(struct buf *b, const char *s, size_t n, int *mode, int *once)
{
	for (size_t i = 0; i < n; i++) {
		int c = (unsigned char)s[i];

		if (*once) {
			c = *once == 'u' ? toupper(c) : tolower(c);
			*once = 0;
		} else if (*mode) {
			c = *mode == 'U' ? toupper(c) : tolower(c);
		}
		buf_addc(b, c);
	}
}

/* The replacement for one match: & and \1..\9, \n, GNU's \U \L \u \l \E. */
static void
replace(struct buf *b, const struct cmd *c, const char *base, const regmatch_t *m)
{
	const char *r = c->repl, *e = c->repl + c->rlen;
	int mode = 0, once = 0, k;
	char ch;

	for (; r < e; r++) {
		if (*r == '&') {
			case_add(b, base + m[0].rm_so, m[0].rm_eo - m[0].rm_so, &mode, &once);
			continue;
		}
		if (*r != '\\' || r + 1 == e) {
			case_add(b, r, 1, &mode, &once);
			continue;
		}
		r++;
		if (*r >= '0' && *r <= '9') {
			k = *r - '0';
			if (m[k].rm_so >= 0)
				case_add(b, base + m[k].rm_so, m[k].rm_eo - m[k].rm_so, &mode, &once);
		} else if (*r == 'U' || *r == 'L') {
			mode = *r;
			once = 0;
		} else if (*r == 'E') {
			mode = once = 0;
		} else if (*r == 'u' || *r == 'l') {
			once = *r;
		} else {
			k = ctl_escape((unsigned char)*r);
			ch = k >= 0 ? k : *r;
			case_add(b, &ch, 1, &mode, &once);
		}
	}
}

static int
substitute(struct cmd *c)
{
	static struct buf b;
	regex_t *re = use_re(c->re);
	regmatch_t m[10];
	size_t pos = 0, so, eo, prev_end = (size_t)-1;
	int count = 0, did = 0;

	if ((size_t)c->nsub > re->re_nsub)
		die("invalid reference \\%d on `s' command's RHS", c->nsub);
	b.len = 0;
	buf_reserve(&b, ps.len);
	while (pos <= ps.len && search(re, ps.s, ps.len, pos, m, 10)) {
		so = m[0].rm_so;
		eo = m[0].rm_eo;
		buf_add(&b, ps.s + pos, so - pos);
		/* No empty match just where the previous match ended (GNU, POSIX). */
		if (so == eo && so == prev_end) {
			if (so < ps.len)
				buf_addc(&b, ps.s[so]);
			pos = so + 1;
			continue;
		}
		if (++count >= c->nth) {
			replace(&b, c, ps.s, m);
			did = 1;
		} else {
			buf_add(&b, ps.s + so, eo - so);
		}
		prev_end = pos = eo;
		if (did && !c->global)
			break;
		if (so == eo) {
			if (so < ps.len)
				buf_addc(&b, ps.s[so]);
			pos = so + 1;
		}
	}
	if (!did)
		return 0;
	if (pos < ps.len)
		buf_add(&b, ps.s + pos, ps.len - pos);
	buf_set(&ps, b.s, b.len);
	return 1;
}

/* --- execution --- */

static size_t
line_len(const struct buf *b)
{
	const char *nl = memchr(b->s, '\n', b->len);

	return nl ? (size_t)(nl - b->s) : b->len;
}

static void
swap(struct buf *a, struct buf *b)
{
	struct buf t = *a;

	*a = *b;
	*b = t;
}

/* How a cycle ends. */
enum { NEXT, END_PRINT, END_NOPRINT, RESTART, QUIT_PRINT, QUIT_NOPRINT };

/* Run one command; returns NEXT to go on, or how the cycle ends. *PC moves. */
static int
run(struct cmd *c, size_t *pc)
{
	(*pc)++;
	switch (c->c) {
	case '{':
		break;
	case '=':
		put_text("", 0);
		fprintf(out, "%lu\n", lineno);
		break;
	case 'a':
		queue_add(0, c->text, c->tlen);
		break;
	case 'b':
		*pc = c->jump;
		break;
	case 'c':
		/* In a range, the text goes out once, at its end. */
		if (c->naddr < 2 || c->neg || !c->active)
			put_text(c->text, c->tlen);
		return END_NOPRINT;
	case 'd':
		return END_NOPRINT;
	case 'D':
		if (memchr(ps.s, '\n', ps.len) == NULL)
			return END_NOPRINT;
		buf_drop(&ps, line_len(&ps) + 1);
		return RESTART;
	case 'F':
		put_text("", 0);
		fprintf(out, "%s\n", strcmp(in.name, "-") == 0 ? "-" : in.name);
		break;
	case 'g':
		buf_set(&ps, hs.s, hs.len);
		break;
	case 'G':
		buf_addc(&ps, '\n');
		buf_add(&ps, hs.s, hs.len);
		break;
	case 'h':
		buf_set(&hs, ps.s, ps.len);
		break;
	case 'H':
		buf_addc(&hs, '\n');
		buf_add(&hs, ps.s, ps.len);
		break;
	case 'i':
		put_text(c->text, c->tlen);
		break;
	case 'l':
		list(c->num >= 0 ? c->num : cfg.wrap);
		break;
	case 'n':
		if (is_last())
			return QUIT_PRINT;
		if (!cfg.quiet)
			put_ps(NULL, ps.len);
		flush_queue();
		read_line(&ps, 0);
		break;
	case 'N':
		/* With no next line GNU prints the pattern space and quits;
		 * POSIX (and GNU under POSIXLY_CORRECT) quits without printing. */
		if (is_last())
			return getenv("POSIXLY_CORRECT") ? QUIT_NOPRINT : QUIT_PRINT;
		flush_queue();
		read_line(&ps, 1);
		break;
	case 'p':
		put_ps(NULL, ps.len);
		break;
	case 'P':
		put_bytes(NULL, ps.s, line_len(&ps), 1);
		break;
	case 'q':
		exit_code = c->num;
		return QUIT_PRINT;
	case 'Q':
		exit_code = c->num;
		return QUIT_NOPRINT;
	case 'r':
		queue_add(1, c->text, 0);
		break;
	case 's':
		if (!substitute(c))
			break;
		tflag = 1;
		if (c->print)
			put_ps(NULL, ps.len);
		if (c->w != NULL)
			put_ps(c->w, ps.len);
		break;
	case 't':
		if (tflag) {
			tflag = 0;
			*pc = c->jump;
		}
		break;
	case 'T':
		if (!tflag)
			*pc = c->jump;
		tflag = 0;
		break;
	case 'w':
		put_ps(c->w, ps.len);
		break;
	case 'W':
		put_bytes(c->w, ps.s, line_len(&ps), 1);
		break;
	case 'x':
		swap(&ps, &hs);
		break;
	case 'y':
		for (size_t i = 0; i < ps.len; i++)
			ps.s[i] = c->map[(unsigned char)ps.s[i]];
		break;
	case 'z':
		ps.len = 0;
		ps.s[0] = '\0';
		break;
	}
	return NEXT;
}

static int
cycle(void)
{
	size_t pc = 0;
	int r = NEXT;

	while (r == NEXT && pc < ncmds) {
		struct cmd *c = &cmds[pc];

		if (!selected(c)) {
			pc = c->c == '{' ? c->jump + 1 : pc + 1;
			continue;
		}
		SED_STEP();
		r = run(c, &pc);
	}
	if (r == NEXT || r == END_PRINT || r == QUIT_PRINT)
		if (!cfg.quiet)
			put_ps(NULL, ps.len);
	flush_queue();
	if (r == QUIT_PRINT || r == QUIT_NOPRINT)
		quit_now = 1;
	return r;
}

/* Cycles until the input ends or q: D restarts without reading. */
static void
process(void)
{
	int r = NEXT;

	for (size_t i = 0; i < ncmds; i++) {
		cmds[i].active = cmds[i].a1.type == A_ZERO;
		cmds[i].begun = 0;
	}
	look_ahead();
	while (!quit_now && (r == RESTART || read_line(&ps, 0))) {
		if (r != RESTART)
			tflag = 0;
		r = cycle();
		if (ferror(out))
			break;
	}
}

static void
close_input(void)
{
	if (in.fp != NULL)
		fclose_in(in.fp);
	in.fp = NULL;
	in.have_look = 0;
}

/* The backup name: the suffix, or with '*' in it, the file name put in its place. */
static char *
backup_name(const char *path)
{
	const char *base = strrchr(path, '/'), *star = strchr(cfg.suffix, '*');
	size_t dlen;
	char *s;

	if (star == NULL) {
		s = xmalloc(strlen(path) + strlen(cfg.suffix) + 1);
		return strcat(strcpy(s, path), cfg.suffix);
	}
	base = base ? base + 1 : path;
	dlen = strchr(cfg.suffix, '/') ? 0 : (size_t)(base - path);
	s = xmalloc(dlen + strlen(cfg.suffix) + strlen(base) + 1);
	memcpy(s, path, dlen);
	memcpy(s + dlen, cfg.suffix, star - cfg.suffix);
	strcpy(s + dlen + (star - cfg.suffix), base);
	strcat(s, star + 1);
	return s;
}

/* -i: one file, written to a temporary beside it and renamed over it. */
static void
edit_in_place(char *path)
{
	const char *slash = strrchr(path, '/');
	char *tmp, *bak;
	struct stat st;
	int fd;

	if (stat(path, &st) < 0) {
		warn_errno("%s", path);
		return;
	}
	if (!S_ISREG(st.st_mode)) {
		warn("couldn't edit %s: not a regular file", path);
		return;
	}
	tmp = xmalloc(strlen(path) + 16);
	sprintf(tmp, "%.*ssedXXXXXX", slash ? (int)(slash - path + 1) : 0, path);
	if ((fd = mkstemp(tmp)) < 0 || (out = fdopen(fd, "w")) == NULL) {
		warn_errno("%s", tmp);
		free(tmp);
		return;
	}
	fchmod(fd, st.st_mode & 07777);
	out_missing_nl = 0;
	in.files = &path;
	in.nfiles = 1;
	in.next = 0;
	if (open_next())
		process();
	close_input();
	if (fclose(out) == EOF) {
		warn_errno("%s", tmp);
		unlink(tmp);
	} else {
		if (cfg.suffix != NULL && (bak = backup_name(path)) != NULL) {
			if (link(path, bak) < 0 && rename(path, bak) < 0)
				warn_errno("%s", bak);
			free(bak);
		}
		if (rename(tmp, path) < 0)
			warn_errno("%s", path);
	}
	free(tmp);
	out = stdout;
}

static void
run_files(char **files, int n)
{
	static char *std_in[] = { "-", NULL };

	if (n == 0) {
		files = std_in;
		n = 1;
	}
	in.files = files;
	in.nfiles = n;
	in.next = 0;
	if (cfg.inplace) {
		for (int i = 0; i < n && !quit_now; i++) {
			lineno = 0;
			edit_in_place(files[i]);
		}
		return;
	}
	while (!quit_now && (cfg.separate ? open_next() : in.next < in.nfiles)) {
		if (cfg.separate)
			lineno = 0;
		process();
		close_input();
		if (!cfg.separate)
			break;
	}
}

/* GNU's -i[SUFFIX]: the suffix, if any, is glued to the option. */
static int
inplace_option(struct opt *o)
{
	const char *a;

	if (o->pos != 0 || o->ind >= o->argc)
		return 0;
	a = o->argv[o->ind];
	if (a[0] != '-' || a[1] != 'i')
		return 0;
	cfg.inplace = cfg.separate = 1;
	cfg.suffix = a[2] ? a + 2 : NULL;
	o->ind++;
	return 1;
}

static void
close_wfiles(void)
{
	for (size_t i = 0; i < nwfiles; i++) {
		if (wfiles[i]->fp != NULL && wfiles[i]->fp != stderr && fclose(wfiles[i]->fp) == EOF)
			warn_errno("%s", wfiles[i]->name);
		free(wfiles[i]->name);
		free(wfiles[i]);
	}
	free(wfiles);
	wfiles = NULL;
	nwfiles = 0;
}

static void
free_re(regex_t *re)
{
	if (re != NULL)
		regfree(re);
	free(re);
}

/* What an earlier run in this process left (main run again in-process, by
 * the fuzzer): freed, and the state as a fresh process has it. */
static void
reset(void)
{
	for (size_t i = 0; i < ncmds; i++) {
		free_re(cmds[i].a1.re);
		free_re(cmds[i].a2.re);
		free_re(cmds[i].re);
		free(cmds[i].text);
		free(cmds[i].repl);
		free(cmds[i].map);
	}
	free(cmds);
	close_wfiles();
	free(script.s);
	free(ps.s);
	free(hs.s);
	free(queue);
	close_input();
	free(in.look.s);
	cmds = NULL, queue = NULL, last_re = NULL;
	ncmds = nqueue = capqueue = pc_parse = 0;
	memset(&script, 0, sizeof script);
	memset(&ps, 0, sizeof ps);
	memset(&hs, 0, sizeof hs);
	memset(&in, 0, sizeof in);
	lineno = 0;
	ps_nl = tflag = quit_now = exit_code = out_missing_nl = 0;
}

static const struct opt_long longs[] = {
	{ "expression", 'e' }, { "regexp-extended", 'E' }, { "file", 'f' },
	{ "in-place", 'i' }, { "quiet", 'n' }, { "silent", 'n' }, { "separate", 's' },
	{ "unbuffered", 'u' }, { "null-data", 'z' }, { "zero-terminated", 'z' },
	{ NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, have_script = 0;
	char *end;

	reset();
	memset(&cfg, 0, sizeof cfg);
	cfg.delim = '\n';
	cfg.wrap = 70;
	out = stdout;
	for (;;) {
		if (inplace_option(&o))
			continue;
		o.longs = longs;
		if ((c = opt_next(&o, "e:Ef:il:nrsuz")) == -1)
			break;
		switch (c) {
		case 'e': add_script(o.arg, strlen(o.arg)); have_script = 1; break;
		case 'f': add_script_file(o.arg); have_script = 1; break;
		case 'E': case 'r': cfg.ere = 1; break;
		case 'i': cfg.inplace = cfg.separate = 1; break;
		case 'l':
			cfg.wrap = (int)strtol(o.arg, &end, 10);
			if (*end != '\0' || cfg.wrap < 0)
				die("%s: invalid line length", o.arg);
			break;
		case 'n': cfg.quiet = 1; break;
		case 's': cfg.separate = 1; break;
		case 'u': cfg.unbuffered = 1; break;
		case 'z': cfg.delim = '\0'; break;
		default: die_usage(&o);
		}
	}
	if (!have_script) {
		if (o.ind == argc)
			die_usage(&o);
		add_script(argv[o.ind], strlen(argv[o.ind]));
		o.ind++;
	}
	if (script.len >= 2 && script.s[0] == '#' && script.s[1] == 'n' &&
	    (script.len == 2 || script.s[2] == '\n'))
		cfg.quiet = 1;
	parse_script();
	if (cfg.inplace && o.ind == argc)
		die("no input files");
	buf_reserve(&ps, 0);
	buf_reserve(&hs, 0);
	run_files(argv + o.ind, argc - o.ind);
	close_wfiles();
	c = cmd_exit();
	return exit_code ? exit_code : c;
}
