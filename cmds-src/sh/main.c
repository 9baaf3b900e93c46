/* sh - the POSIX command language interpreter */
#include "cmd.h"
#include <fnmatch.h>
#include <glob.h>
#include <pwd.h>
#include <setjmp.h>
#include <signal.h>
#include <termios.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/times.h>
#include <sys/wait.h>

/*
 * Structure: input is read by a lexer into an AST, one complete command at a
 * time (parse_*), which the evaluator walks (exec_*). Words stay as lists of
 * parts (literal, parameter, command substitution, arithmetic) and are
 * expanded at run time (x_*). Parse trees live in reference-counted arenas;
 * expansions live on a mark/release stack, so an error can unwind with one
 * longjmp and nothing leaks.
 *
 * Options are "+"-aware ("set +x"), so the shell parses its own rather than
 * using opt_next().
 */
static const char usage[] =
	"sh [-aCefnuvx] [-o OPTION] [-c STRING [NAME [ARG...]] | -s [ARG...] | FILE [ARG...]]";

#define ALIGN(n) (((n) + 15) & ~(size_t)15)
#define EOF_C (-1)
#define MAXDEPTH 400		/* nesting the parser and evaluator accept */

/* ---- memory ---------------------------------------------------------- */

struct block {
	struct block *prev;
	size_t size, used;
};

struct arena {
	struct block *top;
	int refs;
};

struct stmark {
	struct block *top;
	size_t used;
};

static struct arena xstack;	/* expansion results: mark and release */
static struct block *spare;	/* one freed block of xstack, kept for reuse */

static void *
a_alloc(struct arena *a, size_t n)
{
	struct block *b = a->top;
	size_t hdr = ALIGN(sizeof *b), sz;
	void *p;

	n = ALIGN(n);
	if (b == NULL || b->size - b->used < n) {
		sz = n + hdr > 8192 ? n + hdr : 8192;
		if (a == &xstack && spare != NULL && sz == 8192) {
			b = spare;
			spare = NULL;
		} else {
			b = xmalloc(sz);
		}
		b->prev = a->top;
		b->size = sz;
		b->used = hdr;
		a->top = b;
	}
	p = (char *)b + b->used;
	b->used += n;
	return p;
}

/* Grow the most recent allocation P of OLD bytes in place, if it fits. */
static int
a_extend(struct arena *a, void *p, size_t old, size_t n)
{
	struct block *b = a->top;

	if (b == NULL || (char *)p + ALIGN(old) != (char *)b + b->used)
		return 0;
	if ((size_t)((char *)p - (char *)b) + ALIGN(n) > b->size)
		return 0;
	b->used = (size_t)((char *)p - (char *)b) + ALIGN(n);
	return 1;
}

static struct arena *
arena_new(void)
{
	struct arena *a = xmalloc(sizeof *a);

	a->top = NULL;
	a->refs = 1;
	return a;
}

static void
arena_unref(struct arena *a)
{
	struct block *b;

	if (a == NULL || --a->refs > 0)
		return;
	while ((b = a->top) != NULL) {
		a->top = b->prev;
		free(b);
	}
	free(a);
}

static void
st_mark(struct stmark *m)
{
	m->top = xstack.top;
	m->used = xstack.top ? xstack.top->used : 0;
}

static void
st_release(const struct stmark *m)
{
	struct block *b;

	while ((b = xstack.top) != m->top) {
		xstack.top = b->prev;
		if (spare == NULL && b->size == 8192)
			spare = b;
		else
			free(b);
	}
	if (b != NULL)
		b->used = m->used;
}

static void *
st_alloc(size_t n)
{
	return a_alloc(&xstack, n);
}

static char *
st_strndup(const char *s, size_t n)
{
	char *p = st_alloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

static char *
st_strdup(const char *s)
{
	return st_strndup(s, strlen(s));
}

/* A growable string in an arena (the expansion stack unless told). */
struct sbuf {
	char *s;
	size_t n, cap;
	struct arena *a;
};

static void
sb_init(struct sbuf *b, struct arena *a)
{
	b->s = NULL;
	b->n = b->cap = 0;
	b->a = a ? a : &xstack;
}

static void
sb_grow(struct sbuf *b, size_t more)
{
	size_t cap = b->cap ? b->cap * 2 : 32;
	char *s;

	if (b->n + more + 1 <= b->cap)
		return;
	while (cap < b->n + more + 1)
		cap *= 2;
	if (b->s != NULL && a_extend(b->a, b->s, b->cap, cap)) {
		b->cap = cap;
		return;
	}
	s = a_alloc(b->a, cap);
	if (b->n)
		memcpy(s, b->s, b->n);
	b->s = s;
	b->cap = cap;
}

static void
sb_addc(struct sbuf *b, int c)
{
	if (b->n + 2 > b->cap)
		sb_grow(b, 1);
	b->s[b->n++] = (char)c;
}

static void
sb_addn(struct sbuf *b, const char *s, size_t n)
{
	sb_grow(b, n);
	memcpy(b->s + b->n, s, n);
	b->n += n;
}

static void
sb_adds(struct sbuf *b, const char *s)
{
	sb_addn(b, s, strlen(s));
}

static char *
sb_str(struct sbuf *b)
{
	sb_grow(b, 0);
	b->s[b->n] = '\0';
	return b->s;
}

/* ---- output of builtins: buffered, flushed after each builtin ---------- */

static struct {
	char buf[4096];
	size_t n;
	int err;
} out;

static void
out_flush(void)
{
	if (out.n && write_all(1, out.buf, out.n) < 0)
		out.err = errno ? errno : EIO;
	out.n = 0;
}

static void
out_n(const char *s, size_t n)
{
	if (n > sizeof out.buf - out.n) {
		out_flush();
		if (n > sizeof out.buf) {
			if (write_all(1, s, n) < 0)
				out.err = errno ? errno : EIO;
			return;
		}
	}
	memcpy(out.buf + out.n, s, n);
	out.n += n;
}

static void
out_s(const char *s)
{
	out_n(s, strlen(s));
}

static void
out_c(int c)
{
	char ch = (char)c;

	out_n(&ch, 1);
}

static void
out_fmt(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n > 0)
		out_n(buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

/* Write S single-quoted for re-input to the shell. */
static void
out_quoted(const char *s)
{
	out_c('\'');
	for (; *s; s++) {
		if (*s == '\'')
			out_s("'\\''");
		else
			out_c(*s);
	}
	out_c('\'');
}

/* ---- diagnostics --------------------------------------------------------- */

static void
vmsg(const char *fmt, va_list ap)
{
	char buf[1024];
	int n;

	out_flush();
	n = snprintf(buf, sizeof buf, "%s: ", cmd_name);
	if (n < 0)
		n = 0;
	vsnprintf(buf + n, sizeof buf - n - 1, fmt, ap);
	n = strlen(buf);
	buf[n++] = '\n';
	write_all(2, buf, n);
}

/* "sh: message" on stderr; no change of status. */
static void
msg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
}

/* ---- shell state --------------------------------------------------------- */

enum { SK_NONE, SK_BREAK, SK_CONT, SK_RETURN };
#define EV_EXIT 1		/* the last thing this (sub)shell does */
#define EV_TESTED 2		/* a condition: set -e does not apply */

static struct {
	int status;		/* $? */
	pid_t rootpid, lastbg;
	int interactive;	/* the main shell reads commands from a person */
	int child;		/* a forked subshell */
	int skip, skipn;	/* break, continue, return in progress */
	int loops, funcs, dots;	/* nesting of each, for the skip rules */
	int depth;		/* evaluator recursion */
	int cmdsub_status;	/* of the last command substitution */
	int retval;		/* of "return" */
	int traps_set;		/* any trap action is defined */
	char opt[128];		/* option letters: opt['e'] ... */
	jmp_buf *top;		/* where an interactive shell recovers */
} sh;

static volatile sig_atomic_t gotsig, pending[65];

static _Noreturn void sh_exit(int status);
static void out_restore(int level);
static int nsaved(void);

/* A shell error: message, then exit (non-interactive) or back to the prompt. */
static _Noreturn void
raise_status(int status)
{
	sh.status = status;
	if (sh.interactive && !sh.child && sh.top != NULL)
		longjmp(*sh.top, 1);
	sh_exit(status);
}

static _Noreturn void
sh_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
	raise_status(2);
}

/* ---- variables: a hash table ----------------------------------------------- */

#define V_EXPORT 1
#define V_RDONLY 2
#define V_UNSET 4		/* declared (export x, local x) but without value */
#define NBUCKET 256

struct var {
	struct var *next;
	char *val;
	size_t cap;
	unsigned flags;
	char name[1];
};

static struct var *vtab[NBUCKET];
static int optpos;		/* getopts: offset inside the current argument */

static unsigned
hash(const char *s)
{
	unsigned h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

static int
is_name_start(int c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int
is_name_char(int c)
{
	return is_name_start(c) || (c >= '0' && c <= '9');
}

static int
is_name(const char *s)
{
	if (!is_name_start((unsigned char)*s))
		return 0;
	while (is_name_char((unsigned char)*++s))
		;
	return *s == '\0';
}

/* The variable whose name is the first N bytes of NAME. */
static struct var *
var_findn(const char *name, size_t n, int create)
{
	unsigned h = 5381;
	size_t i;
	struct var *v;

	for (i = 0; i < n; i++)
		h = h * 33 + (unsigned char)name[i];
	for (v = vtab[h % NBUCKET]; v != NULL; v = v->next)
		if (strncmp(v->name, name, n) == 0 && v->name[n] == '\0')
			return v;
	if (!create)
		return NULL;
	v = xmalloc(sizeof *v + n);
	memcpy(v->name, name, n);
	v->name[n] = '\0';
	v->val = NULL;
	v->cap = 0;
	v->flags = V_UNSET;
	v->next = vtab[h % NBUCKET];
	vtab[h % NBUCKET] = v;
	return v;
}

static struct var *
var_find(const char *name, int create)
{
	return var_findn(name, strlen(name), create);
}

static const char *
getvar(const char *name)
{
	struct var *v = var_find(name, 0);

	return v == NULL || (v->flags & V_UNSET) ? NULL : v->val;
}

static void
var_store(struct var *v, const char *val)
{
	size_t n = strlen(val);

	if (n + 1 > v->cap) {
		v->cap = n + 1 < 16 ? 16 : n + 1;
		free(v->val);
		v->val = xmalloc(v->cap);
	}
	memcpy(v->val, val, n + 1);
	v->flags &= ~V_UNSET;
}

/* Set NAME to VAL (NULL: declared, no value). -1 if read-only (reported). */
static int
setvar_flags(const char *name, const char *val, unsigned flags)
{
	struct var *v = var_find(name, 1);

	if (v->flags & V_RDONLY) {
		msg("%s: is read only", name);
		return -1;
	}
	if (val != NULL)
		var_store(v, val);
	v->flags |= flags;
	if (sh.opt['a'] && val != NULL)
		v->flags |= V_EXPORT;
	if (strcmp(name, "OPTIND") == 0)
		optpos = 0;
	return 0;
}

/* An assignment in the language: read-only is a shell error. */
static void
setvar(const char *name, const char *val)
{
	if (setvar_flags(name, val, 0) < 0)
		raise_status(sh.interactive ? 1 : 2);
}

static int
unsetvar(const char *name)
{
	struct var *v = var_find(name, 0);

	if (v == NULL)
		return 0;
	if (v->flags & V_RDONLY) {
		msg("%s: is read only", name);
		return -1;
	}
	v->flags = V_UNSET;
	return 0;
}

static void
setvar_int(const char *name, long n)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%ld", n);
	setvar(name, buf);
}

static int
var_cmp(const void *a, const void *b)
{
	return strcmp((*(struct var *const *)a)->name, (*(struct var *const *)b)->name);
}

/* All variables with any of FLAGS (0: all that are set), sorted, on the stack. */
static struct var **
var_list(unsigned flags, int *np)
{
	struct var *v, **list;
	int n = 0, i;

	for (i = 0; i < NBUCKET; i++)
		for (v = vtab[i]; v; v = v->next)
			n++;
	list = st_alloc((n + 1) * sizeof *list);
	n = 0;
	for (i = 0; i < NBUCKET; i++)
		for (v = vtab[i]; v; v = v->next)
			if (flags ? (v->flags & flags) != 0 : !(v->flags & V_UNSET))
				list[n++] = v;
	qsort(list, n, sizeof *list, var_cmp);
	*np = n;
	return list;
}

/* The environment for a new program: exported variables, on the stack. */
static char **
make_env(void)
{
	struct var *v, **env_v;
	char **env;
	int n = 0, i, k = 0;
	size_t ln, lv;

	env_v = var_list(V_EXPORT, &n);
	env = st_alloc((n + 1) * sizeof *env);
	for (i = 0; i < n; i++) {
		v = env_v[i];
		if (v->flags & V_UNSET)
			continue;
		ln = strlen(v->name);
		lv = strlen(v->val);
		env[k] = st_alloc(ln + lv + 2);
		memcpy(env[k], v->name, ln);
		env[k][ln] = '=';
		memcpy(env[k] + ln + 1, v->val, lv + 1);
		k++;
	}
	env[k] = NULL;
	return env;
}

/* ---- positional parameters and function frames ----------------------------- */

struct params {
	int n;
	char **v;		/* malloc'd copies */
};

static struct params pp;
static char *arg0;

static void
params_set(struct params *p, int n, char **v)
{
	int i;

	p->n = n;
	p->v = xmalloc((n + 1) * sizeof *p->v);
	for (i = 0; i < n; i++)
		p->v[i] = xstrdup(v[i]);
	p->v[n] = NULL;
}

static void
params_free(struct params *p)
{
	int i;

	for (i = 0; i < p->n; i++)
		free(p->v[i]);
	free(p->v);
	p->v = NULL;
	p->n = 0;
}

/* Saved variable state for "local" and for assignments before a command. */
struct saved_var {
	struct saved_var *next;
	char *name, *val;
	unsigned flags;
	int existed;
};

struct frame {
	struct frame *prev;
	struct saved_var *locals;
	struct params saved;	/* the caller's positional parameters */
};

static struct frame *frames;

static struct saved_var *
var_save(const char *name)
{
	struct saved_var *s = xmalloc(sizeof *s);
	struct var *v = var_find(name, 0);

	s->name = xstrdup(name);
	s->existed = v != NULL;
	s->val = v && !(v->flags & V_UNSET) ? xstrdup(v->val) : NULL;
	s->flags = v ? v->flags : V_UNSET;
	s->next = NULL;
	return s;
}

static void
var_restore(struct saved_var *s)
{
	struct var *v = var_find(s->name, 1);

	if (s->val != NULL)
		var_store(v, s->val);
	v->flags = s->flags;
	if (s->val == NULL)
		v->flags |= V_UNSET;
	if (strcmp(s->name, "OPTIND") == 0)
		optpos = 0;
	free(s->name);
	free(s->val);
	free(s);
}

static void
restore_list(struct saved_var *s)
{
	struct saved_var *next;

	for (; s != NULL; s = next) {
		next = s->next;
		var_restore(s);
	}
}

static void
frame_push(struct frame *f)
{
	f->prev = frames;
	f->locals = NULL;
	frames = f;
}

static void
frame_pop(void)
{
	struct frame *f = frames;

	frames = f->prev;
	restore_list(f->locals);
	params_free(&pp);
	pp = f->saved;
	free(f);
}

/* ---- the syntax tree ---------------------------------------------------------- */

enum {
	N_CMD, N_PIPE, N_AND, N_OR, N_NOT, N_LIST, N_BG, N_SUB, N_GROUP,
	N_IF, N_WHILE, N_UNTIL, N_FOR, N_CASE, N_FUNC
};
enum { P_LIT, P_QLIT, P_PARAM, P_CMDSUB, P_ARITH };
enum { R_IN, R_OUT, R_APP, R_CLOB, R_RW, R_DUPIN, R_DUPOUT, R_HERE, R_HERESTRIP };

struct part {
	struct part *next;
	unsigned char type;
	unsigned char dq;	/* inside double quotes */
	unsigned char op;	/* parameter: 0 - = ? + # H(##) % P(%%) L(length) */
	unsigned char colon;
	const char *s;		/* literal text, or parameter name */
	size_t len;
	struct part *sub;	/* the word of ${x-word}; the expression of $(( )) */
	struct node *cmd;	/* $( ) */
};

struct word {
	struct word *next;
	struct part *parts;
	const char *lit;	/* the whole word, if one plain literal */
	const char *name;	/* assignment: the variable; parts are the value */
	int kw;
};

struct redir {
	struct redir *next;
	int type, fd;
	struct word *word;	/* the target; for here-documents, the delimiter */
	struct part *here;	/* here-document body to expand */
	const char *heretext;	/* here-document body, literal */
};

struct citem {
	struct citem *next;
	struct word *pats;
	struct node *body;
};

struct node {
	int type, lineno;
	struct node *next;	/* in lists and pipelines */
	struct node *a, *b, *c;
	struct word *args, *assigns;
	struct redir *redir;
	const char *name;
	struct citem *items;
	int flag;		/* for: has "in" */
	struct arena *arena;	/* function definition: the tree's arena */
};

/* ---- input sources ------------------------------------------------------------ */

enum { SRC_STR, SRC_FD, SRC_TTY };

struct src {
	int type, fd, byte, eof, seekable;
	const char *s;
	size_t len, pos;
	char *buf;
};

static int tty_readline(struct src *s, int ps2);

static int
src_fill(struct src *s, int ps2)
{
	ssize_t n;

	if (s->eof || s->type == SRC_STR) {
		s->eof = 1;
		return 0;
	}
	if (s->type == SRC_TTY)
		return tty_readline(s, ps2);
	if (s->buf == NULL)
		s->buf = xmalloc(4096);
	do
		n = read(s->fd, s->buf, s->byte ? 1 : 4096);
	while (n < 0 && errno == EINTR);
	if (n <= 0) {
		s->eof = 1;
		return 0;
	}
	s->s = s->buf;
	s->len = n;
	s->pos = 0;
	return 1;
}

/* ---- lexer -------------------------------------------------------------------- */

enum {
	T_EOF, T_NL, T_SEMI, T_AMP, T_PIPE, T_AND, T_OR, T_DSEMI, T_LPAR, T_RPAR,
	T_WORD, T_REDIR
};
enum {
	K_NONE, K_IF, K_THEN, K_ELSE, K_ELIF, K_FI, K_DO, K_DONE, K_CASE, K_ESAC,
	K_WHILE, K_UNTIL, K_FOR, K_IN, K_LBRACE, K_RBRACE, K_BANG
};
static const char *const kwnames[] = {
	"", "if", "then", "else", "elif", "fi", "do", "done", "case", "esac",
	"while", "until", "for", "in", "{", "}", "!"
};
static const char *const toknames[] = {
	"end of file", "newline", ";", "&", "|", "&&", "||", ";;", "(", ")", "word", "redirection"
};
enum { C_NORM, C_DQ, C_SUB, C_SUBDQ, C_ARITH, C_HEREDOC };

struct heredoc {
	struct heredoc *next;
	struct redir *r;
	char *delim;
	int quoted;
};

struct parser {
	struct src *src;
	struct arena *arena;
	jmp_buf *jb;
	int lineno, ps2, depth, quiet;
	int push[4], npush;
	int tok, have, tokline;
	struct word *word;	/* T_WORD */
	int rtype, rfd;		/* T_REDIR */
	struct heredoc *hd;	/* pending here-documents */
	struct sbuf lit;	/* literal being collected */
	int litq;		/* ... quoted */
	char err[160];
};

static struct node *parse_clist(struct parser *p);
static struct part *read_parts(struct parser *p, int ctx);
static void read_heredocs(struct parser *p);

static _Noreturn void
perr(struct parser *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(p->err, sizeof p->err, fmt, ap);
	va_end(ap);
	longjmp(*p->jb, 1);
}

static int
pgetc(struct parser *p)
{
	struct src *s = p->src;
	int c;

	if (p->npush)
		return p->push[--p->npush];
	do {
		if (s->pos >= s->len && !src_fill(s, p->ps2))
			return EOF_C;
		c = (unsigned char)s->s[s->pos++];
	} while (c == '\0');
	if (c == '\n') {
		p->lineno++;
		p->ps2 = 1;
	}
	return c;
}

static void
pungetc(struct parser *p, int c)
{
	if (p->npush < 4)
		p->push[p->npush++] = c;
}

static void *
palloc(struct parser *p, size_t n)
{
	void *q = a_alloc(p->arena, n);

	memset(q, 0, n);
	return q;
}

static char *
pstrndup(struct parser *p, const char *s, size_t n)
{
	char *q = a_alloc(p->arena, n + 1);

	memcpy(q, s, n);
	q[n] = '\0';
	return q;
}

struct plist {
	struct part *head, *tail;
};

static struct part *
add_part(struct parser *p, struct plist *l, int type, int dq)
{
	struct part *q = palloc(p, sizeof *q);

	q->type = (unsigned char)type;
	q->dq = (unsigned char)dq;
	if (l->tail)
		l->tail->next = q;
	else
		l->head = q;
	l->tail = q;
	return q;
}

static void
lit_flush(struct parser *p, struct plist *l)
{
	struct part *q;

	if (p->lit.n == 0)
		return;
	q = add_part(p, l, p->litq ? P_QLIT : P_LIT, p->litq);
	q->s = pstrndup(p, p->lit.s, p->lit.n);
	q->len = p->lit.n;
	sb_init(&p->lit, p->arena);
}

static void
lit_add(struct parser *p, struct plist *l, int c, int quoted)
{
	if (p->lit.n && p->litq != quoted)
		lit_flush(p, l);
	p->litq = quoted;
	sb_addc(&p->lit, c);
}

/* An empty quoted string still makes a field: "" and ''. */
static void
lit_empty(struct parser *p, struct plist *l)
{
	struct part *q;

	lit_flush(p, l);
	q = add_part(p, l, P_QLIT, 1);
	q->s = "";
}

static void
deeper(struct parser *p)
{
	if (++p->depth > MAXDEPTH)
		perr(p, "nesting too deep");
}

static void
read_squote(struct parser *p, struct plist *l)
{
	int c, any = 0;

	while ((c = pgetc(p)) != '\'') {
		if (c == EOF_C)
			perr(p, "syntax error: unterminated quoted string");
		lit_add(p, l, c, 1);
		any = 1;
	}
	if (!any)
		lit_empty(p, l);
}

/* Backslash: CTX says which characters it quotes. */
static void
read_backslash(struct parser *p, struct plist *l, int ctx)
{
	int c = pgetc(p), dq = ctx == C_DQ || ctx == C_SUBDQ || ctx == C_HEREDOC;

	if (c == '\n')
		return;
	if (c == EOF_C) {
		lit_add(p, l, '\\', dq);
		return;
	}
	if (dq && !strchr(ctx == C_HEREDOC ? "$`\\" : ctx == C_SUBDQ ? "$`\\\"}" : "$`\\\"", c))
		lit_add(p, l, '\\', 1);
	lit_add(p, l, c, 1);
}

static void
read_dquote(struct parser *p, struct plist *l)
{
	struct part *q;

	lit_flush(p, l);
	q = read_parts(p, C_DQ);
	if (q == NULL) {
		lit_empty(p, l);
		return;
	}
	if (l->tail)
		l->tail->next = q;
	else
		l->head = q;
	while (q->next)
		q = q->next;
	l->tail = q;
}

static struct node *
parse_cmdsub(struct parser *p)
{
	int tok = p->tok, have = p->have, rtype = p->rtype, rfd = p->rfd;
	struct word *w = p->word;
	struct node *n;

	p->have = 0;
	deeper(p);
	n = parse_clist(p);
	if (!p->have)
		p->tok = T_EOF;
	if (p->tok != T_RPAR)
		perr(p, "syntax error: unexpected %s (expecting \")\")", toknames[p->tok]);
	p->depth--;
	p->tok = tok;
	p->have = have;
	p->rtype = rtype;
	p->rfd = rfd;
	p->word = w;
	return n;
}

static struct node *parse_string(struct parser *p, const char *s, size_t n, int line);

static struct node *
read_backquote(struct parser *p, int dq)
{
	struct sbuf b;
	int c, d;

	sb_init(&b, p->arena);
	for (;;) {
		c = pgetc(p);
		if (c == EOF_C)
			perr(p, "syntax error: unterminated `");
		if (c == '`')
			break;
		if (c == '\\') {
			d = pgetc(p);
			if (d == '\n')
				continue;
			if (d == EOF_C || !(strchr("$`\\", d) || (dq && d == '"')))
				sb_addc(&b, '\\');
			if (d == EOF_C)
				continue;
			c = d;
		}
		sb_addc(&b, c);
	}
	return parse_string(p, b.s ? b.s : "", b.n, p->lineno);
}

static const char *
read_param_name(struct parser *p, int c)
{
	struct sbuf b;

	sb_init(&b, p->arena);
	if (is_name_start(c)) {
		while (is_name_char(c)) {
			sb_addc(&b, c);
			c = pgetc(p);
		}
	} else if (c >= '0' && c <= '9') {
		while (c >= '0' && c <= '9') {
			sb_addc(&b, c);
			c = pgetc(p);
		}
	} else if (c != EOF_C && strchr("@*#?-$!", c)) {
		sb_addc(&b, c);
		c = pgetc(p);
	} else {
		perr(p, "syntax error: bad substitution");
	}
	pungetc(p, c);
	return sb_str(&b);
}

static void
read_brace(struct parser *p, struct plist *l, int dq)
{
	struct part *q = add_part(p, l, P_PARAM, dq);
	int c = pgetc(p), d;

	if (c == '#') {
		d = pgetc(p);
		pungetc(p, d);
		if (d == '}' || d == EOF_C || (d != '#' && !is_name_char(d) && !strchr("@*?-$!", d))) {
			q->s = "#";
		} else {
			q->op = 'L';
			q->s = read_param_name(p, pgetc(p));
		}
	} else {
		q->s = read_param_name(p, c);
	}
	c = pgetc(p);
	if (c == '}')
		return;
	if (q->op == 'L')
		perr(p, "syntax error: bad substitution");
	if (c == ':') {
		q->colon = 1;
		c = pgetc(p);
		if (c == EOF_C || !strchr("-=?+", c))
			perr(p, "syntax error: bad substitution");
	}
	if (c == '#' || c == '%') {
		d = pgetc(p);
		if (d == c)
			c = c == '#' ? 'H' : 'P';
		else
			pungetc(p, d);
		q->op = (unsigned char)c;
		q->sub = read_parts(p, C_SUB);
		return;
	}
	if (c == EOF_C || !strchr("-=?+", c))
		perr(p, "syntax error: bad substitution");
	q->op = (unsigned char)c;
	q->sub = read_parts(p, dq ? C_SUBDQ : C_SUB);
}

static void
read_dollar(struct parser *p, struct plist *l, int dq)
{
	struct part *q;
	int c = pgetc(p), d;

	if (c == '(') {
		lit_flush(p, l);
		d = pgetc(p);
		if (d == '(') {
			deeper(p);
			q = add_part(p, l, P_ARITH, dq);
			q->sub = read_parts(p, C_ARITH);
			p->depth--;
			return;
		}
		pungetc(p, d);
		q = add_part(p, l, P_CMDSUB, dq);
		q->cmd = parse_cmdsub(p);
		return;
	}
	if (c == '{') {
		lit_flush(p, l);
		deeper(p);
		read_brace(p, l, dq);
		p->depth--;
		return;
	}
	if (c != EOF_C && (is_name_char(c) || strchr("@*#?-$!", c))) {
		lit_flush(p, l);
		q = add_part(p, l, P_PARAM, dq);
		if (c >= '0' && c <= '9') {
			char digit = (char)c;

			q->s = pstrndup(p, &digit, 1);
			return;
		}
		q->s = read_param_name(p, c);
		return;
	}
	pungetc(p, c);
	lit_add(p, l, '$', dq);
}

/* Does C end a word in context CTX? (Then it is pushed back or consumed.) */
static int
word_end(struct parser *p, int c, int ctx, int *paren, int *nest)
{
	int d;

	switch (ctx) {
	case C_NORM:
		if (c != EOF_C && strchr(" \t\n;&|<>()", c)) {
			pungetc(p, c);
			return 1;
		}
		return c == EOF_C;
	case C_DQ:
		if (c == EOF_C)
			perr(p, "syntax error: unterminated quoted string");
		return c == '"';
	case C_SUB:
	case C_SUBDQ:
		if (c == EOF_C)
			perr(p, "syntax error: missing \"}\"");
		return c == '}' && !*nest;
	case C_ARITH:
		if (c == EOF_C)
			perr(p, "syntax error: missing \"))\"");
		if (c == '(')
			++*paren;
		if (c != ')')
			return 0;
		if (*paren > 0) {
			--*paren;
			return 0;
		}
		if ((d = pgetc(p)) != ')')
			perr(p, "syntax error: missing \"))\"");
		return 1;
	}
	return c == EOF_C;
}

/* The parts of one word, up to the end that CTX defines. */
static struct part *
read_parts(struct parser *p, int ctx)
{
	struct plist l = { NULL, NULL };
	int c, paren = 0, nest = 0, dq = ctx == C_DQ || ctx == C_SUBDQ || ctx == C_HEREDOC;
	int q = dq || ctx == C_ARITH;

	lit_flush(p, &l);
	deeper(p);
	for (;;) {
		c = pgetc(p);
		if (word_end(p, c, ctx, &paren, &nest))
			break;
		if (c == '\\')
			read_backslash(p, &l, ctx);
		else if (c == '\'' && !dq && ctx != C_ARITH)
			read_squote(p, &l);
		else if (c == '"' && (ctx == C_NORM || ctx == C_SUB))
			read_dquote(p, &l);
		else if (c == '"' && (ctx == C_SUBDQ || ctx == C_ARITH))
			nest = !nest;
		else if (c == '$')
			read_dollar(p, &l, dq);
		else if (c == '`') {
			lit_flush(p, &l);
			add_part(p, &l, P_CMDSUB, dq)->cmd = read_backquote(p, dq);
		} else
			lit_add(p, &l, c, q);
	}
	lit_flush(p, &l);
	p->depth--;
	return l.head;
}

static int
has_magic(const char *s)
{
	for (; *s; s++)
		if (*s == '*' || *s == '?' || (*s == '[' && strchr(s, ']')))
			return 1;
	return 0;
}

static struct word *
make_word(struct parser *p, struct part *parts)
{
	struct word *w = palloc(p, sizeof *w);
	size_t i;

	w->parts = parts;
	if (parts && !parts->next && parts->type == P_LIT) {
		if (!has_magic(parts->s) && parts->s[0] != '~')
			w->lit = parts->s;
		for (i = 1; i < sizeof kwnames / sizeof *kwnames; i++)
			if (strcmp(parts->s, kwnames[i]) == 0)
				w->kw = (int)i;
	}
	return w;
}

static int
lex_redir(struct parser *p, int c, int fd)
{
	int d = pgetc(p);

	p->rfd = fd;
	if (c == '<') {
		p->rtype = d == '<' ? R_HERE : d == '&' ? R_DUPIN : d == '>' ? R_RW : R_IN;
		if (p->rtype == R_HERE) {
			if ((d = pgetc(p)) == '-')
				p->rtype = R_HERESTRIP;
			else
				pungetc(p, d);
		} else if (p->rtype == R_IN) {
			pungetc(p, d);
		}
	} else {
		p->rtype = d == '>' ? R_APP : d == '&' ? R_DUPOUT : d == '|' ? R_CLOB : R_OUT;
		if (p->rtype == R_OUT)
			pungetc(p, d);
	}
	return T_REDIR;
}

static int
lex_word(struct parser *p)
{
	struct part *parts = read_parts(p, C_NORM);
	int c;
	const char *s;

	if (parts && !parts->next && parts->type == P_LIT && parts->len < 4) {
		for (s = parts->s; *s >= '0' && *s <= '9'; s++)
			;
		c = pgetc(p);
		if (*s == '\0' && (c == '<' || c == '>'))
			return lex_redir(p, c, atoi(parts->s));
		pungetc(p, c);
	}
	p->word = make_word(p, parts);
	return T_WORD;
}

static int
lex(struct parser *p)
{
	int c, d;

	for (;;) {
		c = pgetc(p);
		while (c == ' ' || c == '\t')
			c = pgetc(p);
		if (c == '#')
			while ((c = pgetc(p)) != '\n' && c != EOF_C)
				;
		if (c != '\\')
			break;
		if ((d = pgetc(p)) != '\n') {
			pungetc(p, d);
			break;
		}
	}
	p->tokline = p->lineno;
	switch (c) {
	case EOF_C:
		return T_EOF;
	case '\n':
		p->tokline--;
		if (p->hd)
			read_heredocs(p);
		return T_NL;
	case '(':
		return T_LPAR;
	case ')':
		return T_RPAR;
	case '<':
	case '>':
		return lex_redir(p, c, -1);
	case ';':
	case '&':
	case '|':
		d = pgetc(p);
		if (d == c)
			return c == ';' ? T_DSEMI : c == '&' ? T_AND : T_OR;
		pungetc(p, d);
		return c == ';' ? T_SEMI : c == '&' ? T_AMP : T_PIPE;
	}
	pungetc(p, c);
	return lex_word(p);
}

static int
peek(struct parser *p)
{
	if (!p->have) {
		p->tok = lex(p);
		p->have = 1;
	}
	return p->tok;
}

static int
next(struct parser *p)
{
	int t = peek(p);

	p->have = 0;
	return t;
}

static int
peek_kw(struct parser *p)
{
	return peek(p) == T_WORD ? p->word->kw : K_NONE;
}

static _Noreturn void
unexpected(struct parser *p)
{
	int t = peek(p);

	if (t == T_WORD && p->word->parts && p->word->parts->type <= P_QLIT)
		perr(p, "syntax error: unexpected \"%.40s\"", p->word->parts->s);
	if (t == T_REDIR || t == T_WORD)
		perr(p, "syntax error: unexpected %s", toknames[t]);
	if (t == T_EOF || t == T_NL)
		perr(p, "syntax error: unexpected %s", toknames[t]);
	perr(p, "syntax error: unexpected \"%s\"", toknames[t]);
}

static void
expect_kw(struct parser *p, int kw)
{
	if (peek_kw(p) != kw)
		unexpected(p);
	next(p);
}

static void
skip_nl(struct parser *p)
{
	while (peek(p) == T_NL)
		next(p);
}

/* ---- here-documents ---------------------------------------------------------- */

/* The delimiter's text without its quotes; quoting turns expansion off. */
static char *
heredoc_delim(struct parser *p, struct word *w, int *quoted)
{
	struct sbuf b;
	struct part *q;

	sb_init(&b, p->arena);
	*quoted = 0;
	for (q = w->parts; q; q = q->next) {
		if (q->type == P_QLIT)
			*quoted = 1;
		if (q->type <= P_QLIT) {
			sb_adds(&b, q->s);
		} else if (q->type == P_PARAM) {
			sb_addc(&b, '$');
			sb_adds(&b, q->s);
		} else {
			perr(p, "syntax error: bad here-document delimiter");
		}
	}
	return sb_str(&b);
}

/* One line of raw input into B (without the newline); 0 at end of input. */
static int
read_line(struct parser *p, struct sbuf *b, int strip)
{
	int c = pgetc(p);

	if (c == EOF_C)
		return 0;
	while (strip && c == '\t')
		c = pgetc(p);
	while (c != '\n' && c != EOF_C) {
		sb_addc(b, c);
		c = pgetc(p);
	}
	return 1;
}

static void
read_heredoc(struct parser *p, struct heredoc *h)
{
	struct sbuf body, line;
	struct parser sp;
	struct src s;
	int strip = h->r->type == R_HERESTRIP;

	sb_init(&body, p->arena);
	for (;;) {
		sb_init(&line, p->arena);
		if (!read_line(p, &line, strip))
			break;
		if (strcmp(sb_str(&line), h->delim) == 0)
			break;
		sb_addn(&body, line.s, line.n);
		sb_addc(&body, '\n');
	}
	sb_str(&body);
	if (h->quoted || !strpbrk(body.s, "$`\\")) {
		h->r->heretext = body.s;
		return;
	}
	memset(&s, 0, sizeof s);
	s.type = SRC_STR;
	s.s = body.s;
	s.len = body.n;
	memset(&sp, 0, sizeof sp);
	sp.src = &s;
	sp.arena = p->arena;
	sp.jb = p->jb;
	sp.lineno = p->lineno;
	sp.depth = p->depth;
	sb_init(&sp.lit, p->arena);
	h->r->here = read_parts(&sp, C_HEREDOC);
	if (h->r->here == NULL)
		h->r->heretext = "";
}

static void
read_heredocs(struct parser *p)
{
	struct heredoc *h = p->hd;

	p->hd = NULL;
	for (; h; h = h->next)
		read_heredoc(p, h);
}

/* ---- parser ------------------------------------------------------------------- */

static struct node *
new_node(struct parser *p, int type)
{
	struct node *n = palloc(p, sizeof *n);

	n->type = type;
	n->lineno = p->tokline;
	return n;
}

static struct node *parse_command(struct parser *p);

static struct redir *
parse_redir(struct parser *p)
{
	struct redir *r = palloc(p, sizeof *r);
	struct heredoc *h, **hp;
	int quoted;

	next(p);
	r->type = p->rtype;
	r->fd = p->rfd;
	if (r->fd < 0)
		r->fd = r->type == R_IN || r->type == R_DUPIN || r->type == R_RW ||
			r->type >= R_HERE ? 0 : 1;
	if (next(p) != T_WORD) {
		p->have = 1;
		unexpected(p);
	}
	r->word = p->word;
	if (r->type >= R_HERE) {
		h = palloc(p, sizeof *h);
		h->r = r;
		h->delim = heredoc_delim(p, r->word, &quoted);
		h->quoted = quoted;
		for (hp = &p->hd; *hp; hp = &(*hp)->next)
			;
		*hp = h;
	}
	return r;
}

static struct redir **
parse_redirs(struct parser *p, struct redir **tail)
{
	while (peek(p) == T_REDIR) {
		*tail = parse_redir(p);
		tail = &(*tail)->next;
	}
	return tail;
}

/* NAME=value in front of a command: split off the name. */
static int
split_assign(struct parser *p, struct word *w)
{
	struct part *q = w->parts, *v;
	const char *eq;
	size_t n;

	if (q == NULL || q->type != P_LIT || (eq = strchr(q->s, '=')) == NULL)
		return 0;
	n = eq - q->s;
	if (n == 0 || !is_name_start((unsigned char)q->s[0]))
		return 0;
	for (size_t i = 1; i < n; i++)
		if (!is_name_char((unsigned char)q->s[i]))
			return 0;
	w->name = pstrndup(p, q->s, n);
	w->parts = q->next;
	w->lit = NULL;
	if (q->len > n + 1) {
		v = palloc(p, sizeof *v);
		*v = *q;
		v->s = eq + 1;
		v->len = q->len - n - 1;
		w->parts = v;
	}
	if (w->parts == NULL)
		w->lit = "";
	else if (!w->parts->next && w->parts->type == P_LIT && w->parts->s[0] != '~')
		w->lit = w->parts->s;
	return 1;
}

/* A simple command; FIRST is its first word, already read, or NULL. */
static struct node *
parse_simple(struct parser *p, struct word *first)
{
	struct node *n = new_node(p, N_CMD);
	struct word **args = &n->args, **as = &n->assigns;
	struct redir **rt = &n->redir;
	int t;

	if (first != NULL) {
		n->args = first;
		args = &first->next;
	}
	for (;;) {
		t = peek(p);
		if (t == T_REDIR) {
			rt = parse_redirs(p, rt);
		} else if (t == T_WORD) {
			next(p);
			if (n->args == NULL && split_assign(p, p->word)) {
				*as = p->word;
				as = &p->word->next;
			} else {
				*args = p->word;
				args = &p->word->next;
			}
		} else {
			break;
		}
	}
	if (!n->args && !n->assigns && !n->redir)
		unexpected(p);
	return n;
}

static struct node *
parse_if(struct parser *p)
{
	struct node *n = new_node(p, N_IF);

	next(p);
	n->a = parse_clist(p);
	expect_kw(p, K_THEN);
	n->b = parse_clist(p);
	if (peek_kw(p) == K_ELIF) {
		n->c = parse_if(p);
		return n;
	}
	if (peek_kw(p) == K_ELSE) {
		next(p);
		n->c = parse_clist(p);
	}
	expect_kw(p, K_FI);
	return n;
}

static struct node *
parse_loop(struct parser *p, int type)
{
	struct node *n = new_node(p, type);

	next(p);
	n->a = parse_clist(p);
	expect_kw(p, K_DO);
	n->b = parse_clist(p);
	expect_kw(p, K_DONE);
	return n;
}

static struct node *
parse_for(struct parser *p)
{
	struct node *n = new_node(p, N_FOR);
	struct word **wt = &n->args;

	next(p);
	if (next(p) != T_WORD || !p->word->lit || !is_name(p->word->lit))
		perr(p, "syntax error: bad for loop variable");
	n->name = p->word->lit;
	skip_nl(p);
	if (peek_kw(p) == K_IN) {
		next(p);
		n->flag = 1;
		while (peek(p) == T_WORD) {
			next(p);
			*wt = p->word;
			wt = &p->word->next;
		}
		if (peek(p) != T_SEMI && peek(p) != T_NL)
			unexpected(p);
		next(p);
	} else if (peek(p) == T_SEMI) {
		next(p);
	}
	skip_nl(p);
	expect_kw(p, K_DO);
	n->b = parse_clist(p);
	expect_kw(p, K_DONE);
	return n;
}

static struct citem *
parse_case_item(struct parser *p)
{
	struct citem *it = palloc(p, sizeof *it);
	struct word **wt = &it->pats;

	if (peek(p) == T_LPAR)
		next(p);
	for (;;) {
		if (next(p) != T_WORD) {
			p->have = 1;
			unexpected(p);
		}
		*wt = p->word;
		wt = &p->word->next;
		if (peek(p) != T_PIPE)
			break;
		next(p);
	}
	if (next(p) != T_RPAR) {
		p->have = 1;
		unexpected(p);
	}
	skip_nl(p);
	if (peek(p) != T_DSEMI && peek_kw(p) != K_ESAC)
		it->body = parse_clist(p);
	if (peek(p) == T_DSEMI) {
		next(p);
		skip_nl(p);
	} else if (peek_kw(p) != K_ESAC) {
		unexpected(p);
	}
	return it;
}

static struct node *
parse_case(struct parser *p)
{
	struct node *n = new_node(p, N_CASE);
	struct citem **it = &n->items;

	next(p);
	if (next(p) != T_WORD) {
		p->have = 1;
		unexpected(p);
	}
	n->args = p->word;
	skip_nl(p);
	expect_kw(p, K_IN);
	skip_nl(p);
	while (peek_kw(p) != K_ESAC) {
		*it = parse_case_item(p);
		it = &(*it)->next;
	}
	next(p);
	return n;
}

static struct node *
parse_compound(struct parser *p, int kw)
{
	struct node *n;

	switch (kw) {
	case K_IF:
		return parse_if(p);
	case K_WHILE:
		return parse_loop(p, N_WHILE);
	case K_UNTIL:
		return parse_loop(p, N_UNTIL);
	case K_FOR:
		return parse_for(p);
	case K_CASE:
		return parse_case(p);
	case K_LBRACE:
		n = new_node(p, N_GROUP);
		next(p);
		n->a = parse_clist(p);
		expect_kw(p, K_RBRACE);
		return n;
	}
	n = new_node(p, N_SUB);
	next(p);
	n->a = parse_clist(p);
	if (next(p) != T_RPAR) {
		p->have = 1;
		unexpected(p);
	}
	return n;
}

static struct node *
parse_funcdef(struct parser *p, const char *name)
{
	struct node *n = new_node(p, N_FUNC);

	next(p);
	if (next(p) != T_RPAR) {
		p->have = 1;
		unexpected(p);
	}
	skip_nl(p);
	n->name = name;
	n->arena = p->arena;
	n->a = parse_command(p);
	return n;
}

static int
is_compound_kw(int kw)
{
	return kw == K_IF || kw == K_WHILE || kw == K_UNTIL || kw == K_FOR ||
		kw == K_CASE || kw == K_LBRACE;
}

static struct node *
parse_command(struct parser *p)
{
	struct node *n;
	struct word *w;
	int t = peek(p), kw = peek_kw(p);

	deeper(p);
	if (t == T_LPAR || is_compound_kw(kw)) {
		n = parse_compound(p, kw);
		parse_redirs(p, &n->redir);
	} else if (kw != K_NONE && kw != K_IN) {
		unexpected(p);
	} else if (t == T_WORD && p->word->lit && is_name(p->word->lit)) {
		w = p->word;
		next(p);
		if (peek(p) == T_LPAR)
			n = parse_funcdef(p, w->lit);
		else
			n = parse_simple(p, w);
	} else if (t == T_WORD || t == T_REDIR) {
		n = parse_simple(p, NULL);
	} else {
		unexpected(p);
	}
	p->depth--;
	return n;
}

static struct node *
parse_pipeline(struct parser *p)
{
	struct node *n, *pipe, **tail;
	int neg = 0;

	while (peek_kw(p) == K_BANG) {
		next(p);
		neg = !neg;
	}
	n = parse_command(p);
	if (peek(p) == T_PIPE) {
		pipe = new_node(p, N_PIPE);
		pipe->a = n;
		tail = &n->next;
		while (peek(p) == T_PIPE) {
			next(p);
			skip_nl(p);
			*tail = parse_command(p);
			tail = &(*tail)->next;
		}
		n = pipe;
	}
	if (neg) {
		pipe = new_node(p, N_NOT);
		pipe->a = n;
		n = pipe;
	}
	return n;
}

static struct node *
parse_andor(struct parser *p)
{
	struct node *n = parse_pipeline(p), *b;
	int t;

	while ((t = peek(p)) == T_AND || t == T_OR) {
		next(p);
		skip_nl(p);
		b = new_node(p, t == T_AND ? N_AND : N_OR);
		b->a = n;
		b->b = parse_pipeline(p);
		n = b;
	}
	return n;
}

/* Where a compound list stops: a closing word or operator. */
static int
at_list_end(struct parser *p)
{
	int t = peek(p), kw = peek_kw(p);

	return t == T_EOF || t == T_RPAR || t == T_DSEMI || kw == K_THEN ||
		kw == K_ELSE || kw == K_ELIF || kw == K_FI || kw == K_DO ||
		kw == K_DONE || kw == K_ESAC || kw == K_RBRACE;
}

/* and-or lists separated by ; & (and newlines unless TOP). */
static struct node *
parse_list(struct parser *p, int top)
{
	struct node *list = new_node(p, N_LIST), **tail = &list->a, *n, *bg;
	int t;

	for (;;) {
		n = parse_andor(p);
		t = peek(p);
		if (t == T_AMP) {
			bg = new_node(p, N_BG);
			bg->a = n;
			bg->lineno = n->lineno;
			n = bg;
		}
		*tail = n;
		tail = &n->next;
		if (t == T_SEMI || t == T_AMP)
			next(p);
		else if (t != T_NL || top)
			break;
		if (top && (peek(p) == T_NL || peek(p) == T_EOF))
			break;
		if (!top) {
			skip_nl(p);
			if (at_list_end(p))
				break;
		}
	}
	if (list->a->next == NULL)
		return list->a;
	return list;
}

/* A compound list, as inside { } or after "then": at least one command. */
static struct node *
parse_clist(struct parser *p)
{
	skip_nl(p);
	if (at_list_end(p))
		unexpected(p);
	return parse_list(p, 0);
}

/* A whole string as a command list (backquotes). */
static struct node *
parse_string(struct parser *p, const char *s, size_t n, int line)
{
	struct parser sp;
	struct src src;
	struct node *r;

	memset(&src, 0, sizeof src);
	src.type = SRC_STR;
	src.s = s;
	src.len = n;
	memset(&sp, 0, sizeof sp);
	sp.src = &src;
	sp.arena = p->arena;
	sp.jb = p->jb;
	sp.lineno = line;
	sp.depth = p->depth;
	sb_init(&sp.lit, p->arena);
	skip_nl(&sp);
	if (peek(&sp) == T_EOF)
		return NULL;
	r = parse_list(&sp, 0);
	if (peek(&sp) != T_EOF)
		unexpected(&sp);
	return r;
}

enum { PARSE_OK, PARSE_EOF, PARSE_EMPTY, PARSE_ERR };

/*
 * The next complete command from P's source into *NP; its tree lives in
 * p->arena. On a syntax error the message is printed (unless quiet).
 */
static int
parse_next(struct parser *p, struct node **np)
{
	jmp_buf jb;
	int t;

	*np = NULL;
	p->jb = &jb;
	p->have = 0;
	p->hd = NULL;
	p->depth = 0;
	p->ps2 = 0;
	sb_init(&p->lit, p->arena);
	if (setjmp(jb)) {
		p->have = 0;
		p->npush = 0;
		p->hd = NULL;
		if (!p->quiet)
			msg("line %d: %s", p->tokline ? p->tokline : p->lineno, p->err);
		return PARSE_ERR;
	}
	t = peek(p);
	if (t == T_EOF)
		return PARSE_EOF;
	if (t == T_NL) {
		next(p);
		return PARSE_EMPTY;
	}
	*np = parse_list(p, 1);
	t = next(p);
	if (t != T_NL && t != T_EOF) {
		p->have = 1;
		unexpected(p);
	}
	if (t == T_EOF && p->hd)
		read_heredocs(p);
	return PARSE_OK;
}

static void
parser_init(struct parser *p, struct src *s, int lineno)
{
	memset(p, 0, sizeof *p);
	p->src = s;
	p->lineno = lineno;
}

#ifdef SH_PARSE_ONLY
/* For the fuzzer: parse DATA completely, execute nothing. */
static int
parse_only(const char *data, size_t len)
{
	struct parser p;
	struct src s;
	struct node *n;
	int r, errors = 0;

	memset(&s, 0, sizeof s);
	s.type = SRC_STR;
	s.s = data;
	s.len = len;
	parser_init(&p, &s, 1);
	p.quiet = 1;
	do {
		p.arena = arena_new();
		r = parse_next(&p, &n);
		arena_unref(p.arena);
		errors += r == PARSE_ERR;
	} while (r != PARSE_EOF && r != PARSE_ERR);
	return errors;
}
#endif

/* ---- expansion ------------------------------------------------------------------ */

#define EXP_SPLIT 1		/* field splitting and pathname expansion */
#define EXP_PAT 2		/* a pattern: quoted magic characters escaped */
#define EXP_TILDE 4

struct fields {
	char **v;
	int n, cap;
};

struct xstate {
	int flags, esc, glob, started, delim;
	const char *ifs;
	struct sbuf cur;
	struct fields *out;
};

static char *run_cmdsub(struct node *n);
static long arith(const char *s);

static void
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

static void
pat_unescape(char *s)
{
	char *d = s;

	for (; *s; s++) {
		if (*s == '\\' && s[1])
			s++;
		*d++ = *s;
	}
	*d = '\0';
}

static int
str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
glob_field(struct fields *f, char *pat)
{
	glob_t g;
	size_t i;
	int first = f->n;

	if (glob(pat, 0, NULL, &g) != 0) {
		pat_unescape(pat);
		fields_add(f, pat);
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
			glob_field(x->out, s);
		else {
			if (x->esc)
				pat_unescape(s);
			fields_add(x->out, s);
		}
	} else {
		fields_add(x->out, s);
	}
	sb_init(&x->cur, NULL);
	x->started = x->glob = 0;
}

static void
x_addc(struct xstate *x, int c, int quoted)
{
	if (x->esc && (c == '\\' || (quoted && (c == '*' || c == '?' || c == '['))))
		sb_addc(&x->cur, '\\');
	else if (!quoted && (c == '*' || c == '?' || c == '['))
		x->glob = 1;
	sb_addc(&x->cur, c);
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

static int
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
		while (*s)
			x_addc(x, (unsigned char)*s++, quoted);
		return;
	}
	for (; (c = (unsigned char)*s) != 0; s++) {
		if (!strchr(x->ifs, c)) {
			x_addc(x, c, 0);
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

static char *expand_str(struct part *parts, int flags);

static const char *
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
	if (is_name_start((unsigned char)name[0]))
		return getvar(name);
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
		sep = q->s[0] == '*' ? ifs_value()[0] : ' ';
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

static _Noreturn void
param_error(struct part *q, const char *val)
{
	char *m = q->sub ? expand_str(q->sub, EXP_TILDE) : NULL;

	if (m && *m)
		sh_error("%s: %s", q->s, m);
	sh_error("%s: %s", q->s, val ? "parameter null" : "parameter not set");
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

	v = pos && q->op != 'L' && q->op != '#' && q->op != 'H' && q->op != '%' && q->op != 'P' ?
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
		if (isset == (q->op == '+'))
			x_parts(x, q->sub, 1);
		else if (q->op == '-' && pos)
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
			param_error(q, v);
		if (pos)
			x_positional(x, q);
		else
			x_emit(x, q, v);
		return;
	case 'L':
		if (pos)
			snprintf(buf, sizeof buf, "%d", pp.n);
		else
			snprintf(buf, sizeof buf, "%zu", v ? strlen(v) : (size_t)0);
		x_emit(x, q, buf);
		return;
	}
	x_emit(x, q, v ? trim(v, expand_str(q->sub, EXP_PAT), q->op) : NULL);
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

/* ~ and ~user at the start of an unquoted word; returns the parts after it. */
static struct part *
x_tilde(struct xstate *x, struct part *q)
{
	const char *s = q->s, *slash = strchr(s, '/'), *home;
	struct passwd *pw;
	char *user;

	if (slash == NULL && q->next != NULL)
		return q;
	user = st_strndup(s + 1, slash ? (size_t)(slash - s - 1) : q->len - 1);
	if (*user == '\0')
		home = getvar("HOME");
	else
		home = (pw = getpwnam(user)) ? pw->pw_dir : NULL;
	if (home == NULL)
		return q;
	x_val(x, home, 1);
	x->started = 1;
	if (slash)
		x_lit(x, slash, q->len - (slash - s), 0);
	return q->next;
}

static void
x_init(struct xstate *x, int flags, struct fields *out)
{
	x->flags = flags;
	x->esc = (flags & EXP_PAT) || ((flags & EXP_SPLIT) && !sh.opt['f']);
	x->glob = x->started = x->delim = 0;
	x->ifs = flags & EXP_SPLIT ? ifs_value() : "";
	sb_init(&x->cur, NULL);
	x->out = out;
}

static void
x_word(struct xstate *x, struct part *q)
{
	if ((x->flags & EXP_TILDE) && q && q->type == P_LIT && q->s[0] == '~')
		q = x_tilde(x, q);
	x_parts(x, q, 0);
}

/* A word into fields (appended to F). */
static void
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
static char *
expand_str(struct part *parts, int flags)
{
	struct xstate x;
	struct fields f = { NULL, 0, 0 };

	x_init(&x, flags & ~EXP_SPLIT, &f);
	x_word(&x, parts);
	x_endfield(&x, 1);
	return f.v[0];
}

static char *
expand_word_str(struct word *w, int flags)
{
	if (w->lit && !(flags & EXP_PAT))
		return (char *)w->lit;
	if ((flags & EXP_PAT) && w->parts && !w->parts->next && w->parts->type == P_LIT &&
	    w->parts->s[0] != '~' && !strchr(w->parts->s, '\\'))
		return (char *)w->parts->s;
	return expand_str(w->parts, flags);
}

/* ---- arithmetic ----------------------------------------------------------------- */

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

static long
a_number(const char *s, const char **end)
{
	unsigned long v = 0;
	int base = 10, d;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	} else if (s[0] == '0') {
		base = 8;
	}
	for (;; s++) {
		if (*s >= '0' && *s <= '9')
			d = *s - '0';
		else if (*s >= 'a' && *s <= 'z')
			d = *s - 'a' + 10;
		else if (*s >= 'A' && *s <= 'Z')
			d = *s - 'A' + 10;
		else if (*s == '_')
			d = 99;
		else
			break;
		if (d >= base)
			a_error("bad number");
		v = v * base + d;
	}
	*end = s;
	return (long)v;
}

static long
var_number(const char *name)
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
	if (!(*v >= '0' && *v <= '9'))
		a_error("bad number");
	n = a_number(v, &end);
	while (*end == ' ' || *end == '\t' || *end == '\n')
		end++;
	if (*end)
		a_error("bad number");
	return neg ? (long)(0UL - (unsigned long)n) : n;
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
	v = a->noeval ? 0 : var_number(name);
	a_space(a);
	if ((a->s[0] == '+' || a->s[0] == '-') && a->s[1] == a->s[0]) {
		a_setvar(a, name, a->s[0] == '+' ? v + 1 : v - 1);
		a->s += 2;
	}
	return v;
}

static long
a_unary(struct arith *a)
{
	char name[256];
	int c;
	long v;

	a_space(a);
	c = *a->s;
	if ((c == '+' || c == '-') && a->s[1] == c) {
		a->s += 2;
		a_space(a);
		if (!is_name_start((unsigned char)*a->s))
			a_error("syntax error");
		a_name(a, name, sizeof name);
		v = a->noeval ? 0 : var_number(name);
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
	{ ">", 7 }, { "+", 9 }, { "-", 9 }, { "*", 10 }, { "/", 10 }, { "%", 10 },
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
	case '*': return (long)(ul * ur);
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
		r = a_binary(a, binops[i].prec + 1);
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
	y = a_assign(a);
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
				v = a_apply(opb, a->noeval ? 0 : var_number(name), v, a->noeval);
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
arith(const char *s)
{
	struct arith a;
	long v;

	a.s = s;
	a.noeval = 0;
	a.depth = 0;
	a_space(&a);
	if (*a.s == '\0')
		return 0;
	v = a_assign(&a);
	a_space(&a);
	if (*a.s)
		a_error("syntax error");
	return v;
}

/* ---- signals and traps ---------------------------------------------------------- */

#define NSIGS 65
static char *traps[NSIGS];	/* 0 is EXIT; "" ignores */
static char ign_at_entry[NSIGS];

static const struct {
	const char *name;
	int sig;
} signames[] = {
	{ "EXIT", 0 }, { "HUP", SIGHUP }, { "INT", SIGINT }, { "QUIT", SIGQUIT },
	{ "ILL", SIGILL }, { "TRAP", SIGTRAP }, { "ABRT", SIGABRT }, { "BUS", SIGBUS },
	{ "FPE", SIGFPE }, { "KILL", SIGKILL }, { "USR1", SIGUSR1 }, { "SEGV", SIGSEGV },
	{ "USR2", SIGUSR2 }, { "PIPE", SIGPIPE }, { "ALRM", SIGALRM }, { "TERM", SIGTERM },
	{ "CHLD", SIGCHLD }, { "CONT", SIGCONT }, { "STOP", SIGSTOP }, { "TSTP", SIGTSTP },
	{ "TTIN", SIGTTIN }, { "TTOU", SIGTTOU }, { "URG", SIGURG }, { "XCPU", SIGXCPU },
	{ "XFSZ", SIGXFSZ }, { "VTALRM", SIGVTALRM }, { "PROF", SIGPROF },
	{ "WINCH", SIGWINCH }, { "IO", SIGIO }, { "SYS", SIGSYS },
};

static int
sh_signum(const char *s)
{
	size_t i;
	char *end;
	long n;

	if (*s >= '0' && *s <= '9') {
		n = strtol(s, &end, 10);
		return *end || n >= NSIGS ? -1 : (int)n;
	}
	if (strncmp(s, "SIG", 3) == 0)
		s += 3;
	for (i = 0; i < sizeof signames / sizeof *signames; i++)
		if (strcmp(s, signames[i].name) == 0)
			return signames[i].sig;
	return -1;
}

static const char *
sh_signame(int sig)
{
	size_t i;

	for (i = 0; i < sizeof signames / sizeof *signames; i++)
		if (signames[i].sig == sig)
			return signames[i].name;
	return NULL;
}

static void
on_signal(int sig)
{
	if (sig > 0 && sig < NSIGS)
		pending[sig] = 1;
	gotsig = 1;
}

static void
set_handler(int sig, void (*fn)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = fn;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

/* What SIG should do in this shell, given its trap and interactivity. */
static void
sig_apply(int sig)
{
	int inter = sh.interactive && !sh.child;

	if (sig <= 0 || sig == SIGKILL || sig == SIGSTOP)
		return;
	if (traps[sig] && traps[sig][0])
		set_handler(sig, on_signal);
	else if (traps[sig] || ign_at_entry[sig])
		set_handler(sig, SIG_IGN);
	else if (inter && sig == SIGINT)
		set_handler(sig, on_signal);
	else if (inter && (sig == SIGQUIT || sig == SIGTERM))
		set_handler(sig, SIG_IGN);
	else
		set_handler(sig, SIG_DFL);
}

static int eval_string(const char *s, int flags);

static void
run_trap(int sig)
{
	int st = sh.status, skip = sh.skip, skipn = sh.skipn;
	char *t = xstrdup(traps[sig]);

	sh.skip = 0;
	eval_string(t, 0);
	free(t);
	sh.status = st;
	if (!sh.skip) {
		sh.skip = skip;
		sh.skipn = skipn;
	}
}

/* Pending signals: run their traps; an untrapped ^C abandons the command. */
static void
do_signals(void)
{
	int i;

	gotsig = 0;
	for (i = 1; i < NSIGS; i++) {
		if (!pending[i])
			continue;
		pending[i] = 0;
		if (traps[i] && traps[i][0])
			run_trap(i);
		else if (i == SIGINT && sh.interactive && !sh.child) {
			write_all(2, "\n", 1);
			raise_status(130);
		}
	}
}

static _Noreturn void
sh_exit(int status)
{
	static char *t;		/* static: still reachable if the trap exits */

	if ((t = traps[0]) != NULL) {
		traps[0] = NULL;
		sh.status = status;
		sh.skip = 0;
		eval_string(t, 0);
		free(t);
		t = NULL;
	}
	out_flush();
	exit(status);
}

/* ---- processes ------------------------------------------------------------------ */

struct job {
	pid_t pid;
	int status, done;
};

static struct job *jobs;
static int njobs, capjobs;

static int
wait_status(int ws)
{
	if (WIFEXITED(ws))
		return WEXITSTATUS(ws);
	if (WIFSIGNALED(ws))
		return 128 + WTERMSIG(ws);
	return 128 + (WIFSTOPPED(ws) ? WSTOPSIG(ws) : 0);
}

static void
job_add(pid_t pid)
{
	int i, k = 0;

	for (i = 0; i < njobs; i++) {
		if (jobs[i].done == 2)
			continue;
		if (!jobs[i].done && waitpid(jobs[i].pid, &jobs[i].status, WNOHANG) == jobs[i].pid) {
			jobs[i].status = wait_status(jobs[i].status);
			jobs[i].done = 1;
		}
		jobs[k++] = jobs[i];
	}
	njobs = k;
	if (njobs >= 1000) {
		memmove(jobs, jobs + 1, (njobs - 1) * sizeof *jobs);
		njobs--;
	}
	if (njobs == capjobs) {
		capjobs = capjobs ? capjobs * 2 : 8;
		jobs = xrealloc(jobs, capjobs * sizeof *jobs);
	}
	jobs[njobs].pid = pid;
	jobs[njobs].done = 0;
	jobs[njobs++].status = 0;
}

static pid_t
sh_fork(void)
{
	pid_t pid;
	int i;

	out_flush();
	pid = fork();
	if (pid < 0)
		sh_error("fork: %s", strerror(errno));
	if (pid == 0) {
		sh.child = 1;
		sh.interactive = 0;
		njobs = 0;
		for (i = 1; i < NSIGS; i++)
			if (traps[i] && traps[i][0]) {
				free(traps[i]);
				traps[i] = NULL;
			}
		free(traps[0]);
		traps[0] = NULL;
		sh.traps_set = 0;
		for (i = 1; i < NSIGS; i++)
			if (i == SIGINT || i == SIGQUIT || i == SIGTERM || pending[i] || traps[i])
				sig_apply(i);
		for (i = 1; i < NSIGS; i++)
			pending[i] = 0;
		gotsig = 0;
	}
	return pid;
}

/* Wait for a foreground child. An interactive shell drops the command on ^C. */
static int
wait_fg(pid_t pid)
{
	int ws, st;

	while (waitpid(pid, &ws, 0) < 0)
		if (errno != EINTR)
			return 127;
	st = wait_status(ws);
	if (WIFSIGNALED(ws) && WTERMSIG(ws) == SIGINT && sh.interactive && !sh.child &&
	    !(traps[SIGINT] && traps[SIGINT][0])) {
		pending[SIGINT] = 1;
		gotsig = 1;
	} else if (sh.interactive && !sh.child && pending[SIGINT] && !(traps[SIGINT] && traps[SIGINT][0])) {
		pending[SIGINT] = 0;
	}
	return st;
}

/* ---- redirections ----------------------------------------------------------------- */

struct fdsave {
	int fd, copy;
};

static struct fdsave *saved;
static int nsave, capsave;
static int script_fd = -1;	/* the script being read, kept out of the way */

static int
nsaved(void)
{
	return nsave;
}

static void
save_fd(int fd)
{
	int copy;

	if (nsave == capsave) {
		capsave = capsave ? capsave * 2 : 16;
		saved = xrealloc(saved, capsave * sizeof *saved);
	}
	copy = fcntl(fd, F_DUPFD_CLOEXEC, 10);
	saved[nsave].fd = fd;
	saved[nsave++].copy = copy;
}

/* Undo redirections down to LEVEL saved descriptors. */
static void
out_restore(int level)
{
	struct fdsave *s;

	out_flush();
	while (nsave > level) {
		s = &saved[--nsave];
		if (s->copy >= 0) {
			dup2(s->copy, s->fd);
			close(s->copy);
		} else {
			close(s->fd);
		}
	}
}

/* A pipe whose reading end yields TEXT. */
static int
heredoc_fd(const char *text)
{
	size_t n = strlen(text);
	int fds[2];
	pid_t pid;

	if (pipe(fds) < 0)
		return -1;
	if (n <= 4096) {
		write_all(fds[1], text, n);
		close(fds[1]);
		return fds[0];
	}
	pid = fork();
	if (pid == 0) {
		close(fds[0]);
		if (fork() == 0) {
			signal(SIGPIPE, SIG_DFL);
			write_all(fds[1], text, n);
		}
		_exit(0);
	}
	close(fds[1]);
	if (pid > 0)
		waitpid(pid, NULL, 0);
	return fds[0];
}

static int
open_target(struct redir *r, const char *name)
{
	struct stat st;
	int fl;

	switch (r->type) {
	case R_IN:
		return open(name, O_RDONLY);
	case R_RW:
		return open(name, O_RDWR | O_CREAT, 0666);
	case R_APP:
		return open(name, O_WRONLY | O_CREAT | O_APPEND, 0666);
	}
	fl = O_WRONLY | O_CREAT | O_TRUNC;
	if (r->type == R_OUT && sh.opt['C'] && (stat(name, &st) < 0 || S_ISREG(st.st_mode)))
		fl = O_WRONLY | O_CREAT | O_EXCL;
	return open(name, fl, 0666);
}

/* One redirection; -1 after a message. */
static int
redirect1(struct redir *r, int save)
{
	const char *name;
	char *end;
	int fd = -1;
	long n;

	if (r->type >= R_HERE) {
		name = r->heretext ? r->heretext : expand_str(r->here, 0);
		fd = heredoc_fd(name);
		name = "here-document";
	} else {
		name = expand_word_str(r->word, EXP_TILDE);
		if (r->type == R_DUPIN || r->type == R_DUPOUT) {
			if (strcmp(name, "-") == 0) {
				if (save)
					save_fd(r->fd);
				close(r->fd);
				return 0;
			}
			n = strtol(name, &end, 10);
			if (*name == '\0' || *end || n < 0 || n > 1000000 ||
			    (n != r->fd && fcntl((int)n, F_GETFD) < 0)) {
				msg("%s: bad file descriptor", name);
				return -1;
			}
			if (save)
				save_fd(r->fd);
			if (n != r->fd)
				dup2((int)n, r->fd);
			return 0;
		}
		fd = open_target(r, name);
	}
	if (fd < 0) {
		msg("%s: %s", name, strerror(errno));
		return -1;
	}
	if (save)
		save_fd(r->fd);
	if (fd != r->fd) {
		if (r->fd == script_fd)
			script_fd = fcntl(script_fd, F_DUPFD_CLOEXEC, 10);
		dup2(fd, r->fd);
		close(fd);
	}
	return 0;
}

static int
redirect(struct redir *r, int save)
{
	for (; r; r = r->next)
		if (redirect1(r, save) < 0)
			return -1;
	return 0;
}

/* ---- the evaluator ---------------------------------------------------------------- */

struct func {
	struct func *next;
	struct node *body;
	struct arena *arena;
	char name[1];
};

static struct func *ftab[64];

static struct func **
func_slot(const char *name)
{
	struct func **f = &ftab[hash(name) % 64];

	while (*f && strcmp((*f)->name, name) != 0)
		f = &(*f)->next;
	return f;
}

static struct func *
func_find(const char *name)
{
	return *func_slot(name);
}

static void
func_unset(const char *name)
{
	struct func **fp = func_slot(name), *f = *fp;

	if (f == NULL)
		return;
	*fp = f->next;
	arena_unref(f->arena);
	free(f);
}

static void
func_define(struct node *n)
{
	struct func *f;

	func_unset(n->name);
	f = xmalloc(sizeof *f + strlen(n->name));
	strcpy(f->name, n->name);
	f->body = n->a;
	f->arena = n->arena;
	f->arena->refs++;
	f->next = ftab[hash(n->name) % 64];
	ftab[hash(n->name) % 64] = f;
}

static int exec_node(struct node *n, int flags);
static int exec_simple(struct node *n, int flags);
static int exec_compound(struct node *n, int flags);

static int
exec_redirected(struct node *n, int flags)
{
	int level = nsaved(), st;

	if (redirect(n->redir, 1) < 0) {
		out_restore(level);
		return 1;
	}
	st = exec_compound(n, flags & ~EV_EXIT);
	out_restore(level);
	return st;
}

static int
exec_sub(struct node *n, int flags)
{
	pid_t pid;

	if (!(flags & EV_EXIT) || sh.traps_set) {
		pid = sh_fork();
		if (pid != 0)
			return wait_fg(pid);
	}
	if (redirect(n->redir, 0) < 0)
		sh_exit(1);
	exec_node(n->a, EV_EXIT | (flags & EV_TESTED));
	sh_exit(sh.status);
	return 0;
}

static int
exec_bg(struct node *n)
{
	pid_t pid = sh_fork();
	int fd;

	if (pid != 0) {
		sh.lastbg = pid;
		job_add(pid);
		return 0;
	}
	if (!sh.opt['m']) {
		if (!traps[SIGINT])
			set_handler(SIGINT, SIG_IGN);
		if (!traps[SIGQUIT])
			set_handler(SIGQUIT, SIG_IGN);
		if ((fd = open("/dev/null", O_RDONLY)) >= 0 && fd != 0) {
			dup2(fd, 0);
			close(fd);
		}
	}
	exec_node(n, EV_EXIT);
	sh_exit(sh.status);
	return 0;
}

static int
exec_pipe(struct node *n, int flags)
{
	struct node *c;
	pid_t pid, last = -1;
	int in = -1, fds[2], st = 0, count = 0, i;
	pid_t *pids;

	for (c = n->a; c; c = c->next)
		count++;
	pids = st_alloc(count * sizeof *pids);
	for (c = n->a, i = 0; c; c = c->next, i++) {
		if (c->next && pipe(fds) < 0)
			sh_error("pipe: %s", strerror(errno));
		pid = sh_fork();
		if (pid == 0) {
			if (in >= 0) {
				dup2(in, 0);
				close(in);
			}
			if (c->next) {
				close(fds[0]);
				if (fds[1] != 1) {
					dup2(fds[1], 1);
					close(fds[1]);
				}
			}
			exec_node(c, EV_EXIT | (flags & EV_TESTED));
			sh_exit(sh.status);
		}
		pids[i] = last = pid;
		if (in >= 0)
			close(in);
		if (c->next) {
			close(fds[1]);
			in = fds[0];
		}
	}
	for (i = 0; i < count; i++) {
		int s = wait_fg(pids[i]);

		if (pids[i] == last)
			st = s;
	}
	return st;
}

/* Command substitution: the output of N, trailing newlines removed. */
static char *
run_cmdsub(struct node *n)
{
	struct sbuf b;
	int fds[2];
	pid_t pid;
	ssize_t r;

	if (n == NULL) {
		sh.cmdsub_status = 0;
		return "";
	}
	if (pipe(fds) < 0)
		sh_error("pipe: %s", strerror(errno));
	pid = sh_fork();
	if (pid == 0) {
		close(fds[0]);
		if (fds[1] != 1) {
			dup2(fds[1], 1);
			close(fds[1]);
		}
		exec_node(n, EV_EXIT);
		sh_exit(sh.status);
	}
	close(fds[1]);
	sb_init(&b, NULL);
	for (;;) {
		sb_grow(&b, 4096);
		r = read(fds[0], b.s + b.n, b.cap - b.n - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		b.n += r;
	}
	close(fds[0]);
	sh.cmdsub_status = wait_fg(pid);
	while (b.n > 0 && b.s[b.n - 1] == '\n')
		b.n--;
	return sb_str(&b);
}

static int
loop_skip(void)
{
	if (sh.skip == SK_RETURN)
		return 1;
	if (--sh.skipn > 0)
		return 1;
	if (sh.skip == SK_BREAK) {
		sh.skip = SK_NONE;
		return 1;
	}
	sh.skip = SK_NONE;
	return 0;
}

static int
exec_while(struct node *n, int flags)
{
	int st = 0, c;

	sh.loops++;
	for (;;) {
		c = exec_node(n->a, EV_TESTED);
		if (sh.skip) {
			if (loop_skip())
				break;
			continue;
		}
		if ((c == 0) == (n->type == N_UNTIL))
			break;
		st = exec_node(n->b, flags & ~EV_EXIT);
		if (sh.skip && loop_skip())
			break;
	}
	sh.loops--;
	return st;
}

static int
exec_for(struct node *n, int flags)
{
	struct fields f = { NULL, 0, 0 };
	struct stmark m;
	struct word *w;
	int st = 0, i;

	st_mark(&m);
	if (n->flag) {
		for (w = n->args; w; w = w->next)
			expand_word(w, EXP_SPLIT | EXP_TILDE, &f);
	} else {
		for (i = 0; i < pp.n; i++)
			fields_add(&f, st_strdup(pp.v[i]));
	}
	sh.loops++;
	for (i = 0; i < f.n; i++) {
		setvar(n->name, f.v[i]);
		st = exec_node(n->b, flags & ~EV_EXIT);
		if (sh.skip && loop_skip())
			break;
	}
	sh.loops--;
	st_release(&m);
	return st;
}

static int
exec_case(struct node *n, int flags)
{
	struct stmark m;
	struct citem *it;
	struct word *p;
	const char *s;
	int st = 0;

	st_mark(&m);
	s = expand_word_str(n->args, EXP_TILDE);
	for (it = n->items; it; it = it->next)
		for (p = it->pats; p; p = p->next)
			if (fnmatch(expand_word_str(p, EXP_PAT | EXP_TILDE), s, 0) == 0) {
				st_release(&m);
				return it->body ? exec_node(it->body, flags) : 0;
			}
	st_release(&m);
	return st;
}

static int
exec_list(struct node *n, int flags)
{
	struct node *c;
	int st = 0;

	for (c = n->a; c; c = c->next) {
		st = exec_node(c, c->next ? flags & ~EV_EXIT : flags);
		if (sh.skip)
			break;
	}
	return st;
}

static int
exec_compound(struct node *n, int flags)
{
	switch (n->type) {
	case N_LIST:
		return exec_list(n, flags);
	case N_AND:
	case N_OR:
		sh.status = exec_node(n->a, (flags & ~EV_EXIT) | EV_TESTED);
		if ((sh.status == 0) != (n->type == N_AND) || sh.skip)
			return sh.status;
		return exec_node(n->b, flags);
	case N_NOT:
		return !exec_node(n->a, (flags & ~EV_EXIT) | EV_TESTED);
	case N_BG:
		return exec_bg(n->a);
	case N_GROUP:
		return exec_node(n->a, flags);
	case N_IF:
		if (exec_node(n->a, EV_TESTED) == 0 && !sh.skip)
			return exec_node(n->b, flags);
		if (sh.skip)
			return sh.status;
		return n->c ? exec_node(n->c, flags) : 0;
	case N_WHILE:
	case N_UNTIL:
		return exec_while(n, flags);
	case N_FOR:
		return exec_for(n, flags);
	case N_CASE:
		return exec_case(n, flags);
	case N_FUNC:
		func_define(n);
		return 0;
	}
	return 0;
}

static int
exec_node(struct node *n, int flags)
{
	int st;

	if (n == NULL)
		return 0;
	if (gotsig)
		do_signals();
	if (++sh.depth > 10 * MAXDEPTH) {
		sh.depth = 0;
		sh_error("evaluation nested too deep");
	}
	switch (n->type) {
	case N_CMD:
		st = exec_simple(n, flags);
		break;
	case N_PIPE:
		st = exec_pipe(n, flags);
		break;
	case N_SUB:
		st = exec_sub(n, flags);
		break;
	default:
		if (n->redir && n->type != N_FUNC)
			st = exec_redirected(n, flags);
		else
			st = exec_compound(n, flags);
		sh.depth--;
		sh.status = st;
		if (flags & EV_EXIT)
			sh_exit(st);
		return st;
	}
	sh.depth--;
	sh.status = st;
	if (sh.opt['e'] && st && !(flags & EV_TESTED) && !sh.skip)
		sh_exit(st);
	if (flags & EV_EXIT)
		sh_exit(st);
	return st;
}

/* ---- simple commands ---------------------------------------------------------------- */

struct builtin {
	const char *name;
	int (*fn)(int argc, char **argv);
	int special;
};

static const struct builtin *find_builtin(const char *name);
static int bi_exec(int argc, char **argv);
static int run_file(int fd, int flags);

static int
cmd_exitcode(void)
{
	if (out.err) {
		if (out.err != EPIPE)
			msg("write error: %s", strerror(out.err));
		out.err = 0;
		return 1;
	}
	return -1;
}

static void
xtrace(struct word *as, char **argv)
{
	struct sbuf b;
	const char *ps4 = getvar("PS4");

	sb_init(&b, NULL);
	sb_adds(&b, ps4 ? ps4 : "+ ");
	for (; as; as = as->next) {
		sb_adds(&b, as->name);
		sb_addc(&b, '=');
		sb_adds(&b, expand_word_str(as, EXP_TILDE));
		if (as->next || (argv && *argv))
			sb_addc(&b, ' ');
	}
	for (; argv && *argv; argv++) {
		sb_adds(&b, *argv);
		if (argv[1])
			sb_addc(&b, ' ');
	}
	sb_addc(&b, '\n');
	out_flush();
	write_all(2, b.s, b.n);
}

/* Assignments before a command: permanent, or saved for undoing (*SAVE). */
static void
do_assigns(struct word *as, struct saved_var **save, unsigned flags)
{
	struct saved_var *s;
	char *v;

	for (; as; as = as->next) {
		v = expand_word_str(as, EXP_TILDE);
		if (save) {
			s = var_save(as->name);
			s->next = *save;
			*save = s;
		}
		if (setvar_flags(as->name, v, flags) < 0)
			raise_status(sh.interactive ? 1 : 2);
	}
}

static _Noreturn void
exec_script(const char *path, char **argv)
{
	char buf[256];
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC), i;

	n = fd < 0 ? -1 : read(fd, buf, sizeof buf);
	if (n < 0 || memchr(buf, '\0', n) != NULL) {
		msg("%s: cannot execute", path);
		sh_exit(126);
	}
	lseek(fd, 0, SEEK_SET);
	for (i = 0; argv[i]; i++)
		;
	params_free(&pp);
	params_set(&pp, i - 1, argv + 1);
	free(arg0);
	arg0 = xstrdup(path);
	for (i = 0; i < 64; i++)
		while (ftab[i])
			func_unset(ftab[i]->name);
	sh_exit(run_file(fd, 0));
}

static void
try_exec(const char *path, char **argv, char **env)
{
	execve(path, argv, env);
	if (errno == ENOEXEC)
		exec_script(path, argv);
}

/* Find ARGV[0] in PATH and run it in this process. */
static _Noreturn void
shell_exec(char **argv, char **env)
{
	const char *path = getvar("PATH"), *p, *e;
	size_t dl, nl = strlen(argv[0]);
	int err = ENOENT;
	char *full;

	if (strchr(argv[0], '/')) {
		try_exec(argv[0], argv, env);
		err = errno;
	} else {
		if (path == NULL)
			path = "/ubin:/bin:/sbin:/usr/bin:/usr/sbin";
		for (p = path;; p = e + 1) {
			for (e = p; *e && *e != ':'; e++)
				;
			dl = e - p;
			full = st_alloc(dl + nl + 3);
			memcpy(full, dl ? p : ".", dl ? dl : 1);
			full[dl ? dl : 1] = '/';
			memcpy(full + (dl ? dl : 1) + 1, argv[0], nl + 1);
			try_exec(full, argv, env);
			if (errno != ENOENT && errno != ENOTDIR && err != EACCES)
				err = errno;
			if (*e == '\0')
				break;
		}
	}
	if (err == ENOENT || err == ENOTDIR) {
		msg("%s: not found", argv[0]);
		sh_exit(127);
	}
	msg("%s: %s", argv[0], strerror(err));
	sh_exit(126);
}

static int
run_external(struct node *n, char **argv, int flags)
{
	pid_t pid = 0;

	if (!(flags & EV_EXIT) || sh.traps_set)
		pid = sh_fork();
	if (pid != 0)
		return wait_fg(pid);
	if (redirect(n->redir, 0) < 0)
		sh_exit(1);
	do_assigns(n->assigns, NULL, V_EXPORT);
	shell_exec(argv, make_env());
	return 0;
}

static int
call_function(struct func *f, int argc, char **argv, int flags)
{
	struct params save = pp;
	struct frame *fr;
	struct arena *a = f->arena;
	int st;

	if (sh.funcs >= MAXDEPTH)
		sh_error("%s: function nesting too deep", argv[0]);
	fr = xmalloc(sizeof *fr);
	params_set(&pp, argc - 1, argv + 1);
	fr->saved = save;
	frame_push(fr);
	sh.funcs++;
	a->refs++;
	st = exec_node(f->body, flags & EV_TESTED);
	if (sh.skip == SK_RETURN) {
		sh.skip = SK_NONE;
		st = sh.retval;
	}
	sh.funcs--;
	frame_pop();
	arena_unref(a);
	return st;
}

static int
run_builtin(struct node *n, const struct builtin *b, int argc, char **argv, int special)
{
	struct saved_var *save = NULL;
	int level = nsaved(), st;

	do_assigns(n->assigns, special ? NULL : &save, special ? 0 : V_EXPORT);
	if (b->fn == bi_exec) {
		if (redirect(n->redir, 0) < 0) {
			if (!sh.interactive)
				sh_exit(2);
			return 1;
		}
		return bi_exec(argc, argv);
	}
	if (redirect(n->redir, 1) < 0) {
		st = 1;
	} else {
		st = b->fn(argc, argv);
		out_flush();
		if (cmd_exitcode() > 0)
			st = 1;
	}
	out_restore(level);
	restore_list(save);
	return st;
}

static int
run_function(struct node *n, struct func *f, int argc, char **argv, int flags)
{
	struct saved_var *save = NULL;
	int level = nsaved(), st = 1;

	do_assigns(n->assigns, &save, V_EXPORT);
	if (redirect(n->redir, 1) >= 0)
		st = call_function(f, argc, argv, flags);
	out_restore(level);
	restore_list(save);
	return st;
}

static int
exec_assign_only(struct node *n)
{
	int level = nsaved(), st;

	if (sh.opt['x'] && n->assigns)
		xtrace(n->assigns, NULL);
	do_assigns(n->assigns, NULL, 0);
	st = sh.cmdsub_status;
	if (n->redir) {
		if (redirect(n->redir, 1) < 0)
			st = 1;
		out_restore(level);
	}
	return st;
}

static int
exec_simple(struct node *n, int flags)
{
	struct fields f = { NULL, 0, 0 };
	struct stmark m;
	struct word *w;
	const struct builtin *b;
	struct func *fn;
	int st;

	st_mark(&m);
	sh.cmdsub_status = 0;
	for (w = n->args; w; w = w->next)
		expand_word(w, EXP_SPLIT | EXP_TILDE, &f);
	if (f.n == 0) {
		st = exec_assign_only(n);
	} else {
		if (sh.opt['x'])
			xtrace(n->assigns, f.v);
		b = find_builtin(f.v[0]);
		if (b && b->special)
			st = run_builtin(n, b, f.n, f.v, 1);
		else if ((fn = func_find(f.v[0])) != NULL)
			st = run_function(n, fn, f.n, f.v, flags);
		else if (b)
			st = run_builtin(n, b, f.n, f.v, 0);
		else
			st = run_external(n, f.v, flags);
	}
	st_release(&m);
	return st;
}

/* For "command": run ARGV without functions. */
static int
run_argv(int argc, char **argv)
{
	const struct builtin *b = find_builtin(argv[0]);
	pid_t pid;

	if (b)
		return b->fn(argc, argv);
	pid = sh_fork();
	if (pid == 0)
		shell_exec(argv, make_env());
	return wait_fg(pid);
}

/* ---- running text: eval, dot scripts, traps, script files ---------------------------- */

static int
run_commands(struct src *s, int lineno, int flags)
{
	struct parser p;
	struct node *n;
	struct arena *a;
	int r, st = 0;

	parser_init(&p, s, lineno);
	for (;;) {
		a = p.arena = arena_new();
		r = parse_next(&p, &n);
		if (r == PARSE_ERR) {
			arena_unref(a);
			raise_status(2);
		}
		if (r == PARSE_EOF) {
			arena_unref(a);
			break;
		}
		if (s->seekable && s->pos < s->len) {
			lseek(s->fd, -(off_t)(s->len - s->pos), SEEK_CUR);
			s->len = s->pos;
		}
		if (r == PARSE_OK && !sh.opt['n'])
			st = exec_node(n, flags);
		arena_unref(a);
		if (sh.skip)
			break;
	}
	return st;
}

static int
eval_string(const char *str, int flags)
{
	struct src s;

	memset(&s, 0, sizeof s);
	s.type = SRC_STR;
	s.s = str;
	s.len = strlen(str);
	return run_commands(&s, 1, flags);
}

static int
run_file(int fd, int flags)
{
	struct src s;
	int st, old = script_fd;

	memset(&s, 0, sizeof s);
	s.type = SRC_FD;
	s.fd = script_fd = fd;
	st = run_commands(&s, 1, flags);
	free(s.buf);
	script_fd = old;
	return st;
}

/* ---- builtins ---------------------------------------------------------------------- */

static int
bi_true(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

static int
bi_false(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return 1;
}

static int
bad_number(const char *cmd, const char *s)
{
	msg("%s: %s: bad number", cmd, s);
	return 2;
}

/* A non-negative decimal argument, or -1. */
static long
number_arg(const char *s)
{
	char *end;
	long n;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	n = strtol(s, &end, 10);
	return *end || errno ? -1 : n;
}

static int
bi_echo(int argc, char **argv)
{
	static const char from[] = "\\abefnrtv", to[] = "\\\a\b\033\f\n\r\t\v";
	int i = 1, nl = 1, esc = 0, c, k;
	const char *s, *p;

	for (; i < argc && argv[i][0] == '-' && argv[i][1] &&
	     argv[i][1 + strspn(argv[i] + 1, "neE")] == '\0'; i++)
		for (s = argv[i] + 1; *s; s++)
			if (*s == 'n')
				nl = 0;
			else
				esc = *s == 'e';
	for (; i < argc; i++) {
		for (s = argv[i]; esc && *s; s++) {
			if (*s != '\\' || s[1] == '\0') {
				out_c(*s);
				continue;
			}
			if (*++s == 'c')
				return 0;
			if (*s == '0') {
				for (c = 0, k = 0; k < 3 && s[1] >= '0' && s[1] <= '7'; k++)
					c = c * 8 + (*++s - '0');
			} else if ((p = strchr(from, *s)) != NULL) {
				c = to[p - from];
			} else {
				out_c('\\');
				c = *s;
			}
			out_c(c);
		}
		if (!esc)
			out_s(argv[i]);
		if (i + 1 < argc)
			out_c(' ');
	}
	if (nl)
		out_c('\n');
	return 0;
}

static int
loop_ctl(int argc, char **argv, int kind)
{
	long n = 1;

	if (argc > 1 && (n = number_arg(argv[1])) < 1) {
		msg("%s: %s: bad number", argv[0], argv[1]);
		return 1;
	}
	if (sh.loops == 0)
		return 0;
	sh.skip = kind;
	sh.skipn = n > sh.loops ? sh.loops : (int)n;
	return 0;
}

static int
bi_break(int argc, char **argv)
{
	return loop_ctl(argc, argv, SK_BREAK);
}

static int
bi_continue(int argc, char **argv)
{
	return loop_ctl(argc, argv, SK_CONT);
}

static int
bi_return(int argc, char **argv)
{
	long n = sh.status;

	if (argc > 1) {
		errno = 0;
		n = strtol(argv[1], NULL, 10);
	}
	if (sh.funcs == 0 && sh.dots == 0) {
		if (sh.interactive)
			return (int)n & 255;
		sh_exit((int)n & 255);
	}
	sh.retval = (int)n & 255;
	sh.skip = SK_RETURN;
	return sh.retval;
}

static int
bi_exit(int argc, char **argv)
{
	long n = sh.status;

	if (argc > 1 && (n = number_arg(argv[1])) < 0) {
		msg("exit: %s: bad number", argv[1]);
		n = 2;
	}
	sh_exit((int)n & 255);
	return 0;
}

static int
bi_eval(int argc, char **argv)
{
	struct sbuf b;
	int i;

	sb_init(&b, NULL);
	for (i = 1; i < argc; i++) {
		sb_adds(&b, argv[i]);
		if (i + 1 < argc)
			sb_addc(&b, ' ');
	}
	return eval_string(sb_str(&b), 0);
}

static int
bi_exec(int argc, char **argv)
{
	if (argc < 2)
		return 0;
	out_flush();
	if (sh.interactive)
		set_handler(SIGINT, SIG_DFL);
	set_handler(SIGQUIT, ign_at_entry[SIGQUIT] ? SIG_IGN : SIG_DFL);
	set_handler(SIGTERM, ign_at_entry[SIGTERM] ? SIG_IGN : SIG_DFL);
	shell_exec(argv + 1, make_env());
	return 0;
}

/* A readable file for ".": as named if it has a slash, else from PATH. */
static char *
find_dot(const char *name)
{
	const char *path = getvar("PATH"), *p, *e;
	char *full;
	struct stat st;

	if (strchr(name, '/'))
		return st_strdup(name);
	for (p = path ? path : "";; p = e + 1) {
		for (e = p; *e && *e != ':'; e++)
			;
		full = st_alloc((e - p) + strlen(name) + 3);
		sprintf(full, "%.*s/%s", e == p ? 1 : (int)(e - p), e == p ? "." : p, name);
		if (stat(full, &st) == 0 && S_ISREG(st.st_mode) && access(full, R_OK) == 0)
			return full;
		if (*e == '\0')
			return NULL;
	}
}

static int
bi_dot(int argc, char **argv)
{
	struct params save = pp;
	char *path;
	int fd, st, fd2;

	if (argc < 2) {
		msg(".: filename argument required");
		return 2;
	}
	if ((path = find_dot(argv[1])) == NULL || (fd = open(path, O_RDONLY)) < 0)
		sh_error(".: %s: not found", argv[1]);
	fd2 = fcntl(fd, F_DUPFD_CLOEXEC, 10);
	close(fd);
	if (argc > 2)
		params_set(&pp, argc - 2, argv + 2);
	sh.dots++;
	st = run_file(fd2, 0);
	sh.dots--;
	close(fd2);
	if (argc > 2) {
		params_free(&pp);
		pp = save;
	}
	if (sh.skip == SK_RETURN) {
		sh.skip = SK_NONE;
		st = sh.retval;
	}
	return st;
}

/* ---- cd, pwd -------------------------------------------------------------------------- */

/* Canonical form of absolute path P: no ".", "..", or repeated slashes. */
static char *
canon(const char *p)
{
	char *r = st_alloc(strlen(p) + 2), *d = r;
	const char *e;
	size_t n;

	for (;;) {
		while (*p == '/')
			p++;
		if (*p == '\0')
			break;
		for (e = p; *e && *e != '/'; e++)
			;
		n = e - p;
		if (n == 2 && p[0] == '.' && p[1] == '.') {
			while (d > r && *--d != '/')
				;
		} else if (!(n == 1 && p[0] == '.')) {
			*d++ = '/';
			memcpy(d, p, n);
			d += n;
		}
		p = e;
	}
	if (d == r)
		*d++ = '/';
	*d = '\0';
	return r;
}

static char *
physical_cwd(void)
{
	char buf[PATH_MAX];

	return getcwd(buf, sizeof buf) ? st_strdup(buf) : NULL;
}

static int
chdir_to(const char *dir, int physical, int print)
{
	const char *pwd = getvar("PWD");
	char *target, *newpwd;

	if (physical || dir[0] == '/' || (pwd && pwd[0] == '/')) {
		if (!physical && dir[0] != '/') {
			target = st_alloc(strlen(pwd) + strlen(dir) + 2);
			sprintf(target, "%s/%s", pwd, dir);
			target = canon(target);
		} else {
			target = physical ? (char *)dir : canon(dir);
		}
	} else {
		target = (char *)dir;
	}
	if (chdir(target) < 0)
		return -1;
	newpwd = physical || target[0] != '/' ? physical_cwd() : target;
	if (pwd)
		setvar_flags("OLDPWD", pwd, 0);
	if (newpwd)
		setvar_flags("PWD", newpwd, 0);
	if (print)
		out_fmt("%s\n", newpwd ? newpwd : target);
	return 0;
}

static int
bi_cd(int argc, char **argv)
{
	const char *dir, *cdpath, *p, *e;
	int physical = 0, i = 1, print = 0;
	char *full;

	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (strcmp(argv[i], "--") == 0) {
			i++;
			break;
		}
		physical = strchr(argv[i], 'P') != NULL;
	}
	dir = i < argc ? argv[i] : getvar("HOME");
	if (dir == NULL || *dir == '\0') {
		msg("cd: HOME not set");
		return 1;
	}
	if (strcmp(dir, "-") == 0) {
		if ((dir = getvar("OLDPWD")) == NULL) {
			msg("cd: OLDPWD not set");
			return 1;
		}
		print = 1;
	}
	cdpath = getvar("CDPATH");
	if (cdpath && dir[0] != '/' && strncmp(dir, "./", 2) && strncmp(dir, "../", 3) &&
	    strcmp(dir, ".") && strcmp(dir, "..")) {
		for (p = cdpath;; p = e + 1) {
			for (e = p; *e && *e != ':'; e++)
				;
			if (e > p) {
				full = st_alloc((e - p) + strlen(dir) + 2);
				sprintf(full, "%.*s/%s", (int)(e - p), p, dir);
				if (chdir_to(full, physical, 1) == 0)
					return 0;
			}
			if (*e == '\0')
				break;
		}
	}
	if (chdir_to(dir, physical, print) == 0)
		return 0;
	msg("cd: %s: %s", dir, strerror(errno));
	return 1;
}

static int
bi_pwd(int argc, char **argv)
{
	const char *pwd = getvar("PWD");
	struct stat a, b;
	char *p;

	if (argc > 1 && strcmp(argv[1], "-P") == 0)
		pwd = NULL;
	if (pwd && pwd[0] == '/' && stat(pwd, &a) == 0 && stat(".", &b) == 0 &&
	    a.st_dev == b.st_dev && a.st_ino == b.st_ino) {
		out_fmt("%s\n", pwd);
		return 0;
	}
	if ((p = physical_cwd()) == NULL) {
		msg("pwd: %s", strerror(errno));
		return 1;
	}
	out_fmt("%s\n", p);
	return 0;
}

/* ---- variables: export, readonly, unset, local, set, shift ----------------------------- */

static int
declare(int argc, char **argv, unsigned flag, const char *what)
{
	struct var **list;
	char *eq, *name;
	int i, n, st = 0;

	if (argc == 1 || (argc == 2 && strcmp(argv[1], "-p") == 0)) {
		list = var_list(flag, &n);
		for (i = 0; i < n; i++) {
			out_fmt("%s %s", what, list[i]->name);
			if (!(list[i]->flags & V_UNSET)) {
				out_c('=');
				out_quoted(list[i]->val);
			}
			out_c('\n');
		}
		return 0;
	}
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0 || strcmp(argv[i], "-p") == 0)
			continue;
		eq = strchr(argv[i], '=');
		name = eq ? st_strndup(argv[i], eq - argv[i]) : argv[i];
		if (!is_name(name)) {
			msg("%s: %s: bad variable name", what, name);
			st = 1;
			continue;
		}
		if (setvar_flags(name, eq ? eq + 1 : NULL, 0) < 0) {
			st = 1;
			continue;
		}
		var_find(name, 1)->flags |= flag;
	}
	return st;
}

static int
bi_export(int argc, char **argv)
{
	return declare(argc, argv, V_EXPORT, "export");
}

static int
bi_readonly(int argc, char **argv)
{
	return declare(argc, argv, V_RDONLY, "readonly");
}

static int
bi_local(int argc, char **argv)
{
	struct saved_var *s;
	char *eq, *name;
	int i, st = 0;

	if (frames == NULL) {
		msg("local: not in a function");
		return 1;
	}
	for (i = 1; i < argc; i++) {
		eq = strchr(argv[i], '=');
		name = eq ? st_strndup(argv[i], eq - argv[i]) : argv[i];
		if (!is_name(name)) {
			msg("local: %s: bad variable name", name);
			st = 1;
			continue;
		}
		s = var_save(name);
		s->next = frames->locals;
		frames->locals = s;
		if (eq && setvar_flags(name, eq + 1, 0) < 0)
			st = 1;
	}
	return st;
}

static int
bi_unset(int argc, char **argv)
{
	int i = 1, funcs = 0, st = 0;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (strcmp(argv[i], "--") == 0) {
			i++;
			break;
		}
		funcs = strchr(argv[i], 'f') != NULL;
	}
	for (; i < argc; i++) {
		if (funcs)
			func_unset(argv[i]);
		else if (unsetvar(argv[i]) < 0)
			st = 1;
	}
	return st;
}

static const struct {
	const char *name;
	char letter;
} longopts[] = {
	{ "allexport", 'a' }, { "errexit", 'e' }, { "noclobber", 'C' }, { "noexec", 'n' },
	{ "noglob", 'f' }, { "nounset", 'u' }, { "verbose", 'v' }, { "xtrace", 'x' },
	{ "monitor", 'm' }, { "notify", 'b' }, { "ignoreeof", 'I' }, { "vi", 'V' },
	{ "emacs", 'E' }, { "nolog", 'N' }, { "hashall", 'h' },
};

static int
set_long(const char *name, int on)
{
	size_t i;

	for (i = 0; i < sizeof longopts / sizeof *longopts; i++)
		if (strcmp(name, longopts[i].name) == 0) {
			sh.opt[(unsigned char)longopts[i].letter] = (char)on;
			return 0;
		}
	msg("set: -o %s: bad option", name);
	return -1;
}

static void
print_options(int reinput)
{
	size_t i;

	for (i = 0; i < sizeof longopts / sizeof *longopts; i++) {
		if (reinput)
			out_fmt("set %co %s\n", sh.opt[(unsigned char)longopts[i].letter] ? '-' : '+',
				longopts[i].name);
		else
			out_fmt("%-15s %s\n", longopts[i].name,
				sh.opt[(unsigned char)longopts[i].letter] ? "on" : "off");
	}
}

/* Option arguments of set and of sh itself; returns the index of the first operand. */
static int
parse_options(int argc, char **argv, int shell, const char **cmd)
{
	int i, on;
	const char *s;

	for (i = 1; i < argc; i++) {
		s = argv[i];
		if ((s[0] != '-' && s[0] != '+') || s[1] == '\0') {
			if (strcmp(s, "-") == 0) {
				sh.opt['x'] = sh.opt['v'] = 0;
				return i + 1;
			}
			break;
		}
		if (strcmp(s, "--") == 0)
			return i + 1;
		on = s[0] == '-';
		for (s++; *s; s++) {
			if (*s == 'o') {
				if (i + 1 >= argc) {
					print_options(!on);
					continue;
				}
				if (set_long(argv[++i], on) < 0)
					return -1;
			} else if (shell && *s == 'c') {
				*cmd = "";
			} else if (strchr("aCefnuvxmbhisI", *s) && (shell || (*s != 'i' && *s != 's'))) {
				sh.opt[(unsigned char)*s] = (char)on;
			} else {
				msg("%s: %c%c: bad option", shell ? "sh" : "set", on ? '-' : '+', *s);
				return -1;
			}
		}
	}
	return i;
}

static int
bi_set(int argc, char **argv)
{
	struct var **list;
	int i, n;

	if (argc == 1) {
		list = var_list(0, &n);
		for (i = 0; i < n; i++) {
			out_fmt("%s=", list[i]->name);
			out_quoted(list[i]->val);
			out_c('\n');
		}
		return 0;
	}
	if ((i = parse_options(argc, argv, 0, NULL)) < 0)
		return 2;
	if (i < argc || strcmp(argv[i - 1], "--") == 0) {
		params_free(&pp);
		params_set(&pp, argc - i, argv + i);
	}
	return 0;
}

static int
bi_shift(int argc, char **argv)
{
	long n = 1;
	int i;

	if (argc > 1 && (n = number_arg(argv[1])) < 0)
		return bad_number("shift", argv[1]);
	if (n > pp.n) {
		msg("shift: can't shift that many");
		return 1;
	}
	for (i = 0; i < n; i++)
		free(pp.v[i]);
	memmove(pp.v, pp.v + n, (pp.n - n + 1) * sizeof *pp.v);
	pp.n -= (int)n;
	return 0;
}

/* ---- read, getopts -------------------------------------------------------------------- */

/* One line from fd 0, byte by byte; ESC marks backslash-escaped bytes. */
static int
read_input_line(struct sbuf *b, struct sbuf *esc, int raw)
{
	char c;
	ssize_t r;
	int quote = 0;

	for (;;) {
		r = read(0, &c, 1);
		if (r < 0 && errno == EINTR) {
			if (gotsig && pending[SIGINT])
				return -2;
			continue;
		}
		if (r <= 0)
			return -1;
		if (quote) {
			quote = 0;
			if (c == '\n')
				continue;
			sb_addc(b, c);
			sb_addc(esc, 1);
			continue;
		}
		if (c == '\\' && !raw) {
			quote = 1;
			continue;
		}
		if (c == '\n')
			return 0;
		sb_addc(b, c);
		sb_addc(esc, 0);
	}
}

static int
read_assign(char **names, int nnames, const char *s, const char *esc, size_t n)
{
	const char *ifs = ifs_value();
	struct sbuf f;
	size_t i = 0, j, end;
	int k;

#define ISIFS(i) (!esc[i] && strchr(ifs, s[i]) != NULL)
#define ISWS(i) (ISIFS(i) && is_ifs_space((unsigned char)s[i]))
	while (i < n && ISWS(i))
		i++;
	for (k = 0; k < nnames; k++) {
		sb_init(&f, NULL);
		if (k == nnames - 1) {
			for (end = n; end > i && ISWS(end - 1); end--)
				;
			if (end > i && ISIFS(end - 1)) {
				for (j = i; j < end - 1 && !ISIFS(j); j++)
					;
				if (j == end - 1)
					end--;
			}
			sb_addn(&f, s + i, end - i);
		} else {
			while (i < n && !ISIFS(i))
				sb_addc(&f, s[i++]);
			while (i < n && ISWS(i))
				i++;
			if (i < n && ISIFS(i))
				for (i++; i < n && ISWS(i); i++)
					;
		}
		if (setvar_flags(names[k], sb_str(&f), 0) < 0)
			return 1;
	}
#undef ISIFS
#undef ISWS
	return 0;
}

static int
bi_read(int argc, char **argv)
{
	static char *reply[] = { "REPLY", NULL };
	struct sbuf b, esc;
	int i = 1, raw = 0, r;
	const char *prompt = NULL;
	char **names;

	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (strcmp(argv[i], "--") == 0) {
			i++;
			break;
		}
		if (strcmp(argv[i], "-r") == 0)
			raw = 1;
		else if (strcmp(argv[i], "-p") == 0 && i + 1 < argc)
			prompt = argv[++i];
		else {
			msg("read: %s: bad option", argv[i]);
			return 2;
		}
	}
	names = i < argc ? argv + i : reply;
	for (r = 0; names[r]; r++)
		if (!is_name(names[r])) {
			msg("read: %s: bad variable name", names[r]);
			return 2;
		}
	if (prompt && isatty(0))
		write_all(2, prompt, strlen(prompt));
	sb_init(&b, NULL);
	sb_init(&esc, NULL);
	r = read_input_line(&b, &esc, raw);
	if (r == -2)
		return 130;
	sb_str(&b);
	sb_str(&esc);
	if (read_assign(names, i < argc ? argc - i : 1, b.s, esc.s, b.n))
		return 2;
	return r < 0 ? 1 : 0;
}

static void
getopts_result(const char *name, int c, const char *arg)
{
	char s[2] = { (char)c, '\0' };

	setvar(name, s);
	if (arg)
		setvar("OPTARG", arg);
	else
		unsetvar("OPTARG");
}

static int
bi_getopts(int argc, char **argv)
{
	const char *spec, *o, *ind_s = getvar("OPTIND");
	char **args, *a, optc[2] = { 0, 0 };
	int nargs, ind = ind_s ? atoi(ind_s) : 1, silent, c, save;

	if (argc < 3) {
		msg("getopts: usage: getopts optstring name [arg...]");
		return 2;
	}
	spec = argv[1];
	silent = spec[0] == ':';
	args = argc > 3 ? argv + 3 : pp.v;
	nargs = argc > 3 ? argc - 3 : pp.n;
	if (ind < 1)
		ind = 1;
	if (optpos == 0) {
		if (ind > nargs || (a = args[ind - 1])[0] != '-' || a[1] == '\0') {
			getopts_result(argv[2], '?', NULL);
			return 1;
		}
		if (strcmp(a, "--") == 0) {
			setvar_int("OPTIND", ind + 1);
			getopts_result(argv[2], '?', NULL);
			return 1;
		}
		optpos = 1;
	}
	a = args[ind - 1];
	c = (unsigned char)a[optpos++];
	optc[0] = (char)c;
	o = c == ':' ? NULL : strchr(spec + silent, c);
	if (o == NULL) {
		if (!silent)
			msg("illegal option -- %c", c);
		getopts_result(argv[2], '?', silent ? optc : NULL);
	} else if (o[1] == ':') {
		if (a[optpos]) {
			getopts_result(argv[2], c, a + optpos);
			ind++;
			optpos = 0;
		} else if (ind < nargs) {
			getopts_result(argv[2], c, args[ind]);
			ind += 2;
			optpos = 0;
		} else {
			if (!silent)
				msg("option requires an argument -- %c", c);
			getopts_result(argv[2], silent ? ':' : '?', silent ? optc : NULL);
			ind++;
			optpos = 0;
		}
	} else {
		getopts_result(argv[2], c, NULL);
	}
	if (optpos && a[optpos] == '\0') {
		ind++;
		optpos = 0;
	}
	save = optpos;
	setvar_int("OPTIND", ind);
	optpos = save;
	return 0;
}

/* ---- test ------------------------------------------------------------------------------ */

struct tst {
	char **a;
	int n, err;
};

static int t_or(struct tst *t);

static int
t_int(struct tst *t, const char *s, long *v)
{
	char *end;

	while (*s == ' ' || *s == '\t')
		s++;
	errno = 0;
	*v = strtol(s, &end, 10);
	while (*end == ' ' || *end == '\t')
		end++;
	if (*s == '\0' || *end || errno) {
		msg("test: %s: bad number", s);
		t->err = 1;
		return -1;
	}
	return 0;
}

static int
t_unary(const char *op, const char *arg)
{
	struct stat st;
	int r = op[1] == 'h' || op[1] == 'L' ? lstat(arg, &st) : stat(arg, &st);

	switch (op[1]) {
	case 'n': return *arg != '\0';
	case 'z': return *arg == '\0';
	case 't': return isatty(atoi(arg));
	case 'r': return access(arg, R_OK) == 0;
	case 'w': return access(arg, W_OK) == 0;
	case 'x': return access(arg, X_OK) == 0;
	}
	if (r < 0)
		return 0;
	switch (op[1]) {
	case 'e': return 1;
	case 'f': return S_ISREG(st.st_mode);
	case 'd': return S_ISDIR(st.st_mode);
	case 'b': return S_ISBLK(st.st_mode);
	case 'c': return S_ISCHR(st.st_mode);
	case 'p': return S_ISFIFO(st.st_mode);
	case 'S': return S_ISSOCK(st.st_mode);
	case 'h': case 'L': return S_ISLNK(st.st_mode);
	case 's': return st.st_size > 0;
	case 'g': return (st.st_mode & S_ISGID) != 0;
	case 'u': return (st.st_mode & S_ISUID) != 0;
	case 'k': return (st.st_mode & S_ISVTX) != 0;
	case 'O': return st.st_uid == geteuid();
	case 'G': return st.st_gid == getegid();
	}
	return 0;
}

static int
is_unary(const char *s)
{
	return s[0] == '-' && s[1] && !s[2] && strchr("nztrwxefdbcpShLsgukOG", s[1]);
}

static const char *const tbinops[] = {
	"=", "!=", "==", "<", ">", "-eq", "-ne", "-gt", "-ge", "-lt", "-le", "-nt", "-ot", "-ef", NULL
};

static int
is_binary(const char *s)
{
	int i;

	for (i = 0; tbinops[i]; i++)
		if (strcmp(s, tbinops[i]) == 0)
			return 1;
	return 0;
}

static int
t_files(const char *op, const char *l, const char *r)
{
	struct stat a, b;
	int ha = stat(l, &a) == 0, hb = stat(r, &b) == 0;

	if (op[1] == 'e')
		return ha && hb && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
	if (op[1] == 'n')
		return ha && (!hb || a.st_mtime > b.st_mtime);
	return hb && (!ha || a.st_mtime < b.st_mtime);
}

static int
t_binary(struct tst *t, const char *l, const char *op, const char *r)
{
	long a, b;

	if (strcmp(op, "=") == 0 || strcmp(op, "==") == 0)
		return strcmp(l, r) == 0;
	if (strcmp(op, "!=") == 0)
		return strcmp(l, r) != 0;
	if (op[0] == '<' || op[0] == '>')
		return op[0] == '<' ? strcmp(l, r) < 0 : strcmp(l, r) > 0;
	if (strcmp(op, "-nt") == 0 || strcmp(op, "-ot") == 0 || strcmp(op, "-ef") == 0)
		return t_files(op, l, r);
	if (t_int(t, l, &a) < 0 || t_int(t, r, &b) < 0)
		return 0;
	switch (op[1] * 256 + op[2]) {
	case 'e' * 256 + 'q': return a == b;
	case 'n' * 256 + 'e': return a != b;
	case 'g' * 256 + 't': return a > b;
	case 'g' * 256 + 'e': return a >= b;
	case 'l' * 256 + 't': return a < b;
	}
	return a <= b;
}

static int
t_primary(struct tst *t)
{
	int r;

	if (t->n <= 0) {
		t->err = 1;
		msg("test: argument expected");
		return 0;
	}
	if (t->n >= 3 && is_binary(t->a[1])) {
		r = t_binary(t, t->a[0], t->a[1], t->a[2]);
		t->a += 3;
		t->n -= 3;
		return r;
	}
	if (strcmp(t->a[0], "(") == 0 && t->n >= 2) {
		t->a++;
		t->n--;
		r = t_or(t);
		if (t->n <= 0 || strcmp(t->a[0], ")") != 0) {
			t->err = 1;
			msg("test: missing \")\"");
			return 0;
		}
		t->a++;
		t->n--;
		return r;
	}
	if (t->n >= 2 && is_unary(t->a[0])) {
		r = t_unary(t->a[0], t->a[1]);
		t->a += 2;
		t->n -= 2;
		return r;
	}
	r = t->a[0][0] != '\0';
	t->a++;
	t->n--;
	return r;
}

static int
t_not(struct tst *t)
{
	int depth = 0, r;

	while (t->n > 1 && strcmp(t->a[0], "!") == 0 && !(t->n == 3 && is_binary(t->a[1]))) {
		t->a++;
		t->n--;
		depth++;
	}
	r = t_primary(t);
	return depth & 1 ? !r : r;
}

static int
t_and(struct tst *t)
{
	int r = t_not(t);

	while (t->n > 0 && strcmp(t->a[0], "-a") == 0) {
		t->a++;
		t->n--;
		r = t_not(t) && r;
	}
	return r;
}

static int
t_or(struct tst *t)
{
	int r = t_and(t);

	while (t->n > 0 && strcmp(t->a[0], "-o") == 0) {
		t->a++;
		t->n--;
		r = t_and(t) || r;
	}
	return r;
}

static int
bi_test(int argc, char **argv)
{
	struct tst t;
	int r;

	if (argv[0][0] == '[') {
		if (strcmp(argv[argc - 1], "]") != 0) {
			msg("[: missing \"]\"");
			return 2;
		}
		argc--;
	}
	if (argc == 1)
		return 1;
	t.a = argv + 1;
	t.n = argc - 1;
	t.err = 0;
	if (t.n == 4 && strcmp(t.a[0], "!") == 0 && is_binary(t.a[2])) {
		r = !t_binary(&t, t.a[1], t.a[2], t.a[3]);
		t.n = 0;
	} else {
		r = t_or(&t);
	}
	if (!t.err && t.n > 0) {
		msg("test: %s: unexpected operator", t.a[0]);
		t.err = 1;
	}
	return t.err ? 2 : !r;
}

/* ---- trap, kill, wait ------------------------------------------------------------------- */

static void
print_traps(void)
{
	int i;

	for (i = 0; i < NSIGS; i++)
		if (traps[i] && sh_signame(i)) {
			out_s("trap -- ");
			out_quoted(traps[i]);
			out_fmt(" %s\n", sh_signame(i));
		}
}

static int
bi_trap(int argc, char **argv)
{
	const char *action;
	int i = 1, sig, st = 0;

	if (argc > 1 && strcmp(argv[1], "--") == 0)
		i++;
	if (i >= argc) {
		print_traps();
		return 0;
	}
	action = argv[i];
	if (sh_signum(action) >= 0 && strcmp(action, "") != 0)
		action = "-";
	else
		i++;
	for (; i < argc; i++) {
		if ((sig = sh_signum(argv[i])) < 0) {
			msg("trap: %s: bad trap", argv[i]);
			st = 1;
			continue;
		}
		free(traps[sig]);
		traps[sig] = strcmp(action, "-") == 0 ? NULL : xstrdup(action);
		sig_apply(sig);
	}
	sh.traps_set = 0;
	for (i = 0; i < NSIGS; i++)
		if (traps[i] && traps[i][0])
			sh.traps_set = 1;
	return st;
}

static int
bi_kill(int argc, char **argv)
{
	int sig = SIGTERM, i = 1, st = 0;
	long pid;
	char *end;

	if (argc > 1 && strcmp(argv[1], "-l") == 0) {
		for (i = 1; i < (int)(sizeof signames / sizeof *signames); i++)
			out_fmt("%s%c", signames[i].name,
				i + 1 < (int)(sizeof signames / sizeof *signames) ? ' ' : '\n');
		return 0;
	}
	if (argc > 2 && strcmp(argv[1], "-s") == 0) {
		sig = sh_signum(argv[2]);
		i = 3;
	} else if (argc > 1 && argv[1][0] == '-' && argv[1][1] != '-') {
		sig = sh_signum(argv[1] + 1);
		i = 2;
	} else if (argc > 1 && strcmp(argv[1], "--") == 0) {
		i = 2;
	}
	if (sig < 0) {
		msg("kill: bad signal");
		return 2;
	}
	if (i >= argc) {
		msg("kill: usage: kill [-s SIGNAL | -SIGNAL] PID...");
		return 2;
	}
	for (; i < argc; i++) {
		pid = strtol(argv[i], &end, 10);
		if (*argv[i] == '\0' || *end) {
			msg("kill: %s: bad process id", argv[i]);
			st = 1;
		} else if (kill((pid_t)pid, sig) < 0) {
			msg("kill: %s: %s", argv[i], strerror(errno));
			st = 1;
		}
	}
	return st;
}

/* Wait for job J; -1 if a trapped signal came first. */
static int
wait_job(struct job *j)
{
	int ws;

	while (!j->done) {
		if (waitpid(j->pid, &ws, 0) == j->pid) {
			j->status = wait_status(ws);
			j->done = 1;
		} else if (errno == EINTR) {
			if (gotsig)
				return -1;
		} else {
			j->status = 127;
			j->done = 1;
		}
	}
	j->done = 2;
	return j->status;
}

static int
bi_wait(int argc, char **argv)
{
	int i, k, st = 0;
	long pid;

	if (argc == 1) {
		for (k = 0; k < njobs; k++)
			if (jobs[k].done != 2 && wait_job(&jobs[k]) < 0)
				return 128 + SIGINT;
		njobs = 0;
		return 0;
	}
	for (i = 1; i < argc; i++) {
		pid = strtol(argv[i], NULL, 10);
		st = 127;
		for (k = 0; k < njobs; k++)
			if (jobs[k].pid == pid) {
				jobs[k].done = jobs[k].done == 2 ? 1 : jobs[k].done;
				if ((st = wait_job(&jobs[k])) < 0)
					return 128 + SIGINT;
				break;
			}
	}
	return st;
}

/* ---- type, command ---------------------------------------------------------------------- */

/* The path a command name would run, on the stack, or NULL. */
static char *
find_path(const char *name)
{
	const char *path = getvar("PATH"), *p, *e;
	char *full;
	struct stat st;

	if (strchr(name, '/'))
		return access(name, X_OK) == 0 ? st_strdup(name) : NULL;
	for (p = path ? path : "/ubin:/bin:/sbin:/usr/bin:/usr/sbin";; p = e + 1) {
		for (e = p; *e && *e != ':'; e++)
			;
		full = st_alloc((e - p) + strlen(name) + 3);
		sprintf(full, "%.*s/%s", e == p ? 1 : (int)(e - p), e == p ? "." : p, name);
		if (stat(full, &st) == 0 && S_ISREG(st.st_mode) && access(full, X_OK) == 0)
			return full;
		if (*e == '\0')
			return NULL;
	}
}

static int
is_keyword(const char *s)
{
	size_t i;

	for (i = 1; i < sizeof kwnames / sizeof *kwnames; i++)
		if (strcmp(s, kwnames[i]) == 0)
			return 1;
	return 0;
}

/* Say what NAME is; VERBOSE: as "type" does. Returns 0 if found. */
static int
describe(const char *name, int verbose)
{
	const struct builtin *b;
	char *p;

	if (is_keyword(name)) {
		out_fmt(verbose ? "%s is a shell keyword\n" : "%s\n", name);
	} else if (func_find(name)) {
		out_fmt(verbose ? "%s is a function\n" : "%s\n", name);
	} else if ((b = find_builtin(name)) != NULL) {
		out_fmt(verbose ? "%s is a %sshell builtin\n" : "%s\n", name,
			b->special ? "special " : "");
	} else if ((p = find_path(name)) != NULL) {
		if (verbose)
			out_fmt("%s is %s\n", name, p);
		else
			out_fmt("%s\n", p);
	} else {
		if (verbose)
			msg("%s: not found", name);
		return 127;
	}
	return 0;
}

static int
bi_type(int argc, char **argv)
{
	int i, st = 0;

	for (i = 1; i < argc; i++)
		if (describe(argv[i], 1))
			st = 127;
	return st;
}

static int
bi_command(int argc, char **argv)
{
	int i = 1, v = 0, st = 0;

	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (strcmp(argv[i], "--") == 0) {
			i++;
			break;
		}
		if (strchr(argv[i], 'v'))
			v = 1;
		if (strchr(argv[i], 'V'))
			v = 2;
	}
	if (i >= argc)
		return 0;
	if (v) {
		for (; i < argc; i++)
			if (describe(argv[i], v == 2))
				st = 127;
		return st == 127 && v == 1 ? 1 : st;
	}
	out_flush();
	return run_argv(argc - i, argv + i);
}

/* ---- umask, ulimit, times -------------------------------------------------------------------- */

static int
bi_umask(int argc, char **argv)
{
	mode_t m = umask(0), mode;
	int sym = argc > 1 && strcmp(argv[1], "-S") == 0, i;

	umask(m);
	if (argc - sym == 1) {
		if (!sym) {
			out_fmt("%04o\n", (unsigned)m);
			return 0;
		}
		mode = ~m & 0777;
		for (i = 0; i < 3; i++) {
			unsigned bits = (mode >> (6 - 3 * i)) & 7;

			out_fmt("%s%c=%s%s%s", i ? "," : "", "ugo"[i], bits & 4 ? "r" : "",
				bits & 2 ? "w" : "", bits & 1 ? "x" : "");
		}
		out_c('\n');
		return 0;
	}
	mode = ~m & 0777;
	if (argv[1 + sym][0] >= '0' && argv[1 + sym][0] <= '7') {
		mode = 0;
		if (mode_parse(argv[1 + sym], &mode, 0, 1) < 0)
			goto bad;
		umask(mode & 0777);
		return 0;
	}
	if (mode_parse(argv[1 + sym], &mode, 0, 1) < 0)
		goto bad;
	umask(~mode & 0777);
	return 0;
bad:
	msg("umask: %s: bad mode", argv[1 + sym]);
	return 1;
}

static const struct {
	char opt;
	int res, unit;
	const char *name;
} limits[] = {
	{ 'c', RLIMIT_CORE, 512, "core file size (blocks)" },
	{ 'd', RLIMIT_DATA, 1024, "data seg size (kb)" },
	{ 'f', RLIMIT_FSIZE, 512, "file size (blocks)" },
	{ 'l', RLIMIT_MEMLOCK, 1024, "locked memory (kb)" },
	{ 'm', RLIMIT_RSS, 1024, "resident set size (kb)" },
	{ 'n', RLIMIT_NOFILE, 1, "open files" },
	{ 's', RLIMIT_STACK, 1024, "stack size (kb)" },
	{ 't', RLIMIT_CPU, 1, "cpu time (seconds)" },
	{ 'u', RLIMIT_NPROC, 1, "max user processes" },
	{ 'v', RLIMIT_AS, 1024, "virtual memory (kb)" },
};

static void
print_limit(rlim_t v, int unit)
{
	if (v == RLIM_INFINITY)
		out_s("unlimited\n");
	else
		out_fmt("%llu\n", (unsigned long long)(v / unit));
}

static int
bi_ulimit(int argc, char **argv)
{
	int i, k = 2, hard = 0, soft = 0, all = 0;
	const char *s, *val = NULL;
	struct rlimit rl;
	unsigned long long v;
	char *end;

	for (i = 1; i < argc && argv[i][0] == '-'; i++)
		for (s = argv[i] + 1; *s; s++) {
			if (*s == 'H')
				hard = 1;
			else if (*s == 'S')
				soft = 1;
			else if (*s == 'a')
				all = 1;
			else {
				for (k = 0; k < (int)(sizeof limits / sizeof *limits); k++)
					if (limits[k].opt == *s)
						break;
				if (k == (int)(sizeof limits / sizeof *limits)) {
					msg("ulimit: -%c: bad option", *s);
					return 2;
				}
			}
		}
	if (i < argc)
		val = argv[i];
	if (all) {
		for (k = 0; k < (int)(sizeof limits / sizeof *limits); k++) {
			getrlimit(limits[k].res, &rl);
			out_fmt("-%c: %-26s ", limits[k].opt, limits[k].name);
			print_limit(hard ? rl.rlim_max : rl.rlim_cur, limits[k].unit);
		}
		return 0;
	}
	getrlimit(limits[k].res, &rl);
	if (val == NULL) {
		print_limit(hard ? rl.rlim_max : rl.rlim_cur, limits[k].unit);
		return 0;
	}
	if (strcmp(val, "unlimited") == 0) {
		v = RLIM_INFINITY;
	} else {
		v = strtoull(val, &end, 10);
		if (*val < '0' || *val > '9' || *end)
			return bad_number("ulimit", val);
		v *= limits[k].unit;
	}
	if (hard || !soft)
		rl.rlim_max = v;
	if (soft || !hard)
		rl.rlim_cur = v;
	if (setrlimit(limits[k].res, &rl) < 0) {
		msg("ulimit: %s", strerror(errno));
		return 1;
	}
	return 0;
}

static void
print_time(clock_t t, long hz, int last)
{
	out_fmt("%ldm%ld.%03lds%c", (long)(t / hz / 60), (long)(t / hz % 60),
		(long)(t % hz * 1000 / hz), last ? '\n' : ' ');
}

static int
bi_times(int argc, char **argv)
{
	struct tms t;
	long hz = sysconf(_SC_CLK_TCK);

	(void)argc;
	(void)argv;
	times(&t);
	print_time(t.tms_utime, hz, 0);
	print_time(t.tms_stime, hz, 1);
	print_time(t.tms_cutime, hz, 0);
	print_time(t.tms_cstime, hz, 1);
	return 0;
}

/* Sorted by name, for bsearch. */
static const struct builtin builtins[] = {
	{ ".", bi_dot, 1 },
	{ ":", bi_true, 1 },
	{ "[", bi_test, 0 },
	{ "break", bi_break, 1 },
	{ "cd", bi_cd, 0 },
	{ "command", bi_command, 0 },
	{ "continue", bi_continue, 1 },
	{ "echo", bi_echo, 0 },
	{ "eval", bi_eval, 1 },
	{ "exec", bi_exec, 1 },
	{ "exit", bi_exit, 1 },
	{ "export", bi_export, 1 },
	{ "false", bi_false, 0 },
	{ "getopts", bi_getopts, 0 },
	{ "kill", bi_kill, 0 },
	{ "local", bi_local, 0 },
	{ "pwd", bi_pwd, 0 },
	{ "read", bi_read, 0 },
	{ "readonly", bi_readonly, 1 },
	{ "return", bi_return, 1 },
	{ "set", bi_set, 1 },
	{ "shift", bi_shift, 1 },
	{ "test", bi_test, 0 },
	{ "times", bi_times, 1 },
	{ "trap", bi_trap, 1 },
	{ "true", bi_true, 0 },
	{ "type", bi_type, 0 },
	{ "ulimit", bi_ulimit, 0 },
	{ "umask", bi_umask, 0 },
	{ "unset", bi_unset, 1 },
	{ "wait", bi_wait, 0 },
};

static int
builtin_cmp(const void *key, const void *b)
{
	return strcmp(key, ((const struct builtin *)b)->name);
}

static const struct builtin *
find_builtin(const char *name)
{
	return bsearch(name, builtins, sizeof builtins / sizeof *builtins, sizeof *builtins,
		       builtin_cmp);
}

/* ---- line editor ----------------------------------------------------------------------- */

/*
 * One line at a time in raw mode, drawn with nothing but \r, \b and spaces
 * (plus the screen clear of ^L on terminals that know it), so that a dumb
 * terminal or a serial console of unknown width (80 columns) works. A long
 * line scrolls sideways inside the width.
 */
struct ed {
	char *buf;
	size_t len, pos, cap;
	const char *prompt;
	size_t plen, cols, shown, off;
	int dumb, lasttab, hidx;
	char *saved;		/* the line being typed, while browsing history */
};

#define HISTMAX 500
static char **hist;
static int nhist, hist_loaded;
static int tty_state = -1;	/* -1 unknown, 0 no raw mode, 1 raw mode works */
static struct termios tty_orig;

static void
ed_write(const char *s, size_t n)
{
	write_all(2, s, n);
}

static void
ed_puts(const char *s)
{
	ed_write(s, strlen(s));
}

static void
ed_refresh(struct ed *e)
{
	struct stmark m;
	struct sbuf b;
	size_t avail, n, pad, back;

	avail = e->cols > e->plen + 2 ? e->cols - e->plen - 1 : 1;
	if (e->len < avail)
		e->off = 0;
	/* scroll by half a width, so that typing goes on without redraws */
	if (e->pos < e->off)
		e->off = e->pos > avail / 2 ? e->pos - avail / 2 : 0;
	if (e->pos - e->off >= avail)
		e->off = e->pos - avail / 2;
	n = e->len - e->off < avail ? e->len - e->off : avail;
	pad = e->shown > n ? e->shown - n : 0;
	back = pad + (e->off + n - e->pos);
	st_mark(&m);
	sb_init(&b, NULL);
	sb_addc(&b, '\r');
	sb_adds(&b, e->prompt);
	sb_addn(&b, e->buf + e->off, n);
	while (pad--)
		sb_addc(&b, ' ');
	while (back--)
		sb_addc(&b, '\b');
	ed_write(b.s, b.n);
	e->shown = n;
	st_release(&m);
}

static void
ed_insert(struct ed *e, const char *s, size_t n)
{
	if (e->len + n + 1 > e->cap) {
		e->cap = (e->len + n + 1) * 2;
		e->buf = xrealloc(e->buf, e->cap);
	}
	memmove(e->buf + e->pos + n, e->buf + e->pos, e->len - e->pos);
	memcpy(e->buf + e->pos, s, n);
	e->len += n;
	e->pos += n;
	if (e->pos == e->len && n == 1 && e->len - e->off + e->plen + 1 < e->cols) {
		ed_write(s, 1);
		e->shown++;
		return;
	}
	ed_refresh(e);
}

static void
ed_delete(struct ed *e, size_t from, size_t to)
{
	memmove(e->buf + from, e->buf + to, e->len - to);
	e->len -= to - from;
	e->pos = from;
	ed_refresh(e);
}

static void
ed_set(struct ed *e, const char *s)
{
	e->len = e->pos = 0;
	ed_insert(e, s, strlen(s));
	e->pos = e->len;
	ed_refresh(e);
}

static void
hist_load(void)
{
	const char *f = getvar("HISTFILE");
	FILE *fp;
	char line[4096];
	size_t n;

	hist_loaded = 1;
	if (f == NULL || (fp = fopen(f, "r")) == NULL)
		return;
	while (fgets(line, sizeof line, fp)) {
		n = strlen(line);
		if (n && line[n - 1] == '\n')
			line[--n] = '\0';
		if (n == 0)
			continue;
		if (nhist == HISTMAX) {
			free(hist[0]);
			memmove(hist, hist + 1, (HISTMAX - 1) * sizeof *hist);
			nhist--;
		}
		hist[nhist++] = xstrdup(line);
	}
	fclose(fp);
}

static void
hist_add(const char *line)
{
	const char *f = getvar("HISTFILE");
	int fd;

	if (line[strspn(line, " \t")] == '\0')
		return;
	if (nhist && strcmp(hist[nhist - 1], line) == 0)
		return;
	if (nhist == HISTMAX) {
		free(hist[0]);
		memmove(hist, hist + 1, (HISTMAX - 1) * sizeof *hist);
		nhist--;
	}
	hist[nhist++] = xstrdup(line);
	if (f && (fd = open(f, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600)) >= 0) {
		write_all(fd, line, strlen(line));
		write_all(fd, "\n", 1);
		close(fd);
	}
}

static void
ed_history(struct ed *e, int dir)
{
	if (dir < 0 && e->hidx > 0) {
		if (e->hidx == nhist) {
			free(e->saved);
			e->buf[e->len] = '\0';
			e->saved = xstrdup(e->buf);
		}
		ed_set(e, hist[--e->hidx]);
	} else if (dir > 0 && e->hidx < nhist) {
		e->hidx++;
		ed_set(e, e->hidx == nhist ? (e->saved ? e->saved : "") : hist[e->hidx]);
	}
}

/* ---- completion ---- */

struct names {
	char **v;
	int n, cap;
};

static void
names_add(struct names *l, const char *s, size_t n)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 64;
		l->v = xrealloc(l->v, l->cap * sizeof *l->v);
	}
	l->v[l->n] = xmalloc(n + 1);
	memcpy(l->v[l->n], s, n);
	l->v[l->n++][n] = '\0';
}

static void
names_free(struct names *l)
{
	while (l->n)
		free(l->v[--l->n]);
	free(l->v);
}

static void
complete_commands(struct names *l, const char *w, size_t wl)
{
	const char *path = getvar("PATH"), *p, *e;
	struct dirent *d;
	struct func *f;
	char dir[PATH_MAX];
	DIR *dp;
	size_t i;

	for (i = 0; i < sizeof builtins / sizeof *builtins; i++)
		if (strncmp(builtins[i].name, w, wl) == 0)
			names_add(l, builtins[i].name, strlen(builtins[i].name));
	for (i = 0; i < 64; i++)
		for (f = ftab[i]; f; f = f->next)
			if (strncmp(f->name, w, wl) == 0)
				names_add(l, f->name, strlen(f->name));
	for (p = path ? path : "";; p = e + 1) {
		for (e = p; *e && *e != ':'; e++)
			;
		snprintf(dir, sizeof dir, "%.*s", e == p ? 1 : (int)(e - p), e == p ? "." : p);
		if ((dp = opendir(dir)) != NULL) {
			while ((d = readdir(dp)) != NULL)
				if (d->d_name[0] != '.' && strncmp(d->d_name, w, wl) == 0)
					names_add(l, d->d_name, strlen(d->d_name));
			closedir(dp);
		}
		if (*e == '\0')
			break;
	}
}

static void
complete_files(struct names *l, const char *w, size_t wl)
{
	const char *slash = NULL, *base;
	char dir[PATH_MAX], full[PATH_MAX * 2];
	struct dirent *d;
	struct stat st;
	size_t i, dl, bl;
	DIR *dp;

	for (i = 0; i < wl; i++)
		if (w[i] == '/')
			slash = w + i;
	base = slash ? slash + 1 : w;
	bl = wl - (base - w);
	dl = slash ? (size_t)(slash - w) + 1 : 0;
	snprintf(dir, sizeof dir, "%.*s", slash ? (int)dl : 1, slash ? w : ".");
	if ((dp = opendir(dir)) == NULL)
		return;
	while ((d = readdir(dp)) != NULL) {
		if (strncmp(d->d_name, base, bl) != 0 || strcmp(d->d_name, ".") == 0 ||
		    strcmp(d->d_name, "..") == 0 || (d->d_name[0] == '.' && base[0] != '.'))
			continue;
		snprintf(full, sizeof full, "%.*s%s", (int)dl, w, d->d_name);
		if (stat(full, &st) == 0 && S_ISDIR(st.st_mode))
			strcat(full, "/");
		names_add(l, full, strlen(full));
	}
	closedir(dp);
}

static int
names_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
list_names(struct ed *e, struct names *l)
{
	size_t w = 0, n, i, per, col, k;
	const char *s;

	for (i = 0; i < (size_t)l->n; i++) {
		s = strrchr(l->v[i], '/');
		s = s && s[1] ? s + 1 : l->v[i];
		if ((n = strlen(s)) > w)
			w = n;
	}
	per = e->cols / (w + 2) ? e->cols / (w + 2) : 1;
	ed_puts("\r\n");
	for (i = col = 0; i < (size_t)l->n; i++) {
		s = l->v[i];
		n = strlen(s);
		k = n;
		while (k > 0 && s[k - 1] == '/')
			k--;
		while (k > 0 && s[k - 1] != '/')
			k--;
		s += k;
		ed_puts(s);
		if (++col == per || i + 1 == (size_t)l->n) {
			ed_puts("\r\n");
			col = 0;
		} else {
			for (n = strlen(s); n < w + 2; n++)
				ed_write(" ", 1);
		}
	}
	e->shown = 0;
	ed_refresh(e);
}

static void
ed_complete(struct ed *e)
{
	struct names l = { NULL, 0, 0 };
	size_t start = e->pos, i, wl, common;
	int cmd, k;
	const char *w;

	while (start > 0 && !strchr(" \t;|&<>()", e->buf[start - 1]))
		start--;
	for (i = start; i > 0 && (e->buf[i - 1] == ' ' || e->buf[i - 1] == '\t'); i--)
		;
	cmd = i == 0 || strchr(";|&(", e->buf[i - 1]);
	w = e->buf + start;
	wl = e->pos - start;
	if (cmd && !memchr(w, '/', wl))
		complete_commands(&l, w, wl);
	else
		complete_files(&l, w, wl);
	qsort(l.v, l.n, sizeof *l.v, names_cmp);
	for (k = i = 0; k < l.n; k++)
		if (i == 0 || strcmp(l.v[i - 1], l.v[k]) != 0)
			l.v[i++] = l.v[k];
		else
			free(l.v[k]);
	l.n = (int)i;
	if (l.n == 0) {
		ed_write("\a", 1);
	} else {
		common = strlen(l.v[0]);
		for (k = 1; k < l.n; k++)
			for (i = 0; i < common; i++)
				if (l.v[k][i] != l.v[0][i]) {
					common = i;
					break;
				}
		if (common > wl)
			ed_insert(e, l.v[0] + wl, common - wl);
		if (l.n == 1 && l.v[0][common - 1] != '/')
			ed_insert(e, " ", 1);
		else if (l.n > 1 && common == wl && e->lasttab)
			list_names(e, &l);
	}
	names_free(&l);
}

static int
read_key(void)
{
	unsigned char c;
	ssize_t r;

	do
		r = read(0, &c, 1);
	while (r < 0 && errno == EINTR);
	return r == 1 ? c : -1;
}

/* The key after ESC: arrows and friends, as the control key they mean. */
static int
read_escape(void)
{
	int c = read_key(), n = 0;

	if (c == 'O') {
		c = read_key();
		return c == 'H' ? 1 : c == 'F' ? 5 : c == 'A' ? 16 : c == 'B' ? 14 :
			c == 'C' ? 6 : c == 'D' ? 2 : 0;
	}
	if (c != '[')
		return 0;
	while ((c = read_key()) >= '0' && c <= '9')
		n = n * 10 + c - '0';
	while (c == ';' || (c >= '0' && c <= '9'))
		c = read_key();
	switch (c) {
	case 'A': return 16;
	case 'B': return 14;
	case 'C': return 6;
	case 'D': return 2;
	case 'H': return 1;
	case 'F': return 5;
	case '~': return n == 1 || n == 7 ? 1 : n == 4 || n == 8 ? 5 : n == 3 ? 127 + 256 : 0;
	}
	return 0;
}

enum { ED_LINE, ED_EOF, ED_INTR };

/* One edit action; returns -1 to go on, or an ED_ result. */
static int
ed_key(struct ed *e, int c)
{
	size_t i;

	switch (c) {
	case -1:
		return e->len ? ED_LINE : ED_EOF;
	case '\r':
	case '\n':
		return ED_LINE;
	case 3:
		ed_puts("^C\r\n");
		return ED_INTR;
	case 4:
		if (e->len == 0)
			return ED_EOF;
		if (e->pos < e->len)
			ed_delete(e, e->pos, e->pos + 1);
		break;
	case 127 + 256:
		if (e->pos < e->len)
			ed_delete(e, e->pos, e->pos + 1);
		break;
	case 127:
	case 8:
		if (e->pos > 0)
			ed_delete(e, e->pos - 1, e->pos);
		break;
	case 1:
		e->pos = 0;
		ed_refresh(e);
		break;
	case 5:
		e->pos = e->len;
		ed_refresh(e);
		break;
	case 2:
		if (e->pos > 0) {
			e->pos--;
			if (e->pos >= e->off)
				ed_write("\b", 1);
			else
				ed_refresh(e);
		}
		break;
	case 6:
		if (e->pos < e->len) {
			e->pos++;
			ed_refresh(e);
		}
		break;
	case 11:
		e->len = e->pos;
		ed_refresh(e);
		break;
	case 21:
		ed_delete(e, 0, e->pos);
		break;
	case 23:
		for (i = e->pos; i > 0 && (e->buf[i - 1] == ' ' || e->buf[i - 1] == '\t'); i--)
			;
		while (i > 0 && e->buf[i - 1] != ' ' && e->buf[i - 1] != '\t')
			i--;
		ed_delete(e, i, e->pos);
		break;
	case 12:
		ed_puts(e->dumb ? "\r\n" : "\033[H\033[2J");
		e->shown = 0;
		ed_refresh(e);
		break;
	case 16:
	case 14:
		ed_history(e, c == 16 ? -1 : 1);
		break;
	case 9:
		ed_complete(e);
		break;
	default:
		if (c >= 32 && c < 256) {
			char ch = (char)c;

			ed_insert(e, &ch, 1);
		}
	}
	return -1;
}

static int
term_is_dumb(void)
{
	static const char *const known[] = {
		"xterm", "vt1", "vt2", "vt3", "vt4", "vt5", "linux", "screen", "tmux", "rxvt",
		"ansi", "cygwin", "putty", "konsole", "gnome", "alacritty", "foot", "kitty", "st",
	};
	const char *t = getvar("TERM");
	size_t i;

	if (t == NULL)
		return 1;
	for (i = 0; i < sizeof known / sizeof *known; i++)
		if (strncmp(t, known[i], strlen(known[i])) == 0)
			return 0;
	return 1;
}

/* Edit a line in raw mode; *LINE is malloc'd (without newline). */
static int
edit_line(const char *prompt, char **line)
{
	struct termios raw = tty_orig;
	struct ed e;
	int r, c;

	raw.c_iflag &= ~(IXON | ICRNL | INLCR | IGNCR | ISTRIP | BRKINT);
	raw.c_lflag &= ~(ECHO | ICANON | ISIG | IEXTEN);
	raw.c_cc[VMIN] = 1;
	raw.c_cc[VTIME] = 0;
	if (tcsetattr(0, TCSADRAIN, &raw) < 0)
		return -1;
	memset(&e, 0, sizeof e);
	e.cap = 128;
	e.buf = xmalloc(e.cap);
	e.prompt = prompt;
	e.plen = strlen(prompt);
	e.cols = (size_t)term_cols(0);
	e.dumb = term_is_dumb();
	e.hidx = nhist;
	ed_puts(prompt);
	do {
		c = read_key();
		if (c == 27)
			c = read_escape();
		r = ed_key(&e, c);
		e.lasttab = c == 9;
	} while (r < 0);
	tcsetattr(0, TCSADRAIN, &tty_orig);
	if (r == ED_LINE || (r == ED_EOF && c == 4))
		ed_puts("\r\n");
	e.buf[e.len] = '\0';
	free(e.saved);
	*line = e.buf;
	return r;
}

/* Without raw mode: plain reading, byte by byte. */
static int
plain_line(const char *prompt, char **line)
{
	struct sbuf b;
	char c;
	ssize_t r;

	ed_puts(prompt);
	sb_init(&b, NULL);
	for (;;) {
		r = read(0, &c, 1);
		if (r < 0 && errno == EINTR) {
			if (pending[SIGINT]) {
				pending[SIGINT] = 0;
				ed_puts("\n");
				return ED_INTR;
			}
			continue;
		}
		if (r <= 0) {
			if (b.n == 0)
				return ED_EOF;
			break;
		}
		if (c == '\n')
			break;
		sb_addc(&b, c);
	}
	*line = xstrdup(sb_str(&b));
	return ED_LINE;
}

/* PS1 and PS2 get parameter expansion; a bad one is shown as it is. */
static char *
prompt_text(const char *ps)
{
	struct parser p;
	struct src s;
	struct part *parts;
	jmp_buf jb;
	struct arena *a = arena_new();
	char *r;

	memset(&s, 0, sizeof s);
	s.type = SRC_STR;
	s.s = ps;
	s.len = strlen(ps);
	parser_init(&p, &s, 1);
	p.arena = a;
	p.jb = &jb;
	sb_init(&p.lit, a);
	if (setjmp(jb)) {
		arena_unref(a);
		return st_strdup(ps);
	}
	parts = read_parts(&p, C_HEREDOC);
	r = parts ? expand_str(parts, 0) : st_strdup("");
	arena_unref(a);
	return r;
}

static int
tty_readline(struct src *s, int ps2)
{
	const char *ps = getvar(ps2 ? "PS2" : "PS1");
	char *line = NULL, *prompt;
	struct stmark m;
	size_t n;
	int r = -1;

	if (tty_state < 0)
		tty_state = tcgetattr(0, &tty_orig) == 0;
	if (!hist_loaded && !ps2) {
		hist = xmalloc(HISTMAX * sizeof *hist);
		hist_load();
	}
	st_mark(&m);
	prompt = prompt_text(ps ? ps : "");
	pending[SIGINT] = 0;
	if (tty_state)
		r = edit_line(prompt, &line);
	if (r < 0)
		r = plain_line(prompt, &line);
	st_release(&m);
	if (r == ED_INTR) {
		free(line);
		sh.status = 130;
		raise_status(130);
	}
	if (r == ED_EOF) {
		free(line);
		s->eof = 1;
		return 0;
	}
	hist_add(line);
	n = strlen(line);
	free(s->buf);
	s->buf = xrealloc(line, n + 2);
	s->buf[n] = '\n';
	s->s = s->buf;
	s->len = n + 1;
	s->pos = 0;
	return 1;
}

/* ---- main ------------------------------------------------------------------------------- */

static void
recover(struct src *s, struct parser *p, const struct stmark *base)
{
	while (frames)
		frame_pop();
	out_restore(0);
	out.n = 0;
	sh.skip = SK_NONE;
	sh.loops = sh.funcs = sh.dots = sh.depth = 0;
	st_release(base);
	s->pos = s->len;
	s->eof = 0;
	p->npush = 0;
	p->have = 0;
	p->hd = NULL;
	pending[SIGINT] = 0;
}

static void
interactive_loop(struct src *s)
{
	static struct parser p;
	static struct arena *cur;
	static struct stmark base;
	struct node *n;
	jmp_buf jb;
	int r;

	parser_init(&p, s, 1);
	st_mark(&base);
	if (setjmp(jb)) {
		arena_unref(cur);
		cur = NULL;
		recover(s, &p, &base);
	}
	sh.top = &jb;
	for (;;) {
		if (gotsig)
			do_signals();
		cur = p.arena = arena_new();
		r = parse_next(&p, &n);
		if (r == PARSE_EOF && s->eof && p.ps2 == 0)
			break;
		if (r == PARSE_ERR || r == PARSE_EOF) {
			if (r == PARSE_EOF)
				msg("syntax error: unexpected end of file");
			sh.status = 2;
			s->pos = s->len;
			s->eof = 0;
		} else if (r == PARSE_OK) {
			exec_node(n, 0);
		}
		cur = NULL;
		arena_unref(p.arena);
		sh.skip = SK_NONE;
		st_release(&base);
	}
	sh_exit(sh.status);
}

static void
init_vars(void)
{
	extern char **environ;
	char **e, *eq, *name, buf[32];
	const char *pwd;
	struct stat a, b;

	for (e = environ; *e; e++) {
		if ((eq = strchr(*e, '=')) == NULL)
			continue;
		name = st_strndup(*e, eq - *e);
		if (is_name(name))
			setvar_flags(name, eq + 1, V_EXPORT);
	}
	setvar_flags("IFS", " \t\n", 0);
	if (!getvar("PS1"))
		setvar_flags("PS1", geteuid() == 0 ? "# " : "$ ", 0);
	if (!getvar("PS2"))
		setvar_flags("PS2", "> ", 0);
	if (!getvar("PS4"))
		setvar_flags("PS4", "+ ", 0);
	setvar_flags("OPTIND", "1", 0);
	snprintf(buf, sizeof buf, "%ld", (long)getppid());
	setvar_flags("PPID", buf, 0);
	pwd = getvar("PWD");
	if (!(pwd && pwd[0] == '/' && stat(pwd, &a) == 0 && stat(".", &b) == 0 &&
	      a.st_dev == b.st_dev && a.st_ino == b.st_ino) && (pwd = physical_cwd()) != NULL)
		setvar_flags("PWD", pwd, 0);
}

static void
init_signals(void)
{
	struct sigaction sa;
	int i;

	for (i = 1; i < NSIGS; i++)
		if (sigaction(i, NULL, &sa) == 0 && sa.sa_handler == SIG_IGN)
			ign_at_entry[i] = 1;
	if (sh.interactive) {
		sig_apply(SIGINT);
		sig_apply(SIGQUIT);
		sig_apply(SIGTERM);
	}
}

static int
run_stdin(void)
{
	struct src s;

	memset(&s, 0, sizeof s);
	s.fd = 0;
	if (sh.interactive) {
		s.type = SRC_TTY;
		interactive_loop(&s);
	}
	s.type = SRC_FD;
	s.seekable = lseek(0, 0, SEEK_CUR) >= 0;
	s.byte = !s.seekable;
	return run_commands(&s, 1, 0);
}

int
main(int argc, char *argv[])
{
	const char *cmd = NULL, *script = NULL;
	struct stmark m;
	int i, fd;

	cmd_setname(argv[0]);
	if (cmd_name[0] == '-')
		cmd_name++;
	if (argc > 1 && strcmp(argv[1], "--help") == 0) {
		printf("usage: %s\n", usage);
		return cmd_exit();
	}
	sh.rootpid = getpid();
	st_mark(&m);
	init_vars();
	if ((i = parse_options(argc, argv, 1, &cmd)) < 0) {
		fprintf(stderr, "usage: %s\n", usage);
		return 2;
	}
	if (cmd && i >= argc) {
		msg("-c: option requires an argument");
		return 2;
	}
	if (cmd)
		cmd = argv[i++];
	else if (!sh.opt['s'] && i < argc)
		script = argv[i++];
	arg0 = xstrdup(cmd && i < argc ? argv[i++] : script ? script : argv[0]);
	params_set(&pp, argc - i, argv + i);
	sh.interactive = sh.opt['i'] || (!cmd && !script && isatty(0) && isatty(2));
	sh.opt['i'] = (char)sh.interactive;
	sh.opt['s'] = 0;
	init_signals();
	st_release(&m);
	if (cmd)
		sh_exit(eval_string(cmd, 0));
	if (script) {
		if ((fd = open(script, O_RDONLY)) < 0) {
			msg("%s: %s", script, strerror(errno));
			return errno == ENOENT ? 127 : 126;
		}
		i = fcntl(fd, F_DUPFD_CLOEXEC, 10);
		close(fd);
		sh_exit(run_file(i, 0));
	}
	sh_exit(run_stdin());
	return 2;	/* not reached; says so to compilers that do not know sh_exit */
}
