/* cmd_called.c - which of its names a command was run by */
#include <string.h>
#include <sys/auxv.h>
#include "opt.h"

static int
lookup(const char *path, const char *const *names)
{
	const char *b;

	if (path == NULL)
		return -1;
	b = strrchr(path, '/');
	b = b ? b + 1 : path;
	if (*b == '-')
		b++;
	for (int i = 0; names[i] != NULL; i++)
		if (strcmp(b, names[i]) == 0)
			return i;
	return -1;
}

/* The executed file first: `exec -a NAME` may put anything in argv[0]. */
int
cmd_called(const char *argv0, const char *const *names)
{
	int i = lookup((const char *)getauxval(AT_EXECFN), names);

	if (i < 0)
		i = lookup(argv0, names);
	return i < 0 ? 0 : i;
}
