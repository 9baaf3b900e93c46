/* opt.c - reentrant getopt-style option parser: permuting, with long options */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "opt.h"

static int
bad(struct opt *o, const char *why, int c)
{
	fprintf(stderr, "%s: -%c: %s\n", o->name, c, why);
	o->opt = c;
	return '?';
}

/* FMT has one "%.*s" for the option's name. */
static int
bad_long(struct opt *o, const char *fmt, const char *name, size_t len)
{
	fprintf(stderr, "%s: ", o->name);
	fprintf(stderr, fmt, (int)len, name);
	fputc('\n', stderr);
	o->opt = '?';
	return '?';
}

static int
is_option(const char *a)
{
	return a[0] == '-' && a[1] != '\0';
}

/* C's entry in SPEC; the control characters are for long options only. */
static const char *
spec_of(const char *spec, int c, int from_long)
{
	if (c == ':' || c == '\0' || (c < ' ' && !from_long))
		return NULL;
	return strchr(spec, c);
}

/*
 * The long option whose name is, or starts with, the LEN bytes at A. Two
 * names of the same code are one option (--silent and --quiet), so a prefix
 * of both is not ambiguous.
 */
static const struct opt_long *
long_find(const struct opt *o, const char *a, size_t len, int *ambiguous)
{
	const struct opt_long *l, *hit = NULL;

	*ambiguous = 0;
	for (l = o->longs; l != NULL && l->name != NULL; l++) {
		if (strncmp(l->name, a, len) != 0)
			continue;
		if (l->name[len] == '\0')
			return l;
		if (hit != NULL && hit->code != l->code)
			*ambiguous = 1;
		if (hit == NULL)
			hit = l;
	}
	return *ambiguous ? NULL : hit;
}

static void
list_longs(const struct opt *o)
{
	const struct opt_long *l;
	size_t col = 0;
	char item[80];

	for (l = o->longs; l->name != NULL; l++) {
		if (l->code >= ' ')
			snprintf(item, sizeof item, "--%s (-%c)", l->name, l->code);
		else
			snprintf(item, sizeof item, "--%s", l->name);
		if (col == 0)
			col = printf("long options: %s", item);
		else if (col + strlen(item) + 2 > 78)
			col = printf(",\n  %s", item) - 2;
		else
			col += printf(", %s", item);
	}
	if (col > 0)
		putchar('\n');
}

static _Noreturn void
help(const struct opt *o)
{
	printf("usage: %s\n", o->usage);
	if (o->longs != NULL)
		list_longs(o);
	cmd_quit(cmd_exit());
}

/* How many words the option at argv[I] is: 2 when its argument is the next one. */
static int
words(const struct opt *o, const char *spec, int i)
{
	const char *a = o->argv[i], *p = NULL;
	const struct opt_long *l;
	int ambiguous;

	if (i + 1 >= o->argc || strcmp(a, "--") == 0)
		return 1;
	if (a[1] == '-') {
		if (strchr(a, '=') != NULL)
			return 1;
		l = long_find(o, a + 2, strlen(a + 2), &ambiguous);
		p = l != NULL ? spec_of(spec, l->code, 1) : NULL;
		return p != NULL && p[1] == ':' && p[2] != ':' ? 2 : 1;
	}
	for (a++; *a != '\0'; a++) {
		p = spec_of(spec, (unsigned char)*a, 0);
		if (p != NULL && p[1] == ':')
			return a[1] == '\0' && p[2] != ':' ? 2 : 1;
	}
	return 1;
}

/* Move the K words at J to I; the operands from I on move up, in order. */
static void
rotate(char **v, int i, int j, int k)
{
	char *w;

	for (; k > 0; k--, i++, j++) {
		w = v[j];
		memmove(v + i + 1, v + i, (size_t)(j - i) * sizeof *v);
		v[i] = w;
	}
}

static int
long_next(struct opt *o, const char *spec)
{
	char *a = o->argv[o->ind++] + 2, *eq = strchr(a, '=');
	size_t len = eq != NULL ? (size_t)(eq - a) : strlen(a);
	const struct opt_long *l;
	const char *p;
	int ambiguous;

	o->arg = NULL;
	l = long_find(o, a, len, &ambiguous);
	if (l == NULL && !ambiguous && eq == NULL && strcmp(a, "help") == 0)
		help(o);
	if (l == NULL)
		return bad_long(o, ambiguous ? "option --%.*s is ambiguous" :
		    "unknown option --%.*s", a, len);
	p = spec_of(spec, l->code, 1);
	if (p != NULL && p[1] == ':') {
		if (eq != NULL)
			o->arg = eq + 1;
		else if (p[2] == ':')
			;	/* an optional argument is only ever attached */
		else if (o->ind < o->lim)
			o->arg = o->argv[o->ind++];
		else
			return bad_long(o, "option --%.*s requires an argument",
			    l->name, strlen(l->name));
	} else if (eq != NULL) {
		return bad_long(o, "option --%.*s takes no argument", l->name, strlen(l->name));
	}
	o->opt = l->code;
	return l->code;
}

/* At the start of a word: the next option's word at ind, or -1 at the end of the options. */
static int
next_word(struct opt *o, const char *spec, int strict)
{
	int j, k;

	if (o->ind >= o->argc)
		return -1;
	if (o->ind == 1 && strcmp(o->argv[1], "--help") == 0)
		help(o);
	o->lim = o->argc;
	if (!is_option(o->argv[o->ind])) {
		if (strict)
			return -1;
		for (j = o->ind + 1; j < o->argc && !is_option(o->argv[j]); j++)
			;
		if (j == o->argc)
			return -1;
		k = words(o, spec, j);
		rotate(o->argv, o->ind, j, k);
		o->lim = o->ind + k;	/* not the operands that moved up */
	}
	if (strcmp(o->argv[o->ind], "--") == 0) {
		o->ind++;
		return -1;
	}
	return 0;
}

int
opt_next(struct opt *o, const char *spec)
{
	int strict = *spec == '+', c;
	char *a;
	const char *p;

	if (strict)
		spec++;
	else
		strict = getenv("POSIXLY_CORRECT") != NULL;
	if (o->pos == 0) {
		if (next_word(o, spec, strict) < 0)
			return -1;
		if (o->argv[o->ind][1] == '-')
			return long_next(o, spec);
		o->pos = 1;
	}
	a = o->argv[o->ind];
	c = (unsigned char)a[o->pos++];
	o->arg = NULL;
	if (a[o->pos] == '\0') {
		o->ind++;
		o->pos = 0;
	}
	p = spec_of(spec, c, 0);
	if (p == NULL)
		return bad(o, "unknown option", c);
	if (p[1] == ':') {
		if (o->pos != 0) {
			o->arg = a + o->pos;
			o->ind++;
			o->pos = 0;
		} else if (p[2] == ':') {
			;	/* an optional argument is only ever attached */
		} else if (o->ind < o->lim) {
			o->arg = o->argv[o->ind++];
		} else {
			return bad(o, "option requires an argument", c);
		}
	}
	o->opt = c;
	return c;
}

_Noreturn void
die_usage(const struct opt *o)
{
	fprintf(stderr, "usage: %s\n", o->usage);
	cmd_quit(1);
}
