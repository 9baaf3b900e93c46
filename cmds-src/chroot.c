/* chroot - run a command with another root directory */
#include "cmd.h"
#include "proc.h"

static const char usage[] = "chroot DIR [COMMAND [ARG...]]";

#define TROUBLE 125	/* chroot itself failed, not the command (as GNU's) */

static _Noreturn void
bad_usage(void)
{
	fprintf(stderr, "usage: %s\n", usage);
	exit(TROUBLE);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	char *shell[] = { getenv("SHELL"), "-i", NULL };
	char **cmd = shell;
	int status;

	if (opt_next(&o, "+") != -1)
		bad_usage();
	if (o.ind == argc)
		bad_usage();
	if (chroot(argv[o.ind]) < 0) {
		warn_errno("%s", argv[o.ind]);
		return TROUBLE;
	}
	if (chdir("/") < 0) {
		warn_errno("/");
		return TROUBLE;
	}
	if (o.ind + 1 < argc)
		cmd = argv + o.ind + 1;
	else if (shell[0] == NULL || shell[0][0] == '\0')
		shell[0] = "/bin/sh";
	fflush(stdout);
	status = exec_cmd(cmd);
	warn_errno("%s", cmd[0]);
	return status;
}
