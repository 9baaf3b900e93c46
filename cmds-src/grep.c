/* grep - search files for lines that match patterns */
#include "cmd.h"
#include "io.h"
#include "path.h"
#include "num.h"
#include <ctype.h>
#include <regex.h>

static const char usage[] =
    "grep [-EFHLRabchilnoqrsvwx] [-A NUM] [-B NUM] [-C NUM] [-m NUM] "
    "[-e PATTERN]... [-f FILE]... [PATTERN] [FILE...]";

struct pat {
	char *s;
	size_t len;
	int literal;		/* no special characters: searched as with -F */
	regex_t re;
};

static struct pat *pats;
static size_t npats;

static struct {
	int ere, fixed, icase, invert, count, list, list_none, number, names, only;
	int quiet, silent, recurse, word, line, text, offset;
	unsigned long after, before, max;
	int max_set;
} f;

static int strip_dot;		/* grep -r without operands */
static int selected_any;	/* some line was selected: exit status 0 */
static int printed_any;		/* for the "--" between context groups */

/* A line as the reader hands it out; s[len] is a NUL put in place of the '\n'. */
struct line {
	char *s;
	size_t len;
	unsigned long long no, off;
};

/* Lines of one file, read in big blocks; a NUL anywhere makes it binary. */
struct reader {
	int fd, eof, binary;
	char *buf;
	size_t cap, pos, end;
};

static void
add_pattern(const char *s, size_t len)
{
	pats = xrealloc(pats, (npats + 1) * sizeof *pats);
	pats[npats].s = memcpy(xmalloc(len + 1), s, len);
	pats[npats].s[len] = '\0';
	pats[npats++].len = len;
}

/* A -e argument or the operand: one pattern per line. */
static void
add_patterns(const char *s)
{
	const char *nl;

	while ((nl = strchr(s, '\n')) != NULL) {
		add_pattern(s, nl - s);
		s = nl + 1;
	}
	add_pattern(s, strlen(s));
}

_Noreturn static void
fatal_errno(const char *name)
{
	warn_errno("%s", name);
	exit(2);
}

static void
add_pattern_file(const char *path)
{
	FILE *fp = fopen_in(path);
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	if (fp == NULL)
		fatal_errno(path);
	while ((n = getline(&line, &cap, fp)) > 0)
		add_pattern(line, n - (line[n - 1] == '\n'));
	if (ferror(fp))
		fatal_errno(path);
	free(line);
	fclose_in(fp);
}

static void
compile(void)
{
	char msg[256];
	int err, flags = (f.ere ? REG_EXTENDED : 0) | (f.icase ? REG_ICASE : 0);

	for (size_t i = 0; i < npats && !f.fixed; i++) {
		/* Most patterns typed are plain words: skip the regex engine for them. */
		pats[i].literal = pats[i].len > 0 && strlen(pats[i].s) == pats[i].len &&
		    strpbrk(pats[i].s, f.ere ? "\\.[]*^$+?(){}|" : "\\.[]*^$") == NULL;
		if (pats[i].literal)
			continue;
		if ((err = regcomp(&pats[i].re, pats[i].s, flags)) != 0) {
			regerror(err, &pats[i].re, msg, sizeof msg);
			warn("%s: %s", pats[i].s, msg);
			exit(2);
		}
	}
}

static int
is_word(int c)
{
	return isalnum(c) || c == '_';
}

/* Does [so, eo) satisfy -w and -x? */
static int
fits(const char *s, size_t n, size_t so, size_t eo)
{
	if (f.line)
		return so == 0 && eo == n;
	if (f.word)
		return (so == 0 || !is_word((unsigned char)s[so - 1])) &&
		    (eo == n || !is_word((unsigned char)s[eo])) && eo > so;
	return 1;
}

/* -F: the first occurrence of P at or after FROM. */
static int
find_fixed(const struct pat *p, const char *s, size_t n, size_t from, size_t *so)
{
	for (size_t i = from; i + p->len <= n; i++) {
		if (f.icase) {
			size_t k = 0;

			while (k < p->len && tolower((unsigned char)s[i + k]) == tolower((unsigned char)p->s[k]))
				k++;
			if (k == p->len) {
				*so = i;
				return 1;
			}
		} else {
			const char *m = p->len ? memmem(s + i, n - i, p->s, p->len) : s + i;

			if (m == NULL)
				return 0;
			*so = m - s;
			return 1;
		}
	}
	return 0;
}

/*
 * A regular expression: regexec stops at a NUL, so a line with NULs is
 * searched piece by piece; ^ matches only at the very start of the line.
 */
static int
find_re(const struct pat *p, const char *s, size_t n, size_t from, size_t *so, size_t *eo)
{
	regmatch_t m;

	while (from <= n) {
		if (regexec(&p->re, s + from, 1, &m, from > 0 ? REG_NOTBOL : 0) == 0) {
			*so = from + m.rm_so;
			*eo = from + m.rm_eo;
			return 1;
		}
		from += strlen(s + from) + 1;
	}
	return 0;
}

/* The leftmost (then longest) match of pattern P at or after FROM that fits -w and -x. */
static int
find_one(const struct pat *p, const char *s, size_t n, size_t from, size_t *so, size_t *eo)
{
	for (; from <= n; from = *so + 1) {
		if (f.fixed || p->literal) {
			if (!find_fixed(p, s, n, from, so))
				return 0;
			*eo = *so + p->len;
		} else if (!find_re(p, s, n, from, so, eo)) {
			return 0;
		}
		if (fits(s, n, *so, *eo))
			return 1;
		if (f.line)
			return 0;
	}
	return 0;
}

static int
find(const char *s, size_t n, size_t from, size_t *so, size_t *eo)
{
	size_t a, b;
	int found = 0;

	for (size_t i = 0; i < npats; i++) {
		if (!find_one(&pats[i], s, n, from, &a, &b))
			continue;
		if (!found || a < *so || (a == *so && b > *eo)) {
			*so = a;
			*eo = b;
		}
		found = 1;
	}
	return found;
}

static int
matches(const struct line *l)
{
	size_t so, eo;

	return find(l->s, l->len, 0, &so, &eo) != f.invert;
}

/* Fill the reader with more of its file; -1 on a read error. */
static int
refill(struct reader *r)
{
	ssize_t n;

	if (r->pos > 0) {
		memmove(r->buf, r->buf + r->pos, r->end - r->pos);
		r->end -= r->pos;
		r->pos = 0;
	}
	if (r->cap - r->end < 65536)
		r->buf = xrealloc(r->buf, r->cap = r->cap * 2 + 65536);
	while ((n = read(r->fd, r->buf + r->end, r->cap - r->end - 1)) < 0 && errno == EINTR)
		;
	if (n < 0)
		return -1;
	if (n == 0)
		r->eof = 1;
	if (memchr(r->buf + r->end, '\0', n) != NULL)
		r->binary = 1;
	r->end += n;
	return 0;
}

/* The next line; 0 at the end, -1 on a read error. */
static int
next_line(struct reader *r, struct line *l)
{
	char *nl;

	for (;;) {
		/* before the first read buf is NULL: memchr(NULL, c, 0) is undefined */
		nl = r->pos < r->end ? memchr(r->buf + r->pos, '\n', r->end - r->pos) : NULL;
		if (nl != NULL || (r->eof && r->pos < r->end)) {
			if (nl == NULL)
				nl = r->buf + r->end;
			l->s = r->buf + r->pos;
			l->len = nl - l->s;
			*nl = '\0';
			r->pos = nl - r->buf + (nl < r->buf + r->end);
			return 1;
		}
		if (r->eof)
			return 0;
		if (refill(r) < 0)
			return -1;
	}
}

static void
prefix(const char *name, const struct line *l, unsigned long long off, int sep)
{
	if (f.names)
		printf("%s%c", name, sep);
	if (f.number)
		printf("%llu%c", l->no, sep);
	if (f.offset)
		printf("%llu%c", off, sep);
}

static void
put_line(const char *name, const struct line *l, int sep)
{
	prefix(name, l, l->off, sep);
	fwrite(l->s, 1, l->len, stdout);
	putchar('\n');
	printed_any = 1;
}

/* -o: each non-empty match on a line of its own. */
static void
put_matches(const char *name, const struct line *l)
{
	size_t from = 0, so, eo;

	while (from <= l->len && find(l->s, l->len, from, &so, &eo)) {
		if (eo > so) {
			prefix(name, l, l->off + so, ':');
			fwrite(l->s + so, 1, eo - so, stdout);
			putchar('\n');
		}
		from = eo > so ? eo : so + 1;
	}
}

/* The -B lines kept, oldest first, as copies. */
struct ring {
	struct line *v;
	size_t n, head;
};

static void
ring_push(struct ring *r, const struct line *l)
{
	struct line *slot;

	if (f.before == 0)
		return;
	if (r->v == NULL)
		r->v = calloc(f.before, sizeof *r->v);
	if (r->v == NULL)
		die("out of memory");
	slot = &r->v[(r->head + r->n) % f.before];
	if (r->n == f.before) {
		slot = &r->v[r->head];
		r->head = (r->head + 1) % f.before;
	} else {
		r->n++;
	}
	free(slot->s);
	*slot = *l;
	slot->s = memcpy(xmalloc(l->len + 1), l->s, l->len + 1);
}

static void
ring_flush(struct ring *r, const char *name, unsigned long long *last)
{
	for (; r->n > 0; r->n--, r->head = (r->head + 1) % f.before) {
		struct line *l = &r->v[r->head];

		if (*last != 0 && l->no <= *last)
			continue;
		if (printed_any && (*last == 0 || *last + 1 != l->no))
			puts("--");
		put_line(name, l, '-');
		*last = l->no;
	}
}

static void
ring_free(struct ring *r)
{
	for (size_t i = 0; r->v != NULL && i < f.before; i++)
		free(r->v[i].s);
	free(r->v);
}

/* Per file: what was seen and where the context stands. */
struct state {
	const char *name;
	unsigned long count;
	unsigned long long last;	/* the line last printed, for -A, -B and "--" */
	unsigned long after;		/* -A lines still to print */
	struct ring ring;
};

/* A selected line; 0 when the file needs no more reading. */
static int
selected(struct state *st, const struct reader *r, const struct line *l)
{
	st->count++;
	selected_any = 1;
	if (f.quiet)
		exit(0);
	if (f.list || f.list_none)
		return 0;
	if (f.count)
		return !(f.max_set && st->count >= f.max);
	if (r->binary && !f.text) {
		fflush(stdout);
		fprintf(stderr, "%s: %s: binary file matches\n", cmd_name, st->name);
		return 0;
	}
	if (f.only) {
		if (!f.invert)
			put_matches(st->name, l);
	} else {
		ring_flush(&st->ring, st->name, &st->last);
		if (printed_any && (st->last == 0 || st->last + 1 != l->no) && (f.before || f.after))
			puts("--");
		put_line(st->name, l, ':');
	}
	st->last = l->no;
	st->after = f.after;
	return !(f.max_set && st->count >= f.max) || f.after > 0;
}

static void
other(struct state *st, const struct reader *r, const struct line *l)
{
	if (r->binary && !f.text)
		return;
	if (st->after > 0 && !f.only) {
		put_line(st->name, l, '-');
		st->last = l->no;
		st->after--;
	} else {
		ring_push(&st->ring, l);
	}
}

static void
grep_fd(int fd, const char *name)
{
	struct reader r = { fd, 0, 0, NULL, 0, 0, 0 };
	struct state st;
	struct line l = { NULL, 0, 0, 0 };
	int more = 1, got;

	memset(&st, 0, sizeof st);
	st.name = name;
	while (more && (got = next_line(&r, &l)) > 0) {
		l.no++;
		if (f.max_set && st.count >= f.max) {
			if (st.after == 0 || matches(&l))
				break;
			other(&st, &r, &l);
		} else if (matches(&l)) {
			more = selected(&st, &r, &l);
		} else {
			other(&st, &r, &l);
		}
		l.off += l.len + 1;
		if (ferror(stdout))
			fatal_errno("write error");
	}
	if (more && got < 0 && f.silent)
		cmd_status = 1;
	else if (more && got < 0)
		warn_errno("%s", name);
	if (f.count) {
		if (f.names)
			printf("%s:", name);
		printf("%lu\n", st.count);
	}
	if ((f.list && st.count > 0) || (f.list_none && st.count == 0))
		puts(name);

	ring_free(&st.ring);
	free(r.buf);
}

static void
grep_path(const char *path)
{
	int fd;

	if (strcmp(path, "-") == 0) {
		grep_fd(0, "(standard input)");
		return;
	}
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		if (f.silent)
			cmd_status = 1;
		else
			warn_errno("%s", path);
		return;
	}
	grep_fd(fd, path);
	close(fd);
}

/* -r: regular files below a directory; others there are not read. */
static int
visit(struct walk *w, int type)
{
	const char *p = w->path;

	/* grep -r with no operand names files as they are below ".". */
	if (strip_dot && p[0] == '.' && p[1] == '/')
		p += 2;
	if (type == WALK_F && (w->depth == 0 || S_ISREG(w->st.st_mode)))
		grep_path(p);
	return 0;
}

static void
grep_tree(const char *path, int follow)
{
	struct walk w;

	memset(&w, 0, sizeof w);
	w.visit = visit;
	w.follow = follow;
	walk(&w, path);
	walk_free(&w);
}

static unsigned long
number(const char *s)
{
	unsigned long long v;

	if (parse_uint(s, ULONG_MAX, &v) < 0) {
		warn("%s: invalid number", s);
		exit(2);
	}
	return v;
}

static void
option(struct opt *o, int c)
{
	switch (c) {
	case 'A': f.after = number(o->arg); break;
	case 'B': f.before = number(o->arg); break;
	case 'C': f.after = f.before = number(o->arg); break;
	case 'E': f.ere = 1; f.fixed = 0; break;
	case 'F': f.fixed = 1; f.ere = 0; break;
	case 'H': f.names = 1; break;
	case 'L': f.list_none = 1; f.list = 0; break;
	case 'R': f.recurse = 'L'; break;
	case 'a': f.text = 1; break;
	case 'b': f.offset = 1; break;
	case 'c': f.count = 1; break;
	case 'e': add_patterns(o->arg); break;
	case 'f': add_pattern_file(o->arg); break;
	case 'h': f.names = 0; break;
	case 'i': f.icase = 1; break;
	case 'l': f.list = 1; f.list_none = 0; break;
	case 'm': f.max = number(o->arg); f.max_set = 1; break;
	case 'n': f.number = 1; break;
	case 'o': f.only = 1; break;
	case 'q': f.quiet = 1; break;
	case 'r': f.recurse = 'H'; break;
	case 's': f.silent = 1; break;
	case 'v': f.invert = 1; break;
	case 'w': f.word = 1; break;
	case 'x': f.line = 1; break;
	default:
		fprintf(stderr, "usage: %s\n", usage);
		exit(2);
	}
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, have_pats = 0, names = -1, nfiles;

	memset(&f, 0, sizeof f);
	pats = NULL;
	npats = 0;
	selected_any = printed_any = strip_dot = 0;
	while ((c = opt_next(&o, "A:B:C:EFHLRabce:f:hilm:noqrsvwx")) != -1) {
		option(&o, c);
		have_pats |= c == 'e' || c == 'f';
		if (c == 'h' || c == 'H')
			names = f.names;
	}
	if (!have_pats) {
		if (o.ind == argc) {
			fprintf(stderr, "usage: %s\n", usage);
			return 2;
		}
		add_patterns(argv[o.ind++]);
	}
	compile();
	nfiles = argc - o.ind;
	f.names = names >= 0 ? names : nfiles > 1 || f.recurse;
	if (f.max_set && f.max == 0)
		return 1;
	if (nfiles == 0 && !f.recurse)
		grep_path("-");
	else if (nfiles == 0)
		strip_dot = 1, grep_tree(".", f.recurse);
	for (int i = o.ind; i < argc; i++) {
		if (f.recurse && strcmp(argv[i], "-") != 0)
			grep_tree(argv[i], f.recurse);
		else
			grep_path(argv[i]);
	}
	if (cmd_exit() != 0)
		return 2;
	return selected_any ? 0 : 1;
}
