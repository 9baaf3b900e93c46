/* nohup - run a utility immune to hangups, its output kept in nohup.out */
#include "cmd.h"
#include "path.h"
#include "proc.h"
#include <signal.h>

static const char usage[] = "nohup UTILITY [ARG...]";

#define TROUBLE 127	/* POSIX: an error in nohup, or no such utility */

static _Noreturn void
fail(const char *what)
{
	warn_errno("%s", what);
	exit(TROUBLE);
}

/* Standard input from /dev/null, or where there is none an empty pipe: reads see the end. */
static void
ignore_input(void)
{
	int fd = open("/dev/null", O_RDONLY), p[2];

	if (fd < 0) {
		if (pipe(p) < 0)
			fail("pipe");
		close(p[1]);
		fd = p[0];
	}
	if (fd != 0) {
		if (dup2(fd, 0) < 0)
			fail("standard input");
		close(fd);
	}
}

/* Standard output to nohup.out here, else in $HOME; returns the name used. */
static char *
open_output(void)
{
	const int flags = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, mode = S_IRUSR | S_IWUSR;
	const char *home = getenv("HOME");
	char *path = xstrdup("nohup.out");
	int fd = open(path, flags, mode);

	if (fd < 0 && home != NULL && *home != '\0') {
		free(path);
		path = path_join(home, "nohup.out");
		fd = open(path, flags, mode);
	}
	if (fd < 0)
		fail(path);
	if (dup2(fd, 1) < 0)
		fail("standard output");
	close(fd);
	return path;
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int in, out, err, saved = -1, status;
	char *path = NULL;

	if (opt_next(&o, "+") != -1 || o.ind == argc) {
		fprintf(stderr, "usage: %s\n", usage);
		return TROUBLE;
	}
	in = isatty(0);
	out = isatty(1);
	err = isatty(2);
	if (in)
		ignore_input();
	if (out) {
		path = open_output();
		fprintf(stderr, "%s: %sappending output to '%s'\n", cmd_name, in ? "ignoring input and " : "", path);
	} else if (err) {
		fprintf(stderr, "%s: %sredirecting stderr to stdout\n", cmd_name, in ? "ignoring input and " : "");
	} else if (in) {
		fprintf(stderr, "%s: ignoring input\n", cmd_name);
	}
	if (err) {
		/* Keep the terminal for our own last words. */
		saved = fcntl(2, F_DUPFD_CLOEXEC, 3);
		if (dup2(1, 2) < 0)
			fail("standard error");
	}
	free(path);
	signal(SIGHUP, SIG_IGN);
	status = exec_cmd(argv + o.ind);
	if (saved >= 0)
		dup2(saved, 2);
	warn_errno("%s", argv[o.ind]);
	return status;
}
