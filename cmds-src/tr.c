/* tr - translate, delete or squeeze characters */
#include "cmd.h"
#include "io.h"
#include "num.h"
#include <ctype.h>

static const char usage[] = "tr [-cCds] STRING1 [STRING2]";

/* A string operand expanded: its bytes in order; REPEAT marks [c*] in STRING2. */
struct set {
	unsigned char c[4096];
	size_t n;
	long repeat;		/* index of the [c*] filler, or -1 */
};

static const struct {
	const char *name;
	int (*is)(int);
} classes[] = {
	{ "alnum", isalnum }, { "alpha", isalpha }, { "blank", isblank }, { "cntrl", iscntrl },
	{ "digit", isdigit }, { "graph", isgraph }, { "lower", islower }, { "print", isprint },
	{ "punct", ispunct }, { "space", isspace }, { "upper", isupper }, { "xdigit", isxdigit },
};

static void
add(struct set *s, int c, unsigned long count)
{
	while (count-- > 0) {
		if (s->n == sizeof s->c)
			die("string too long");
		s->c[s->n++] = c;
	}
}

/* One character of a string operand: a plain byte or a backslash escape. */
static int
one_char(const char **p)
{
	int c;

	if (**p == '\\' && (*p)[1] != '\0') {
		(*p)++;
		if ((c = unescape(p)) >= 0)
			return c;
		return (unsigned char)*(*p)++;
	}
	return (unsigned char)*(*p)++;
}

/* [:class:]; *p at the '['. 0 if it is not one. */
static int
add_class(struct set *s, const char **p)
{
	const char *name = *p + 2, *end = strstr(name, ":]");

	if ((*p)[1] != ':' || end == NULL)
		return 0;
	for (size_t i = 0; i < sizeof classes / sizeof *classes; i++) {
		if (strlen(classes[i].name) != (size_t)(end - name) ||
		    strncmp(classes[i].name, name, end - name) != 0)
			continue;
		for (int c = 0; c < 256; c++)
			if (classes[i].is(c))
				add(s, c, 1);
		*p = end + 2;
		return 1;
	}
	die("%.*s: invalid character class", (int)(end - name), name);
	return 0;
}

/* [=c=] or [c*n]; *p at the '['. 0 if it is neither. */
static int
add_bracket(struct set *s, const char **p, int second)
{
	const char *q = *p + 1;
	unsigned long n = 0;
	char *end;
	int c;

	if (*q == '=' && q[1] != '\0' && q[2] == '=' && q[3] == ']') {
		add(s, (unsigned char)q[1], 1);
		*p = q + 4;
		return 1;
	}
	if (*q == '\0')
		return 0;
	c = one_char(&q);
	if (*q != '*' || !second)
		return 0;
	q++;
	if (*q != ']') {
		n = strtoul(q, &end, *q == '0' ? 8 : 10);
		if (*end != ']' || end == q)
			die("%s: invalid repeat count", *p);
		q = end;
	}
	if (n == 0) {
		if (s->repeat >= 0)
			die("only one [c*] repeat allowed");
		s->repeat = s->n;
		n = 1;
	}
	add(s, c, n);
	*p = q + 1;
	return 1;
}

static void
expand(struct set *s, const char *p, int second)
{
	int c, hi;

	s->n = 0;
	s->repeat = -1;
	while (*p) {
		if (*p == '[' && (add_class(s, &p) || add_bracket(s, &p, second)))
			continue;
		c = one_char(&p);
		if (*p == '-' && p[1] != '\0') {
			p++;
			hi = one_char(&p);
			if (hi < c)
				die("%c-%c: invalid range", c, hi);
			for (; c <= hi; c++)
				add(s, c, 1);
			continue;
		}
		add(s, c, 1);
	}
}

/* Every byte not in S, in order. */
static void
complement(struct set *s)
{
	unsigned char in[256] = { 0 };
	size_t i;

	for (i = 0; i < s->n; i++)
		in[s->c[i]] = 1;
	s->n = 0;
	for (i = 0; i < 256; i++)
		if (!in[i])
			s->c[s->n++] = i;
}

/* STRING2 as long as STRING1: [c*] fills the gap, else the last byte repeats. */
static void
stretch(struct set *s2, size_t want)
{
	size_t extra;

	if (s2->n >= want)
		return;
	if (s2->repeat >= 0) {
		extra = want - s2->n;
		memmove(s2->c + s2->repeat + extra, s2->c + s2->repeat, s2->n - s2->repeat);
		memset(s2->c + s2->repeat, s2->c[s2->repeat], extra);
		s2->n = want;
		return;
	}
	if (s2->n == 0)
		die("when translating, STRING2 must not be empty");
	add(s2, s2->c[s2->n - 1], want - s2->n);
}

static const struct opt_long longs[] = {
	{ "complement", 'c' }, { "delete", 'd' }, { "squeeze-repeats", 's' },
	{ NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	static struct set s1, s2;
	unsigned char map[256], del[256] = { 0 }, squeeze[256] = { 0 }, buf[65536], out[65536];
	int c, comp = 0, delete = 0, sq = 0, last = -1, nops;
	size_t i, n, w;
	ssize_t r;

	o.longs = longs;
	while ((c = opt_next(&o, "cCds")) != -1) {
		switch (c) {
		case 'c': case 'C': comp = 1; break;
		case 'd': delete = 1; break;
		case 's': sq = 1; break;
		default: die_usage(&o);
		}
	}
	nops = argc - o.ind;
	if (nops < 1 || nops > 2 || (delete && !sq && nops != 1) ||
	    (!delete && !sq && nops != 2) || (delete && sq && nops != 2))
		die_usage(&o);
	expand(&s1, argv[o.ind], 0);
	if (nops == 2)
		expand(&s2, argv[o.ind + 1], 1);
	if (comp)
		complement(&s1);
	for (i = 0; i < 256; i++)
		map[i] = i;
	if (delete) {
		for (i = 0; i < s1.n; i++)
			del[s1.c[i]] = 1;
	} else if (nops == 2) {
		stretch(&s2, s1.n);
		for (i = 0; i < s1.n; i++)
			map[s1.c[i]] = s2.c[i];
	}
	if (sq) {
		const struct set *s = nops == 2 ? &s2 : &s1;

		for (i = 0; i < s->n; i++)
			squeeze[s->c[i]] = 1;
	}
	while ((r = read(0, buf, sizeof buf)) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			die_errno("read error");
		for (i = w = 0, n = r; i < n; i++) {
			if (del[buf[i]])
				continue;
			c = map[buf[i]];
			if (squeeze[c] && c == last)
				continue;
			out[w++] = last = c;
		}
		if (write_all(1, out, w) < 0)
			die_errno("write error");
	}
	return cmd_exit();
}
