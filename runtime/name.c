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

/*
 * Which command to build: argv[0] names it when it is a command (a #! script
 * runs "/bin/sh script", and the kernel's AT_EXECFN is then the script), else
 * the executed path does ("-sh" for a login shell, or `exec -a`).
 */
const char *
ub_command_name(const char *execfn, const char *argv0,
    int (*exists)(const char *name, void *arg), void *arg)
{
	const char *n = ub_name(NULL, argv0);

	if (ub_valid_name(n) && exists(n, arg))
		return n;
	return ub_name(execfn, argv0);
}
