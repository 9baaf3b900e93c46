/* arith.c - arithmetic expansion */
#include "sh.h"

struct arith {
	const char *s;
	int noeval, depth;
};

static long a_assign(struct arith *a);

static _Noreturn void
a_error(const char *what)
{
	sh_error("arithmetic: %s", what);
}

static void
a_space(struct arith *a)
{
	while (*a->s == ' ' || *a->s == '\t' || *a->s == '\n')
		a->s++;
}

/* The value of digit C in BASE (up to 64: 0-9, a-z, A-Z, @, _), else 99. */
static int
a_digit(int c, int base)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + (base <= 36 ? 10 : 36);
	return c == '@' && base > 36 ? 62 : c == '_' && base > 36 ? 63 : 99;
}

static long
a_number(const char *s, const char **end)
{
	unsigned long v = 0;
	int base = 10, d;
	const char *t;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	} else if (s[0] == '0') {
		base = 8;
	}
	for (t = s; *t >= '0' && *t <= '9'; t++)
		;
	if (*t == '#' && s[0] != '0') {	/* BASE#DIGITS */
		base = (int)strtol(s, NULL, 10);
		if (base < 2 || base > 64)
			a_error("invalid base");
		s = t + 1;
	}
	for (;; s++) {
		d = a_digit((unsigned char)*s, base);
		if (d == 99 && !is_name_char((unsigned char)*s))
			break;
		if (d >= base)
			a_error("bad number");
		v = v * base + d;
	}
	*end = s;
	return (long)v;
}

static long a_eval(const char *s, int noeval, int depth);

static long
var_number(struct arith *a, const char *name)
{
	const char *v = getvar(name), *end;
	long n;
	int neg = 0;

	if (v == NULL || *v == '\0') {
		if (v == NULL && sh.opt['u'])
			sh_error("%s: parameter not set", name);
		return 0;
	}
	while (*v == ' ' || *v == '\t')
		v++;
	if (*v == '-' || *v == '+')
		neg = *v++ == '-';
	if (*v >= '0' && *v <= '9') {
		n = a_number(v, &end);
		while (*end == ' ' || *end == '\t' || *end == '\n')
			end++;
		if (*end == '\0')
			return neg ? (long)(0UL - (unsigned long)n) : n;
	}
	/* not a number (jv=iv, A="3 + 5"): an expression */
	return a_eval(getvar(name), a->noeval, a->depth + 1);
}

static const char *
a_name(struct arith *a, char *buf, size_t size)
{
	size_t n = 0;

	while (is_name_char((unsigned char)*a->s)) {
		if (n + 1 < size)
			buf[n++] = *a->s;
		a->s++;
	}
	buf[n] = '\0';
	return buf;
}

static long
a_setvar(struct arith *a, const char *name, long v)
{
	if (!a->noeval)
		setvar_int(name, v);
	return v;
}

static long
a_primary(struct arith *a)
{
	char name[256];
	long v;

	a_space(a);
	if (*a->s == '(') {
		if (++a->depth > MAXDEPTH)
			a_error("nesting too deep");
		a->s++;
		v = a_assign(a);
		a_space(a);
		if (*a->s++ != ')')
			a_error("missing \")\"");
		a->depth--;
		return v;
	}
	if (*a->s >= '0' && *a->s <= '9')
		return a_number(a->s, &a->s);
	if (!is_name_start((unsigned char)*a->s))
		a_error(*a->s ? "syntax error" : "missing operand");
	a_name(a, name, sizeof name);
	v = a->noeval ? 0 : var_number(a, name);
	a_space(a);
	if ((a->s[0] == '+' || a->s[0] == '-') && a->s[1] == a->s[0]) {
		a_setvar(a, name, a->s[0] == '+' ? v + 1 : v - 1);
		a->s += 2;
	}
	return v;
}

/* Is "++" or "--" before S an increment? Otherwise (as "(a)+++3") two signs. */
static int
pre_name(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\n')
		s++;
	return is_name_start((unsigned char)*s);
}

static long
a_unary(struct arith *a)
{
	char name[256];
	int c;
	long v;

	a_space(a);
	c = *a->s;
	if ((c == '+' || c == '-') && a->s[1] == c && pre_name(a->s + 2)) {
		a->s += 2;
		a_space(a);
		a_name(a, name, sizeof name);
		v = a->noeval ? 0 : var_number(a, name);
		return a_setvar(a, name, c == '+' ? v + 1 : v - 1);
	}
	if (c == '+' || c == '-' || c == '!' || c == '~') {
		a->s++;
		if (++a->depth > MAXDEPTH)
			a_error("nesting too deep");
		v = a_unary(a);
		a->depth--;
		return c == '-' ? (long)(0UL - (unsigned long)v) : c == '!' ? !v : c == '~' ? ~v : v;
	}
	return a_primary(a);
}

static const struct {
	const char *op;
	int prec;
} binops[] = {
	{ "||", 1 }, { "&&", 2 }, { "==", 6 }, { "!=", 6 }, { "<=", 7 }, { ">=", 7 },
	{ "<<", 8 }, { ">>", 8 }, { "|", 3 }, { "^", 4 }, { "&", 5 }, { "<", 7 },
	{ ">", 7 }, { "+", 9 }, { "-", 9 }, { "**", 11 }, { "*", 10 }, { "/", 10 }, { "%", 10 },
};

/* The binary operator at a->s (not an assignment), or -1. */
static int
a_binop(struct arith *a)
{
	const char *s;
	size_t i;
	int c, d;

	a_space(a);
	s = a->s;
	c = s[0];
	if (c == '\0' || !strchr("|&=!<>^+-*/%", c))
		return -1;
	d = s[1];
	for (i = 0; i < sizeof binops / sizeof *binops; i++) {
		if (binops[i].op[0] != c || (binops[i].op[1] && binops[i].op[1] != d))
			continue;
		if (s[binops[i].op[1] ? 2 : 1] == '=' && !(!binops[i].op[1] && (c == '<' || c == '>')) &&
		    !(c == '=' && d == '='))
			return -1;
		return (int)i;
	}
	return -1;
}

static long
a_power(long l, long r, int noeval)
{
	unsigned long v = 1;

	if (r < 0) {
		if (noeval)
			return 0;
		a_error("exponent less than 0");
	}
	for (; r > 0; r--)
		v *= (unsigned long)l;
	return (long)v;
}

static long
a_apply(const char *op, long l, long r, int noeval)
{
	unsigned long ul = (unsigned long)l, ur = (unsigned long)r;

	switch (op[0]) {
	case '|': return op[1] ? (l || r) : l | r;
	case '&': return op[1] ? (l && r) : l & r;
	case '^': return l ^ r;
	case '=': return l == r;
	case '!': return l != r;
	case '<': return op[1] == '<' ? (long)(ul << (r & 63)) : op[1] ? l <= r : l < r;
	case '>': return op[1] == '>' ? l >> (r & 63) : op[1] ? l >= r : l > r;
	case '+': return (long)(ul + ur);
	case '-': return (long)(ul - ur);
	case '*': return op[1] ? a_power(l, r, noeval) : (long)(ul * ur);
	}
	if (r == 0) {
		if (noeval)
			return 0;
		a_error("division by zero");
	}
	if (r == -1)
		return op[0] == '/' ? (long)(0UL - ul) : 0;
	return op[0] == '/' ? l / r : l % r;
}

static long
a_binary(struct arith *a, int minprec)
{
	long l = a_unary(a), r;
	int i, skip;

	while ((i = a_binop(a)) >= 0 && binops[i].prec >= minprec) {
		a->s += strlen(binops[i].op);
		skip = (binops[i].op[0] == '&' && binops[i].op[1] && !l) ||
			(binops[i].op[0] == '|' && binops[i].op[1] && l);
		a->noeval += skip;
		/* ** groups to the right */
		r = a_binary(a, binops[i].prec + (binops[i].prec != 11));
		a->noeval -= skip;
		l = a_apply(binops[i].op, l, r, a->noeval || skip);
	}
	return l;
}

static long
a_ternary(struct arith *a)
{
	long c = a_binary(a, 1), x, y;

	a_space(a);
	if (*a->s != '?')
		return c;
	a->s++;
	a->noeval += !c;
	x = a_assign(a);
	a->noeval -= !c;
	a_space(a);
	if (*a->s++ != ':')
		a_error("missing \":\"");
	a->noeval += !!c;
	y = a_ternary(a);	/* "1 ? 2 : x += 2" is an error */
	a->noeval -= !!c;
	return c ? x : y;
}

static long
a_assign(struct arith *a)
{
	static const char *const ops[] = {
		"=", "*=", "/=", "%=", "+=", "-=", "<<=", ">>=", "&=", "^=", "|="
	};
	const char *save = a->s;
	char name[256], opb[4];
	size_t i, n;
	long v;

	if (++a->depth > MAXDEPTH)
		a_error("nesting too deep");
	a_space(a);
	if (is_name_start((unsigned char)*a->s)) {
		a_name(a, name, sizeof name);
		a_space(a);
		for (i = 0; i < sizeof ops / sizeof *ops; i++) {
			n = strlen(ops[i]);
			if (strncmp(a->s, ops[i], n) != 0 || (n == 1 && a->s[1] == '='))
				continue;
			a->s += n;
			v = a_assign(a);
			if (n > 1) {
				memcpy(opb, ops[i], n - 1);
				opb[n - 1] = '\0';
				v = a_apply(opb, a->noeval ? 0 : var_number(a, name), v, a->noeval);
			}
			a->depth--;
			return a_setvar(a, name, v);
		}
	}
	a->s = save;
	v = a_ternary(a);
	a->depth--;
	return v;
}

static long
a_eval(const char *s, int noeval, int depth)
{
	struct arith a;
	long v;

	if (depth > MAXDEPTH)
		a_error("nesting too deep");
	a.s = s;
	a.noeval = noeval;
	a.depth = depth;
	a_space(&a);
	if (*a.s == '\0')
		return 0;
	v = a_assign(&a);
	a_space(&a);
	if (*a.s)
		a_error("syntax error");
	return v;
}

long
arith(const char *s)
{
	return a_eval(s, 0, 0);
}

/* let EXPR...: each argument evaluated; status 0 if the last is not zero. */
int
bi_let(int argc, char **argv)
{
	long v = 0;
	int i;

	if (argc < 2) {
		msg("let: expression expected");
		return 1;
	}
	for (i = 1; i < argc; i++)
		v = arith(argv[i]);
	return v == 0;
}
