/* ed - edit text, a line at a time */
#include "cmd.h"
#include "path.h"
#include <ctype.h>
#include <regex.h>
#include <signal.h>

static const char usage[] = "ed [-s] [-p PROMPT] [FILE]";

/*
 * The buffer is a doubly linked ring of lines through a sentinel (line 0),
 * so that deleting many lines in a g command costs no copying. A line's NUL
 * bytes are kept as '\n', which a line cannot otherwise hold: the text is a
 * C string for regexec, and writing turns them back.
 */
struct line {
	struct line *prev, *next;
	size_t len;
	unsigned gmark;		/* picked by the g command whose number it is */
	char s[];
};

struct chain {
	struct line *first, *last;
	long n;
};

/* One change for u: put SAVED back in place of the NNEW lines from AT. */
struct change {
	long at, nnew;
	struct chain saved;
};

/* The lines of a g command list, and which one is next. */
struct list {
	char **v;
	size_t *len;
	int n, next;
};

enum { PR_P = 1, PR_L = 2, PR_N = 4 };

static struct line head;
static long nlines, dot;
static struct line *cache_p;	/* a line whose number is known: cache_n */
static long cache_n;
static struct line *hint_p;	/* another, kept through changes, for index_of */
static long hint_n;
static struct line *marks[26];
static struct line *noeol;	/* a binary file's last line, read without newline */
static int binary, modified, silent, helpmode, prompting, interactive, script_file;
static const char *prompt;
static char *filename, *last_shell;	/* the default file; the last ! command */
static const char *errmsg;

static struct change *log_v;	/* the changes of the last command that made any */
static size_t log_n, log_cap;
static long log_cmd = -1, log_dot, cmd_dot, cmdno, warned = -2;
static int log_mod;		/* the modified flag before those changes */

static regex_t re;
static int have_re;
static char *repl;		/* the last replacement, raw */
static int sub_global, sub_count, have_sub;

static long naddr, a1, a2;
static char *cp;		/* the command being parsed */
static struct list *glist;	/* the g command list being run, if any */
static int in_global;
static unsigned gmark_no;	/* the number of the last g command */
/* What a g command holds while it runs: release frees it if the run
 * stopped there (at ED_CHECK). */
static struct line **held_act;
static struct list *held_list;
static char *ibuf;		/* the last input line */
static size_t icap;
static volatile sig_atomic_t got_int, got_hup;
static const char intr_msg[] = "Interrupt";

static int
err(const char *msg)
{
	errmsg = msg;
	return -1;
}

/* Report "path: strerror" on stderr, then fail with MSG. */
static int
err_file(const char *path, const char *msg)
{
	fflush(stdout);
	fprintf(stderr, "%s: %s\n", path, strerror(errno));
	return err(msg);
}

/* Seams for the fuzz harness, which stops the scripts that grow the buffer
 * without end (g/./t. doubles it): ED_STEP counts each line made; ED_WORK
 * each line printed or written (g/./w !cat writes the buffer once a line);
 * ED_CHECK, between commands, where all that is held can be found again
 * (release), may end the run. */
#ifndef ED_STEP
#define ED_STEP(n)
#endif
#ifndef ED_WORK
#define ED_WORK()
#endif
#ifndef ED_CHECK
#define ED_CHECK()
#endif

static struct line *
new_line(const char *s, size_t n)
{
	struct line *p;

	ED_STEP(n);
	p = xmalloc(sizeof *p + n + 1);

	memcpy(p->s, s, n);
	p->s[n] = '\0';
	p->len = n;
	p->gmark = 0;
	p->prev = p->next = NULL;
	return p;
}

static void
chain_add(struct chain *c, struct line *p)
{
	p->next = NULL;
	p->prev = c->last;
	if (c->last)
		c->last->next = p;
	else
		c->first = p;
	c->last = p;
	c->n++;
}

/* Free a chain that has left the buffer for good; marks on it go too. */
static void
chain_free(struct chain *c)
{
	struct line *p, *next;

	for (p = c->first; p != NULL; p = next) {
		next = p->next;
		for (int i = 0; i < 26; i++)
			if (marks[i] == p)
				marks[i] = NULL;
		if (noeol == p)
			noeol = NULL;
		free(p);
	}
	c->first = c->last = NULL;
	c->n = 0;
}

/* Line N (0 is the sentinel), walked to from the nearest place known. */
static struct line *
node(long n)
{
	struct line *p = &head;
	long at = 0, d = n, dc = n - cache_n;

	if (nlines - n < d) {
		p = head.prev;
		at = nlines;
		d = nlines - n;
	}
	if (dc < 0)
		dc = -dc;
	if (dc < d) {
		p = cache_p;
		at = cache_n;
		d = dc;
	}
	if ((n > hint_n ? n - hint_n : hint_n - n) < d) {
		p = hint_p;
		at = hint_n;
	}
	for (; at < n; at++)
		p = p->next;
	for (; at > n; at--)
		p = p->prev;
	cache_p = p;
	cache_n = n;
	return p;
}

/*
 * The number of line P, looking out both ways from the hint, which the g
 * command keeps at the line it worked on last: its next line is near. -1 if
 * P is not in the buffer.
 */
static long
index_of(const struct line *p)
{
	struct line *f = hint_p, *b = hint_p;
	long fi = hint_n, bi = hint_n;
	int fwd = 1, back = 1;

	if (p == NULL)
		return -1;
	if (p == hint_p)
		return hint_n;
	while (fwd || back) {
		if (fwd) {
			f = f->next;
			fi++;
			if (f == &head)
				fwd = 0;
			else if (f == p)
				return fi;
		}
		if (back) {
			if (b == &head) {
				back = 0;
			} else {
				b = b->prev;
				bi--;
				if (b == p)
					return bi;
			}
		}
	}
	return -1;
}

/* Take out the NDEL lines from AT into OUT and put IN in their place. */
static void
relink(long at, long ndel, struct chain *in, struct chain *out)
{
	struct line *prev = node(at - 1), *next = prev->next;

	out->first = out->last = NULL;
	out->n = ndel;
	if (ndel > 0) {
		out->first = next;
		for (long i = 1; i < ndel; i++)
			next = next->next;
		out->last = next;
		next = next->next;
		out->first->prev = NULL;
		out->last->next = NULL;
		for (struct line *p = out->first; p != NULL; p = p->next) {
			p->gmark = 0;
			if (p == hint_p) {
				hint_p = prev;
				hint_n = at - 1;
			}
		}
	}
	if (hint_n >= at && hint_p != prev)
		hint_n += in->n - ndel;
	if (in->n > 0) {
		prev->next = in->first;
		in->first->prev = prev;
		in->last->next = next;
		next->prev = in->last;
	} else {
		prev->next = next;
		next->prev = prev;
	}
	nlines += in->n - ndel;
	cache_p = prev;
	cache_n = at - 1;
}

static void
log_clear(void)
{
	for (size_t i = 0; i < log_n; i++)
		chain_free(&log_v[i].saved);
	log_n = 0;
}

static void
log_add(long at, long nnew, struct chain *saved)
{
	if (log_n == log_cap)
		log_v = xrealloc(log_v, (log_cap = log_cap * 2 + 8) * sizeof *log_v);
	log_v[log_n].at = at;
	log_v[log_n].nnew = nnew;
	log_v[log_n].saved = *saved;
	log_n++;
}

/* The one way the buffer changes: lines AT.. (NDEL of them) become IN. */
static void
replace(long at, long ndel, struct chain *in)
{
	struct chain out;
	long nnew = in->n;

	if (log_cmd != cmdno) {
		log_clear();
		log_cmd = cmdno;
		log_dot = cmd_dot;
		log_mod = modified;
	}
	relink(at, ndel, in, &out);
	log_add(at, nnew, &out);
	modified = 1;
}

static int
undo(void)
{
	struct change *old = log_v;
	size_t n = log_n;
	long t;
	int m;

	if (n == 0)
		return err("Nothing to undo");
	log_v = NULL;
	log_n = log_cap = 0;
	while (n-- > 0) {
		struct chain out;

		relink(old[n].at, old[n].nnew, &old[n].saved, &out);
		log_add(old[n].at, old[n].saved.n, &out);
	}
	free(old);
	log_cmd = cmdno;
	t = dot;
	dot = log_dot < nlines ? log_dot : nlines;
	log_dot = t;
	m = modified;
	modified = log_mod;
	log_mod = m;
	return 0;
}

static void
free_all(void)
{
	struct chain c = { head.next, head.prev, nlines };

	log_clear();
	if (nlines > 0) {
		c.first->prev = NULL;
		c.last->next = NULL;
		chain_free(&c);
	}
	head.next = head.prev = &head;
	nlines = dot = 0;
	cache_p = hint_p = &head;
	cache_n = hint_n = 0;
	noeol = NULL;
	binary = 0;
	memset(marks, 0, sizeof marks);
}

/* Write N bytes of line text to F, '\n' back to NUL. */
static void
put_text(const char *s, size_t n, FILE *f)
{
	const char *nl;

	while ((nl = memchr(s, '\n', n)) != NULL) {
		fwrite(s, 1, nl - s, f);
		putc('\0', f);
		n -= nl - s + 1;
		s = nl + 1;
	}
	fwrite(s, 1, n, f);
}

/* The l form: escapes, long lines folded with a backslash, $ at the end. */
static void
put_list(const char *s, size_t n)
{
	static const char esc[] = "\\\\\aa\bb\ff\rr\tt\vv$$";
	const char *e;
	char buf[8];
	int col = 0, len;

	for (size_t i = 0; i < n; i++) {
		unsigned char c = s[i] == '\n' ? 0 : s[i];

		if (c != 0 && (e = strchr(esc, c)) != NULL && (e - esc) % 2 == 0)
			len = snprintf(buf, sizeof buf, "\\%c", e[1]);
		else if (c >= 32 && c < 127)
			len = snprintf(buf, sizeof buf, "%c", c);
		else
			len = snprintf(buf, sizeof buf, "\\%03o", c);
		if (col + len > 72) {
			fputs("\\\n", stdout);
			col = 0;
		}
		fputs(buf, stdout);
		col += len;
	}
	fputs("$\n", stdout);
}

static int
print_lines(long from, long to, int how)
{
	struct line *p;

	if (from < 1 || to > nlines || from > to)
		return err("Invalid address");
	p = node(from);
	for (long i = from; i <= to; i++, p = p->next) {
		if (got_int)
			return err(intr_msg);
		ED_WORK();
		if (how & PR_N)
			printf("%ld\t", i);
		if (how & PR_L) {
			put_list(p->s, p->len);
		} else {
			put_text(p->s, p->len, stdout);
			putchar('\n');
		}
	}
	dot = to;
	return 0;
}

/* Read lines from F into C; the byte count, or -1 with errno. */
static long long
read_lines(FILE *f, struct chain *c, int *no_nl, int *bin)
{
	long long bytes = 0;
	ssize_t len;

	*no_nl = 0;
	while ((len = getline(&ibuf, &icap, f)) > 0) {
		bytes += len;
		if (ibuf[len - 1] == '\n')
			len--;
		else
			*no_nl = 1;
		for (char *z = ibuf; (z = memchr(z, '\0', ibuf + len - z)) != NULL; z++) {
			*z = '\n';
			*bin = 1;
		}
		chain_add(c, new_line(ibuf, len));
	}
	return ferror(f) ? -1 : bytes;
}

/* Read NAME, or "!command"'s output, after line AT. */
static int
read_file(const char *name, long at)
{
	struct chain c = { NULL, NULL, 0 };
	long long bytes;
	int no_nl, bin = 0, e;
	FILE *f;

	fflush(stdout);
	f = name[0] == '!' ? popen(name + 1, "r") : fopen(name, "r");
	if (f == NULL)
		return err_file(name, "Cannot open input file");
	bytes = read_lines(f, &c, &no_nl, &bin);
	e = errno;
	if (name[0] == '!')
		pclose(f);
	else
		fclose(f);
	if (bytes < 0) {
		chain_free(&c);
		errno = e;
		return err_file(name, "Cannot read input file");
	}
	binary |= bin;
	if (c.n > 0)
		replace(at + 1, 0, &c);
	if (no_nl && binary)
		noeol = c.last;
	else if (no_nl) {
		puts("Newline appended");
		bytes++;
	}
	dot = at + c.n;
	if (!silent)
		printf("%lld\n", bytes);
	return 0;
}

/* Write lines FROM..TO to NAME (MODE "w" or "a"), or to "!command". */
static int
write_file(const char *name, const char *mode, long from, long to)
{
	long long bytes = 0;
	struct line *p;
	FILE *f;
	int e;

	fflush(stdout);
	f = name[0] == '!' ? popen(name + 1, "w") : fopen(name, mode);
	if (f == NULL)
		return err_file(name, "Cannot open output file");
	p = node(from);
	for (long i = from; from > 0 && i <= to; i++, p = p->next) {
		ED_WORK();
		put_text(p->s, p->len, f);
		bytes += p->len;
		if (p != noeol || p != head.prev) {
			putc('\n', f);
			bytes++;
		}
	}
	if (name[0] == '!') {
		e = ferror(f);
		if (pclose(f) == -1 || e)
			return err_file(name, "Cannot write output file");
	} else {
		e = ferror(f) ? errno : 0;
		if (fclose(f) == EOF || e) {
			if (e)
				errno = e;
			return err_file(name, e ? "Cannot write output file" : "Cannot close output file");
		}
	}
	if (from <= 1 && to == nlines && name[0] != '!') {
		modified = 0;
		log_mod = 1;	/* undoing now makes the buffer differ from the file */
	}
	if (!silent)
		printf("%lld\n", bytes);
	return 0;
}

/* The next input line, newline gone, NULs as '\n': from the g list, else stdin. */
static char *
next_line(size_t *lenp)
{
	ssize_t n;

	if (glist != NULL) {
		if (glist->next >= glist->n)
			return NULL;
		*lenp = glist->len[glist->next];
		return glist->v[glist->next++];
	}
	if (got_int)
		return NULL;
	n = getline(&ibuf, &icap, stdin);
	if (n <= 0)
		return NULL;
	if (ibuf[n - 1] == '\n')
		ibuf[--n] = '\0';
	for (char *z = ibuf; (z = memchr(z, '\0', ibuf + n - z)) != NULL; z++)
		*z = '\n';
	*lenp = n;
	return ibuf;
}

/* Text for a, i and c: lines up to one that is just ".". */
static int
read_text(struct chain *c)
{
	size_t len;
	char *s;

	c->first = c->last = NULL;
	c->n = 0;
	while ((s = next_line(&len)) != NULL) {
		if (len == 1 && s[0] == '.')
			return 0;
		chain_add(c, new_line(s, len));
	}
	if (got_int) {
		chain_free(c);
		return err(intr_msg);
	}
	return 0;
}

static void
skip_blanks(void)
{
	while (*cp == ' ' || *cp == '\t')
		cp++;
}

/*
 * A regular expression up to DELIM, as regcomp wants it: "\DELIM" is DELIM,
 * "\n" a newline, and DELIM inside a bracket expression is itself. Sets *END
 * whether DELIM was there (cp then just past it).
 */
static char *
get_pattern(int delim, int *end)
{
	char *out = xmalloc(strlen(cp) + 1), *o = out;

	*end = 0;
	while (*cp != '\0') {
		if (*cp == delim) {
			cp++;
			*end = 1;
			break;
		}
		if (*cp == '\\' && cp[1] != '\0') {
			if (cp[1] == delim && !strchr(".*[]^$\\", delim)) {
				*o++ = delim;
			} else if (cp[1] == 'n') {
				*o++ = '\n';
			} else {
				*o++ = '\\';
				*o++ = cp[1];
			}
			cp += 2;
			continue;
		}
		if (*cp == '[') {
			*o++ = *cp++;
			if (*cp == '^')
				*o++ = *cp++;
			if (*cp == ']')
				*o++ = *cp++;
			while (*cp != '\0' && *cp != ']') {
				if (*cp == '[' && (cp[1] == ':' || cp[1] == '.' || cp[1] == '=')) {
					char k = cp[1];

					*o++ = *cp++;
					*o++ = *cp++;
					while (*cp != '\0' && !(cp[0] == k && cp[1] == ']'))
						*o++ = *cp++;
					if (*cp != '\0') {
						*o++ = *cp++;
						*o++ = *cp++;
					}
					continue;
				}
				*o++ = *cp++;
			}
			if (*cp == ']')
				*o++ = *cp++;
			continue;
		}
		*o++ = *cp++;
	}
	*o = '\0';
	return out;
}

/* Compile PAT as the last regular expression; "" means keep the last. */
static int
set_re(char *pat)
{
	static char msg[128];
	regex_t nre;
	int r;

	if (pat[0] == '\0') {
		free(pat);
		return have_re ? 0 : err("No previous pattern");
	}
	r = regcomp(&nre, pat, 0);
	free(pat);
	if (r != 0) {
		regerror(r, &nre, msg, sizeof msg);
		return err(msg);
	}
	if (have_re)
		regfree(&re);
	re = nre;
	have_re = 1;
	return 0;
}

static int
matches(const struct line *p)
{
	return regexec(&re, p->s, 0, NULL, 0) == 0;
}

/* /re/ or ?re?: the next line that matches, wrapping around. */
static int
search(long *n)
{
	int delim = *cp++, end;
	long i = dot;
	struct line *p;

	if (set_re(get_pattern(delim, &end)) < 0)
		return -1;
	for (long k = 0; k < nlines; k++) {
		i = delim == '/' ? (i < nlines ? i + 1 : 1) : (i > 1 ? i - 1 : nlines);
		p = node(i);
		if (matches(p)) {
			*n = i;
			return 0;
		}
	}
	return err("No match");
}

static long
number(void)
{
	long n = 0;

	/* at most LONG_MAX / 4: an address plus one cannot overflow */
	while (isdigit((unsigned char)*cp)) {
		if (n < LONG_MAX / 40)
			n = n * 10 + (*cp - '0');
		cp++;
	}
	return n;
}

/* One address with its offsets: 1 and *N, 0 if there is none, -1 on error. */
static int
one_addr(long *n)
{
	long a = dot, k;
	int any = 0, c;

	skip_blanks();
	c = *cp;
	if (isdigit(c)) {
		a = number();
		any = 1;
	} else if (c == '.' || c == '$') {
		a = c == '.' ? dot : nlines;
		cp++;
		any = 1;
	} else if (c == '/' || c == '?') {
		if (search(&a) < 0)
			return -1;
		any = 1;
	} else if (c == '\'') {
		cp++;
		if (*cp < 'a' || *cp > 'z')
			return err("Invalid mark character");
		a = index_of(marks[*cp++ - 'a']);
		if (a < 0)
			return err("Invalid address");
		any = 1;
	}
	for (;;) {
		skip_blanks();
		c = *cp;
		if (c == '+' || c == '-' || c == '^') {
			cp++;
			k = isdigit((unsigned char)*cp) ? number() : 1;
			a += c == '+' ? k : -k;
		} else if (isdigit(c) && any) {
			a += number();
		} else {
			break;
		}
		/* beyond the buffer is wrong however far: stay there, never overflow */
		a = a < -1 ? -1 : a > nlines + 1 ? nlines + 1 : a;
		any = 1;
	}
	if (!any)
		return 0;
	if (a < 0 || a > nlines)
		return err("Invalid address");
	*n = a;
	return 1;
}

static void
push_addr(long a)
{
	a1 = naddr == 0 ? a : a2;
	a2 = a;
	naddr++;
}

/* The addresses before a command: none, one, or a range by , or ;. */
static int
get_addrs(void)
{
	long a = 0;
	int r, sep, given;

	naddr = 0;
	a1 = a2 = dot;
	r = one_addr(&a);
	for (;;) {
		if (r < 0)
			return -1;
		skip_blanks();
		sep = *cp;
		if (sep != ',' && sep != ';') {
			if (r)
				push_addr(a);
			return 0;
		}
		cp++;
		if (!r)
			a = sep == ',' ? 1 : dot;
		push_addr(a);
		if (sep == ';')
			dot = a;
		given = r;
		r = one_addr(&a);
		if (r == 0) {
			a = given ? a2 : nlines;
			r = 1;
		}
	}
}

/* Defaults for the addresses, then checks: FIRST the least line allowed. */
static int
range(long d1, long d2, long first)
{
	if (naddr == 0) {
		a1 = d1;
		a2 = d2;
	}
	if (a1 < first || a2 > nlines || a1 > a2)
		return err("Invalid address");
	return 0;
}

static int
no_addrs(void)
{
	return naddr > 0 ? err("Unexpected address") : 0;
}

/* p, l and n after a command, then the end of the line. */
static int
suffix(int *how)
{
	*how = 0;
	for (;; cp++) {
		if (*cp == 'p')
			*how |= PR_P;
		else if (*cp == 'l')
			*how |= PR_L;
		else if (*cp == 'n')
			*how |= PR_N;
		else
			break;
	}
	return *cp == '\0' ? 0 : err("Invalid command suffix");
}

/* A file name after e, E, f, r, w, W: blanks, then the rest of the line. */
static int
get_name(char **name)
{
	if (*cp != '\0' && *cp != ' ' && *cp != '\t')
		return err("Unexpected command suffix");
	skip_blanks();
	*name = cp;
	if (*cp == '\0') {
		if (filename == NULL)
			return err("No current filename");
		*name = filename;
	}
	return 0;
}

static void
set_filename(const char *name)
{
	if (name[0] != '!' && name != filename) {
		free(filename);
		filename = xstrdup(name);
	}
}

static int
check_modified(void)
{
	if (modified && warned != cmdno - 1) {
		warned = cmdno;
		return err("Warning: buffer modified");
	}
	return 0;
}

static int
edit_file(int force)
{
	char *name;

	if (no_addrs() < 0 || get_name(&name) < 0)
		return -1;
	if (!force && check_modified() < 0)
		return -1;
	name = xstrdup(name);
	free_all();
	modified = 0;
	set_filename(name);
	if (read_file(name, 0) < 0) {
		free(name);
		return -1;
	}
	free(name);
	log_clear();
	modified = 0;
	return 0;
}

static int
write_cmd(int c)
{
	int quit = 0;
	char *name;

	if (*cp == 'q') {
		quit = 1;
		cp++;
	}
	if (get_name(&name) < 0)
		return -1;
	if (naddr == 0 && nlines == 0)
		a1 = a2 = 0;
	else if (range(1, nlines, 1) < 0)
		return -1;
	if (filename == NULL)
		set_filename(name);
	name = xstrdup(name);
	if (write_file(name, c == 'W' ? "a" : "w", a1, a2) < 0) {
		free(name);
		return -1;
	}
	free(name);
	if (quit) {
		if (check_modified() < 0)
			return -1;
		return 1;
	}
	return 0;
}

/* A copy of lines FROM..TO as a new chain. */
static void
copy_lines(long from, long to, struct chain *c)
{
	struct line *p = node(from);

	c->first = c->last = NULL;
	c->n = 0;
	for (long i = from; i <= to; i++, p = p->next)
		chain_add(c, new_line(p->s, p->len));
}

/* Marks on the lines of OLD move to the same lines of NEW. */
static void
move_marks(const struct line *old, long n, struct line *new)
{
	for (long i = 0; i < n; i++, old = old->next, new = new->next)
		for (int m = 0; m < 26; m++)
			if (marks[m] == old)
				marks[m] = new;
}

/* m and t: the destination address after the command. */
static int
dest_addr(long *d)
{
	int r = one_addr(d);

	if (r < 0)
		return -1;
	if (r == 0)
		*d = dot;
	return 0;
}

/* m and t: the whole line, suffix too, is read before anything moves. */
static int
move_copy(int c, int *how)
{
	struct chain copy;
	long d, n;

	if (range(dot, dot, 1) < 0 || dest_addr(&d) < 0 || suffix(how) < 0)
		return -1;
	n = a2 - a1 + 1;
	if (c == 'm' && d >= a1 && d < a2)
		return err("Invalid destination");
	copy_lines(a1, a2, &copy);
	if (c == 'm') {
		if (d == a1 - 1 || d == a2) {
			chain_free(&copy);
			dot = a2;
			return 0;
		}
		move_marks(node(a1), n, copy.first);
		replace(a1, n, &(struct chain){ NULL, NULL, 0 });
		if (d > a2)
			d -= n;
	}
	replace(d + 1, 0, &copy);
	dot = d + n;
	return 0;
}

static int
join(void)
{
	struct chain c = { NULL, NULL, 0 };
	struct line *p, *q, *j;
	size_t len = 0;

	if (naddr == 0) {
		a1 = dot;
		a2 = dot + 1;
	}
	if (a1 < 1 || a2 > nlines || a1 > a2)
		return err("Invalid address");
	if (a1 == a2)
		return 0;
	p = node(a1);
	q = p;
	for (long i = a1; i <= a2; i++, q = q->next)
		len += q->len;
	j = new_line("", 0);
	j = xrealloc(j, sizeof *j + len + 1);
	for (len = 0; p != q; p = p->next) {
		memcpy(j->s + len, p->s, p->len);
		len += p->len;
	}
	j->s[len] = '\0';
	j->len = len;
	chain_add(&c, j);
	replace(a1, a2 - a1 + 1, &c);
	dot = a1;
	return 0;
}

/* Output buffer for s: the new text, and where the replacement split it. */
static struct {
	char *s;
	size_t len, cap;
	size_t *cut;
	size_t ncut, cutcap;
} sb;

static void
sb_add(const char *s, size_t n)
{
	if (sb.len + n + 1 > sb.cap) {
		sb.cap = (sb.len + n + 1) * 2;
		sb.s = xrealloc(sb.s, sb.cap);
	}
	memcpy(sb.s + sb.len, s, n);
	sb.len += n;
}

static void
sb_cut(void)
{
	if (sb.ncut == sb.cutcap)
		sb.cut = xrealloc(sb.cut, (sb.cutcap = sb.cutcap * 2 + 4) * sizeof *sb.cut);
	sb.cut[sb.ncut++] = sb.len;
}

/* The replacement for one match: & the match, \1..\9 groups, \<newline> a split. */
static void
add_repl(const char *s, const regmatch_t *m)
{
	for (const char *r = repl; *r != '\0'; r++) {
		if (*r == '&') {
			sb_add(s + m[0].rm_so, m[0].rm_eo - m[0].rm_so);
		} else if (*r == '\\' && r[1] != '\0') {
			r++;
			if (*r >= '1' && *r <= '9') {
				const regmatch_t *g = &m[*r - '0'];

				if (g->rm_so >= 0)
					sb_add(s + g->rm_so, g->rm_eo - g->rm_so);
			} else if (*r == '\n') {
				sb_cut();
			} else {
				sb_add(r, 1);
			}
		} else {
			sb_add(r, 1);
		}
	}
}

/* Substitute in line P; the number of replacements made. */
static int
sub_line(const struct line *p)
{
	regmatch_t m[10];
	const char *s = p->s;
	size_t pos = 0, len = p->len;
	long prev_end = -1;
	int n = 0, done = 0;

	sb.len = sb.ncut = 0;
	while (pos <= len && regexec(&re, s + pos, 10, m, pos > 0 ? REG_NOTBOL : 0) == 0) {
		size_t so = pos + m[0].rm_so, eo = pos + m[0].rm_eo;

		for (int i = 0; i < 10; i++)
			if (m[i].rm_so >= 0) {
				m[i].rm_so += pos;
				m[i].rm_eo += pos;
			}
		if (so == eo && (long)so == prev_end) {
			if (so >= len)
				break;
			sb_add(s + pos, so - pos + 1);
			pos = so + 1;
			continue;
		}
		sb_add(s + pos, so - pos);
		n++;
		if (n == sub_count || (sub_global && n > sub_count)) {
			add_repl(s, m);
			done++;
		} else {
			sb_add(s + so, eo - so);
		}
		prev_end = eo;
		pos = eo;
		if (so == eo) {
			if (eo >= len) {
				pos = len + 1;
				break;
			}
			sb_add(s + eo, 1);
			pos = eo + 1;
		}
		if (!sub_global && n >= sub_count)
			break;
	}
	if (pos < len)
		sb_add(s + pos, len - pos);
	return done;
}

/* The replacement part of s, up to DELIM; more input lines after "\<newline>". */
static int
get_repl(int delim, int *how)
{
	size_t n = 0, cap = 64;
	char *r = xmalloc(cap), *s;
	size_t len;

	for (;;) {
		if (n + 3 > cap)
			r = xrealloc(r, cap *= 2);
		if (*cp == delim) {
			cp++;
			break;
		}
		if (*cp == '\0') {
			*how = PR_P;
			break;
		}
		if (*cp == '\\' && cp[1] == '\0') {
			r[n++] = '\\';
			r[n++] = '\n';
			if ((s = next_line(&len)) == NULL) {
				free(r);
				return err("Unexpected end of input");
			}
			/* the line may be ibuf itself: copy what is left of it */
			cp = s;
			continue;
		}
		if (*cp == '\\' && cp[1] == delim && delim != '&' && delim != '\\') {
			cp++;
			r[n++] = *cp++;
			continue;
		}
		if (*cp == '\\')
			r[n++] = *cp++;
		r[n++] = *cp++;
	}
	r[n] = '\0';
	if (strcmp(r, "%") == 0) {
		free(r);
		if (repl == NULL)
			return err("No previous substitution");
	} else {
		free(repl);
		repl = r;
	}
	return 0;
}

static int
subst_flags(int *how, int bare)
{
	int g = 0, count = 0;

	for (;;) {
		if (*cp == 'g' && !g) {
			g = 1;
			cp++;
		} else if (isdigit((unsigned char)*cp) && !count) {
			count = 1;
			sub_count = number();
			if (sub_count == 0)
				return err("Invalid command suffix");
		} else if (*cp == 'p' || *cp == 'l' || *cp == 'n') {
			*how |= *cp == 'p' ? PR_P : *cp == 'l' ? PR_L : PR_N;
			cp++;
		} else {
			break;
		}
	}
	if (*cp != '\0')
		return err("Invalid command suffix");
	if (bare) {
		sub_global ^= g;
		return 0;
	}
	sub_global = g;
	if (!count)
		sub_count = 1;
	return 0;
}

/* Replace line number I by the text in sb, cut into lines; the last one's number. */
static long
sub_replace(long i, struct line *old)
{
	struct chain c = { NULL, NULL, 0 };
	size_t start = 0;

	sb_add("", 0);
	for (size_t k = 0; k <= sb.ncut; k++) {
		size_t end = k < sb.ncut ? sb.cut[k] : sb.len;

		chain_add(&c, new_line(sb.s + start, end - start));
		start = end;
	}
	move_marks(old, 1, c.first);
	replace(i, 1, &c);
	return i + c.n - 1;
}

static int
substitute(int *how)
{
	int delim = *cp, end, any = 0;
	struct line *p, *next;
	long last = 0, i;

	*how = 0;
	if (range(dot, dot, 1) < 0)
		return -1;
	if (delim == '\0' || strchr("gpln0123456789", delim)) {
		if (!have_sub || !have_re)
			return err("No previous substitution");
		if (subst_flags(how, 1) < 0)
			return -1;
	} else {
		if (delim == ' ' || delim == '\n')
			return err("Invalid pattern delimiter");
		cp++;
		if (set_re(get_pattern(delim, &end)) < 0)
			return -1;
		if (!end)
			return err("Missing pattern delimiter");
		if (get_repl(delim, how) < 0 || subst_flags(how, 0) < 0)
			return -1;
		have_sub = 1;
	}
	p = node(a1);
	for (i = a1; i <= a2; i++, p = next) {
		next = p->next;
		if (sub_line(p) > 0) {
			long old_n = nlines;

			last = sub_replace(i, p);
			a2 += nlines - old_n;
			i = last;
			any = 1;
		}
	}
	if (!any)
		return in_global ? 0 : err("No match");
	dot = last;
	return 0;
}

/* The rest of a g command: its command list, continued by "\<newline>". */
static struct list *
get_list(void)
{
	struct list *l = xmalloc(sizeof *l);
	size_t len = strlen(cp), n, cap = 4;
	char *s;

	l->v = xmalloc(cap * sizeof *l->v);
	l->len = xmalloc(cap * sizeof *l->len);
	l->n = l->next = 0;
	s = cp;
	for (;;) {
		int bs = 0;

		while (bs < (int)len && s[len - 1 - bs] == '\\')
			bs++;
		if ((size_t)l->n == cap) {
			l->v = xrealloc(l->v, (cap *= 2) * sizeof *l->v);
			l->len = xrealloc(l->len, cap * sizeof *l->len);
		}
		if (bs % 2)
			len--;
		l->v[l->n] = xmalloc(len + 1);
		memcpy(l->v[l->n], s, len);
		l->v[l->n][len] = '\0';
		l->len[l->n++] = len;
		if (bs % 2 == 0 || (s = next_line(&n)) == NULL)
			break;
		len = n;
	}
	if (l->n == 1 && l->len[0] == 0) {
		free(l->v[0]);
		l->v[0] = xstrdup("p");
		l->len[0] = 1;
	}
	return l;
}

static void
free_list(struct list *l)
{
	for (int i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	free(l->len);
	free(l);
}

static int exec_line(char *line);

static int
global(int c)
{
	struct line **act, *p;
	struct list *l;
	long n = 0, i;
	int delim, end, r = 0;

	if (in_global)
		return err("Cannot nest global commands");
	if (range(1, nlines, 1) < 0 && nlines > 0)
		return -1;
	delim = *cp;
	if (delim == '\0' || delim == ' ' || delim == '\n')
		return err("Invalid pattern delimiter");
	cp++;
	if (set_re(get_pattern(delim, &end)) < 0)
		return -1;
	/* Each g marks with its own number, so the marks a g left when it
	 * stopped need no sweep (a sweep by line number was quadratic). */
	if (++gmark_no == 0) {
		for (p = head.next; p != &head; p = p->next)
			p->gmark = 0;
		gmark_no = 1;
	}
	act = xmalloc((nlines + 1) * sizeof *act);
	for (i = 1, p = head.next; i <= nlines; i++, p = p->next)
		if (i >= a1 && i <= a2 && matches(p) == (c == 'g')) {
			p->gmark = gmark_no;
			act[n++] = p;
		}
	held_act = act;
	l = held_list = get_list();
	in_global = 1;
	for (i = 0; i < n && r == 0; i++) {
		long at;

		if (got_int) {
			r = err(intr_msg);
			break;
		}
		/* by pointer first: a line freed by e is never looked at */
		if ((at = index_of(act[i])) < 0 || act[i]->gmark != gmark_no)
			continue;
		act[i]->gmark = 0;
		dot = hint_n = at;
		hint_p = act[i];
		l->next = 0;
		glist = l;
		while (r == 0 && l->next < l->n) {
			char *cmd = l->v[l->next++];

			ED_CHECK();
			r = exec_line(cmd);
		}
		glist = NULL;
	}
	in_global = 0;
	glist = NULL;
	free(act);
	free_list(l);
	held_act = NULL;
	held_list = NULL;
	return r;
}

static int
shell(void)
{
	size_t n = 0, cap = 64;
	char *s = xmalloc(cap);
	int show = 0;

	if (no_addrs() < 0) {
		free(s);
		return -1;
	}
	for (; *cp != '\0'; cp++) {
		const char *add = NULL;
		char one[2] = { *cp, '\0' };

		if (*cp == '!' && n == 0) {
			if (last_shell == NULL) {
				free(s);
				return err("No previous command");
			}
			add = last_shell;
			show = 1;
		} else if (*cp == '%') {
			if (filename == NULL) {
				free(s);
				return err("No current filename");
			}
			add = filename;
			show = 1;
		} else if (*cp == '\\' && cp[1] == '%') {
			one[0] = *++cp;
			add = one;
		} else {
			add = one;
		}
		if (n + strlen(add) + 1 > cap)
			s = xrealloc(s, cap = (n + strlen(add) + 1) * 2);
		memcpy(s + n, add, strlen(add));
		n += strlen(add);
	}
	s[n] = '\0';
	free(last_shell);
	last_shell = s;
	if (show)
		printf("%s\n", s);
	fflush(stdout);
	if (system(s) == -1)
		return err_file("sh", "Cannot run command");
	if (!silent)
		puts("!");
	return 0;
}

/* a, i, c: text up to a "." line after, before, or in place of the lines. */
static int
text_cmd(int cmd)
{
	struct chain c;
	long at;

	if (cmd == 'c' && range(dot, dot, 1) < 0)
		return -1;
	if (cmd != 'c' && naddr == 0)
		a2 = dot;
	if (read_text(&c) < 0)
		return -1;
	if (cmd == 'c') {
		replace(a1, a2 - a1 + 1, &c);
		dot = c.n > 0 ? a1 + c.n - 1 : (a1 <= nlines ? a1 : nlines);
		return 0;
	}
	at = cmd == 'i' && a2 > 0 ? a2 - 1 : a2;
	if (c.n > 0)
		replace(at + 1, 0, &c);
	dot = c.n > 0 ? at + c.n : a2;
	return 0;
}

static int
delete_cmd(void)
{
	if (range(dot, dot, 1) < 0)
		return -1;
	replace(a1, a2 - a1 + 1, &(struct chain){ NULL, NULL, 0 });
	dot = a1 <= nlines ? a1 : nlines;
	return 0;
}

/* f: print the file name, or set it. */
static int
file_cmd(void)
{
	if (no_addrs() < 0)
		return -1;
	if (*cp != '\0' && *cp != ' ' && *cp != '\t')
		return err("Unexpected command suffix");
	skip_blanks();
	if (*cp == '!')
		return err("Invalid redirection");
	if (*cp != '\0')
		set_filename(cp);
	else if (filename == NULL)
		return err("No current filename");
	printf("%s\n", filename);
	return 0;
}

static int
mark_cmd(int *how)
{
	int m = *cp;

	if (m < 'a' || m > 'z')
		return err(m == '\0' ? "Invalid command suffix" : "Invalid mark character");
	cp++;
	if (range(dot, dot, 1) < 0 || suffix(how) < 0)
		return -1;
	marks[m - 'a'] = node(a2);
	return 0;
}

static int
read_cmd(void)
{
	char *name;
	int r;

	if (get_name(&name) < 0)
		return -1;
	if (naddr == 0)
		a2 = nlines;
	if (filename == NULL)
		set_filename(name);
	name = xstrdup(name);
	r = read_file(name, a2);
	free(name);
	return r;
}

/* z: a screenful from the line after. */
static int
scroll_cmd(void)
{
	long n;
	int how;

	if (naddr == 0)
		a2 = dot + 1;
	if (a2 < 1 || a2 > nlines)
		return err("Invalid address");
	n = isdigit((unsigned char)*cp) ? number() : 22;
	if (suffix(&how) < 0)
		return -1;
	return print_lines(a2, a2 + n - 1 < nlines ? a2 + n - 1 : nlines, how | PR_P);
}

/* The commands that take no address and no text: h H P q Q u =. */
static int
simple_cmd(int cmd, int *how)
{
	if (cmd == '=') {
		if (suffix(how) < 0 || *how != 0)
			return err("Invalid command suffix");
		printf("%ld\n", naddr > 0 ? a2 : nlines);
		return 0;
	}
	if (no_addrs() < 0 || suffix(how) < 0)
		return -1;
	switch (cmd) {
	case 'h':
	case 'H':
		if (cmd == 'H')
			helpmode = !helpmode;
		if ((cmd == 'h' || helpmode) && errmsg != NULL)
			printf("%s\n", errmsg);
		return 0;
	case 'P':
		prompting = !prompting;
		return 0;
	case 'q':
		return check_modified() < 0 ? -1 : 1;
	case 'Q':
		return 1;
	}
	if (in_global)
		return err("Cannot undo within a global command");
	return undo();
}

/*
 * Run the command line LINE. 0 when done, 1 to quit, -1 on error (errmsg
 * says why).
 */
static int
exec_line(char *line)
{
	int how = 0, cmd, r;

	cp = line;
	if (get_addrs() < 0)
		return -1;
	skip_blanks();
	cmd = *cp;
	if (cmd != '\0')
		cp++;
	switch (cmd) {
	case '\0':
		if (naddr == 0)
			a2 = in_global ? dot : dot + 1;
		if (a2 < 1 || a2 > nlines)
			return err("Invalid address");
		return print_lines(a2, a2, PR_P);
	case 'a': case 'i': case 'c':
		r = suffix(&how) < 0 ? -1 : text_cmd(cmd);
		break;
	case 'd':
		r = suffix(&how) < 0 ? -1 : delete_cmd();
		break;
	case 'e': case 'E':
		return edit_file(cmd == 'E');
	case 'f':
		return file_cmd();
	case 'g': case 'v':
		return global(cmd);
	case 'j':
		r = suffix(&how) < 0 ? -1 : join();
		break;
	case 'k':
		r = mark_cmd(&how);
		break;
	case 'l': case 'n': case 'p':
		cp--;
		if (range(dot, dot, 1) < 0 || suffix(&how) < 0)
			return -1;
		return print_lines(a1, a2, how);
	case 'm': case 't':
		r = move_copy(cmd, &how);
		break;
	case 'r':
		return read_cmd();
	case 's':
		r = substitute(&how);
		break;
	case 'u':
		r = simple_cmd(cmd, &how);
		break;
	case 'h': case 'H': case 'P': case 'q': case 'Q': case '=':
		return simple_cmd(cmd, &how);
	case 'w': case 'W':
		return write_cmd(cmd);
	case 'z':
		return scroll_cmd();
	case '!':
		return shell();
	case '#':
		return 0;
	default:
		return err("Unknown command");
	}
	if (r < 0)
		return -1;
	if (how != 0 && nlines > 0 && dot > 0)
		return print_lines(dot, dot, how);
	return 0;
}

static void
on_signal(int sig)
{
	if (sig == SIGINT)
		got_int = 1;
	else
		got_hup = 1;
}

/* Hung up with unsaved changes: keep them in ed.hup, here or in $HOME. */
static void
hangup(void)
{
	const char *home = getenv("HOME");
	char *path;

	if (modified && nlines > 0) {
		silent = 1;
		if (write_file("ed.hup", "w", 1, nlines) < 0 && home != NULL) {
			path = path_join(home, "ed.hup");
			write_file(path, "w", 1, nlines);
			free(path);
		}
	}
	exit(1);
}

static void
report(void)
{
	if (errmsg == intr_msg)
		putchar('\n');
	puts("?");
	if (helpmode)
		printf("%s\n", errmsg);
	if (!interactive) {
		cmd_status = 1;
		if (script_file)
			cmd_quit(cmd_exit());
	}
}

static void
setup(void)
{
	struct sigaction sa;
	struct stat st;

	interactive = isatty(0);
	script_file = fstat(0, &st) == 0 && S_ISREG(st.st_mode);
	head.next = head.prev = &head;
	cache_p = hint_p = &head;
	cache_n = hint_n = nlines = dot = 0;
	got_int = got_hup = 0;
	/* Nothing of a run that stopped part way (a fuzz harness's budget) is kept. */
	glist = NULL;
	in_global = 0;
	noeol = NULL;
	memset(marks, 0, sizeof marks);
	if (!interactive)
		return;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGQUIT, SIG_IGN);
}

static void
run(void)
{
	size_t len;
	char *line;
	int r;

	for (;;) {
		if (prompting)
			fputs(prompt, stdout);
		fflush(stdout);
		line = next_line(&len);
		if (got_hup)
			hangup();
		if (line == NULL && got_int) {
			got_int = 0;
			clearerr(stdin);
			errmsg = intr_msg;
			report();
			continue;
		}
		cmdno++;
		cmd_dot = dot;
		if (line == NULL) {
			if (check_modified() == 0)
				break;
			report();
			if (!interactive)
				break;
			clearerr(stdin);
			continue;
		}
		ED_CHECK();
		r = exec_line(line);
		got_int = 0;
		if (r > 0)
			break;
		if (r < 0)
			report();
	}
}

/* Everything freed, and the state as a fresh process has it: main may run
 * again in the same process (the fuzzer does). */
static void
release(void)
{
	free_all();
	free(log_v);
	free(filename);
	free(repl);
	free(ibuf);
	free(sb.s);
	free(sb.cut);
	free(last_shell);
	free(held_act);
	if (held_list)
		free_list(held_list);
	held_act = NULL;
	held_list = NULL;
	if (have_re)
		regfree(&re);
	log_v = NULL, filename = repl = ibuf = last_shell = NULL;
	memset(&sb, 0, sizeof sb);
	log_n = log_cap = icap = 0;
	log_cmd = -1, cmdno = 0, warned = -2;
	have_re = have_sub = sub_global = sub_count = 0;
	errmsg = NULL;
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c;

	silent = helpmode = prompting = modified = binary = 0;
	prompt = "*";
	if (argc > 1 && strcmp(argv[1], "-") == 0) {
		silent = 1;
		o.ind = 2;
	}
	while ((c = opt_next(&o, "p:s")) != -1) {
		switch (c) {
		case 'p': prompt = o.arg; prompting = 1; break;
		case 's': silent = 1; break;
		default: die_usage(&o);
		}
	}
	if (argc - o.ind > 1)
		die_usage(&o);
	setup();
	if (o.ind < argc) {
		set_filename(argv[o.ind]);
		if (read_file(argv[o.ind], 0) < 0 && argv[o.ind][0] == '!')
			report();
		log_clear();
		modified = 0;
	}
	run();
	release();
	return cmd_exit();
}
