/* grep - search files for lines that match patterns */
#include "cmd.h"
#include "io.h"
#include "path.h"
#include "num.h"
#include <ctype.h>
#include <regex.h>
#include <fnmatch.h>

static const char usage[] =
    "grep [-EFHLRabchilnoqrsvwx] [-A NUM] [-B NUM] [-C NUM] [-m NUM] "
    "[-e PATTERN]... [-f FILE]... [PATTERN] [FILE...]";

struct pat {
	char *s;
	size_t len;
	int literal;		/* no special characters: searched as with -F */
	regex_t re;
	int next;		/* many patterns: the next with the same key (-1 ends) */
	int always;		/* ... a regular expression without a literal: tried on every line */
	unsigned stamp;		/* ... the search that last found its key */
};

static struct pat *pats;
static size_t npats, pats_cap;

static struct {
	int ere, fixed, icase, invert, count, list, list_none, number, names, only;
	int quiet, silent, recurse, word, line, text, offset;
	unsigned long after, before, max;
	int max_set;
} f;

/* --include and --exclude (in their order; include[i] says which), and
 * --exclude-dir: globs on a file's base name. */
struct globs {
	const char **v;
	char *include;
	size_t n;
};
static struct globs files, exclude_dirs;

static int strip_dot;		/* grep -r without operands */
static int selected_any;	/* some line was selected (with -L: some file listed): status 0 */
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
	if (npats == pats_cap) {	/* doubling: -f FILE may hold thousands */
		pats_cap = pats_cap * 2 + 16;
		pats = xrealloc(pats, pats_cap * sizeof *pats);
	}
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
 * A copy of line S[0, N] with its NULs made newlines. regexec stops at a
 * NUL; a newline is never in a line, and without REG_NEWLINE it is an
 * ordinary character that '.' and [^x] match, as GNU grep's match a NUL.
 */
static char *
nul_to_nl(const char *s, size_t n)
{
	char *t = memcpy(xmalloc(n + 1), s, n + 1);

	for (char *z = t; (z = memchr(z, '\0', t + n - z)) != NULL; z++)
		*z = '\n';
	return t;
}

/* A regular expression, over the whole line even where it holds NULs. */
static int
find_re(const struct pat *p, const char *s, size_t n, size_t from, size_t *so, size_t *eo)
{
	regmatch_t m;
	char *copy = NULL;
	int r;

	if (memchr(s + from, '\0', n - from) != NULL)
		s = copy = nul_to_nl(s, n);
	r = regexec(&p->re, s + from, 1, &m, from > 0 ? REG_NOTBOL : 0);
	free(copy);
	if (r != 0)
		return 0;
	*so = from + m.rm_so;
	*eo = from + m.rm_eo;
	return 1;
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

/*
 * ---- many patterns (grep -f): one pass of an Aho-Corasick automaton per line ----
 * Its keys are the fixed patterns, and for each regular expression the
 * longest literal that any match must contain, so that regexec runs only on
 * lines where it can succeed (patterns times lines of it was far too slow).
 */
static struct {
	int on;
	int n, cap;		/* nodes; 0 is the root */
	int *fail, *dict;	/* failure link; the nearest key node along it */
	int *first, *sib;	/* children, for building */
	int *pats;		/* the first pattern whose key ends here, or -1 */
	int *depth;
	unsigned char *ch;
	int root[256];
	unsigned *hkey;		/* edges: (node << 8 | byte) + 1 -> child */
	int *hval;
	size_t hcap, hn;
	int *always;		/* patterns without a key */
	size_t nalways;
	unsigned stamp;
	int *cand;		/* regular expressions whose key this line holds */
	size_t ncand;
	int fixed;		/* every pattern is a fixed string, none empty */
	size_t maxlen;		/* the longest key */
	int *delta;		/* the whole automaton as a table: rank * ncls + class -> rank */
	int ncls;
	int *order;		/* node of each rank */
	char *hit;		/* by rank: some key ends here */
	unsigned char cls[256];	/* bytes that no key holds are class 0 */
} ac;

static unsigned
ac_byte(int c)
{
	return f.icase ? (unsigned)tolower(c) : (unsigned)c;
}

static size_t
ac_slot(unsigned key)
{
	size_t h = (key * 2654435761u) & (ac.hcap - 1);

	while (ac.hkey[h] != 0 && ac.hkey[h] != key)
		h = (h + 1) & (ac.hcap - 1);
	return h;
}

static int
ac_edge(int node, unsigned c)
{
	size_t h;

	if (node == 0)
		return ac.root[c];
	if (ac.hcap == 0)
		return 0;
	h = ac_slot(((unsigned)node << 8 | c) + 1);
	return ac.hkey[h] ? ac.hval[h] : 0;
}

static void
ac_grow(void)
{
	unsigned *ok = ac.hkey;
	int *ov = ac.hval;
	size_t oc = ac.hcap, i, h;

	ac.hcap = oc ? oc * 2 : 4096;
	ac.hkey = calloc(ac.hcap, sizeof *ac.hkey);
	ac.hval = xmalloc(ac.hcap * sizeof *ac.hval);
	if (ac.hkey == NULL)
		die("out of memory");
	for (i = 0; i < oc; i++)
		if (ok[i]) {
			h = ac_slot(ok[i]);
			ac.hkey[h] = ok[i];
			ac.hval[h] = ov[i];
		}
	free(ok);
	free(ov);
}

static int
ac_node(int parent, unsigned c)
{
	int k = ac.n++;

	if (ac.n > ac.cap) {
		ac.cap = ac.cap * 2 + 1024;
		ac.fail = xrealloc(ac.fail, ac.cap * sizeof *ac.fail);
		ac.dict = xrealloc(ac.dict, ac.cap * sizeof *ac.dict);
		ac.first = xrealloc(ac.first, ac.cap * sizeof *ac.first);
		ac.sib = xrealloc(ac.sib, ac.cap * sizeof *ac.sib);
		ac.pats = xrealloc(ac.pats, ac.cap * sizeof *ac.pats);
		ac.depth = xrealloc(ac.depth, ac.cap * sizeof *ac.depth);
		ac.ch = xrealloc(ac.ch, ac.cap);
	}
	ac.fail[k] = ac.dict[k] = 0;
	ac.first[k] = 0;
	ac.pats[k] = -1;
	ac.depth[k] = k ? ac.depth[parent] + 1 : 0;
	ac.ch[k] = (unsigned char)c;
	if (k == 0)
		return k;
	ac.sib[k] = ac.first[parent];
	ac.first[parent] = k;
	if (parent == 0) {
		ac.root[c] = k;
	} else {
		if ((ac.hn + 1) * 2 > ac.hcap)
			ac_grow();
		size_t h = ac_slot(((unsigned)parent << 8 | c) + 1);

		ac.hkey[h] = ((unsigned)parent << 8 | c) + 1;
		ac.hval[h] = k;
		ac.hn++;
	}
	return k;
}

static void
ac_add(const char *key, size_t len, int pat)
{
	int node = 0, next;

	for (size_t i = 0; i < len; i++) {
		unsigned c = ac_byte((unsigned char)key[i]);

		node = (next = ac_edge(node, c)) ? next : ac_node(node, c);
	}
	pats[pat].next = ac.pats[node];
	ac.pats[node] = pat;
	if (len > ac.maxlen)
		ac.maxlen = len;
}

/*
 * The automaton as one table, when it is small enough (64 MB): a step per
 * byte instead of a walk along the failure links. Its rows are in breadth
 * first order (QUEUE, the root left out), so that a node's failure link is
 * filled in before it, and the nodes near the root, where a search spends
 * most of its steps, share the cache.
 */
static void
ac_table(const int *queue)
{
	int c, u, v, k, *row, *rank;

	for (c = 0; c < 256; c++)
		ac.cls[c] = 0;
	ac.ncls = 1;
	for (v = 1; v < ac.n; v++)
		if (ac.cls[ac.ch[v]] == 0)
			ac.cls[ac.ch[v]] = (unsigned char)ac.ncls++;
	if (ac.ncls > 255 || (long long)ac.n * ac.ncls > (1 << 24))
		return;
	for (c = 0; c < 256; c++)
		ac.cls[c] = ac.cls[ac_byte(c)];
	rank = xmalloc(ac.n * sizeof *rank);
	ac.order = xmalloc(ac.n * sizeof *ac.order);
	ac.hit = xmalloc(ac.n);
	for (k = 0; k < ac.n; k++) {
		u = ac.order[k] = k ? queue[k - 1] : 0;
		rank[u] = k;
		ac.hit[k] = ac.pats[u] >= 0 || ac.dict[u];
	}
	ac.delta = xmalloc((size_t)ac.n * ac.ncls * sizeof *ac.delta);
	for (k = 0; k < ac.n; k++) {
		u = ac.order[k];
		row = ac.delta + (size_t)k * ac.ncls;
		if (k == 0)
			memset(row, 0, ac.ncls * sizeof *row);
		else
			memcpy(row, ac.delta + (size_t)rank[ac.fail[u]] * ac.ncls, ac.ncls * sizeof *row);
		for (v = ac.first[u]; v; v = ac.sib[v])
			row[ac.cls[ac.ch[v]]] = rank[v];
	}
	free(rank);
}

/* Failure links, breadth first. */
static void
ac_links(void)
{
	int *queue = xmalloc(ac.n * sizeof *queue), head = 0, tail = 0, u, v, w;

	for (v = ac.first[0]; v; v = ac.sib[v])
		queue[tail++] = v;
	while (head < tail) {
		u = queue[head++];
		for (v = ac.first[u]; v; v = ac.sib[v]) {
			for (w = ac.fail[u]; w && !ac_edge(w, ac.ch[v]); w = ac.fail[w])
				;
			w = ac_edge(w, ac.ch[v]);
			ac.fail[v] = w != v ? w : 0;
			ac.dict[v] = ac.pats[ac.fail[v]] >= 0 ? ac.fail[v] : ac.dict[ac.fail[v]];
			queue[tail++] = v;
		}
	}
	ac_table(queue);
	free(queue);
}

/* Past the bracket expression at P[I] ("[" ... "]"). */
static size_t
skip_bracket(const char *p, size_t i, size_t n)
{
	const char *e;

	i += 1 + (p[i + 1] == '^');
	i += p[i] == ']';
	while (i < n && p[i] != ']') {
		if (p[i] == '[' && strchr(":.=", p[i + 1]) && p[i + 1] &&
		    (e = strchr(p + i + 2, ']')) != NULL)
			i = e - p + 1;
		else
			i++;
	}
	return i + 1;
}

/*
 * The longest run of plain characters that every match of regular expression
 * P must contain (at *START, escapes included), or 0. Cautious: a character
 * that a quantifier follows ends a run, and so do brackets, intervals and
 * anything escaped but a special character; a group ends the search, and an
 * alternation anywhere gives no literal at all.
 */
static size_t
required_literal(const char *p, size_t *start)
{
	const char *esc = f.ere ? ".[]*^$\\+?(){}|" : ".[]*^$\\";
	size_t best = 0, run = 0, i = 0, n = strlen(p), from = 0, k;
	const char *e;
	int lit;

	if ((f.ere && strchr(p, '|')) || strstr(p, "\\|"))
		return 0;
	while (i < n) {
		k = i;
		lit = 0;
		if (p[i] == '\\' && i + 1 < n && !f.ere && p[i + 1] == '(') {
			break;
		} else if (p[i] == '\\' && i + 1 < n && !f.ere && p[i + 1] == '{') {
			if ((e = strstr(p + i, "\\}")) == NULL)
				break;
			i = e - p + 2;
		} else if (p[i] == '\\') {
			lit = i + 1 < n && strchr(esc, p[i + 1]) != NULL;
			i += 2;
		} else if (p[i] == '[') {
			i = skip_bracket(p, i, n);
		} else if (f.ere && p[i] == '(') {
			break;
		} else if (f.ere && p[i] == '{') {
			if ((e = strchr(p + i, '}')) == NULL)
				break;
			i = e - p + 1;
		} else {
			lit = !strchr(f.ere ? ".*^$+?|)}" : ".*^$", p[i]);
			i++;
		}
		if (lit && i < n && (strchr(f.ere ? "*?+{" : "*", p[i]) ||
		    (p[i] == '\\' && i + 1 < n && strchr("{?+", p[i + 1]))))
			lit = 0;
		if (!lit) {
			run = 0;
			continue;
		}
		if (run == 0)
			from = k;
		if (++run > best) {
			best = run;
			*start = from;
		}
	}
	return best;
}

/* The literal of N characters at P, its escapes removed, into BUF. */
static size_t
unescape_literal(const char *p, size_t n, char *buf)
{
	size_t k;

	for (k = 0; k < n; k++, p++)
		buf[k] = *p == '\\' ? *++p : *p;
	return k;
}

static void
ac_build(void)
{
	size_t i, len, start;
	char *buf;

	ac.on = 1;
	ac.fixed = 1;
	ac_node(0, 0);
	ac.always = xmalloc(npats * sizeof *ac.always);
	ac.cand = xmalloc(npats * sizeof *ac.cand);
	for (i = 0; i < npats; i++) {
		pats[i].stamp = 0;
		if (f.fixed || pats[i].literal) {
			if (pats[i].len == 0)
				ac.always[ac.nalways++] = (int)i;
			else
				ac_add(pats[i].s, pats[i].len, (int)i);
			continue;
		}
		ac.fixed = 0;
		start = 0;
		if ((len = required_literal(pats[i].s, &start)) == 0) {
			ac.always[ac.nalways++] = (int)i;
			continue;
		}
		buf = xmalloc(len);
		len = unescape_literal(pats[i].s + start, len, buf);
		ac_add(buf, len, (int)i);
		free(buf);
	}
	ac.fixed &= ac.nalways == 0;
	ac_links();
}

/* Is the match [a, b) better than [*so, *eo): leftmost, then longest? */
static int
better(int found, size_t a, size_t b, size_t *so, size_t *eo)
{
	if (found && (a > *so || (a == *so && b <= *eo)))
		return 0;
	*so = a;
	*eo = b;
	return 1;
}

/* Every key ending at byte END - 1 of S: fixed patterns are matches, expressions candidates. */
static int
ac_report(int node, const char *s, size_t n, size_t from, size_t end, int found, size_t *so, size_t *eo)
{
	int k, i;

	for (k = ac.pats[node] >= 0 ? node : ac.dict[node]; k; k = ac.dict[k]) {
		if (end - ac.depth[k] < from)
			continue;
		for (i = ac.pats[k]; i >= 0; i = pats[i].next) {
			if (!f.fixed && !pats[i].literal) {
				if (pats[i].stamp != ac.stamp) {
					pats[i].stamp = ac.stamp;
					ac.cand[ac.ncand++] = i;
				}
			} else if (fits(s, n, end - ac.depth[k], end)) {
				found |= better(found, end - ac.depth[k], end, so, eo);
			}
		}
	}
	return found;
}

/* Is the search over: a match is all ANY asks for, or none to come can be better? */
static int
ac_done(int found, size_t end, size_t so, int any)
{
	/* with fixed patterns only, nothing that ends later starts at or before SO */
	return found && (any || (ac.fixed && end >= so + ac.maxlen));
}

/* Run the automaton over S[FROM, N), by its table or along its failure links. */
static int
ac_scan(const char *s, size_t n, size_t from, size_t *so, size_t *eo, int any)
{
	int node = 0, next, found = 0;
	size_t i;

	if (ac.delta) {
		for (i = from; i < n; i++) {
			node = ac.delta[(size_t)node * ac.ncls + ac.cls[(unsigned char)s[i]]];
			if (ac.hit[node]) {
				found = ac_report(ac.order[node], s, n, from, i + 1, found, so, eo);
				if (ac_done(found, i + 1, *so, any))
					break;
			}
		}
		return found;
	}
	for (i = from; i < n; i++) {
		unsigned c = ac_byte((unsigned char)s[i]);

		while (node && !(next = ac_edge(node, c)))
			node = ac.fail[node];
		node = node ? next : ac.root[c];
		if (node && (ac.pats[node] >= 0 || ac.dict[node])) {
			found = ac_report(node, s, n, from, i + 1, found, so, eo);
			if (ac_done(found, i + 1, *so, any))
				break;
		}
	}
	return found;
}

/* find() with many patterns; ANY: whether there is a match is all that counts. */
static int
ac_find(const char *s, size_t n, size_t from, size_t *so, size_t *eo, int any)
{
	size_t i, a, b;
	int found;

	ac.ncand = 0;
	if (++ac.stamp == 0)
		for (ac.stamp = 1, i = 0; i < npats; i++)
			pats[i].stamp = 0;
	found = ac_scan(s, n, from, so, eo, any);
	if (found && any)
		return 1;
	for (i = 0; i < ac.ncand + ac.nalways; i++) {
		const struct pat *p = &pats[i < ac.ncand ? ac.cand[i] : ac.always[i - ac.ncand]];

		if (find_one(p, s, n, from, &a, &b)) {
			found |= better(found, a, b, so, eo);
			if (any)
				return 1;
		}
	}
	return found;
}

static int
find(const char *s, size_t n, size_t from, size_t *so, size_t *eo)
{
	size_t a, b;
	int found = 0;

	if (ac.on)
		return ac_find(s, n, from, so, eo, 0);
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

	if (ac.on)
		return ac_find(l->s, l->len, 0, &so, &eo, 1) != f.invert;
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
	selected_any |= !f.list_none;
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
	if (f.list_none)	/* as GNU grep 3.5 on: 0 when -L listed a file */
		selected_any |= st.count == 0;

	ring_free(&st.ring);
	free(r.buf);
}

static void
globs_add(struct globs *g, const char *glob, int include)
{
	g->v = xrealloc(g->v, (g->n + 1) * sizeof *g->v);
	g->include = xrealloc(g->include, g->n + 1);
	g->include[g->n] = (char)include;
	g->v[g->n++] = glob;
}

/* The last glob of G that PATH's base name matches, or -1. */
static int
globs_match(const struct globs *g, const char *path)
{
	size_t len = strlen(path), i;
	char *base;
	int hit = -1;

	if (g->n == 0)
		return -1;
	while (len > 1 && path[len - 1] == '/')
		len--;
	i = len;
	while (i > 0 && path[i - 1] != '/')
		i--;
	base = memcpy(xmalloc(len - i + 1), path + i, len - i);
	base[len - i] = '\0';
	for (i = 0; i < g->n; i++)
		if (fnmatch(g->v[i], base, 0) == 0)
			hit = (int)i;
	free(base);
	return hit;
}

/*
 * May the file at PATH be searched? GNU grep's rule: the last --include or
 * --exclude that matches decides; if none does, it is searched unless the
 * first of them is an --include.
 */
static int
wanted(const char *path)
{
	int i = globs_match(&files, path);

	if (i >= 0)
		return files.include[i];
	return files.n == 0 || !files.include[0];
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
	if (type == WALK_D && !(strip_dot && w->depth == 0) &&
	    globs_match(&exclude_dirs, w->path) >= 0)
		w->skip = 1;
	else if (type == WALK_F && (w->depth == 0 || S_ISREG(w->st.st_mode)) && wanted(p))
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
	case 1: globs_add(&files, o->arg, 1); break;
	case 2: globs_add(&files, o->arg, 0); break;
	case 3: globs_add(&exclude_dirs, o->arg, 0); break;
	default:
		fprintf(stderr, "usage: %s\n", usage);
		exit(2);
	}
}

static const struct opt_long longs[] = {
	{ "after-context", 'A' }, { "before-context", 'B' }, { "context", 'C' },
	{ "extended-regexp", 'E' }, { "fixed-strings", 'F' },
	{ "with-filename", 'H' }, { "files-without-match", 'L' },
	{ "dereference-recursive", 'R' }, { "text", 'a' }, { "byte-offset", 'b' },
	{ "count", 'c' }, { "regexp", 'e' }, { "file", 'f' },
	{ "no-filename", 'h' }, { "ignore-case", 'i' },
	{ "files-with-matches", 'l' }, { "max-count", 'm' },
	{ "line-number", 'n' }, { "only-matching", 'o' }, { "quiet", 'q' },
	{ "silent", 'q' }, { "recursive", 'r' }, { "no-messages", 's' },
	{ "invert-match", 'v' }, { "word-regexp", 'w' }, { "line-regexp", 'x' },
	{ "include", 1 }, { "exclude", 2 }, { "exclude-dir", 3 }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, have_pats = 0, names = -1, nfiles;

	memset(&f, 0, sizeof f);
	memset(&files, 0, sizeof files);
	memset(&exclude_dirs, 0, sizeof exclude_dirs);
	pats = NULL;
	npats = pats_cap = 0;
	memset(&ac, 0, sizeof ac);
	selected_any = printed_any = strip_dot = 0;
	o.longs = longs;
	while ((c = opt_next(&o, "A:B:C:EFHLRabce:f:hilm:noqrsvwx\001:\002:\003:")) != -1) {
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
	if (npats > 1)
		ac_build();
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
		else if (strcmp(argv[i], "-") == 0 || wanted(argv[i]))
			grep_path(argv[i]);
	}
	if (cmd_exit() != 0)
		return 2;
	return selected_any ? 0 : 1;
}
