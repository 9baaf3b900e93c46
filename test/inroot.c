/* inroot - run a program inside a staged root: chroot, chdir, exec (test helper) */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] = "usage: inroot ROOT DIR PROG [ARG...]\n";

static void
fail(int status, const char *what)
{
	fprintf(stderr, "inroot: %s: %s\n", what, strerror(errno));
	exit(status);
}

int
main(int argc, char *argv[])
{
	const char *prog, *base;

	if (argc < 4) {
		fputs(usage, stderr);
		return 126;
	}
	if (chroot(argv[1]) < 0)
		fail(126, argv[1]);
	if (chdir("/") < 0)
		fail(126, "/");
	if (chdir(argv[2]) < 0)
		fail(126, argv[2]);
	if (setenv("PATH", "/ubin:/bin", 1) < 0)
		fail(126, "setenv");
	prog = argv[3];
	base = strrchr(prog, '/');
	argv[3] = (char *)(base ? base + 1 : prog);
	execv(prog, argv + 3);
	fail(errno == ENOENT ? 127 : 126, prog);
	return 126;
}
