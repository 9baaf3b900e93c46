/* expand.c - word expansion: parameters, command substitution, fields, globs */
#include "sh.h"
#include <fnmatch.h>
#include <glob.h>
#include <pwd.h>

/* A word on its way into fields. */
struct xstate {
	int flags, esc, glob, started, delim;
	const char *ifs;
	struct sbuf cur;	/* with backslashes before quoted magic characters (esc) */
	struct sbuf plain;	/* the same field as it is (esc and EXP_SPLIT) */
	struct fields *out;
};

void
fields_add(struct fields *f, char *s)
{
	char **v;

	if (f->n + 1 >= f->cap) {
		f->cap = f->cap ? f->cap * 2 : 16;
		v = st_alloc(f->cap * sizeof *v);
		if (f->n)
			memcpy(v, f->v, f->n * sizeof *v);
		f->v = v;
	}
	f->v[f->n++] = s;
	f->v[f->n] = NULL;
}

static int
str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
glob_field(struct fields *f, char *pat, char *plain)
{
	glob_t g;
	size_t i;
	int first = f->n;

	if (glob(pat, 0, NULL, &g) != 0) {
		fields_add(f, plain);
		return;
	}
	for (i = 0; i < g.gl_pathc; i++)
		fields_add(f, st_strdup(g.gl_pathv[i]));
	globfree(&g);
	qsort(f->v + first, f->n - first, sizeof *f->v, str_cmp);
}

static void
x_endfield(struct xstate *x, int force)
{
	char *s;

	if (!x->cur.n && !x->started && !force)
		return;
	s = sb_str(&x->cur);
	if (x->flags & EXP_SPLIT) {
		if (x->glob && !sh.opt['f'] && has_magic(s))
			glob_field(x->out, s, sb_str(&x->plain));
		else
			fields_add(x->out, x->esc ? sb_str(&x->plain) : s);
	} else {
		fields_add(x->out, s);
	}
	sb_init(&x->cur, NULL);
	sb_init(&x->plain, NULL);
	x->started = x->glob = 0;
}

static void
x_addc(struct xstate *x, int c, int quoted)
{
	if (x->esc && (c == '\\' || (quoted && strchr("*?[]!^-", c))))
		sb_addc(&x->cur, '\\');
	else if (!quoted && (c == '*' || c == '?' || c == '['))
		x->glob = 1;
	sb_addc(&x->cur, c);
	if (x->esc && (x->flags & EXP_SPLIT))
		sb_addc(&x->plain, c);
}

/*
 * A character of an unquoted expansion's value. As in other shells, a
 * backslash in it quotes the next character in a pattern; in a field that
 * matches no file it stays.
 */
static void
x_addv(struct xstate *x, int c)
{
	if (c != '\\' || !x->esc) {
		x_addc(x, c, 0);
		return;
	}
	sb_addc(&x->cur, c);
	if (x->flags & EXP_SPLIT)
		sb_addc(&x->plain, c);
}

static void
x_lit(struct xstate *x, const char *s, size_t n, int quoted)
{
	x->started = 1;
	x->delim = 0;
	if (!x->esc && (quoted || !(x->flags & EXP_SPLIT))) {
		sb_addn(&x->cur, s, n);
		return;
	}
	while (n--)
		x_addc(x, (unsigned char)*s++, quoted);
}

int
is_ifs_space(int c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

/* The result of an expansion: split on IFS unless quoted. */
static void
x_val(struct xstate *x, const char *s, int quoted)
{
	int c;

	if (quoted || !(x->flags & EXP_SPLIT)) {
		if (!x->esc) {
			sb_adds(&x->cur, s);
			return;
		}
		for (; (c = (unsigned char)*s) != 0; s++)
			if (quoted)
				x_addc(x, c, 1);
			else
				x_addv(x, c);
		return;
	}
	for (; (c = (unsigned char)*s) != 0; s++) {
		if (!strchr(x->ifs, c)) {
			x_addv(x, c);
			x->delim = 0;
		} else if (is_ifs_space(c)) {
			if (x->cur.n || x->started) {
				x_endfield(x, 0);
				x->delim = 1;
			}
		} else {
			if (!(x->delim == 1 && !x->cur.n && !x->started))
				x_endfield(x, 1);
			x->delim = 2;
		}
	}
}

const char *
ifs_value(void)
{
	const char *s = getvar("IFS");

	return s ? s : " \t\n";
}

/* $1 ... and the special parameters; NULL if unset. */
static const char *
special_param(const char *name, char *buf, size_t size)
{
	long n;
	int i;
	char *p;

	if (name[0] >= '0' && name[0] <= '9') {
		n = strtol(name, NULL, 10);
		if (n == 0)
			return arg0;
		return n <= pp.n ? pp.v[n - 1] : NULL;
	}
	switch (name[0]) {
	case '?':
		snprintf(buf, size, "%d", sh.status);
		return buf;
	case '$':
		snprintf(buf, size, "%ld", (long)sh.rootpid);
		return buf;
	case '!':
		if (sh.lastbg == 0)
			return NULL;
		snprintf(buf, size, "%ld", (long)sh.lastbg);
		return buf;
	case '#':
		snprintf(buf, size, "%d", pp.n);
		return buf;
	case '-':
		p = buf;
		for (i = 'a'; i <= 'z'; i++)
			if (sh.opt[i] && p < buf + size - 3)
				*p++ = (char)i;
		if (sh.opt['C'])
			*p++ = 'C';
		*p = '\0';
		return buf;
	}
	return NULL;
}

/* $@ and $* joined with SEP (for contexts that make one string). */
static char *
join_params(int sep)
{
	struct sbuf b;
	int i;

	sb_init(&b, NULL);
	for (i = 0; i < pp.n; i++) {
		if (i && sep)
			sb_addc(&b, sep);
		sb_adds(&b, pp.v[i]);
	}
	return sb_str(&b);
}

static const char *
param_value(const char *name, char *buf, size_t size)
{
	const char *v;

	if (is_name_start((unsigned char)name[0])) {
		v = getvar(name);
		if (v == NULL && strcmp(name, "LINENO") == 0) {
			snprintf(buf, size, "%d", sh.lineno);
			return buf;
		}
		return v;
	}
	if (name[0] == '@' || name[0] == '*')
		return pp.n ? join_params(name[0] == '*' ? ifs_value()[0] : ' ') : NULL;
	return special_param(name, buf, size);
}

static void
x_positional(struct xstate *x, struct part *q)
{
	int i, sep;

	if (q->dq && q->s[0] == '@' && (x->flags & EXP_SPLIT)) {
		for (i = 0; i < pp.n; i++) {
			if (i)
				x_endfield(x, 1);
			x_val(x, pp.v[i], 1);
			x->started = 1;
		}
		return;
	}
	if (q->dq || !(x->flags & EXP_SPLIT)) {
		/* v=$@ and v="$@" join as $* does, as in ash and dash */
		sep = ifs_value()[0];
		x_val(x, join_params(sep), q->dq);
		if (q->dq)
			x->started = 1;
		return;
	}
	for (i = 0; i < pp.n; i++) {
		if (i && (x->cur.n || x->started)) {
			x_endfield(x, 0);
			x->delim = 1;
		}
		x_val(x, pp.v[i], 0);
	}
}

static void x_parts(struct xstate *x, struct part *q, int insub);
static void x_tilde(struct xstate *x, struct part *q, int at);

/* ${x#pat} and friends: the part of VAL that PAT does not match. */
static const char *
trim(const char *val, const char *pat, int op)
{
	size_t n = strlen(val), i;
	char *t = st_strdup(val), c;

	if (op == '#' || op == 'H') {
		for (i = op == '#' ? 0 : n;; i += op == '#' ? 1 : (size_t)-1) {
			c = t[i];
			t[i] = '\0';
			if (fnmatch(pat, t, 0) == 0)
				return val + i;
			t[i] = c;
			if (i == (op == '#' ? n : 0))
				break;
		}
		return val;
	}
	for (i = op == '%' ? n : 0;; i += op == '%' ? (size_t)-1 : 1) {
		if (fnmatch(pat, val + i, 0) == 0)
			return st_strndup(val, i);
		if (i == (op == '%' ? 0 : n))
			break;
	}
	return val;
}

/* Does the locale the variables name (LC_ALL, LC_CTYPE, LANG) use UTF-8? */
static int
utf8_locale(void)
{
	static const char *const names[] = { "LC_ALL", "LC_CTYPE", "LANG" };
	const char *v;
	size_t i;

	for (i = 0; i < sizeof names / sizeof *names; i++) {
		v = getvar(names[i]);
		if (v && *v)
			return strcasestr(v, "utf-8") || strcasestr(v, "utf8");
	}
	return 0;
}

/* ${#x}: characters, in a UTF-8 locale; else bytes. */
static size_t
length(const char *v)
{
	size_t n = 0;

	if (!utf8_locale())
		return strlen(v);
	for (; *v; v++)
		n += ((unsigned char)*v & 0xc0) != 0x80;
	return n;
}

/* ${x:offset:length}: a negative offset counts from the end, a negative length too. */
static const char *
substring(const char *v, struct part *q)
{
	long n = (long)strlen(v), off = arith(expand_str(q->sub, 0)), end = n;

	if (off < 0)
		off += n;
	if (off < 0 || off > n)
		return "";
	if (q->colon) {
		end = arith(q->rep ? expand_str(q->rep, 0) : "0");
		end = end < 0 ? n + end : end > n - off ? n : off + end;
		if (end < off)
			return "";
	}
	return st_strndup(v + off, end - off);
}

/* The end of the longest match of PAT in T (of length N) from I; -1 if none. */
static long
match_end(char *t, size_t n, size_t i, const char *pat)
{
	size_t j;
	int c, m;

	for (j = n;; j--) {
		c = t[j];
		t[j] = '\0';
		m = fnmatch(pat, t + i, 0) == 0;
		t[j] = (char)c;
		if (m)
			return (long)j;
		if (j == i)
			return -1;
	}
}

/* ${x/pat/rep} (op /), ${x//pat/rep} (A), ${x/#pat/rep} (<), ${x/%pat/rep} (>) */
static const char *
replace(const char *v, const char *pat, const char *rep, int op)
{
	size_t n = strlen(v), i = 0;
	char *t = st_strdup(v);
	struct sbuf b;
	long e;
	int done = 0;

	if (*pat == '\0')
		return v;
	sb_init(&b, NULL);
	if (op == '>') {
		for (; i <= n; i++)
			if (fnmatch(pat, t + i, 0) == 0) {
				sb_addn(&b, v, i);
				sb_adds(&b, rep);
				return sb_str(&b);
			}
		return v;
	}
	while (i <= n && !done) {
		e = match_end(t, n, i, pat);
		if (e >= 0)
			sb_adds(&b, rep);
		done = op == '<' || (e >= 0 && op == '/');
		if (e > (long)i) {
			i = e;
		} else {
			if (i < n)
				sb_addc(&b, v[i]);
			i++;
		}
	}
	if (i < n)
		sb_adds(&b, v + i);
	return sb_str(&b);
}

static _Noreturn void
param_error(struct part *q)
{
	char *m = q->sub ? expand_str(q->sub, EXP_TILDE) : NULL;

	if (m && *m)
		sh_error("%s: %s", q->s, m);
	sh_error("%s: %s", q->s, q->colon ? "parameter not set or null" : "parameter not set");
}

static void
x_emit(struct xstate *x, struct part *q, const char *v)
{
	if (v != NULL)
		x_val(x, v, q->dq);
	if (q->dq)
		x->started = 1;
}

static void
x_param(struct xstate *x, struct part *q)
{
	char buf[64];
	const char *v;
	int isset, pos = q->s[0] == '@' || q->s[0] == '*';

	v = pos && (q->op == 0 || strchr("-=?+", q->op)) ?
		(pp.n ? "" : NULL) : param_value(q->s, buf, sizeof buf);
	if (pos && v && q->colon && pp.n == 1 && pp.v[0][0] == '\0')
		v = "";
	else if (pos && v && q->colon)
		v = "x";
	isset = v != NULL && !(q->colon && *v == '\0');
	if (v == NULL && sh.opt['u'] && q->op != '-' && q->op != '=' && q->op != '?' &&
	    q->op != '+' && strcmp(q->s, "@") != 0 && strcmp(q->s, "*") != 0)
		sh_error("%s: parameter not set", q->s);
	switch (q->op) {
	case 0:
		if (pos)
			x_positional(x, q);
		else
			x_emit(x, q, v);
		return;
	case '-':
	case '+':
		if (isset == (q->op == '+')) {
			x_parts(x, q->sub, 1);
			if (q->dq)	/* "${x:+}" is a field, empty */
				x->started = 1;
		} else if (q->op == '-' && pos)
			x_positional(x, q);
		else if (q->op == '-')
			x_emit(x, q, v);
		else if (q->dq)
			x->started = 1;
		return;
	case '=':
		if (!isset) {
			if (!is_name(q->s))
				sh_error("%s: cannot assign in this way", q->s);
			setvar(q->s, v = expand_str(q->sub, EXP_TILDE));
		}
		if (pos)
			x_positional(x, q);
		else
			x_emit(x, q, v);
		return;
	case '?':
		if (!isset)
			param_error(q);
		if (pos)
			x_positional(x, q);
		else
			x_emit(x, q, v);
		return;
	case 'L':
		if (pos)
			snprintf(buf, sizeof buf, "%d", pp.n);
		else
			snprintf(buf, sizeof buf, "%zu", v ? length(v) : (size_t)0);
		x_emit(x, q, buf);
		return;
	}
	if (q->op == 'S')
		x_emit(x, q, v ? substring(v, q) : NULL);
	else if (q->op == '#' || q->op == 'H' || q->op == '%' || q->op == 'P')
		x_emit(x, q, v ? trim(v, expand_str(q->sub, EXP_PAT | EXP_TILDE), q->op) : NULL);
	else
		x_emit(x, q, v ? replace(v, expand_str(q->sub, EXP_PAT | EXP_TILDE),
			q->rep ? expand_str(q->rep, EXP_TILDE) : "", q->op) : NULL);
}

static void
x_arith(struct xstate *x, struct part *q)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%ld", arith(expand_str(q->sub, 0)));
	x_emit(x, q, buf);
}

/* Parts into the fields of X; INSUB: inside ${x-word}, literals split too. */
static void
x_parts(struct xstate *x, struct part *q, int insub)
{
	for (; q; q = q->next) {
		switch (q->type) {
		case P_LIT:
			if (insub)
				x_val(x, q->s, 0);
			else if ((x->flags & EXP_ASSIGN) && (x->flags & EXP_TILDE) &&
			    strstr(q->s, ":~"))
				x_tilde(x, q, 0);
			else
				x_lit(x, q->s, q->len, 0);
			break;
		case P_QLIT:
			x_lit(x, q->s, q->len, 1);
			break;
		case P_PARAM:
			x_param(x, q);
			break;
		case P_CMDSUB:
			x_emit(x, q, run_cmdsub(q->cmd));
			break;
		case P_ARITH:
			x_arith(x, q);
			break;
		}
	}
}

/* The directory ~USER names (N bytes after the ~), or NULL. */
static const char *
tilde_dir(const char *user, size_t n)
{
	struct passwd *pw;

	if (n == 0)
		return getvar("HOME");
	pw = getpwnam(st_strndup(user, n));
	return pw ? pw->pw_dir : NULL;
}

/*
 * A literal part with ~ and ~user expanded: at its start if AT (the word's
 * start), and in an assignment after each ':'. A tilde-prefix ends at '/' (or
 * ':'), inside this part or at the word's end: ~$u and ~"u" stay.
 */
static void
x_tilde(struct xstate *x, struct part *q, int at)
{
	const char *s = q->s, *e = s + q->len, *end, *home;
	int assign = x->flags & EXP_ASSIGN;

	while (s < e) {
		if (at && *s == '~') {
			for (end = s + 1; end < e && *end != '/' && !(assign && *end == ':'); end++)
				;
			if ((end < e || !q->next) && (home = tilde_dir(s + 1, end - s - 1))) {
				x_val(x, home, 1);
				x->started = 1;
				s = end;
			}
		}
		for (end = s; end < e && !(assign && *end == ':'); end++)
			;
		if (end < e)
			end++;
		x_lit(x, s, end - s, 0);
		at = end > s && end[-1] == ':';
		s = end;
	}
}

static void
x_init(struct xstate *x, int flags, struct fields *out)
{
	x->flags = flags;
	x->esc = (flags & EXP_PAT) || ((flags & EXP_SPLIT) && !sh.opt['f']);
	x->glob = x->started = x->delim = 0;
	x->ifs = flags & EXP_SPLIT ? ifs_value() : "";
	sb_init(&x->cur, NULL);
	sb_init(&x->plain, NULL);
	x->out = out;
}

static void
x_word(struct xstate *x, struct part *q)
{
	if ((x->flags & EXP_TILDE) && q && q->type == P_LIT && q->s[0] == '~') {
		x_tilde(x, q, 1);
		q = q->next;
	}
	x_parts(x, q, 0);
}

/* A word into fields (appended to F). */
void
expand_word(struct word *w, int flags, struct fields *f)
{
	struct xstate x;

	if (w->lit) {
		fields_add(f, (char *)w->lit);
		return;
	}
	x_init(&x, flags, f);
	x_word(&x, w->parts);
	x_endfield(&x, 0);
}

/* Parts into one string, no splitting nor globbing. */
char *
expand_str(struct part *parts, int flags)
{
	struct xstate x;
	struct fields f = { NULL, 0, 0 };

	x_init(&x, flags & ~EXP_SPLIT, &f);
	x_word(&x, parts);
	x_endfield(&x, 1);
	return f.v[0];
}

char *
expand_word_str(struct word *w, int flags)
{
	if (w->lit && !(flags & EXP_PAT))
		return (char *)w->lit;
	if ((flags & EXP_PAT) && w->parts && !w->parts->next && w->parts->type == P_LIT &&
	    w->parts->s[0] != '~' && !strchr(w->parts->s, '\\'))
		return (char *)w->parts->s;
	return expand_str(w->parts, flags);
}
