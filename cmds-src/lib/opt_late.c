/* opt_late.c - an option typed among the operands, as in "chmod 755 -R dir" */
#include <string.h>
#include "opt.h"

int
opt_late(int *argc, char **argv, int first, const char *flag)
{
	int i, n = first, found = 0;

	for (i = first; i < *argc && strcmp(argv[i], "--") != 0; i++) {
		if (strcmp(argv[i], flag) == 0)
			found = 1;
		else
			argv[n++] = argv[i];
	}
	for (i++; i < *argc; i++)
		argv[n++] = argv[i];
	*argc = n;
	return found;
}
