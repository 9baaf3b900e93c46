/* uniq - report or filter out repeated lines */
#include "cmd.h"
#include "io.h"
#include <ctype.h>

static const char usage[] = "uniq [-c] [-d | -D | -u] [-iz] [-f FIELDS] [-s CHARS] [-w CHARS] [INPUT [OUTPUT]]";

static struct {
	int count, dups, all_dups, uniques, icase;
	unsigned long fields, chars, width;	/* width 0: the whole rest */
} f;

struct line {
	char *s;
	size_t cap;
	ssize_t len;
};

/* The part of a line that is compared: past -f fields and -s chars, at most -w long. */
static const char *
key(const struct line *l, size_t *n)
{
	const char *p = l->s, *e = l->s + l->len;

	for (unsigned long i = 0; i < f.fields; i++) {
		while (p < e && (*p == ' ' || *p == '\t'))
			p++;
		while (p < e && *p != ' ' && *p != '\t')
			p++;
	}
	p = (unsigned long)(e - p) > f.chars ? p + f.chars : e;
	*n = e - p;
	if (f.width && *n > f.width)
		*n = f.width;
	return p;
}

static int
same(const struct line *a, const struct line *b)
{
	size_t na, nb;
	const char *p = key(a, &na), *q = key(b, &nb);

	if (na != nb)
		return 0;
	if (!f.icase)
		return memcmp(p, q, na) == 0;
	for (size_t i = 0; i < na; i++)
		if (tolower((unsigned char)p[i]) != tolower((unsigned char)q[i]))
			return 0;
	return 1;
}

static void
put(FILE *out, const struct line *l, unsigned long n, int delim)
{
	if (f.count)
		fprintf(out, "%7lu ", n);
	fwrite(l->s, 1, l->len, out);
	putc(delim, out);
}

/* The end of a group of N equal lines, FIRST its first. */
static void
group_end(FILE *out, const struct line *first, unsigned long n, int delim)
{
	if (f.all_dups)
		return;
	if ((n > 1 && !f.uniques) || (n == 1 && !f.dups))
		put(out, first, n, delim);
}

static void
uniq(FILE *in, FILE *out, int delim)
{
	struct line l[2] = { { NULL, 0, 0 }, { NULL, 0, 0 } };
	unsigned long n = 0;
	int cur = 0;

	while ((l[cur].len = getdelim(&l[cur].s, &l[cur].cap, delim, in)) > 0) {
		if (l[cur].s[l[cur].len - 1] == delim)
			l[cur].len--;
		if (n > 0 && same(&l[!cur], &l[cur])) {
			/* -D: every line of a repeated group, the first once it repeats. */
			if (f.all_dups && n == 1)
				put(out, &l[!cur], 0, delim);
			if (f.all_dups)
				put(out, &l[cur], 0, delim);
			n++;
			continue;
		}
		if (n > 0)
			group_end(out, &l[!cur], n, delim);
		n = 1;
		cur = !cur;
		if (ferror(out))
			break;
	}
	if (n > 0)
		group_end(out, &l[!cur], n, delim);
	free(l[0].s);
	free(l[1].s);
}

static unsigned long
number(const char *s)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (*s < '0' || *s > '9' || *end != '\0' || errno != 0)
		die("%s: invalid number", s);
	return v;
}

static const struct opt_long longs[] = {
	{ "count", 'c' }, { "repeated", 'd' }, { "all-repeated", 'D' },
	{ "skip-fields", 'f' }, { "ignore-case", 'i' }, { "skip-chars", 's' },
	{ "unique", 'u' }, { "check-chars", 'w' }, { "zero-terminated", 'z' },
	{ NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	FILE *in = stdin, *out = stdout;
	int c, delim = '\n';

	memset(&f, 0, sizeof f);
	o.longs = longs;
	while ((c = opt_next(&o, "cdDf:is:uw:z")) != -1) {
		switch (c) {
		case 'c': f.count = 1; break;
		case 'd': f.dups = 1; break;
		case 'D': f.all_dups = 1; break;
		case 'f': f.fields = number(o.arg); break;
		case 'i': f.icase = 1; break;
		case 's': f.chars = number(o.arg); break;
		case 'u': f.uniques = 1; break;
		case 'w': f.width = number(o.arg); break;
		case 'z': delim = '\0'; break;
		default: die_usage(&o);
		}
	}
	if (argc - o.ind > 2 || (f.all_dups && (f.count || f.uniques)))
		die_usage(&o);
	if (o.ind < argc && (in = fopen_in(argv[o.ind])) == NULL)
		die_errno("%s", argv[o.ind]);
	if (o.ind + 1 < argc && strcmp(argv[o.ind + 1], "-") != 0 &&
	    (out = fopen(argv[o.ind + 1], "w")) == NULL)
		die_errno("%s", argv[o.ind + 1]);
	uniq(in, out, delim);
	if (ferror(in))
		warn_errno("%s", o.ind < argc ? argv[o.ind] : "-");
	if (out != stdout && fclose(out) == EOF)
		die_errno("%s", argv[o.ind + 1]);
	return cmd_exit();
}
