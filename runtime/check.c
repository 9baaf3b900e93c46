/*
 * check.c - linked into every cached command, around the command's own main
 * (compiled as __ubin_main). A command run straight from the cache directory
 * checks that its sources are unchanged; if not, it hands its argv to the
 * builder entry (/bin/NAME), which rebuilds and runs the new code.
 */
#include <sys/auxv.h>
#include <string.h>
#include <unistd.h>
#include "key.h"
#include "ubuild.h"

extern const char __ubin_key[];
extern const char __ubin_entry[];	/* BIN/NAME */
extern const char __ubin_bin[];		/* BIN */
extern const char __ubin_names[];	/* "NAME\0OTHER\0...\0": the names it answers to */
int __ubin_main(int, char **, char **);

static void
say(const char *s)
{
	(void)!write(2, s, strlen(s));
}

/* The name N if it is one of ours, else NULL. */
static const char *
ours(const char *n)
{
	for (const char *p = __ubin_names; *p != '\0'; p += strlen(p) + 1)
		if (strcmp(n, p) == 0)
			return p;
	return NULL;
}

/* Is ENTRY one of BIN/NAME for our names? */
static int
our_entry(const char *entry)
{
	size_t n = strlen(__ubin_bin);

	return strncmp(entry, __ubin_bin, n) == 0 && entry[n] == '/' && ours(entry + n + 1);
}

/*
 * Take the builder's "just built" mark out of the environment (the command's
 * own children must not inherit it) and say whether it was meant for us.
 * environ is this same array, so it loses the mark too.
 */
static int
take_mark(char **envp)
{
	size_t n = strlen(UB_BUILT_ENV);
	char **w = envp;
	int mine = 0;

	for (char **r = envp; *r != NULL; r++) {
		if (strncmp(*r, UB_BUILT_ENV, n) == 0 && (*r)[n] == '=')
			mine |= our_entry(*r + n + 1);
		else
			*w++ = *r;
	}
	*w = NULL;
	return mine;
}

/* BIN/NAME for the name we were run by (another name of ours keeps its
 * behaviour through the rebuild), else our entry. */
static const char *
entry(char *buf, size_t len)
{
	const char *f = (const char *)getauxval(AT_EXECFN), *b, *n;
	size_t k = strlen(__ubin_bin);

	if (f == NULL)
		return __ubin_entry;
	b = strrchr(f, '/');
	n = ours(b ? b + 1 : f);
	if (n == NULL || k + strlen(n) + 2 > len)
		return __ubin_entry;
	memcpy(buf, __ubin_bin, k);
	buf[k] = '/';
	strcpy(buf + k + 1, n);
	return buf;
}

int
main(int argc, char **argv, char **envp)
{
	int built = take_mark(envp);
	char buf[512];
	const char *e;

	if (key_fresh(__ubin_key))
		return __ubin_main(argc, argv, envp);
	if (built) {	/* the builder would only build and run us again, forever */
		say(argv[0]);
		say(": stale right after its build (sources changing, or unreadable); not rebuilding again\n");
		return 126;
	}
	e = entry(buf, sizeof buf);
	execve(e, argv, envp);
	say(argv[0]);
	say(": sources changed and the builder cannot be run: ");
	say(e);
	say("\n");
	return 126;
}
