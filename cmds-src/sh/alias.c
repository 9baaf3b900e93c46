/* alias.c - aliases: the table, and the alias and unalias builtins */
#include "sh.h"

/* The parser puts an alias's value in place of the word as it reads (lex.c, parse.c). */
struct alias {
	struct alias *next;	/* sorted by name */
	char *name, *val;
};

static struct alias *aliases;

const char *
alias_value(const char *name)
{
	struct alias *a;

	for (a = aliases; a; a = a->next)
		if (strcmp(a->name, name) == 0)
			return a->val;
	return NULL;
}

static void
alias_free(struct alias *a)
{
	free(a->name);
	free(a->val);
	free(a);
}

/* The characters of an alias name: none that quotes, expands or ends a word. */
static int
alias_name_ok(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strchr(" \t\n|&;<>()$`\\\"'=/", s[i]) || s[i] == '\0')
			return 0;
	return n > 0;
}

static void
alias_set(const char *name, size_t n, const char *val)
{
	struct alias **ap, *a = xmalloc(sizeof *a);
	int c = 1;

	a->name = xmalloc(n + 1);
	memcpy(a->name, name, n);
	a->name[n] = '\0';
	a->val = xstrdup(val);
	for (ap = &aliases; *ap && (c = strcmp((*ap)->name, a->name)) < 0; ap = &(*ap)->next)
		;
	if (*ap && c == 0) {
		a->next = (*ap)->next;
		alias_free(*ap);
	} else {
		a->next = *ap;
	}
	*ap = a;
}

static void
alias_print(const struct alias *a)
{
	out_fmt("%s=", a->name);
	out_quoted(a->val);
	out_c('\n');
}

/* alias [NAME[=VALUE]...] */
int
bi_alias(int argc, char **argv)
{
	struct alias *a;
	const char *eq;
	int i = 1, st = 0;

	if (i < argc && strcmp(argv[i], "--") == 0)
		i++;
	if (i == argc)
		for (a = aliases; a; a = a->next)
			alias_print(a);
	for (; i < argc; i++) {
		if ((eq = strchr(argv[i], '=')) != NULL) {
			if (alias_name_ok(argv[i], eq - argv[i])) {
				alias_set(argv[i], eq - argv[i], eq + 1);
				continue;
			}
			msg("alias: %.*s: bad alias name", (int)(eq - argv[i]), argv[i]);
			st = 1;
			continue;
		}
		for (a = aliases; a && strcmp(a->name, argv[i]); a = a->next)
			;
		if (a) {
			alias_print(a);
		} else {
			msg("alias: %s: not found", argv[i]);
			st = 1;
		}
	}
	return st;
}

/* unalias -a | unalias NAME... */
int
bi_unalias(int argc, char **argv)
{
	struct alias **ap, *a;
	int i = 1, st = 0;

	if (i < argc && strcmp(argv[i], "-a") == 0) {
		while ((a = aliases) != NULL) {
			aliases = a->next;
			alias_free(a);
		}
		return 0;
	}
	if (i < argc && strcmp(argv[i], "--") == 0)
		i++;
	if (i == argc) {
		msg("unalias: usage: unalias -a | unalias NAME...");
		return 2;
	}
	for (; i < argc; i++) {
		for (ap = &aliases; *ap && strcmp((*ap)->name, argv[i]); ap = &(*ap)->next)
			;
		if ((a = *ap) == NULL) {
			msg("unalias: %s: not found", argv[i]);
			st = 1;
			continue;
		}
		*ap = a->next;
		alias_free(a);
	}
	return st;
}
