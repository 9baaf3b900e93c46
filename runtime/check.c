/*
 * check.c - linked into every cached command, around the command's own main
 * (compiled as __ubin_main). A command run straight from the cache directory
 * checks that its sources are unchanged; if not, it hands its argv to the
 * builder entry (/bin/NAME), which rebuilds and runs the new code.
 */
#include <string.h>
#include <unistd.h>
#include "key.h"
#include "ubuild.h"

extern const char __ubin_key[];
extern const char __ubin_entry[];
int __ubin_main(int, char **, char **);

static void
say(const char *s)
{
	(void)!write(2, s, strlen(s));
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
	int ours = 0;

	for (char **r = envp; *r != NULL; r++) {
		if (strncmp(*r, UB_BUILT_ENV, n) == 0 && (*r)[n] == '=')
			ours |= strcmp(*r + n + 1, __ubin_entry) == 0;
		else
			*w++ = *r;
	}
	*w = NULL;
	return ours;
}

int
main(int argc, char **argv, char **envp)
{
	int built = take_mark(envp);

	if (key_fresh(__ubin_key))
		return __ubin_main(argc, argv, envp);
	if (built) {	/* the builder would only build and run us again, forever */
		say(argv[0]);
		say(": stale right after its build (sources changing, or unreadable); not rebuilding again\n");
		return 126;
	}
	execve(__ubin_entry, argv, envp);
	say(argv[0]);
	say(": sources changed and the builder cannot be run: ");
	say(__ubin_entry);
	say("\n");
	return 126;
}
