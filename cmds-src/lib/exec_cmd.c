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

struct search {
	char **argv;
	int denied, err;
};

/* One place in PATH: go on unless ARGV[0] is there but could not be run. */
static int
search_one(const char *file, void *arg)
{
	struct search *s = arg;

	try_exec(file, s->argv);
	s->err = errno;
	if (errno == EACCES)
		s->denied = 1;
	else if (errno != ENOENT && errno != ENOTDIR)
		return 126;
	return 0;
}

static int
search(char **argv)
{
	struct search s = { argv, 0, 0 };

	if (path_search(getenv("PATH"), argv[0], search_one, &s) != 0) {
		errno = s.err;
		return 126;
	}
	errno = s.denied ? EACCES : ENOENT;
	return s.denied ? 126 : 127;
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
