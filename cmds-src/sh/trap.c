/* trap.c - signals, traps and the exit of the shell; trap and kill */
#include "sh.h"
#include <strings.h>

/* ---- signals and traps ---------------------------------------------------------- */

char *traps[NSIGS];
char ign_at_entry[NSIGS];
volatile sig_atomic_t gotsig, pending[NSIGS];

/* A trap's condition: EXIT (0), or a signal the library's way ("INT", "SIGint", "2"); -1 if none. */
static int
trap_num(const char *s)
{
	int sig;

	if (strcasecmp(s, "EXIT") == 0)
		return 0;
	sig = sig_num(s);
	return sig < NSIGS ? sig : -1;
}

static void
on_signal(int sig)
{
	if (sig > 0 && sig < NSIGS)
		pending[sig] = 1;
	gotsig = 1;
}

void
set_handler(int sig, void (*fn)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = fn;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

/* What SIG should do in this shell, given its trap and interactivity. */
void
sig_apply(int sig)
{
	int inter = sh.interactive && !sh.child;

	if (sig <= 0 || sig == SIGKILL || sig == SIGSTOP)
		return;
	if (traps[sig] && traps[sig][0])
		set_handler(sig, on_signal);
	else if (traps[sig] || ign_at_entry[sig])
		set_handler(sig, SIG_IGN);
	else if (inter && sig == SIGINT)
		set_handler(sig, on_signal);
	else if (inter && (sig == SIGQUIT || sig == SIGTERM))
		set_handler(sig, SIG_IGN);
	else
		set_handler(sig, SIG_DFL);
}

static void
run_trap(int sig)
{
	int st = sh.status, skip = sh.skip, skipn = sh.skipn, tst = sh.trapstatus;
	char *t = xstrdup(traps[sig]);

	sh.skip = 0;
	sh.trapstatus = st;
	eval_string(t, 0);
	free(t);
	sh.trapstatus = tst;
	sh.status = st;
	if (!sh.skip) {
		sh.skip = skip;
		sh.skipn = skipn;
	}
}

/* Pending signals: run their traps; an untrapped ^C abandons the command. */
void
do_signals(void)
{
	int i;

	gotsig = 0;
	for (i = 1; i < NSIGS; i++) {
		if (!pending[i])
			continue;
		pending[i] = 0;
		if (traps[i] && traps[i][0])
			run_trap(i);
		else if (i == SIGINT && sh.interactive && !sh.child) {
			write_all(2, "\n", 1);
			raise_status(130);
		}
	}
}

_Noreturn void
sh_exit(int status)
{
	static char *t;		/* static: still reachable if the trap exits */

	if ((t = traps[0]) != NULL) {
		traps[0] = NULL;
		sh.status = status;
		sh.trapstatus = status;
		sh.skip = 0;
		eval_string(t, 0);
		free(t);
		t = NULL;
	}
	out_flush();
	exit(status);
}

/* ---- trap, kill ------------------------------------------------------------------- */

/*
 * A subshell's traps are reset, but until it sets one of its own, "trap"
 * lists the parent's (so v=$(trap) can save them, as POSIX allows).
 */
static char *parent_traps[NSIGS];

void
traps_reset_child(int keep)
{
	int i;

	for (i = 0; i < NSIGS; i++) {
		free(parent_traps[i]);
		parent_traps[i] = NULL;
		if (traps[i] && (traps[i][0] || i == 0)) {
			if (keep)
				parent_traps[i] = traps[i];
			else
				free(traps[i]);
			traps[i] = NULL;
		}
	}
}

static void
forget_parent_traps(void)
{
	int i;

	for (i = 0; i < NSIGS; i++) {
		free(parent_traps[i]);
		parent_traps[i] = NULL;
	}
}

static void
print_traps(void)
{
	char buf[SIG_NAME_LEN];
	const char *name, *t;
	int i;

	for (i = 0; i < NSIGS; i++) {
		t = traps[i] ? traps[i] : parent_traps[i];
		if (t && (name = i == 0 ? "EXIT" : sig_name(i, buf)) != NULL) {
			out_s("trap -- ");
			out_quoted(t);
			out_fmt(" %s\n", name);
		}
	}
}

int
bi_trap(int argc, char **argv)
{
	const char *action;
	int i = 1, sig, st = 0;

	if (argc > 1 && strcmp(argv[1], "--") == 0)
		i++;
	if (i >= argc) {
		print_traps();
		return 0;
	}
	forget_parent_traps();
	action = argv[i];
	if (trap_num(action) >= 0)
		action = "-";
	else
		i++;
	for (; i < argc; i++) {
		if ((sig = trap_num(argv[i])) < 0) {
			msg("trap: %s: invalid signal specification", argv[i]);
			st = 1;
			continue;
		}
		free(traps[sig]);
		traps[sig] = strcmp(action, "-") == 0 ? NULL : xstrdup(action);
		sig_apply(sig);
	}
	sh.traps_set = 0;
	for (i = 0; i < NSIGS; i++)
		if (traps[i] && traps[i][0])
			sh.traps_set = 1;
	return st;
}

int
bi_kill(int argc, char **argv)
{
	int sig = SIGTERM, i = 1, st = 0;
	char buf[SIG_NAME_LEN];
	const char *name;
	pid_t pid;

	if (argc > 1 && strcmp(argv[1], "-l") == 0) {
		for (i = 1; i <= SIGRTMAX; i++)
			if ((name = sig_name(i, buf)) != NULL)
				out_fmt("%s%c", name, i < SIGRTMAX ? ' ' : '\n');
		return 0;
	}
	if (argc > 2 && strcmp(argv[1], "-s") == 0) {
		sig = sig_num(argv[2]);
		i = 3;
	} else if (argc > 1 && argv[1][0] == '-' && argv[1][1] != '-') {
		sig = sig_num(argv[1] + 1);
		i = 2;
	} else if (argc > 1 && strcmp(argv[1], "--") == 0) {
		i = 2;
	}
	if (sig < 0) {
		msg("kill: bad signal");
		return 2;
	}
	if (i >= argc) {
		msg("kill: usage: kill [-s SIGNAL | -SIGNAL] PID...");
		return 2;
	}
	for (; i < argc; i++) {
		if (job_pid("kill", argv[i], &pid) < 0) {
			st = 1;
		} else if (kill(pid, sig) < 0) {
			msg("kill: %s: %s", argv[i], strerror(errno));
			st = 1;
		}
	}
	return st;
}
