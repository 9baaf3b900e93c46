/* jobs.c - child processes: fork, wait, background jobs; wait */
#include "sh.h"
#include <sys/wait.h>

struct job {
	pid_t pid;
	int status, done;
};

static struct job *jobs;
static int njobs, capjobs;

static int
wait_status(int ws)
{
	if (WIFEXITED(ws))
		return WEXITSTATUS(ws);
	if (WIFSIGNALED(ws))
		return 128 + WTERMSIG(ws);
	return 128 + (WIFSTOPPED(ws) ? WSTOPSIG(ws) : 0);
}

void
job_add(pid_t pid)
{
	int i, k = 0;

	for (i = 0; i < njobs; i++) {
		if (jobs[i].done == 2)
			continue;
		if (!jobs[i].done && waitpid(jobs[i].pid, &jobs[i].status, WNOHANG) == jobs[i].pid) {
			jobs[i].status = wait_status(jobs[i].status);
			jobs[i].done = 1;
		}
		jobs[k++] = jobs[i];
	}
	njobs = k;
	if (njobs >= 1000) {
		memmove(jobs, jobs + 1, (njobs - 1) * sizeof *jobs);
		njobs--;
	}
	if (njobs == capjobs) {
		capjobs = capjobs ? capjobs * 2 : 8;
		jobs = xrealloc(jobs, capjobs * sizeof *jobs);
	}
	jobs[njobs].pid = pid;
	jobs[njobs].done = 0;
	jobs[njobs++].status = 0;
}

pid_t
sh_fork(void)
{
	pid_t pid;
	int i;

	out_flush();
	pid = fork();
	if (pid < 0)
		sh_error("fork: %s", strerror(errno));
	if (pid == 0) {
		sh.child = 1;
		sh.interactive = 0;
		njobs = 0;
		for (i = 1; i < NSIGS; i++)
			if (traps[i] && traps[i][0]) {
				free(traps[i]);
				traps[i] = NULL;
			}
		free(traps[0]);
		traps[0] = NULL;
		sh.traps_set = 0;
		for (i = 1; i < NSIGS; i++)
			if (i == SIGINT || i == SIGQUIT || i == SIGTERM || pending[i] || traps[i])
				sig_apply(i);
		for (i = 1; i < NSIGS; i++)
			pending[i] = 0;
		gotsig = 0;
	}
	return pid;
}

/* Wait for a foreground child. An interactive shell drops the command on ^C. */
int
wait_fg(pid_t pid)
{
	int ws, st;

	while (waitpid(pid, &ws, 0) < 0)
		if (errno != EINTR)
			return 127;
	st = wait_status(ws);
	if (WIFSIGNALED(ws) && WTERMSIG(ws) == SIGINT && sh.interactive && !sh.child &&
	    !(traps[SIGINT] && traps[SIGINT][0])) {
		pending[SIGINT] = 1;
		gotsig = 1;
	} else if (sh.interactive && !sh.child && pending[SIGINT] && !(traps[SIGINT] && traps[SIGINT][0])) {
		pending[SIGINT] = 0;
	}
	return st;
}

/* Wait for job J; -1 if a trapped signal came first. */
static int
wait_job(struct job *j)
{
	int ws;

	while (!j->done) {
		if (waitpid(j->pid, &ws, 0) == j->pid) {
			j->status = wait_status(ws);
			j->done = 1;
		} else if (errno == EINTR) {
			if (gotsig)
				return -1;
		} else {
			j->status = 127;
			j->done = 1;
		}
	}
	j->done = 2;
	return j->status;
}

int
bi_wait(int argc, char **argv)
{
	int i, k, st = 0;
	long pid;

	if (argc == 1) {
		for (k = 0; k < njobs; k++)
			if (jobs[k].done != 2 && wait_job(&jobs[k]) < 0)
				return 128 + SIGINT;
		njobs = 0;
		return 0;
	}
	for (i = 1; i < argc; i++) {
		pid = strtol(argv[i], NULL, 10);
		st = 127;
		for (k = 0; k < njobs; k++)
			if (jobs[k].pid == pid) {
				jobs[k].done = jobs[k].done == 2 ? 1 : jobs[k].done;
				if ((st = wait_job(&jobs[k])) < 0)
					return 128 + SIGINT;
				break;
			}
	}
	return st;
}
