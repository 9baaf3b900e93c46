/* time - run a utility and report how long it took */
#include "cmd.h"
#include "proc.h"
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>

static const char usage[] = "time [-p] UTILITY [ARG...]";

static double
seconds(const struct timeval *tv)
{
	return tv->tv_sec + tv->tv_usec / 1e6;
}

static double
since(const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (t1.tv_sec - t0->tv_sec) + (t1.tv_nsec - t0->tv_nsec) / 1e9;
}

/* The status a shell would give: the exit status, or 128 + the signal. */
static int
shell_status(int status)
{
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	struct timespec t0;
	struct rusage ru;
	double real;
	pid_t pid;
	int c, status;

	while ((c = opt_next(&o, "+p")) != -1)
		if (c != 'p')
			die_usage(&o);
	if (o.ind == argc)
		die_usage(&o);
	fflush(stdout);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if ((pid = fork()) < 0)
		die_errno("fork");
	if (pid == 0) {
		status = exec_cmd(argv + o.ind);
		warn_errno("%s", argv[o.ind]);
		_exit(status);
	}
	/* The utility answers the keyboard; we wait to report. */
	signal(SIGINT, SIG_IGN);
	signal(SIGQUIT, SIG_IGN);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			die_errno("wait");
	real = since(&t0);
	getrusage(RUSAGE_CHILDREN, &ru);
	fprintf(stderr, "real %.2f\nuser %.2f\nsys %.2f\n", real, seconds(&ru.ru_utime), seconds(&ru.ru_stime));
	return shell_status(status);
}
