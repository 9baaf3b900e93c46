/* env - run a utility in a changed environment, or print the environment */
#include "cmd.h"
#include "proc.h"

static const char usage[] =
    "env [-i0] [-u NAME]... [-C DIR] [-S STRING] [-] [NAME=VALUE]... [UTILITY [ARG...]]";

#define TROUBLE 125	/* env itself failed, not the utility */

extern char **environ;

static _Noreturn void
bad_usage(void)
{
	fprintf(stderr, "usage: %s\n", usage);
	exit(TROUBLE);
}

static _Noreturn void
fail(const char *what)
{
	warn_errno("%s", what);
	exit(TROUBLE);
}

/* One escape after a backslash in -S; 0 for none. */
static int
escape(int c)
{
	static const char from[] = "\\\"'_nrtvf", to[] = "\\\"' \n\r\t\v\f";
	const char *p = c ? strchr(from, c) : NULL;

	return p ? to[p - from] : 0;
}

/*
 * -S STRING, as a #! line passes it: words split at blanks (or \_), '...'
 * and "..." quote, backslash escapes. The words are appended to V, which grows.
 */
static char **
split(const char *s, char **v, int *n)
{
	char *w = xmalloc(strlen(s) + 1), *p, q;
	int in_word;

	for (;;) {
		while (*s == ' ' || *s == '\t' || *s == '\n')
			s++;
		if (*s == '\0')
			break;
		p = w;
		for (in_word = 1, q = 0; *s != '\0' && in_word; s++) {
			if (q == 0 && (*s == ' ' || *s == '\t' || *s == '\n'))
				in_word = 0;
			else if (q == 0 && s[0] == '\\' && s[1] == '_')
				in_word = 0, s++;	/* \_ outside quotes separates */
			else if ((q == 0 && (*s == '\'' || *s == '"')) || *s == q)
				q = q ? 0 : *s;
			else if (*s == '\\' && q != '\'' && escape(s[1]))
				*p++ = escape(*++s);
			else
				*p++ = *s;
		}
		if (q != 0) {
			warn("-S: unbalanced %c", q);
			exit(TROUBLE);
		}
		*p = '\0';
		v = xrealloc(v, (*n + 2) * sizeof *v);
		v[(*n)++] = xstrdup(w);
		v[*n] = NULL;
	}
	free(w);
	return v;
}

/* Put the words of -S where it stood, before the arguments still to come. */
static void
insert_split(struct opt *o, const char *s)
{
	static char **made;	/* the argument vector we made last */
	char **v = xmalloc((o->ind + 1) * sizeof *v);
	int n = o->ind;

	memcpy(v, o->argv, n * sizeof *v);
	v = split(s, v, &n);
	v = xrealloc(v, (n + o->argc - o->ind + 1) * sizeof *v);
	memcpy(v + n, o->argv + o->ind, (o->argc - o->ind + 1) * sizeof *v);
	o->argc = n + o->argc - o->ind;
	o->argv = v;
	free(made);
	made = v;
}

static void
print_env(int nul)
{
	for (char **e = environ; e != NULL && *e != NULL; e++)
		printf("%s%c", *e, nul ? '\0' : '\n');
}

static const struct opt_long longs[] = {
	{ "null", '0' }, { "ignore-environment", 'i' }, { "unset", 'u' },
	{ "chdir", 'C' }, { "split-string", 'S' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	const char *dir = NULL;
	char *eq;
	int c, nul = 0, status;

	o.longs = longs;
	while ((c = opt_next(&o, "+0iu:C:S:")) != -1) {
		switch (c) {
		case '0': nul = 1; break;
		case 'i': clearenv(); break;
		case 'u':
			if (unsetenv(o.arg) < 0)
				fail(o.arg);
			break;
		case 'C': dir = o.arg; break;
		case 'S': insert_split(&o, o.arg); break;
		default: bad_usage();
		}
	}
	argc = o.argc;
	argv = o.argv;
	if (o.ind < argc && strcmp(argv[o.ind], "-") == 0) {
		clearenv();
		o.ind++;
	}
	for (; o.ind < argc && (eq = strchr(argv[o.ind], '=')) != NULL; o.ind++) {
		*eq = '\0';
		status = setenv(argv[o.ind], eq + 1, 1);
		*eq = '=';
		if (status < 0)
			fail(argv[o.ind]);
	}
	if (o.ind == argc) {
		if (dir != NULL)
			bad_usage();
		print_env(nul);
		return cmd_exit();
	}
	if (nul)
		bad_usage();
	if (dir != NULL && chdir(dir) < 0)
		fail(dir);
	status = exec_cmd(argv + o.ind);
	warn_errno("%s", argv[o.ind]);
	return status;
}
