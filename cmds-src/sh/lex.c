/* lex.c - input sources and the lexer: words, operators, here-documents */
#include "sh.h"

/* ---- input sources ------------------------------------------------------------ */

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

/* ---- aliases: their values read in place of their names ------------------------ */

/* Read VAL next, then what the lexer had pushed back and the rest of the input. */
void
alias_push(struct parser *p, const char *name, const char *val)
{
	struct aframe *f = palloc(p, sizeof *f);

	f->name = pstrndup(p, name, strlen(name));
	f->len = strlen(val);
	f->s = pstrndup(p, val, f->len);
	f->blank = f->len > 0 && (val[f->len - 1] == ' ' || val[f->len - 1] == '\t');
	memcpy(f->push, p->push, sizeof f->push);
	f->npush = p->npush;
	p->npush = 0;
	f->next = p->af;
	p->af = f;
}

/*
 * Is alias NAME being read? A value kept until the token after its last
 * word, so that "alias ls=ls" ends.
 */
int
alias_active(struct parser *p, const char *name)
{
	struct aframe *f;

	for (f = p->af; f; f = f->next)
		if (strcmp(f->name, name) == 0)
			return 1;
	return 0;
}

/*
 * Before a token: forget the values read to their end; what was pushed back
 * before them is still to be read, after what has been pushed back since.
 */
static void
alias_pop(struct parser *p)
{
	struct aframe *f;
	int i;

	while ((f = p->af) != NULL && f->pos >= f->len && f->npush + p->npush <= 4) {
		for (i = p->npush - 1; i >= 0; i--)
			p->push[i + f->npush] = p->push[i];
		memcpy(p->push, f->push, f->npush * sizeof *p->push);
		p->npush += f->npush;
		p->alias_next |= f->blank;
		p->af = f->next;
	}
}

/* ---- lexer -------------------------------------------------------------------- */

_Noreturn void
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
	struct aframe *f;
	int c;

	if (p->npush)
		return p->push[--p->npush];
	for (f = p->af; f; f = f->next) {
		if (f->pos < f->len)
			return (unsigned char)f->s[f->pos++];
		if (f->npush)
			return f->push[--f->npush];
	}
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

static int pgetc_cont(struct parser *p);

void *
palloc(struct parser *p, size_t n)
{
	void *q = a_alloc(p->arena, n);

	memset(q, 0, n);
	return q;
}

char *
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

void
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

static int
hex_digit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/*
 * After a backslash in $'...': escapes as in C strings. Returns the byte, 0
 * for NUL (which ends the string's text), or -1 if it is no escape (then
 * the backslash is a plain character and C is read again).
 */
static int
c_escape(struct parser *p)
{
	static const char from[] = "abeEfnrtv\\'\"?", to[] = "\a\b\033\033\f\n\r\t\v\\'\"?";
	int c = pgetc(p), v = 0, n = 0, d = 0;
	const char *k;

	if (c == EOF_C)
		perr(p, "syntax error: unterminated quoted string");
	if (c != '\0' && (k = strchr(from, c)) != NULL)
		return (unsigned char)to[k - from];
	if (c == 'c' && (d = pgetc(p)) != EOF_C && d != '\'')
		return d & 0x1f;
	if (c >= '0' && c <= '7') {
		for (; n < 3 && c >= '0' && c <= '7'; n++, c = pgetc(p))
			v = v * 8 + c - '0';
		pungetc(p, c);
		return v & 0xff;
	}
	if (c == 'x') {
		while (n < 2 && hex_digit(d = pgetc(p)) >= 0) {
			v = v * 16 + hex_digit(d);
			n++;
		}
		if (n < 2)
			pungetc(p, d);
		if (n > 0)
			return v;
	}
	if (c == 'c')
		pungetc(p, d);
	pungetc(p, c);
	return -1;
}

/* $'...' */
static void
read_dsquote(struct parser *p, struct plist *l)
{
	int c, any = 0, nul = 0;

	while ((c = pgetc(p)) != '\'') {
		if (c == EOF_C)
			perr(p, "syntax error: unterminated quoted string");
		if (c == '\\' && (c = c_escape(p)) < 0)
			c = '\\';
		if (c == '\0')
			nul = 1;
		if (!nul) {
			lit_add(p, l, c, 1);
			any = 1;
		}
	}
	if (!any)
		lit_empty(p, l);
}

static struct node *
read_backquote(struct parser *p, int dq, const char **text)
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
	*text = pstrndup(p, b.s ? b.s : "", b.n);
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
			c = pgetc_cont(p);
		}
	} else if (c >= '0' && c <= '9') {
		while (c >= '0' && c <= '9') {
			sb_addc(&b, c);
			c = pgetc_cont(p);
		}
	} else if (c != EOF_C && strchr("@*#?-$!", c)) {
		sb_addc(&b, c);
		c = pgetc_cont(p);
	} else {
		perr(p, "syntax error: bad substitution");
	}
	pungetc(p, c);
	return sb_str(&b);
}

/*
 * After "${#": is this a length, ${#NAME}, rather than $# with an operator?
 * As in other shells, "#", "-" and "?" are names only just before the "}":
 * ${##} and ${#-} are lengths, ${##1} and ${#-x} are $# with an operator.
 */
static int
brace_length(struct parser *p)
{
	int d = pgetc(p), e, len;

	if (d != EOF_C && strchr("#-?", d)) {
		e = pgetc(p);
		pungetc(p, e);
		len = e == '}';
	} else {
		len = d != EOF_C && (is_name_char(d) || strchr("@*$!", d));
	}
	pungetc(p, d);
	return len;
}

/* ${x:offset} and ${x:offset:length}: arithmetic, evaluated when expanded. */
static void
read_substring(struct parser *p, struct part *q)
{
	int c = pgetc(p);

	if (c == '}')
		perr(p, "syntax error: bad substitution");
	pungetc(p, c);
	q->op = 'S';
	q->sub = read_parts(p, C_OFF);
	if (pgetc(p) == '}')
		return;
	q->colon = 1;
	q->rep = read_parts(p, C_OFF);
	if (pgetc(p) != '}')
		perr(p, "syntax error: bad substitution");
}

/*
 * ${x/pat/rep}, ${x//pat/rep} (every match), ${x/#pat/rep} (at the start),
 * ${x/%pat/rep} (at the end). Pattern and replacement read as in ${x#pat},
 * inside double quotes too.
 */
static void
read_replace(struct parser *p, struct part *q)
{
	struct part *slash = NULL;
	int c = pgetc(p);

	q->op = '/';
	if (c != EOF_C && strchr("/#%", c)) {
		q->op = c == '/' ? 'A' : c == '#' ? '<' : '>';
		c = pgetc(p);
	}
	/* ${x///y}: a first "/" is the pattern's, not its end */
	if (c == '/' && q->op == 'A') {
		slash = palloc(p, sizeof *slash);
		slash->type = P_LIT;
		slash->s = "/";
		slash->len = 1;
	} else {
		pungetc(p, c);
	}
	q->sub = read_parts(p, C_PAT);
	if (slash) {
		slash->next = q->sub;
		q->sub = slash;
	}
	if (pgetc(p) == '/')
		q->rep = read_parts(p, C_SUB);
}

static void
read_brace(struct parser *p, struct plist *l, int dq)
{
	struct part *q = add_part(p, l, P_PARAM, dq);
	int c = pgetc(p), d;

	if (c == '#') {
		if (brace_length(p)) {
			q->op = 'L';
			q->s = read_param_name(p, pgetc(p));
		} else {
			q->s = "#";
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
		c = pgetc(p);
		if (c == EOF_C || !strchr("-=?+", c)) {
			pungetc(p, c);
			read_substring(p, q);
			return;
		}
		q->colon = 1;
	} else if (c == '/') {
		read_replace(p, q);
		return;
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
	int c = pgetc_cont(p), d;	/* "$\<newline>(" is "$(" */

	if (c == '(') {
		lit_flush(p, l);
		d = pgetc_cont(p);
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
	if (c == '\'' && !dq) {
		read_dsquote(p, l);
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
		if ((d = pgetc_cont(p)) != ')')
			perr(p, "syntax error: missing \"))\"");
		return 1;
	case C_OFF:
	case C_PAT:
		if (c == EOF_C)
			perr(p, "syntax error: missing \"}\"");
		if (c != '}' && c != (ctx == C_OFF ? ':' : '/'))
			return 0;
		pungetc(p, c);
		return 1;
	}
	return c == EOF_C;
}

/* The parts of one word, up to the end that CTX defines. */
struct part *
read_parts(struct parser *p, int ctx)
{
	struct plist l = { NULL, NULL };
	struct part *qp;
	int c, paren = 0, nest = 0, dq = ctx == C_DQ || ctx == C_SUBDQ || ctx == C_HEREDOC;
	int ar = ctx == C_ARITH || ctx == C_OFF, q = dq || ar;

	lit_flush(p, &l);
	deeper(p);
	for (;;) {
		c = pgetc(p);
		if (word_end(p, c, ctx, &paren, &nest))
			break;
		if (c == '\\')
			read_backslash(p, &l, ctx);
		else if (c == '\'' && !dq && !ar)
			read_squote(p, &l);
		else if (c == '"' && (ctx == C_NORM || ctx == C_SUB || ctx == C_PAT))
			read_dquote(p, &l);
		else if (c == '"' && (ctx == C_SUBDQ || ar))
			nest = !nest;
		else if (c == '$')
			read_dollar(p, &l, dq);
		else if (c == '`') {
			lit_flush(p, &l);
			qp = add_part(p, &l, P_CMDSUB, dq);
			qp->cmd = read_backquote(p, dq, &qp->s);
		} else
			lit_add(p, &l, c, q);
	}
	lit_flush(p, &l);
	p->depth--;
	return l.head;
}

int
has_magic(const char *s)
{
	for (; *s; s++)
		if (*s == '*' || *s == '?' || (*s == '[' && strchr(s, ']')))
			return 1;
	return 0;
}

/* The reserved word S stands for (K_IF...), else K_NONE. */
int
keyword(const char *s)
{
	static const char *const kwnames[] = {
		"", "if", "then", "else", "elif", "fi", "do", "done", "case", "esac",
		"while", "until", "for", "in", "{", "}", "!"
	};
	size_t i;

	for (i = 1; i < sizeof kwnames / sizeof *kwnames; i++)
		if (strcmp(s, kwnames[i]) == 0)
			return (int)i;
	return K_NONE;
}

static struct word *
make_word(struct parser *p, struct part *parts)
{
	struct word *w = palloc(p, sizeof *w);

	w->parts = parts;
	if (parts && !parts->next && parts->type == P_LIT) {
		if (!has_magic(parts->s) && parts->s[0] != '~')
			w->lit = parts->s;
		w->kw = keyword(parts->s);
	}
	return w;
}

/* The next character, past any backslash-newlines: "&\\<newline>&" is "&&". */
static int
pgetc_cont(struct parser *p)
{
	int c, d;

	for (;;) {
		if ((c = pgetc(p)) != '\\')
			return c;
		if ((d = pgetc(p)) != '\n') {
			pungetc(p, d);
			return c;
		}
	}
}

static int
lex_redir(struct parser *p, int c, int fd)
{
	int d = pgetc_cont(p);

	p->rfd = fd;
	if (c == '<') {
		p->rtype = d == '<' ? R_HERE : d == '&' ? R_DUPIN : d == '>' ? R_RW : R_IN;
		if (p->rtype == R_HERE) {
			if ((d = pgetc_cont(p)) == '-')
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

int
lex(struct parser *p)
{
	int c, d;

	alias_pop(p);
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
		d = pgetc_cont(p);
		if (d == c)
			return c == ';' ? T_DSEMI : c == '&' ? T_AND : T_OR;
		pungetc(p, d);
		return c == ';' ? T_SEMI : c == '&' ? T_AMP : T_PIPE;
	}
	pungetc(p, c);
	return lex_word(p);
}

/* ---- here-documents ---------------------------------------------------------- */

/* Read after the newline that ends their command, in the order given. */
struct heredoc {
	struct heredoc *next;
	struct redir *r;
	char *delim;
	int quoted;
};

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
		} else if (q->type == P_CMDSUB && q->s) {	/* `...`: its text, as ash */
			*quoted = 1;
			sb_addc(&b, '`');
			sb_adds(&b, q->s);
			sb_addc(&b, '`');
		} else {
			perr(p, "syntax error: bad here-document delimiter");
		}
	}
	return sb_str(&b);
}

/* A here-document redirection just parsed: its body comes after the line. */
void
heredoc_add(struct parser *p, struct redir *r)
{
	struct heredoc *h = palloc(p, sizeof *h), **hp;

	h->r = r;
	h->delim = heredoc_delim(p, r->word, &h->quoted);
	for (hp = &p->hd; *hp; hp = &(*hp)->next)
		;
	*hp = h;
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

void
read_heredocs(struct parser *p)
{
	struct heredoc *h = p->hd;

	p->hd = NULL;
	for (; h; h = h->next)
		read_heredoc(p, h);
}
