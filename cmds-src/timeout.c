/* timeout - run a utility with a time limit */
#include "cmd.h"
#include "proc.h"
#include <signal.h>
#include <sys/wait.h>

static const char usage[] = "timeout [-v] [-s SIG] [-k DURATION] [--preserve-status] [--foreground] "
    "DURATION UTILITY [ARG...]";

#define TIMED_OUT 124
#define TROUBLE 125	/* timeout itself failed, not the utility */

static struct {
	int sig;		/* what to send when time is up */
	double kill_after;	/* then SIGKILL this much later; 0 never */
	int foreground;		/* the child alone, not its process group */
	int preserve;		/* the utility's status even when timed out */
	int verbose;
	int timed_out;
	pid_t child;
	const char *name;	/* of the utility, for -v */
	struct timespec deadline;	/* tv_sec < 0: none */
} to;

static _Noreturn void
bad_usage(void)
{
	fprintf(stderr, "usage: %s\n", usage);
	exit(TROUBLE);
}

/* A non-negative number with an optional s, m, h or d; 0 means no limit. */
static double
duration(const char *s)
{
	char *end;
	double d = strtod(s, &end);

	if (end == s || !(d >= 0))
		d = -1;
	else if (*end == 'm')
		d *= 60;
	else if (*end == 'h')
		d *= 60 * 60;
	else if (*end == 'd')
		d *= 24 * 60 * 60;
	else if (*end != 's' && *end != '\0')
		d = -1;
	if (d >= 0 && *end != '\0' && end[1] != '\0')
		d = -1;
	if (d < 0) {
		warn("%s: invalid time interval", s);
		exit(TROUBLE);
	}
	return d;
}

static int
signal_arg(const char *s)
{
	int sig = sig_num(s);

	if (sig <= 0) {
		warn("%s: invalid signal", s);
		exit(TROUBLE);
	}
	return sig;
}

enum { PRESERVE = 1, FOREGROUND };

static void
parse_options(struct opt *o)
{
	static const struct opt_long longs[] = {
		{ "preserve-status", PRESERVE }, { "foreground", FOREGROUND },
		{ "verbose", 'v' }, { "signal", 's' }, { "kill-after", 'k' }, { NULL, 0 },
	};
	int c;

	o->longs = longs;
	while ((c = opt_next(o, "+k:s:v\001\002")) != -1) {
		switch (c) {
		case 'k': to.kill_after = duration(o->arg); break;
		case 's': to.sig = signal_arg(o->arg); break;
		case 'v': to.verbose = 1; break;
		case PRESERVE: to.preserve = 1; break;
		case FOREGROUND: to.foreground = 1; break;
		default: bad_usage();
		}
	}
}

static void
set_deadline(double d)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	if (d <= 0 || d > 1e15) {
		to.deadline.tv_sec = -1;
		return;
	}
	to.deadline.tv_sec = now.tv_sec + (time_t)d;
	to.deadline.tv_nsec = now.tv_nsec + (long)((d - (time_t)d) * 1e9);
	if (to.deadline.tv_nsec >= 1000000000) {
		to.deadline.tv_sec++;
		to.deadline.tv_nsec -= 1000000000;
	}
}

/* Time left until the deadline, in *LEFT; 0 if it has passed. */
static int
time_left(struct timespec *left)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	left->tv_sec = to.deadline.tv_sec - now.tv_sec;
	left->tv_nsec = to.deadline.tv_nsec - now.tv_nsec;
	if (left->tv_nsec < 0) {
		left->tv_sec--;
		left->tv_nsec += 1000000000;
	}
	return left->tv_sec >= 0;
}

/*
 * SIG to the utility, and unless --foreground to our whole process group, so
 * its children go too. What we send ourselves is ignored (or, for SIGKILL,
 * takes us along: the shell then sees 137). Stopped processes get SIGCONT.
 */
static void
send_sig(int sig)
{
	char buf[SIG_NAME_LEN];
	const char *name = sig_name(sig, buf);

	if (to.verbose)
		fprintf(stderr, "%s: sending signal %s to command '%s'\n", cmd_name, name ? name : "?", to.name);
	kill(to.child, sig);
	if (to.foreground)
		return;
	signal(sig, SIG_IGN);
	kill(0, sig);
	if (sig != SIGKILL && sig != SIGCONT) {
		kill(to.child, SIGCONT);
		signal(SIGCONT, SIG_IGN);
		kill(0, SIGCONT);
	}
}

/* Time is up, or we were told to stop: pass SIG on, and start the -k clock. */
static void
terminate(int sig)
{
	if (to.kill_after > 0) {
		set_deadline(to.kill_after);
		to.kill_after = 0;
		to.sig = SIGKILL;
	} else if (to.timed_out) {
		to.deadline.tv_sec = -1;
	}
	send_sig(sig);
}

/* Wait for the child, signals blocked in SET taken as they come; its wait status. */
static int
supervise(const sigset_t *set)
{
	struct timespec left;
	siginfo_t info;
	int status, sig;
	pid_t r;

	for (;;) {
		r = waitpid(to.child, &status, WNOHANG);
		if (r == to.child)
			return status;
		if (r < 0 && errno != EINTR) {
			warn_errno("wait");
			exit(TROUBLE);
		}
		if (to.deadline.tv_sec >= 0 && !time_left(&left))
			sig = 0;	/* time is up */
		else if ((sig = sigtimedwait(set, &info, to.deadline.tv_sec >= 0 ? &left : NULL)) < 0)
			sig = errno == EAGAIN ? 0 : -1;
		if (sig == 0) {
			to.timed_out = 1;
			terminate(to.sig);
		} else if (sig > 0 && sig != SIGCHLD &&
		    !(info.si_code == SI_USER && info.si_pid == getpid())) {
			terminate(sig);
		}
	}
}

static const int caught[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGCHLD };

/* Start the utility; the signals in its mask and those we catch as it found them. */
static void
spawn(char **argv, const sigset_t *old)
{
	int status;

	fflush(stdout);
	if ((to.child = fork()) < 0) {
		warn_errno("fork");
		exit(TROUBLE);
	}
	if (to.child > 0)
		return;
	for (size_t i = 0; i < sizeof caught / sizeof *caught; i++)
		signal(caught[i], SIG_DFL);
	signal(to.sig, SIG_DFL);
	sigprocmask(SIG_SETMASK, old, NULL);
	status = exec_cmd(argv);
	warn_errno("%s", argv[0]);
	_exit(status);
}

/* Our status: 124 when timed out, else the utility's, as a shell would give it. */
static int
exit_status(int status)
{
	if (WIFSIGNALED(status)) {
		if (to.timed_out && WTERMSIG(status) == SIGKILL)
			to.preserve = 1;
		status = 128 + WTERMSIG(status);
	} else {
		status = WEXITSTATUS(status);
	}
	return to.timed_out && !to.preserve ? TIMED_OUT : status;
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	sigset_t set, old;
	double limit;

	memset(&to, 0, sizeof to);
	to.sig = SIGTERM;
	parse_options(&o);
	if (argc - o.ind < 2)
		bad_usage();
	limit = duration(argv[o.ind]);
	to.name = argv[o.ind + 1];
	/* Signals are taken in turn by supervise(), never by handlers. */
	sigemptyset(&set);
	for (size_t i = 0; i < sizeof caught / sizeof *caught; i++)
		sigaddset(&set, caught[i]);
	if (to.sig != SIGKILL && to.sig != SIGSTOP)
		sigaddset(&set, to.sig);
	signal(SIGCHLD, SIG_DFL);
	sigprocmask(SIG_BLOCK, &set, &old);
	if (!to.foreground)
		setpgid(0, 0);
	spawn(argv + o.ind + 1, &old);
	if (!to.foreground) {
		signal(SIGTTIN, SIG_IGN);
		signal(SIGTTOU, SIG_IGN);
	}
	set_deadline(limit);
	return exit_status(supervise(&set));
}
