/* exec_cmd.c - run a utility as the shell would: PATH search, scripts without #! */
#define _GNU_SOURCE 1
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "err.h"
#include "proc.h"

/* The kernel runs what has #!; anything else executable is a shell script. */
static void
try_exec(const char *path, char **argv)
{
	char **v;
	int n;

	execv(path, argv);
	if (errno != ENOEXEC)
		return;
	for (n = 0; argv[n] != NULL; n++)
		;
	v = xmalloc((n + 2) * sizeof *v);
	v[0] = "sh";
	v[1] = (char *)path;
	memcpy(v + 2, argv + 1, n * sizeof *v);
	execv("/bin/sh", v);
	free(v);
	errno = ENOEXEC;
}

static int
search(char **argv)
{
	const char *path = getenv("PATH"), *p, *end;
	size_t len = strlen(argv[0]);
	int denied = 0;
	char *buf;

	if (path == NULL)
		path = "/usr/local/bin:/bin:/usr/bin";
	for (p = path;; p = end + 1) {
		end = strchrnul(p, ':');
		buf = xmalloc(end - p + len + 2);
		memcpy(buf, p, end - p);
		buf[end - p] = '/';
		memcpy(buf + (end - p) + 1, argv[0], len + 1);
		try_exec(p == end ? argv[0] : buf, argv);
		free(buf);
		if (errno == EACCES)
			denied = 1;
		else if (errno != ENOENT && errno != ENOTDIR)
			return 126;
		if (*end == '\0')
			break;
	}
	errno = denied ? EACCES : ENOENT;
	return denied ? 126 : 127;
}

int
exec_cmd(char **argv)
{
	if (argv[0][0] == '\0') {
		errno = ENOENT;
		return 127;
	}
	if (strchr(argv[0], '/') == NULL)
		return search(argv);
	try_exec(argv[0], argv);
	return errno == ENOENT ? 127 : 126;
}
