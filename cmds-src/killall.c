/* killall - send a signal to processes by name */
#include "cmd.h"
#include "proc.h"
#include <signal.h>

static const char usage[] = "killall [-q] [-s SIG | -SIG] NAME... | killall -l";

/*
 * By hand, not getopt: "-9" and "-KILL" name the signal, and may come
 * among -q and -s. Sets *SIG and *QUIET; returns the index of the first name.
 */
static int
options(struct opt *o, int *sig, int *quiet)
{
	char **argv = o->argv;
	int i;

	for (i = 1; i < o->argc && argv[i][0] == '-' && argv[i][1] != '\0'; i++) {
		if (strcmp(argv[i], "--") == 0)
			return i + 1;
		if (strcmp(argv[i], "-l") == 0) {
			sig_list();
			cmd_quit(cmd_exit());
		}
		if (strcmp(argv[i], "-q") == 0)
			*quiet = 1;
		else if (strcmp(argv[i], "-s") == 0 && i + 1 < o->argc)
			*sig = sig_arg(argv[++i]);
		else if (strcmp(argv[i], "-s") == 0)
			die_usage(o);
		else
			*sig = sig_arg(argv[i] + 1);
	}
	return i;
}

/* Signal each process that goes by one of NAMES; KILLED[i] counts NAMES[i]'s. */
static void
kill_all(char **names, int n, int sig, int *killed)
{
	struct proc_name p;
	int *pids, npid = proc_pids(&pids);

	if (npid < 0)
		die_errno("/proc");
	for (int i = 0; i < npid; i++) {
		if (pids[i] == getpid() || proc_name_read(pids[i], &p) < 0)
			continue;
		for (int j = 0; j < n; j++) {
			if (p.state == 'Z' || p.state == 'X' || !proc_name_match(&p, names[j]))
				continue;
			if (kill(p.pid, sig) == 0)
				killed[j]++;
			else if (errno != ESRCH)	/* gone since we looked: not ours to report */
				warn_errno("%s: %d", names[j], p.pid);
			break;
		}
		proc_name_free(&p);
	}
	free(pids);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int i, sig = SIGTERM, quiet = 0, *killed;

	if (argc > 1 && strcmp(argv[1], "--help") == 0) {
		printf("usage: %s\n", usage);
		return cmd_exit();
	}
	if ((i = options(&o, &sig, &quiet)) >= argc)
		die_usage(&o);
	killed = xmalloc((argc - i) * sizeof *killed);
	memset(killed, 0, (argc - i) * sizeof *killed);
	kill_all(argv + i, argc - i, sig, killed);
	for (int j = 0; j < argc - i; j++) {
		if (killed[j] > 0)
			continue;
		cmd_status = 1;
		if (!quiet)
			warn("%s: no process killed", argv[i + j]);
	}
	free(killed);
	return cmd_exit();
}
