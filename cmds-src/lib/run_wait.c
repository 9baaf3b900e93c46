/* run_wait.c - run a program and wait for it */
#define _GNU_SOURCE 1
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "err.h"
#include "proc.h"

extern char **environ;

/* posix_spawnp, not fork: musl's shares the memory until the exec, so the
 * parent's pages are neither copied into a new page table nor faulted
 * copy-on-write afterwards (dear under QEMU's TCG, where netboot runs its
 * steps). An exec that fails is reported here, by the parent. */
int
run_wait(char *const argv[])
{
	pid_t pid;
	int st, err = posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ);

	if (err != 0) {
		fprintf(stderr, "%s: %s: %s\n", cmd_name, argv[0], strerror(err));
		return 127;
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}
