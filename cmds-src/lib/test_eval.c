/*
 * test_eval.c - test's expressions, for test, [ and the shell's builtins.
 * POSIX's rules by argument count for up to four arguments, beyond that
 * ! ( ) -a -o by precedence (XSI).
 */
#include "cmd.h"
#include "proc.h"

struct tst {
	char **v;
	int i, end;	/* the next argument; one past the last */
	int err;	/* a message was printed: the answer is 2 */
};

static int or_expr(struct tst *t);

static int
error(struct tst *t, const char *arg, const char *msg)
{
	if (!t->err && arg != NULL)
		warn("%s: %s", arg, msg);
	else if (!t->err)
		warn("%s", msg);
	t->err = 1;
	return 0;
}

static int
is(const char *a, const char *s)
{
	return strcmp(a, s) == 0;
}

static int
unary_op(const char *a)
{
	return a[0] == '-' && a[1] != '\0' && a[2] == '\0' && strchr("bcdefghkLnOprsStuwxzG", a[1]) != NULL;
}

/* Binary operators, each with a code for what it compares and how. */
static const struct {
	char op[4];
	char code;
} binary_ops[] = {
	{ "=", '=' }, { "==", '=' }, { "!=", '!' }, { "<", '<' }, { ">", '>' },
	{ "-eq", 'e' }, { "-ne", 'n' }, { "-lt", 'l' }, { "-le", 'L' }, { "-gt", 'g' }, { "-ge", 'G' },
	{ "-nt", 'N' }, { "-ot", 'O' }, { "-ef", 'E' },
};

static int
binary_op(const char *a)
{
	for (size_t i = 0; i < sizeof binary_ops / sizeof *binary_ops; i++)
		if (is(a, binary_ops[i].op))
			return binary_ops[i].code;
	return 0;
}

static int
blank(int c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

static int
digit(int c)
{
	return c >= '0' && c <= '9';
}

/* An integer of any length: blanks, a sign, digits, blanks. */
struct num {
	int neg;
	const char *d;	/* the digits, less leading zeros */
	size_t len;
};

static int
number(struct tst *t, const char *s, struct num *n)
{
	const char *p = s;

	while (blank(*p))
		p++;
	n->neg = *p == '-';
	if (*p == '-' || *p == '+')
		p++;
	if (!digit(*p))
		return error(t, s, "integer expression expected");
	while (*p == '0' && digit(p[1]))
		p++;
	for (n->d = p; digit(*p); p++)
		;
	n->len = p - n->d;
	while (blank(*p))
		p++;
	if (*p != '\0')
		return error(t, s, "integer expression expected");
	if (n->len == 1 && *n->d == '0')
		n->neg = 0;
	return 1;
}

static int
num_cmp(const struct num *a, const struct num *b)
{
	int r;

	if (a->neg != b->neg)
		return a->neg ? -1 : 1;
	if (a->len != b->len)
		r = a->len < b->len ? -1 : 1;
	else
		r = memcmp(a->d, b->d, a->len);
	r = r < 0 ? -1 : r > 0;
	return a->neg ? -r : r;
}

static int
newer(const struct stat *a, const struct stat *b)
{
	if (a->st_mtim.tv_sec != b->st_mtim.tv_sec)
		return a->st_mtim.tv_sec > b->st_mtim.tv_sec;
	return a->st_mtim.tv_nsec > b->st_mtim.tv_nsec;
}

/* -nt, -ot, -ef: a file that does not exist is older than any that does. */
static int
file_compare(const char *a, int op, const char *b)
{
	struct stat sa, sb;
	int ea = stat(a, &sa) == 0, eb = stat(b, &sb) == 0;

	if (op == 'E')
		return ea && eb && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	if (op == 'N')
		return ea && (!eb || newer(&sa, &sb));
	return eb && (!ea || newer(&sb, &sa));
}

/* Does R, a comparison's sign, satisfy operator CODE? */
static int
holds(int code, int r)
{
	switch (code) {
	case '=': case 'e': return r == 0;
	case '!': case 'n': return r != 0;
	case '<': case 'l': return r < 0;
	case 'L': return r <= 0;
	case '>': case 'g': return r > 0;
	default: return r >= 0;	/* -ge */
	}
}

static int
binary(struct tst *t, const char *a, int code, const char *b)
{
	struct num x, y;

	if (code == 'N' || code == 'O' || code == 'E')
		return file_compare(a, code, b);
	if (strchr("=!<>", code) != NULL)
		return holds(code, strcmp(a, b));
	if (!number(t, a, &x) || !number(t, b, &y))
		return 0;
	return holds(code, num_cmp(&x, &y));
}

static int
tty_fd(struct tst *t, const char *s)
{
	struct num n;

	if (!number(t, s, &n))
		return 0;
	return !n.neg && n.len < 10 && isatty(atoi(s));
}

static int
unary(struct tst *t, int op, const char *a)
{
	struct stat st;

	switch (op) {
	case 'n': return *a != '\0';
	case 'z': return *a == '\0';
	case 't': return tty_fd(t, a);
	case 'h': case 'L': return lstat(a, &st) == 0 && S_ISLNK(st.st_mode);
	case 'r': return faccessat(AT_FDCWD, a, R_OK, AT_EACCESS) == 0;
	case 'w': return faccessat(AT_FDCWD, a, W_OK, AT_EACCESS) == 0;
	case 'x': return faccessat(AT_FDCWD, a, X_OK, AT_EACCESS) == 0;
	}
	if (stat(a, &st) < 0)
		return 0;
	switch (op) {
	case 'b': return S_ISBLK(st.st_mode);
	case 'c': return S_ISCHR(st.st_mode);
	case 'd': return S_ISDIR(st.st_mode);
	case 'f': return S_ISREG(st.st_mode);
	case 'p': return S_ISFIFO(st.st_mode);
	case 'S': return S_ISSOCK(st.st_mode);
	case 'g': return (st.st_mode & S_ISGID) != 0;
	case 'u': return (st.st_mode & S_ISUID) != 0;
	case 'k': return (st.st_mode & S_ISVTX) != 0;
	case 's': return st.st_size > 0;
	case 'O': return st.st_uid == geteuid();
	case 'G': return st.st_gid == getegid();
	default: return 1;	/* -e */
	}
}

/* primary: STRING | UNARY-OP ARG | ARG BINARY-OP ARG */
static int
primary(struct tst *t)
{
	char **a = t->v + t->i;
	int left = t->end - t->i, code;

	if (left >= 3 && (code = binary_op(a[1])) != 0) {
		t->i += 3;
		return binary(t, a[0], code, a[2]);
	}
	if (left >= 2 && unary_op(a[0])) {
		t->i += 2;
		return unary(t, a[0][1], a[1]);
	}
	t->i++;
	return a[0][0] != '\0';
}

/* term: ! term | ( or_expr ) | primary */
static int
term(struct tst *t)
{
	char **a = t->v + t->i;
	int left = t->end - t->i, r;

	if (left <= 0)
		return error(t, t->v[t->i - 1], "argument expected");
	if (left >= 3 && binary_op(a[1]))
		return primary(t);
	if (left >= 2 && is(a[0], "!")) {
		t->i++;
		return !term(t);
	}
	if (left >= 2 && is(a[0], "(")) {
		t->i++;
		r = or_expr(t);
		if (t->i >= t->end || !is(t->v[t->i], ")"))
			return error(t, NULL, "')' expected");
		t->i++;
		return r;
	}
	return primary(t);
}

static int
and_expr(struct tst *t)
{
	int r = term(t), r2;

	while (!t->err && t->i < t->end && is(t->v[t->i], "-a")) {
		t->i++;
		r2 = term(t);
		r = r && r2;
	}
	return r;
}

static int
or_expr(struct tst *t)
{
	int r = and_expr(t), r2;

	while (!t->err && t->i < t->end && is(t->v[t->i], "-o")) {
		t->i++;
		r2 = and_expr(t);
		r = r || r2;
	}
	return r;
}

static int by_count(struct tst *t, int n);

/* "( N arguments )", the N evaluated by themselves. */
static int
inner(struct tst *t, int n)
{
	int end = t->end, r;

	t->i++;
	t->end = t->i + n;
	r = by_count(t, n);
	t->end = end;
	t->i++;
	return r;
}

/* POSIX's table for N (up to 4) arguments; what it leaves open goes to the grammar. */
static int
by_count(struct tst *t, int n)
{
	char **a = t->v + t->i;

	switch (n) {
	case 0:
		return 0;
	case 1:
		t->i++;
		return a[0][0] != '\0';
	case 2:
		if (is(a[0], "!")) {
			t->i++;
			return !by_count(t, 1);
		}
		if (unary_op(a[0]))
			return primary(t);
		return error(t, a[0], "unary operator expected");
	case 3:
		if (binary_op(a[1]))
			return primary(t);
		if (is(a[1], "-a") || is(a[1], "-o")) {
			t->i += 3;
			return a[1][1] == 'a' ? a[0][0] && a[2][0] : a[0][0] || a[2][0];
		}
		if (is(a[0], "!")) {
			t->i++;
			return !by_count(t, 2);
		}
		if (is(a[0], "(") && is(a[2], ")"))
			return inner(t, 1);
		return error(t, a[1], "binary operator expected");
	case 4:
		if (is(a[0], "!")) {
			t->i++;
			return !by_count(t, 3);
		}
		if (is(a[0], "(") && is(a[3], ")"))
			return inner(t, 2);
	}
	return or_expr(t);
}

/* The expression in ARGV: 0 true, 1 false, 2 an error, which has been reported. */
int
test_eval(int argc, char **argv)
{
	struct tst t = { argv, 0, argc, 0 };
	int r = by_count(&t, argc);

	if (!t.err && t.i < argc)
		error(&t, argv[t.i], "unexpected argument");
	return t.err ? 2 : !r;
}
