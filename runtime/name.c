/* name.c - which command was asked for */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
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
 * /bin/sh was still the link that was run. argv[0] is the fallback when
 * there is no such path.
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
 * A link to another command's bare name (/bin/sh -> echo, as pack/mkimage
 * --shell makes it) runs that command, as u-root's links do; a link to the
 * builder or through a directory keeps the link's own name. The name goes
 * in BUF.
 */
static const char *
followed(const char *path, char *buf, size_t len)
{
	char to[UB_NAME_MAX + 2];
	ssize_t n = readlink(path, to, sizeof to - 1);

	if (n <= 0 || n > UB_NAME_MAX)
		return ub_name(path, NULL);
	to[n] = '\0';
	if (strcmp(to, "ubuild") == 0 || !ub_valid_name(to) || (size_t)n >= len)
		return ub_name(path, NULL);
	memcpy(buf, to, n + 1);
	return buf;
}

/*
 * Which command to build: the file the kernel executed, not argv[0]
 * (`exec -a rm /bin/echo` runs echo); argv[0] only when the kernel did not
 * say (no AT_EXECFN). One exception keeps #! scripts working:
 * for "#!/bin/sh" the kernel runs /bin/sh with AT_EXECFN = the script, so
 * when the executed file is a script, its #! line names the command. BUF
 * holds that name. Either name is followed one link further (followed()).
 */
const char *
ub_command_name(const char *execfn, const char *argv0, char *buf, size_t len)
{
	char head[256];
	ssize_t n = 0;
	size_t i = 2, j;
	int fd;

	if (execfn == NULL || *execfn == '\0' || len == 0)
		return ub_name(NULL, argv0);
	if ((fd = open(execfn, O_RDONLY | O_CLOEXEC)) >= 0) {
		n = read(fd, head, sizeof head - 1);
		close(fd);
	}
	if (n < 2 || head[0] != '#' || head[1] != '!')
		return followed(execfn, buf, len);
	head[n] = '\0';
	i += strspn(head + 2, " \t");
	j = i + strcspn(head + i, " \t\n");
	if (j == i || j - i >= len)
		return ub_name(execfn, argv0);
	memcpy(buf, head + i, j - i);
	buf[j - i] = '\0';
	return followed(buf, buf, len);
}
