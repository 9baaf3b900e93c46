/*
 * check.c - linked into every cached command, around the command's own main
 * (compiled as __ubin_main). A command run straight from the cache directory
 * checks that its sources are unchanged; if not, it hands its argv to the
 * builder entry (/bin/NAME), which rebuilds and runs the new code.
 */
#include <string.h>
#include <unistd.h>
#include "key.h"

extern const char __ubin_key[];
extern const char __ubin_entry[];
int __ubin_main(int, char **, char **);

static void
say(const char *s)
{
	(void)!write(2, s, strlen(s));
}

int
main(int argc, char **argv, char **envp)
{
	if (key_fresh(__ubin_key))
		return __ubin_main(argc, argv, envp);
	execve(__ubin_entry, argv, envp);
	say(argv[0]);
	say(": sources changed and the builder cannot be run: ");
	say(__ubin_entry);
	say("\n");
	return 126;
}
