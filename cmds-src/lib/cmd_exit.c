/* cmd_exit.c - flush stdout and fold write errors into the exit status */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "err.h"

int
cmd_exit(void)
{
	if (fflush(stdout) == EOF || ferror(stdout)) {
		if (errno != EPIPE)
			fprintf(stderr, "%s: write error: %s\n", cmd_name, strerror(errno));
		cmd_status = 1;
	}
	return cmd_status;
}
