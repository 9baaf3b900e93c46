/* name.c - which command was asked for */
#include <string.h>
#include "ubuild.h"

/* Names go into paths and cache keys: keep them to a safe alphabet. */
int
ub_valid_name(const char *name)
{
	size_t n = strlen(name);

	if (n == 0 || n > UB_NAME_MAX || name[0] == '.' || name[0] == '-')
		return 0;
	return strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "0123456789._+-[") == n;
}

/*
 * The path the kernel executed (AT_EXECFN) names the command, not argv[0]:
 * a login shell is started as "-sh" and `exec -a` can say anything, but
 * /bin/sh was still the link that was run.
 */
const char *
ub_name(const char *execfn, const char *argv0)
{
	const char *p = execfn != NULL && *execfn ? execfn : argv0;
	const char *s;

	if (p == NULL)
		return "";
	s = strrchr(p, '/');
	return s ? s + 1 : p;
}
