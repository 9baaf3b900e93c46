/* seq - print a sequence of numbers */
#include "cmd.h"
#include <ctype.h>
#include <math.h>

static const char usage[] = "seq [-w] [-f FORMAT] [-s STRING] [FIRST [INCR]] LAST";

/* An operand: its value, and the digits after its decimal point. */
struct num {
	double v;
	int frac;
};

static struct num
parse_num(const char *s)
{
	struct num n;
	const char *dot, *e;
	char *end;
	long exp = 0;

	errno = 0;
	n.v = strtod(s, &end);
	if (end == s || *end != '\0' || errno == ERANGE || isnan(n.v))
		die("%s: invalid number", s);
	dot = strchr(s, '.');
	e = strpbrk(s, "eE");
	n.frac = 0;
	if (dot != NULL)
		n.frac = (int)((e ? e : s + strlen(s)) - dot - 1);
	if (e != NULL)
		exp = strtol(e + 1, NULL, 10);
	n.frac = exp > n.frac ? 0 : n.frac - (int)exp;
	if (strpbrk(s, "xXpPiInN") != NULL)
		n.frac = 0;
	return n;
}

/* A FORMAT must hold exactly one floating-point conversion. */
static void
check_format(const char *fmt)
{
	const char *f = fmt;
	int convs = 0;

	for (; *f; f++) {
		if (*f != '%')
			continue;
		if (f[1] == '%') {
			f++;
			continue;
		}
		f += 1 + strspn(f + 1, "-+ #0'");
		f += strspn(f, "0123456789");
		if (*f == '.')
			f += 1 + strspn(f + 1, "0123456789");
		if (*f == '\0' || strchr("aAeEfFgG", *f) == NULL)
			die("%s: invalid format", fmt);
		convs++;
	}
	if (convs != 1)
		die("%s: invalid format: needs exactly one %% directive", fmt);
}

static void
put(const char *fmt, int prec, double v)
{
	if (fmt != NULL)
		printf(fmt, v);
	else
		printf("%.*f", prec, v);
}

/*
 * An operand's width for -w as GNU's seq counts it: as written, leading zeros
 * and all ("008" is 3), without a '+'; then grown or shrunk to PREC decimals.
 * Exponents are not written out, so those count as printed.
 */
static int
op_width(const char *s, const struct num *n, int prec)
{
	char buf[512];
	const char *dot;
	int w;

	s += *s == '+';
	if (strpbrk(s, "eExXpPiInN") != NULL) {
		w = snprintf(buf, sizeof buf, "%.*f", n->frac, n->v);
	} else {
		w = (int)strlen(s);
		if ((dot = strchr(s, '.')) != NULL && dot[1] == '\0')
			w--;	/* "1." is "1" */
		else if (dot != NULL && (dot == s || !isdigit((unsigned char)dot[-1])))
			w++;	/* ".5" is "0.5" */
	}
	if (prec > n->frac)
		w += prec - n->frac + (n->frac == 0);
	else if (prec < n->frac)
		w -= n->frac - prec + (prec == 0);
	return w;
}

/* -w: the wider of FIRST and LAST. */
static int
equal_width(const char *first, const struct num *f, const char *last, const struct num *l, int prec)
{
	int a = op_width(first, f, prec), b = op_width(last, l, prec);

	return a > b ? a : b;
}

/* An operand exactly, times 10^SCALE, when it is plain decimal and fits; else 0. */
static int
to_scaled(const char *s, int scale, long long *out)
{
	long long v = 0;
	int neg = *s == '-', digits = 0, frac = -1;

	s += *s == '-' || *s == '+';
	for (; *s; s++) {
		if (*s == '.' && frac < 0) {
			frac = 0;
			continue;
		}
		if (!isdigit((unsigned char)*s) || ++digits > 18)
			return 0;
		v = v * 10 + (*s - '0');
		frac += frac >= 0;
	}
	for (frac = frac < 0 ? 0 : frac; frac < scale; frac++) {
		if (v > LLONG_MAX / 10)
			return 0;
		v *= 10;
	}
	*out = neg ? -v : v;
	return digits > 0;
}

static long long
pow10ll(int n)
{
	long long p = 1;

	while (n-- > 0)
		p *= 10;
	return p;
}

/* V (times 10^SCALE) with PREC decimals, zero-padded to WIDTH after any sign. */
static int
format_exact(char *buf, size_t size, long long v, int scale, int prec, int width)
{
	unsigned long long q = v < 0 ? -(unsigned long long)v : (unsigned long long)v, p;
	char digits[64];
	int n, pad;

	q /= (unsigned long long)pow10ll(scale - prec);
	p = (unsigned long long)pow10ll(prec);
	if (prec > 0)
		n = snprintf(digits, sizeof digits, "%llu.%0*llu", q / p, prec, q % p);
	else
		n = snprintf(digits, sizeof digits, "%llu", q);
	pad = width - n - (v < 0);
	if (pad < 0)
		pad = 0;
	return snprintf(buf, size, "%s%.*s%s", v < 0 ? "-" : "", pad, "000000000000000000000000000000",
	    digits);
}

/*
 * Plain decimal operands are counted exactly in scaled integers, so large
 * integers and tenths come out right. 0 if the operands do not allow it.
 */
static int
seq_exact(char **ops, int nops, const char *fmt, const char *sep, int prec, int scale, int width)
{
	long long a = pow10ll(scale), d = pow10ll(scale), z, v;
	char buf[128];
	int first = 1;

	if (!to_scaled(ops[nops - 1], scale, &z) || (nops > 1 && !to_scaled(ops[0], scale, &a)) ||
	    (nops > 2 && !to_scaled(ops[1], scale, &d)))
		return 0;
	for (v = a; d > 0 ? v <= z : v >= z; v += d) {
		if (!first)
			fputs(sep, stdout);
		first = 0;
		if (fmt != NULL) {
			printf(fmt, (double)v / (double)pow10ll(scale));
		} else {
			format_exact(buf, sizeof buf, v, scale, prec, width);
			fputs(buf, stdout);
		}
		if (ferror(stdout) || (d > 0 ? v > LLONG_MAX - d : v < LLONG_MIN - d))
			break;
	}
	if (!first)
		putchar('\n');
	return 1;
}

static const struct opt_long longs[] = {
	{ "format", 'f' }, { "separator", 's' }, { "equal-width", 'w' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	struct num first = { 1, 0 }, incr = { 1, 0 }, last;
	const char *fmt = NULL, *sep = "\n";
	char wfmt[64];
	int c, nops, prec, width = 0;
	double v, prev = 0, scale;
	unsigned long long i;

	for (;;) {
		/* A negative number ends the options: seq -5 -1 -10 */
		if (o.pos == 0 && o.ind < argc && argv[o.ind][0] == '-' &&
		    (isdigit((unsigned char)argv[o.ind][1]) || argv[o.ind][1] == '.'))
			break;
		o.longs = longs;
		if ((c = opt_next(&o, "+f:s:w")) == -1)
			break;
		switch (c) {
		case 'f': fmt = o.arg; break;
		case 's': sep = o.arg; break;
		case 'w': width = 1; break;
		default: die_usage(&o);
		}
	}
	nops = argc - o.ind;
	if (nops < 1 || nops > 3)
		die_usage(&o);
	last = parse_num(argv[argc - 1]);
	if (nops > 1)
		first = parse_num(argv[o.ind]);
	if (nops > 2)
		incr = parse_num(argv[o.ind + 1]);
	if (incr.v == 0)
		die("%s: invalid zero increment", argv[o.ind + 1]);
	if (fmt != NULL)
		check_format(fmt);
	prec = first.frac > incr.frac ? first.frac : incr.frac;
	c = prec > last.frac ? prec : last.frac;
	/* FIRST is "1" when left out. */
	if (width && fmt == NULL)
		width = equal_width(nops > 1 ? argv[o.ind] : "1", &first, argv[argc - 1], &last, prec);
	else
		width = 0;
	if (c <= 9 && seq_exact(argv + o.ind, nops, fmt, sep, prec, c, width))
		return cmd_exit();
	if (width) {
		snprintf(wfmt, sizeof wfmt, "%%0%d.%df", width, prec);
		fmt = wfmt;
	}
	/* Each term from FIRST afresh, rounded to the operands' decimals: no drift. */
	scale = pow(10, prec > last.frac ? prec : last.frac);
	for (i = 0;; i++) {
		v = first.v + (double)i * incr.v;
		if (scale <= 1e15)
			v = round(v * scale) / scale;
		/* Past the end, or too big to move on at all. */
		if ((incr.v > 0 ? v > last.v : v < last.v) || (i > 0 && v == prev))
			break;
		prev = v;
		if (i > 0)
			fputs(sep, stdout);
		put(fmt, prec, v);
		if (ferror(stdout))
			break;
	}
	if (i > 0)
		putchar('\n');
	return cmd_exit();
}
