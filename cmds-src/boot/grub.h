/* grub.h - private to grub.c and grub-lex.c: GRUB script words, variables, commands */
#ifndef GRUB_H
#define GRUB_H
#include "boot.h"

/* Variables: a small unsorted table; configs set a few dozen at most. */
struct gvar {
	char *name, *value;
};
struct gvars {
	struct gvar *v;
	int n;
};

const char *gvar_get(const struct gvars *vs, const char *name);	/* NULL if unset */
void gvar_set(struct gvars *vs, const char *name, const char *value);
void gvar_unset(struct gvars *vs, const char *name);
void gvars_copy(struct gvars *to, const struct gvars *from);
void gvars_free(struct gvars *vs);

/* Where the lexer is in a config's text. */
struct glex {
	const char *p, *end;
	int line;
};

/*
 * One command: its words with quotes removed and variables expanded as they
 * are now (GRUB expands a line when it runs it). A word that is a keyword
 * (if, then, else, elif, fi, while, for, until, do, done) or a brace is a
 * command of its own: "if [ x ]; then a; fi" is "if [ x ]", "then", "a", "fi".
 */
struct gcmd {
	char **argv;
	int argc, cap;
	int brace;		/* ended with an unquoted "{": a block follows */
	int line;		/* of its first word */
	const char *bad;	/* why the command is malformed ("unclosed quote"), else NULL */
};

int glex_next(struct glex *x, const struct gvars *vs, struct gcmd *c);	/* 0 at the end */
void gcmd_clear(struct gcmd *c);
#endif
