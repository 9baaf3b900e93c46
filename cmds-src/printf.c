/* printf - write formatted output */
#include "cmd.h"
#include "num.h"
#include <inttypes.h>

static const char usage[] = "printf FORMAT [ARGUMENT...]";

static char **args;
static int nargs, used;
static int stop;		/* \c seen: no more output at all */

/* One directive's flags, width and precision, as parsed. */
struct conv {
	char flags[8];
	int width, prec;	/* prec < 0: none */
};

static const char *
next_arg(void)
{
	return used < nargs ? args[used++] : NULL;
}

/*
 * Complain about a number out of range (its clamped value stands) or not
 * wholly a number: then, as BusyBox's printf does, it counts as 0, and the
 * message is BusyBox's word for word ("invalid number 'x'"). 0 if invalid.
 */
static int
check_number(const char *s, const char *end)
{
	if (end == s || *end != '\0') {
		warn("invalid number '%s'", s);
		return 0;
	}
	if (errno == ERANGE)
		warn("%s: out of range", s);
	return 1;
}

/* 'c and "c: the character's value. */
static int
char_const(const char *s, long long *v)
{
	if (*s != '\'' && *s != '"')
		return 0;
	*v = (unsigned char)s[1];
	return 1;
}

static intmax_t
get_int(const char *s)
{
	long long c;
	intmax_t v;
	char *end;

	if (s == NULL)
		return 0;
	if (char_const(s, &c))
		return c;
	errno = 0;
	v = strtoimax(s, &end, 0);
	return check_number(s, end) ? v : 0;
}

static uintmax_t
get_uint(const char *s)
{
	const char *p = s;
	long long c;
	uintmax_t v;
	char *end;

	if (s == NULL)
		return 0;
	if (char_const(s, &c))
		return c;
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p == '-')
		return (uintmax_t)get_int(s);
	errno = 0;
	v = strtoumax(s, &end, 0);
	return check_number(s, end) ? v : 0;
}

static double
get_double(const char *s)
{
	long long c;
	double v;
	char *end;

	if (s == NULL)
		return 0;
	if (char_const(s, &c))
		return c;
	errno = 0;
	v = strtod(s, &end);
	return check_number(s, end) ? v : 0;
}

/* S[0..N) with the directive's width and precision, NUL bytes and all. */
static void
put_padded(const struct conv *cv, const char *s, size_t n)
{
	size_t pad = 0;

	if (cv->prec >= 0 && (size_t)cv->prec < n)
		n = cv->prec;
	if (cv->width > 0 && (size_t)cv->width > n)
		pad = cv->width - n;
	if (strchr(cv->flags, '-') == NULL)
		for (; pad > 0; pad--)
			putchar(' ');
	fwrite(s, 1, n, stdout);
	for (; pad > 0; pad--)
		putchar(' ');
}

static int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/*
 * The escape after a backslash at *P: in the format (PCT_B 0) \NNN, \xHH, \",
 * \e (ESC, as GNU's and BusyBox's printf have it; not \E, bash's alone) and the
 * C ones; in a %b argument (PCT_B 1) \0NNN as well. \c sets stop.
 * Appends the byte to OUT; *P moves past the escape.
 */
static void
escape(const char **p, int pct_b, char *out, size_t *n)
{
	const char *s = *p;
	int c, i;

	if (*s == 'c') {
		stop = 1;
		*p = s + 1;
		return;
	}
	if (pct_b && *s == '0') {
		for (s++, c = 0, i = 0; i < 3 && *s >= '0' && *s <= '7'; i++)
			c = c * 8 + (*s++ - '0');
	} else if (*s == 'x' && hexval(s[1]) >= 0) {
		for (s++, c = 0, i = 0; i < 2 && hexval(*s) >= 0; i++)
			c = c * 16 + hexval(*s++);
	} else if (*s == '"' || *s == '\'') {
		c = *s++;
	} else if (*s == 'e') {
		c = 033;
		s++;
	} else if ((c = unescape(&s)) < 0) {
		out[(*n)++] = '\\';
		if (*s == '\0') {
			*p = s;
			return;
		}
		c = *s++;
	}
	out[(*n)++] = c;
	*p = s;
}

/* %b: the argument with its escapes expanded. */
static void
put_b(const struct conv *cv, const char *s)
{
	char *out = xmalloc(strlen(s) + 1);
	size_t n = 0;

	while (*s && !stop) {
		if (*s == '\\' && s[1] != '\0') {
			s++;
			escape(&s, 1, out, &n);
		} else {
			out[n++] = *s++;
		}
	}
	put_padded(cv, out, n);
	free(out);
}

/* Hand a numeric conversion to the C library, with the numbers filled in. */
static void
put_number(const struct conv *cv, char conv)
{
	char fmt[64];
	int n = snprintf(fmt, sizeof fmt, "%%%s", cv->flags);

	if (cv->width != 0)
		n += snprintf(fmt + n, sizeof fmt - n, "%d", cv->width);
	if (cv->prec >= 0)
		n += snprintf(fmt + n, sizeof fmt - n, ".%d", cv->prec);
	if (strchr("diouxX", conv) != NULL) {
		snprintf(fmt + n, sizeof fmt - n, "j%c", conv);
		if (conv == 'd' || conv == 'i')
			printf(fmt, get_int(next_arg()));
		else
			printf(fmt, get_uint(next_arg()));
	} else {
		snprintf(fmt + n, sizeof fmt - n, "%c", conv);
		printf(fmt, get_double(next_arg()));
	}
}

/* A width or precision: digits, or * for the next argument. */
static int
number(const char **p)
{
	int v = 0;

	if (**p == '*') {
		(*p)++;
		return (int)get_int(next_arg());
	}
	while (**p >= '0' && **p <= '9') {
		if (v < 100000000)
			v = v * 10 + (**p - '0');
		(*p)++;
	}
	return v;
}

/* One directive, *P just past the '%'. 0 for an invalid one. */
static int
directive(const char **p)
{
	const char *s = *p, *start = s - 1, *a;
	struct conv cv;
	size_t nf = 0;

	while (*s && strchr("-+ #0", *s) != NULL) {
		if (nf < sizeof cv.flags - 1)
			cv.flags[nf++] = *s;
		s++;
	}
	cv.flags[nf] = '\0';
	cv.width = number(&s);
	if (cv.width < 0) {
		cv.width = -cv.width;
		if (nf < sizeof cv.flags - 1)
			strcat(cv.flags, "-");
	}
	cv.prec = -1;
	if (*s == '.') {
		s++;
		cv.prec = number(&s);
	}
	s += strspn(s, "hlLqjzt");
	*p = s + (*s != '\0');
	switch (*s) {
	case 'c':
		a = next_arg();
		put_padded(&cv, a ? a : "", a && *a ? 1 : 0);
		return 1;
	case 's':
		a = next_arg();
		put_padded(&cv, a ? a : "", a ? strlen(a) : 0);
		return 1;
	case 'b':
		a = next_arg();
		put_b(&cv, a ? a : "");
		return 1;
	case '\0':
		break;
	default:
		if (strchr("diouxXeEfFgGaA", *s) == NULL)
			break;
		put_number(&cv, *s);
		return 1;
	}
	warn("%.*s: invalid format", (int)(*p - start), start);
	return 0;
}

/* One pass over the format; 0 if it must stop (bad directive or \c). */
static int
format(const char *p)
{
	char out[8];
	size_t n;

	while (*p && !stop) {
		if (*p == '%' && p[1] == '%') {
			putchar('%');
			p += 2;
		} else if (*p == '%') {
			p++;
			if (!directive(&p))
				return 0;
		} else if (*p == '\\') {
			p++;
			n = 0;
			escape(&p, 0, out, &n);
			fwrite(out, 1, n, stdout);
		} else {
			putchar(*p++);
		}
		if (ferror(stdout))
			return 0;
	}
	return !stop;
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int before;

	if (opt_next(&o, "+") != -1 || o.ind >= argc)
		die_usage(&o);
	args = argv + o.ind + 1;
	nargs = argc - o.ind - 1;
	used = 0;
	stop = 0;
	do {
		before = used;
		if (!format(argv[o.ind]))
			break;
	} while (used < nargs && used > before);
	return cmd_exit();
}
