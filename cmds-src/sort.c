/* sort - sort, merge or check lines of text */
#include "cmd.h"
#include "io.h"
#include <ctype.h>

static const char usage[] =
    "sort [-bcCdfghimnrsuVz] [-k KEYDEF]... [-o FILE] [-t CHAR] [FILE...]";

/* Key and global flags: POSIX's bdfinr and GNU's g, h and V. */
enum {
	F_BSTART = 1, F_BEND = 2, F_DICT = 4, F_FOLD = 8, F_PRINT = 16,
	F_NUM = 32, F_GEN = 64, F_HUMAN = 128, F_REV = 256, F_VERSION = 512,
};

struct key {
	size_t sf, sc;		/* start: field, char (1-based; char 0 is the field's start) */
	size_t ef, ec;		/* end: field (0: end of line), char (0: end of field) */
	int flags;
};

struct line {
	char *s;
	size_t len;
};

static struct key *keys;
static size_t nkeys;
static int gflags, tab = -1, stable, uniq;

static int
is_blank(int c)
{
	return c == ' ' || c == '\t';
}

/* Where field F (1-based) of [P, E) starts, its leading blanks included. */
static const char *
field_start(const char *p, const char *e, size_t f)
{
	while (--f > 0 && p < e) {
		if (tab >= 0) {
			while (p < e && *p != tab)
				p++;
			p += p < e;
		} else {
			while (p < e && is_blank((unsigned char)*p))
				p++;
			while (p < e && !is_blank((unsigned char)*p))
				p++;
		}
	}
	return p;
}

static const char *
skip_blanks(const char *p, const char *e)
{
	while (p < e && is_blank((unsigned char)*p))
		p++;
	return p;
}

static const char *
field_end(const char *p, const char *e)
{
	if (tab >= 0) {
		while (p < e && *p != tab)
			p++;
		return p;
	}
	p = skip_blanks(p, e);
	while (p < e && !is_blank((unsigned char)*p))
		p++;
	return p;
}

/* The bytes of key K in line L: [*B, *E). */
static void
key_span(const struct key *k, const struct line *l, const char **b, const char **e)
{
	const char *s = l->s, *end = l->s + l->len, *p;

	p = field_start(s, end, k->sf);
	if (k->flags & F_BSTART)
		p = skip_blanks(p, end);
	if (k->sc > 1)
		p = (size_t)(end - p) > k->sc - 1 ? p + k->sc - 1 : end;
	*b = p;
	if (k->ef == 0) {
		*e = end;
	} else {
		p = field_start(s, end, k->ef);
		if (k->ec == 0) {
			p = field_end(p, end);
		} else {
			if (k->flags & F_BEND)
				p = skip_blanks(p, end);
			p = (size_t)(end - p) > k->ec ? p + k->ec : end;
		}
		*e = p;
	}
	if (*e < *b)
		*e = *b;
}

/* A decimal number's parts: sign (0 for zero), integer digits, fraction digits. */
struct num {
	int sign;
	const char *i, *f;
	size_t ni, nf;
};

static const char *
parse_num(const char *p, const char *e, struct num *n)
{
	const char *q;

	p = skip_blanks(p, e);
	n->sign = 1;
	if (p < e && *p == '-') {
		n->sign = -1;
		p++;
	}
	while (p < e && *p == '0')
		p++;
	for (n->i = p; p < e && isdigit((unsigned char)*p); p++)
		;
	n->ni = p - n->i;
	n->f = p;
	n->nf = 0;
	if (p < e && *p == '.') {
		for (n->f = ++p; p < e && isdigit((unsigned char)*p); p++)
			;
		for (q = p; q > n->f && q[-1] == '0'; q--)
			;
		n->nf = q - n->f;
	}
	if (n->ni == 0 && n->nf == 0)
		n->sign = 0;
	return p;
}

/* Compare magnitudes: integer length, then digits, then the fractions. */
static int
num_mag(const struct num *a, const struct num *b)
{
	size_t i;
	int c;

	if (a->ni != b->ni)
		return a->ni < b->ni ? -1 : 1;
	if ((c = memcmp(a->i, b->i, a->ni)) != 0)
		return c;
	for (i = 0; i < a->nf && i < b->nf; i++)
		if (a->f[i] != b->f[i])
			return a->f[i] < b->f[i] ? -1 : 1;
	return (a->nf > i) - (b->nf > i);
}

static int
num_cmp(const char *a, const char *ae, const char *b, const char *be)
{
	struct num x, y;

	parse_num(a, ae, &x);
	parse_num(b, be, &y);
	if (x.sign != y.sign)
		return x.sign < y.sign ? -1 : 1;
	return x.sign * num_mag(&x, &y);
}

/* -h: sign, then the unit (none, K, M, ...), then the number. */
static int
human_cmp(const char *a, const char *ae, const char *b, const char *be)
{
	static const char units[] = "KMGTPEZY";
	struct num x, y;
	const char *pa = parse_num(a, ae, &x), *pb = parse_num(b, be, &y), *u;
	int ua = 0, ub = 0;

	if (pa < ae && *pa && (u = strchr(units, toupper((unsigned char)*pa))) != NULL)
		ua = u - units + 1;
	if (pb < be && *pb && (u = strchr(units, toupper((unsigned char)*pb))) != NULL)
		ub = u - units + 1;
	if (x.sign != y.sign)
		return x.sign < y.sign ? -1 : 1;
	if (ua != ub)
		return x.sign * (ua < ub ? -1 : 1);
	return x.sign * num_mag(&x, &y);
}

/* -g: as strtod reads them; what is not a number sorts first. */
static int
gen_cmp(const char *a, const char *ae, const char *b, const char *be)
{
	char ta[64], tb[64], *enda, *endb;
	size_t na = ae - a < 63 ? (size_t)(ae - a) : 63, nb = be - b < 63 ? (size_t)(be - b) : 63;
	double x, y;
	int okx, oky;

	memcpy(ta, a, na);
	ta[na] = '\0';
	memcpy(tb, b, nb);
	tb[nb] = '\0';
	x = strtod(ta, &enda);
	y = strtod(tb, &endb);
	okx = enda != ta && x == x;
	oky = endb != tb && y == y;
	if (!okx || !oky)
		return okx - oky;
	return (x > y) - (x < y);
}

static int
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* -V: a byte's rank between digit runs: ~ before the end, letters before the rest. */
static int
ver_rank(const char *p, const char *e)
{
	int c;

	if (p == e || is_digit(*p))
		return 0;
	c = (unsigned char)*p;
	if (isalpha(c))
		return c;
	return c == '~' ? -1 : c + 256;
}

/* Debian's version order, which GNU's -V uses: runs of other bytes by rank,
 * runs of digits by value. */
static int
ver_runs(const char *a, const char *ae, const char *b, const char *be)
{
	int ra, rb, diff;

	while (a < ae || b < be) {
		while ((a < ae && !is_digit(*a)) || (b < be && !is_digit(*b))) {
			if ((ra = ver_rank(a, ae)) != (rb = ver_rank(b, be)))
				return ra < rb ? -1 : 1;
			a += a < ae;
			b += b < be;
		}
		while (a < ae && *a == '0')
			a++;
		while (b < be && *b == '0')
			b++;
		/* The longer run of digits is the bigger; else the first digit that differs. */
		for (diff = 0; a < ae && b < be && is_digit(*a) && is_digit(*b); a++, b++)
			if (diff == 0)
				diff = *a - *b;
		if (a < ae && is_digit(*a))
			return 1;
		if (b < be && is_digit(*b))
			return -1;
		if (diff != 0)
			return diff < 0 ? -1 : 1;
	}
	return 0;
}

/* Where a file name's suffixes such as ".tar.gz" start: dots each followed by a
 * letter or ~, then letters, digits and ~ (never the first byte). */
static const char *
ver_suffix(const char *p, const char *e)
{
	const char *s = e, *q = p + 1;

	while (q < e) {
		if (*q == '.' && q + 1 < e && (isalpha((unsigned char)q[1]) || q[1] == '~')) {
			if (s == e)
				s = q;
			for (q += 2; q < e && (isalnum((unsigned char)*q) || *q == '~'); q++)
				;
		} else {
			s = e;
			q++;
		}
	}
	return s;
}

/* -V, as GNU's filevercmp: empty first, then ".", "..", other dot names; the
 * names without their suffixes, then with them. */
static int
ver_cmp(const char *a, const char *ae, const char *b, const char *be)
{
	const char *sa, *sb;
	int c, ra, rb;

	if (a == ae || b == be)
		return (a < ae) - (b < be);
	if (*a == '.' || *b == '.') {
		if (*a != *b)
			return *a == '.' ? -1 : 1;
		ra = ae - a == 1 ? 0 : ae - a == 2 && a[1] == '.' ? 1 : 2;
		rb = be - b == 1 ? 0 : be - b == 2 && b[1] == '.' ? 1 : 2;
		if (ra != rb || ra < 2)
			return (ra > rb) - (ra < rb);
	}
	sa = ver_suffix(a, ae);
	sb = ver_suffix(b, be);
	if ((c = ver_runs(a, sa, b, sb)) != 0 || (sa == ae && sb == be))
		return c;
	return ver_runs(a, ae, b, be);
}

static int
skipped(int c, int flags)
{
	if ((flags & F_DICT) && !isalnum(c) && !is_blank(c))
		return 1;
	return (flags & F_PRINT) && !isprint(c);
}

static int
text_cmp(const char *a, const char *ae, const char *b, const char *be, int flags)
{
	int ca, cb;

	if (!(flags & (F_DICT | F_FOLD | F_PRINT))) {
		size_t na = ae - a, nb = be - b;
		int c = memcmp(a, b, na < nb ? na : nb);

		return c ? c : (na > nb) - (na < nb);
	}
	for (;; a++, b++) {
		while (a < ae && skipped((unsigned char)*a, flags))
			a++;
		while (b < be && skipped((unsigned char)*b, flags))
			b++;
		if (a == ae || b == be)
			return (a < ae) - (b < be);
		ca = (unsigned char)*a;
		cb = (unsigned char)*b;
		if (flags & F_FOLD) {
			ca = toupper(ca);
			cb = toupper(cb);
		}
		if (ca != cb)
			return ca < cb ? -1 : 1;
	}
}

static int
span_cmp(const char *a, const char *ae, const char *b, const char *be, int flags)
{
	int c;

	if (flags & F_NUM)
		c = num_cmp(a, ae, b, be);
	else if (flags & F_HUMAN)
		c = human_cmp(a, ae, b, be);
	else if (flags & F_GEN)
		c = gen_cmp(a, ae, b, be);
	else if (flags & F_VERSION)
		c = ver_cmp(a, ae, b, be);
	else
		c = text_cmp(a, ae, b, be, flags);
	return flags & F_REV ? -c : c;
}

/* By the keys (or the whole line); 0 means equal for -u. */
static int
key_cmp(const struct line *x, const struct line *y)
{
	const char *a, *ae, *b, *be;
	int c;

	for (size_t i = 0; i < nkeys; i++) {
		key_span(&keys[i], x, &a, &ae);
		key_span(&keys[i], y, &b, &be);
		if ((c = span_cmp(a, ae, b, be, keys[i].flags)) != 0)
			return c;
	}
	return 0;
}

/* Keys first; ties go to the whole line, bytewise, unless -s or -u. */
static int
line_cmp(const struct line *x, const struct line *y)
{
	int c = key_cmp(x, y);

	if (c != 0 || stable || uniq)
		return c;
	c = text_cmp(x->s, x->s + x->len, y->s, y->s + y->len, 0);
	return gflags & F_REV ? -c : c;
}

/* A stable merge sort: -s needs equal lines kept in input order. */
static void
merge_sort(struct line *v, struct line *tmp, size_t n)
{
	size_t h = n / 2, i = 0, j = h, k = 0;

	if (n < 2)
		return;
	merge_sort(v, tmp, h);
	merge_sort(v + h, tmp, n - h);
	if (line_cmp(&v[h - 1], &v[h]) <= 0)
		return;
	while (i < h && j < n)
		tmp[k++] = line_cmp(&v[j], &v[i]) < 0 ? v[j++] : v[i++];
	while (i < h)
		tmp[k++] = v[i++];
	memcpy(v, tmp, k * sizeof *v);
}

static struct {
	struct line *v;
	size_t n, cap;
} lines;

static void
read_file(const char *path, int delim)
{
	FILE *fp = fopen_in(path);
	char *buf = NULL;
	size_t cap = 0;
	ssize_t n;

	if (fp == NULL) {
		warn_errno("%s", path);
		return;
	}
	while ((n = getdelim(&buf, &cap, delim, fp)) > 0) {
		if (buf[n - 1] == delim)
			n--;
		if (lines.n == lines.cap)
			lines.v = xrealloc(lines.v, (lines.cap = lines.cap * 2 + 1024) * sizeof *lines.v);
		lines.v[lines.n].s = memcpy(xmalloc(n + 1), buf, n);
		lines.v[lines.n].s[n] = '\0';
		lines.v[lines.n++].len = n;
	}
	if (ferror(fp))
		warn_errno("%s", path);
	free(buf);
	fclose_in(fp);
}

static int
flag_bits(int c)
{
	switch (c) {
	case 'b': return F_BSTART | F_BEND;
	case 'd': return F_DICT;
	case 'f': return F_FOLD;
	case 'g': return F_GEN;
	case 'h': return F_HUMAN;
	case 'i': return F_PRINT;
	case 'n': return F_NUM;
	case 'r': return F_REV;
	case 'V': return F_VERSION;
	}
	return 0;
}

_Noreturn static void
bad_arg(const char *arg, const char *why)
{
	warn("%s: %s", arg, why);
	exit(2);
}

static size_t
key_num(const char **p, const char *arg)
{
	size_t v = 0;

	if (!isdigit((unsigned char)**p))
		bad_arg(arg, "invalid key");
	while (isdigit((unsigned char)**p))
		v = v * 10 + (*(*p)++ - '0');
	return v;
}

/* Modifier letters after a position; b means its own end only. */
static int
key_flags(const char **p, int end, const char *arg)
{
	int f = 0, b;

	for (; **p && **p != ','; (*p)++) {
		if ((b = flag_bits(**p)) == 0)
			bad_arg(arg, "invalid key");
		if (b == (F_BSTART | F_BEND))
			b = end ? F_BEND : F_BSTART;
		f |= b;
	}
	return f;
}

static void
add_key(const char *arg)
{
	const char *p = arg;
	struct key k = { 0, 0, 0, 0, 0 };

	k.sf = key_num(&p, arg);
	if (*p == '.') {
		p++;
		if ((k.sc = key_num(&p, arg)) == 0)
			k.sf = 0;
	}
	if (k.sf == 0)
		bad_arg(arg, "invalid key: fields and characters count from 1");
	k.flags = key_flags(&p, 0, arg);
	if (*p == ',') {
		p++;
		k.ef = key_num(&p, arg);
		if (k.ef == 0)
			bad_arg(arg, "invalid key: fields count from 1");
		if (*p == '.') {
			p++;
			k.ec = key_num(&p, arg);
		}
		k.flags |= key_flags(&p, 1, arg);
	}
	keys = xrealloc(keys, (nkeys + 1) * sizeof *keys);
	keys[nkeys++] = k;
}

/* -c: report the first line out of order; -u makes equal lines out of order too. */
static int
check(const char *name, int quiet)
{
	for (size_t i = 1; i < lines.n; i++) {
		int c = line_cmp(&lines.v[i - 1], &lines.v[i]);

		if (c > 0 || (uniq && c == 0)) {
			if (!quiet)
				fprintf(stderr, "%s: %s:%zu: disorder: %.*s\n", cmd_name, name, i + 1,
				    (int)lines.v[i].len, lines.v[i].s);
			return 1;
		}
	}
	return 0;
}

static void
output(int delim)
{
	for (size_t i = 0; i < lines.n; i++) {
		if (uniq && i > 0 && key_cmp(&lines.v[i - 1], &lines.v[i]) == 0)
			continue;
		fwrite(lines.v[i].s, 1, lines.v[i].len, stdout);
		putchar(delim);
		if (ferror(stdout))
			break;
	}
}

_Noreturn static void
bad_usage(void)
{
	fprintf(stderr, "usage: %s\n", usage);
	exit(2);
}

static const struct opt_long longs[] = {
	{ "ignore-leading-blanks", 'b' }, { "check", 'c' },
	{ "dictionary-order", 'd' }, { "ignore-case", 'f' },
	{ "general-numeric-sort", 'g' }, { "human-numeric-sort", 'h' },
	{ "ignore-nonprinting", 'i' }, { "key", 'k' }, { "merge", 'm' },
	{ "numeric-sort", 'n' }, { "output", 'o' }, { "reverse", 'r' },
	{ "stable", 's' }, { "buffer-size", 'S' }, { "field-separator", 't' },
	{ "temporary-directory", 'T' }, { "unique", 'u' }, { "version-sort", 'V' },
	{ "zero-terminated", 'z' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	const char *out = NULL;
	struct line *tmp;
	int c, checking = 0, delim = '\n', r = 0;

	keys = NULL;
	nkeys = gflags = stable = uniq = 0;
	tab = -1;
	memset(&lines, 0, sizeof lines);
	o.longs = longs;
	while ((c = opt_next(&o, "bcCdfghik:mno:rsS:t:T:uVz")) != -1) {
		switch (c) {
		case 'c': case 'C': checking = c; break;
		case 'k': add_key(o.arg); break;
		case 'm': case 'S': case 'T': break;
		case 'o': out = o.arg; break;
		case 's': stable = 1; break;
		case 't':
			if (strlen(o.arg) != 1)
				bad_arg(o.arg, "the separator must be one character");
			tab = (unsigned char)o.arg[0];
			break;
		case 'u': uniq = 1; break;
		case 'z': delim = '\0'; break;
		case '?': bad_usage();
		default: gflags |= flag_bits(c); break;
		}
	}
	/* A key with no modifiers of its own takes the global ones. */
	if (nkeys == 0)
		add_key("1");
	for (size_t i = 0; i < nkeys; i++)
		if (keys[i].flags == 0)
			keys[i].flags = gflags;
	if (o.ind == argc)
		read_file("-", delim);
	for (int i = o.ind; i < argc; i++)
		read_file(argv[i], delim);
	if (checking) {
		r = check(o.ind < argc ? argv[o.ind] : "-", checking == 'C');
	} else {
		tmp = xmalloc((lines.n ? lines.n : 1) * sizeof *tmp);
		merge_sort(lines.v, tmp, lines.n);
		free(tmp);
		if (out != NULL && freopen(out, "w", stdout) == NULL) {
			warn_errno("%s", out);
			exit(2);
		}
		output(delim);
	}
	for (size_t i = 0; i < lines.n; i++)
		free(lines.v[i].s);
	free(lines.v);
	free(keys);
	return cmd_exit() ? 2 : r;
}
