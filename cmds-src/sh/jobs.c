/* jobs.c - child processes: fork, wait, background jobs; wait */
#include "sh.h"
#include <sys/wait.h>

struct job {
	pid_t pid;
	int status, done;	/* done: 1 finished, 2 waited for or reported */
	int num;		/* %N */
	char *text;		/* the command, for jobs and %string */
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

/* Note the jobs that have finished, without waiting. */
static void
jobs_poll(void)
{
	int i, ws;

	for (i = 0; i < njobs; i++)
		if (!jobs[i].done && waitpid(jobs[i].pid, &ws, WNOHANG) == jobs[i].pid) {
			jobs[i].status = wait_status(ws);
			jobs[i].done = 1;
		}
}

static void
job_drop(int i)
{
	free(jobs[i].text);
	memmove(jobs + i, jobs + i + 1, (njobs - i - 1) * sizeof *jobs);
	njobs--;
}

/* ---- a job's text: its command in short, as "jobs" shows it ---------------------- */

static void
word_text(struct sbuf *b, struct word *w)
{
	struct part *q;

	if (w->name) {
		sb_adds(b, w->name);
		sb_addc(b, '=');
	}
	for (q = w->parts; q; q = q->next)
		if (q->type == P_LIT || q->type == P_QLIT) {
			sb_adds(b, q->s);
		} else if (q->type == P_PARAM) {
			sb_adds(b, "${");
			sb_adds(b, q->s);
			sb_adds(b, q->op ? "...}" : "}");
		} else {
			sb_adds(b, q->type == P_ARITH ? "$((...))" : "$(...)");
		}
}

static void
node_text(struct sbuf *b, struct node *n)
{
	struct word *w;
	struct node *c;

	if (n == NULL || b->n > 200)
		return;
	switch (n->type) {
	case N_CMD:
		for (w = n->assigns; w; w = w->next, sb_addc(b, ' '))
			word_text(b, w);
		for (w = n->args; w; w = w->next) {
			word_text(b, w);
			if (w->next)
				sb_addc(b, ' ');
		}
		return;
	case N_PIPE:
		for (c = n->a; c; c = c->next) {
			node_text(b, c);
			if (c->next)
				sb_adds(b, " | ");
		}
		return;
	case N_AND:
	case N_OR:
		node_text(b, n->a);
		sb_adds(b, n->type == N_AND ? " && " : " || ");
		node_text(b, n->b);
		return;
	case N_NOT:
		sb_adds(b, "! ");
		node_text(b, n->a);
		return;
	case N_SUB:
		sb_adds(b, "(");
		node_text(b, n->a);
		sb_adds(b, ")");
		return;
	}
	sb_adds(b, "...");
}

void
job_add(pid_t pid, struct node *n)
{
	struct sbuf b;
	int i, num = 0;

	jobs_poll();
	for (i = 0; i < njobs; i++)
		if (jobs[i].done == 2)
			job_drop(i--);
	if (njobs >= 1000)
		job_drop(0);
	if (njobs == capjobs) {
		capjobs = capjobs ? capjobs * 2 : 8;
		jobs = xrealloc(jobs, capjobs * sizeof *jobs);
	}
	for (i = 0; i < njobs; i++)
		if (jobs[i].num > num)
			num = jobs[i].num;
	sb_init(&b, NULL);
	node_text(&b, n);
	jobs[njobs].pid = pid;
	jobs[njobs].done = 0;
	jobs[njobs].status = 0;
	jobs[njobs].num = num + 1;
	jobs[njobs++].text = xstrdup(sb_str(&b));
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
		/* the parent's jobs stay listed (kill $(jobs -p)); waits for them fail */
		traps_reset_child(sh.cmdsub_fork);
		sh.cmdsub_fork = 0;
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

/* A foreground command killed by a signal: say which ("Terminated"), as ash
 * and bash do; not for ^C or a broken pipe, which are no surprise. */
static void
say_signal(int ws)
{
	char buf[128];
	int n, sig = WTERMSIG(ws);

	if (sig == SIGINT || sig == SIGPIPE)
		return;
	n = snprintf(buf, sizeof buf, "%s%s\n", strsignal(sig),
		     WCOREDUMP(ws) ? " (core dumped)" : "");
	out_flush();
	write_all(2, buf, n < (int)sizeof buf ? (size_t)n : sizeof buf - 1);
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
	if (WIFSIGNALED(ws))
		say_signal(ws);
	if (WIFSIGNALED(ws) && WTERMSIG(ws) == SIGINT && sh.interactive && !sh.child &&
	    !(traps[SIGINT] && traps[SIGINT][0])) {
		pending[SIGINT] = 1;
		gotsig = 1;
	} else if (sh.interactive && !sh.child && pending[SIGINT] && !(traps[SIGINT] && traps[SIGINT][0])) {
		pending[SIGINT] = 0;
	}
	return st;
}

/* A trapped signal that is pending (its number), or 0. */
static int
trapped_signal(void)
{
	int i;

	for (i = 1; i < NSIGS; i++)
		if (pending[i] && traps[i] && traps[i][0])
			return i;
	return 0;
}

/*
 * Wait for job J; -1 if a trapped signal came first (POSIX: wait then returns
 * at once, with a status over 128, and the trap runs).
 */
static int
wait_job(struct job *j)
{
	int ws;

	while (!j->done) {
		if (gotsig && trapped_signal())
			return -1;
		if (waitpid(j->pid, &ws, 0) == j->pid) {
			j->status = wait_status(ws);
			j->done = 1;
		} else if (errno != EINTR) {
			j->status = 127;
			j->done = 1;
		}
	}
	j->done = 2;
	return j->status;
}

/* The job that SPEC names: %N, %%, %+, %-, %NAME (its command starts so), %?TEXT (contains). */
static struct job *
find_job(const char *cmd, const char *spec)
{
	int i, k = -1;
	long n;

	if (spec[0] != '%')
		;
	else if (spec[1] == '\0' || strcmp(spec, "%%") == 0 || strcmp(spec, "%+") == 0)
		k = njobs - 1;
	else if (strcmp(spec, "%-") == 0)
		k = njobs - 2;
	else if ((n = number_arg(spec + 1)) >= 0) {
		for (i = 0; i < njobs; i++)
			if (jobs[i].num == n)
				k = i;
	} else {
		for (i = njobs - 1; i >= 0; i--) {
			if (spec[1] == '?' ? strstr(jobs[i].text, spec + 2) == NULL :
			    strncmp(jobs[i].text, spec + 1, strlen(spec + 1)) != 0)
				continue;
			if (k >= 0) {
				msg("%s: %s: ambiguous job", cmd, spec);
				return NULL;
			}
			k = i;
		}
	}
	if (k >= 0)
		return &jobs[k];
	msg("%s: %s: no such job", cmd, spec);
	return NULL;
}

/* Into *PID the process of job spec or process id ARG for CMD; -1 with a message if none. */
int
job_pid(const char *cmd, const char *arg, pid_t *pid)
{
	struct job *j;
	char *end;

	if (arg[0] == '%') {
		if ((j = find_job(cmd, arg)) == NULL)
			return -1;
		*pid = j->pid;
		return 0;
	}
	*pid = (pid_t)strtol(arg, &end, 10);
	if (*arg == '\0' || *end) {
		msg("%s: %s: bad process id", cmd, arg);
		return -1;
	}
	return 0;
}

int
bi_wait(int argc, char **argv)
{
	int i, k, st = 0;
	pid_t pid;

	if (argc == 1) {
		for (k = 0; k < njobs; k++)
			if (jobs[k].done != 2 && wait_job(&jobs[k]) < 0)
				return 128 + trapped_signal();
		while (njobs > 0)
			job_drop(njobs - 1);
		return 0;
	}
	for (i = 1; i < argc; i++) {
		st = 127;
		if (job_pid("wait", argv[i], &pid) < 0)
			continue;
		for (k = 0; k < njobs; k++)
			if (jobs[k].pid == pid) {
				jobs[k].done = jobs[k].done == 2 ? 1 : jobs[k].done;
				if ((st = wait_job(&jobs[k])) < 0)
					return 128 + trapped_signal();
				break;
			}
	}
	return st;
}

static const char *
job_state(struct job *j, char *buf, size_t size)
{
	char name[SIG_NAME_LEN];

	if (!j->done)
		return "Running";
	if (j->status == 0)
		return "Done";
	if (j->status > 128 && sig_name(j->status - 128, name) != NULL) {
		snprintf(buf, size, "Killed (SIG%s)", name);
		return buf;
	}
	snprintf(buf, size, "Done(%d)", j->status);
	return buf;
}

static void
job_print(struct job *j, int mode)
{
	char buf[64];

	if (mode == 'p') {
		out_fmt("%ld\n", (long)j->pid);
		return;
	}
	out_fmt("[%d] %c ", j->num, j == &jobs[njobs - 1] ? '+' : j == &jobs[njobs - 2] ? '-' : ' ');
	if (mode == 'l')
		out_fmt("%ld ", (long)j->pid);
	out_fmt("%-10s %s\n", job_state(j, buf, sizeof buf), j->text);
	if (j->done)
		j->done = 2;
}

/* jobs [-l|-p] [JOB...]: finished jobs are reported once, then forgotten. */
int
bi_jobs(int argc, char **argv)
{
	int i = 1, k, mode = 0, st = 0;
	struct job *j;

	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (strcmp(argv[i], "--") == 0) {
			i++;
			break;
		}
		if (strcmp(argv[i], "-l") && strcmp(argv[i], "-p")) {
			msg("jobs: %s: bad option", argv[i]);
			return 2;
		}
		mode = argv[i][1];
	}
	jobs_poll();
	if (i == argc) {
		for (k = 0; k < njobs; k++)
			if (jobs[k].done != 2)
				job_print(&jobs[k], mode);
		return 0;
	}
	for (; i < argc; i++)
		if ((j = find_job("jobs", argv[i])) != NULL)
			job_print(j, mode);
		else
			st = 1;
	return st;
}
