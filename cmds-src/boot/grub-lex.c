/* grub-lex.c - GRUB script: words, quotes and $variables; the variable table (see grub.h) */
#include <ctype.h>
#include "grub.h"

/* The word being read; have: it exists even if empty (''). */
struct word {
	char *s;
	size_t n, cap;
	int have;
};

const char *
gvar_get(const struct gvars *vs, const char *name)
{
	for (int i = 0; i < vs->n; i++)
		if (strcmp(vs->v[i].name, name) == 0)
			return vs->v[i].value;
	return NULL;
}

void
gvar_set(struct gvars *vs, const char *name, const char *value)
{
	char *copy = xstrdup(value);	/* before the free: value may be the old one */

	for (int i = 0; i < vs->n; i++)
		if (strcmp(vs->v[i].name, name) == 0) {
			free(vs->v[i].value);
			vs->v[i].value = copy;
			return;
		}
	vs->v = xrealloc(vs->v, (vs->n + 1) * sizeof *vs->v);
	vs->v[vs->n].name = xstrdup(name);
	vs->v[vs->n++].value = copy;
}

void
gvar_unset(struct gvars *vs, const char *name)
{
	for (int i = 0; i < vs->n; i++)
		if (strcmp(vs->v[i].name, name) == 0) {
			free(vs->v[i].name);
			free(vs->v[i].value);
			vs->v[i] = vs->v[--vs->n];
			return;
		}
}

void
gvars_copy(struct gvars *to, const struct gvars *from)
{
	to->n = 0;
	to->v = NULL;
	for (int i = 0; i < from->n; i++)
		gvar_set(to, from->v[i].name, from->v[i].value);
}

void
gvars_free(struct gvars *vs)
{
	for (int i = 0; i < vs->n; i++) {
		free(vs->v[i].name);
		free(vs->v[i].value);
	}
	free(vs->v);
	vs->v = NULL;
	vs->n = 0;
}

void
gcmd_clear(struct gcmd *c)
{
	for (int i = 0; i < c->argc; i++)
		free(c->argv[i]);
	c->argc = 0;
	c->brace = 0;
	c->bad = NULL;
}

static void
put(struct word *w, char ch)
{
	if (w->n + 2 > w->cap) {
		w->cap = w->cap ? 2 * w->cap : 64;
		w->s = xrealloc(w->s, w->cap);
	}
	w->s[w->n++] = ch;
	w->s[w->n] = '\0';
	w->have = 1;
}

static void
push(struct gcmd *c, struct word *w)
{
	if (c->argc + 2 > c->cap) {
		c->cap = c->cap ? 2 * c->cap : 16;
		c->argv = xrealloc(c->argv, c->cap * sizeof *c->argv);
	}
	c->argv[c->argc++] = w->s ? w->s : xstrdup("");
	c->argv[c->argc] = NULL;
	memset(w, 0, sizeof *w);
}

static int
blank(int ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r';
}

static int
word_end(const struct glex *x, const char *p)
{
	return p == x->end || blank(*p) || *p == '\n' || *p == ';';
}

/* After "$": the value of $name, ${name}, $1 or $?; "" if unset; "$" if no name follows. */
static const char *
expand(struct glex *x, const struct gvars *vs, struct gcmd *c)
{
	char name[64];
	size_t n = 0;
	int braced = x->p < x->end && *x->p == '{';
	const char *v;

	if (braced)
		x->p++;
	while (x->p < x->end && (isalnum((unsigned char)*x->p) || *x->p == '_' ||
	    (n == 0 && strchr("?#*@", *x->p)))) {
		if (n < sizeof name - 1)
			name[n++] = *x->p;
		if (strchr("?#*@", *x->p++))
			break;
	}
	name[n] = '\0';
	if (braced) {
		if (x->p == x->end || *x->p != '}') {
			c->bad = "unclosed ${";
			return "";
		}
		x->p++;
	} else if (n == 0)
		return "$";
	v = gvar_get(vs, name);
	return v ? v : "";
}

/* An unquoted variable's value splits into words at blanks, as GRUB does. */
static void
put_split(struct gcmd *c, struct word *w, const char *v)
{
	for (; *v; v++)
		if (blank(*v) || *v == '\n') {
			if (w->have)
				push(c, w);
		} else
			put(w, *v);
}

static void
single_quoted(struct glex *x, struct gcmd *c, struct word *w)
{
	w->have = 1;
	while (x->p < x->end && *x->p != '\'') {
		if (*x->p == '\n')
			x->line++;
		put(w, *x->p++);
	}
	if (x->p == x->end)
		c->bad = "unclosed '";
	else
		x->p++;
}

/* "...": $ expands (no splitting); backslash quotes $ " \ and a newline. */
static void
double_quoted(struct glex *x, const struct gvars *vs, struct gcmd *c, struct word *w)
{
	const char *v;

	w->have = 1;
	while (x->p < x->end && *x->p != '"' && !c->bad) {
		char ch = *x->p++;

		if (ch == '\\' && x->p < x->end && strchr("$\"\\\n", *x->p)) {
			if ((ch = *x->p++) == '\n') {
				x->line++;
				continue;
			}
		} else if (ch == '$') {
			for (v = expand(x, vs, c); *v; v++)
				put(w, *v);
			continue;
		} else if (ch == '\n')
			x->line++;
		put(w, ch);
	}
	if (x->p == x->end)
		c->bad = c->bad ? c->bad : "unclosed \"";
	else if (!c->bad)
		x->p++;
}

/* One word onto c; returns 1 if it was plain (no quotes, escapes or $), so may be a keyword. */
static int
read_word(struct glex *x, const struct gvars *vs, struct gcmd *c)
{
	struct word w = { 0 };
	int plain = 1;

	while (!word_end(x, x->p) && !c->bad) {
		char ch = *x->p++;

		if (ch == '\\') {
			plain = 0;
			if (x->p == x->end)
				break;
			if ((ch = *x->p++) == '\n')
				x->line++;
			else
				put(&w, ch);
		} else if (ch == '\'' || ch == '"') {
			plain = 0;
			if (ch == '\'')
				single_quoted(x, c, &w);
			else
				double_quoted(x, vs, c, &w);
		} else if (ch == '$') {
			plain = 0;
			put_split(c, &w, expand(x, vs, c));
		} else
			put(&w, ch);
	}
	if (w.have)
		push(c, &w);
	free(w.s);
	return plain;
}

static int
keyword_alone(const char *s)
{
	return strcmp(s, "then") == 0 || strcmp(s, "else") == 0 || strcmp(s, "do") == 0 ||
	    strcmp(s, "fi") == 0 || strcmp(s, "done") == 0;
}

/* Blanks, "\<newline>" and a comment before the next word. */
static void
skip_space(struct glex *x)
{
	while (x->p < x->end) {
		if (blank(*x->p))
			x->p++;
		else if (*x->p == '\\' && x->p + 1 < x->end && x->p[1] == '\n') {
			x->p += 2;
			x->line++;
		} else if (*x->p == '#') {
			while (x->p < x->end && *x->p != '\n')
				x->p++;
		} else
			break;
	}
}

int
glex_next(struct glex *x, const struct gvars *vs, struct gcmd *c)
{
	gcmd_clear(c);
	for (;;) {
		skip_space(x);
		if (x->p == x->end || c->bad)
			break;
		if (*x->p == '\n' || *x->p == ';') {
			x->line += *x->p++ == '\n';
			if (c->argc)
				break;
			continue;
		}
		if (c->argc == 0)
			c->line = x->line;
		if (c->argc + 2 > c->cap) {
			c->cap = c->cap ? 2 * c->cap : 16;
			c->argv = xrealloc(c->argv, c->cap * sizeof *c->argv);
		}
		if ((*x->p == '{' || *x->p == '}') && word_end(x, x->p + 1)) {
			if (*x->p == '}' && c->argc)
				break;
			if (*x->p++ == '{')
				c->brace = 1;
			else
				c->argv[c->argc++] = xstrdup("}"), c->argv[c->argc] = NULL;
			break;
		}
		if (read_word(x, vs, c) && c->argc == 1 && keyword_alone(c->argv[0]))
			break;
	}
	return c->argc > 0 || c->brace || c->bad;
}
