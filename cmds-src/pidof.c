/* pidof - the process ids of running programs, by name */
#include "cmd.h"
#include "num.h"
#include "proc.h"

static const char usage[] = "pidof [-s] [-o PID,...] NAME...";

static struct {
	int *omit, nomit;
} pf;

/* -o PID,...: "%PPID" is the process that ran us. */
static void
add_omits(const char *arg)
{
	char *list = xstrdup(arg), *save = NULL;
	unsigned long long v;

	for (char *w = strtok_r(list, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		if (strcmp(w, "%PPID") == 0)
			v = (unsigned long long)getppid();
		else if (parse_uint(w, INT_MAX, &v) < 0 || v == 0)
			die("%s: invalid process id", w);
		pf.omit = xrealloc(pf.omit, (pf.nomit + 1) * sizeof *pf.omit);
		pf.omit[pf.nomit++] = (int)v;
	}
	free(list);
}

static int
omitted(int pid)
{
	if (pid == getpid())
		return 1;
	for (int i = 0; i < pf.nomit; i++)
		if (pf.omit[i] == pid)
			return 1;
	return 0;
}

/* Does PID, alive, go by one of NAMES? */
static int
wanted(int pid, char **names)
{
	struct proc_name p;
	int hit = 0;

	if (omitted(pid) || proc_name_read(pid, &p) < 0)
		return 0;
	if (p.state != 'Z' && p.state != 'X')
		for (; *names != NULL && !hit; names++)
			hit = proc_name_match(&p, *names);
	proc_name_free(&p);
	return hit;
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, single = 0, found = 0, *pids, n;

	while ((c = opt_next(&o, "so:")) != -1) {
		switch (c) {
		case 's': single = 1; break;
		case 'o': add_omits(o.arg); break;
		default: die_usage(&o);
		}
	}
	if (o.ind == argc)
		die_usage(&o);
	if ((n = proc_pids(&pids)) < 0)
		die_errno("/proc");
	/* the newest first, as procps and sysvinit print them */
	for (int i = n - 1; i >= 0 && !(single && found); i--)
		if (wanted(pids[i], argv + o.ind))
			printf(found++ ? " %d" : "%d", pids[i]);
	if (found)
		putchar('\n');
	free(pids);
	free(pf.omit);
	return cmd_exit() != 0 || !found;
}
