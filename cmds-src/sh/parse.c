/* parse.c - the parser: tokens into syntax trees */
#include "sh.h"

static const char *const toknames[] = {
	"end of file", "newline", ";", "&", "|", "&&", "||", ";;", "(", ")", "word", "redirection"
};

static struct node *parse_command(struct parser *p, int aliased);
static struct node *parse_clist(struct parser *p);

/* ---- the token stream --------------------------------------------------------- */

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

/*
 * If the word ahead names an alias, read its value in its place (POSIX: the
 * command word of a simple command, and the word after an alias whose value
 * ends in a blank). Quoted words and reserved words are never aliases.
 */
static int
alias_expand(struct parser *p)
{
	struct part *q;
	const char *val;

	if (peek(p) != T_WORD || p->word->kw != K_NONE)
		return 0;
	q = p->word->parts;
	if (q == NULL || q->next || q->type != P_LIT)
		return 0;
	if ((val = alias_value(q->s)) == NULL || alias_active(p, q->s))
		return 0;
	alias_push(p, q->s, val);
	p->have = 0;
	return 1;
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

static struct redir *
parse_redir(struct parser *p)
{
	struct redir *r = palloc(p, sizeof *r);

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
	if (r->type >= R_HERE)
		heredoc_add(p, r);
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
	else if (!w->parts->next && w->parts->type == P_LIT && w->parts->s[0] != '~' &&
	    !strstr(w->parts->s, ":~"))
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
		if (t == T_WORD && (n->args == NULL || p->alias_next)) {
			p->alias_next = 0;
			if (alias_expand(p))
				continue;
		}
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
	p->alias_next = 0;
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

/* NAME() BODY; PARENS: "()" follows (optional after "function NAME"). */
static struct node *
parse_funcdef(struct parser *p, const char *name, int parens)
{
	struct node *n = new_node(p, N_FUNC);

	if (parens && (next(p), next(p) != T_RPAR)) {
		p->have = 1;
		unexpected(p);
	}
	skip_nl(p);
	n->name = name;
	n->arena = p->arena;
	n->a = parse_command(p, 0);
	return n;
}

static int
is_compound_kw(int kw)
{
	return kw == K_IF || kw == K_WHILE || kw == K_UNTIL || kw == K_FOR ||
		kw == K_CASE || kw == K_LBRACE;
}

/* A command; ALIASED: an alias has been read in place of its first word. */
static struct node *
parse_command(struct parser *p, int aliased)
{
	struct node *n;
	struct word *w;
	int t, kw, line;

	while (alias_expand(p))
		aliased = 1;
	t = peek(p);
	kw = peek_kw(p);
	deeper(p);
	if (t == T_LPAR || is_compound_kw(kw)) {
		n = parse_compound(p, kw);
		parse_redirs(p, &n->redir);
	} else if (kw != K_NONE && kw != K_IN) {
		unexpected(p);
	} else if (t == T_WORD && p->word->lit && is_name(p->word->lit)) {
		w = p->word;
		line = p->tokline;	/* the next peek may be lines on */
		next(p);
		if (peek(p) == T_LPAR) {
			n = parse_funcdef(p, w->lit, 1);
		} else if (strcmp(w->lit, "function") == 0 && peek(p) == T_WORD &&
			   p->word->lit && is_name(p->word->lit)) {	/* bash's form */
			w = p->word;
			next(p);
			n = parse_funcdef(p, w->lit, peek(p) == T_LPAR);
		} else {
			n = parse_simple(p, w);
			n->lineno = line;
		}
	} else if (t == T_WORD || t == T_REDIR) {
		n = parse_simple(p, NULL);
	} else if (aliased) {
		n = new_node(p, N_CMD);	/* an alias to nothing */
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
	int neg = 0, aliased = 0;

	for (;;) {
		if (alias_expand(p)) {
			aliased = 1;
		} else if (peek_kw(p) == K_BANG) {
			next(p);
			neg = !neg;
			aliased = 0;
		} else {
			break;
		}
	}
	n = parse_command(p, aliased);
	if (peek(p) == T_PIPE) {
		pipe = new_node(p, N_PIPE);
		pipe->a = n;
		tail = &n->next;
		while (peek(p) == T_PIPE) {
			next(p);
			skip_nl(p);
			*tail = parse_command(p, 0);
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

/* $( ... ), its ")" included: the tokens of the word around it are kept. */
struct node *
parse_cmdsub(struct parser *p)
{
	int tok = p->tok, have = p->have, rtype = p->rtype, rfd = p->rfd;
	struct word *w = p->word;
	struct node *n;

	p->have = 0;
	deeper(p);
	skip_nl(p);
	n = peek(p) == T_RPAR ? NULL : parse_clist(p);	/* $() is empty */
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

/* A whole string as a command list (backquotes). */
struct node *
parse_string(struct parser *p, const char *s, size_t n, int line)
{
	struct parser sp;
	struct src src;
	struct node *r;
	jmp_buf jb;

	memset(&src, 0, sizeof src);
	src.type = SRC_STR;
	src.s = s;
	src.len = n;
	memset(&sp, 0, sizeof sp);
	sp.src = &src;
	sp.arena = p->arena;
	sp.jb = &jb;
	sp.lineno = line;
	sp.depth = p->depth;
	sb_init(&sp.lit, p->arena);
	if (setjmp(jb)) {	/* the message is the inner parser's */
		memcpy(p->err, sp.err, sizeof p->err);
		longjmp(*p->jb, 1);
	}
	skip_nl(&sp);
	if (peek(&sp) == T_EOF)
		return NULL;
	r = parse_list(&sp, 0);
	if (peek(&sp) != T_EOF)
		unexpected(&sp);
	return r;
}

/*
 * The next complete command from P's source into *NP; its tree lives in
 * p->arena. On a syntax error the message is printed (unless quiet).
 */
int
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
		p->af = NULL;
		p->hd = NULL;
		if (!p->quiet && !sh.interactive) {
			sh.lineno = p->tokline ? p->tokline : p->lineno;
			msg("%s", p->err);
		} else if (!p->quiet) {
			msg("line %d: %s", p->tokline ? p->tokline : p->lineno, p->err);
		}
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

void
parser_init(struct parser *p, struct src *s, int lineno)
{
	memset(p, 0, sizeof *p);
	p->src = s;
	p->lineno = lineno;
}

#ifdef SH_PARSE_ONLY
/* For the fuzzer: parse DATA completely, execute nothing. */
int
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
