/* kill - send a signal to processes */
#include "cmd.h"
#include "proc.h"
#include <signal.h>

static const char usage[] = "kill [-s SIG | -SIG] PID... | kill -l [STATUS...]";

static int
digits(const char *s)
{
	return *s != '\0' && strspn(s, "0123456789") == strlen(s);
}

/* -l: every name, or the name of each signal number (or status), the number of each name. */
static void
list(char **args)
{
	char buf[SIG_NAME_LEN];
	const char *name;
	int sig;

	if (*args == NULL)
		sig_list();
	for (; *args != NULL; args++) {
		if (!digits(*args)) {
			if ((sig = sig_num(*args)) > 0)
				printf("%d\n", sig);
			else
				warn("%s: invalid signal", *args);
			continue;
		}
		sig = strlen(*args) > 4 ? -1 : atoi(*args);
		if (sig > 128)
			sig -= 128;	/* a shell's status for a killed process */
		if (sig > 0 && (name = sig_name(sig, buf)) != NULL)
			puts(name);
		else
			warn("%s: invalid signal", *args);
	}
}

/* A process id, or with a minus sign a process group; 0 and -1 as kill(2) says. */
static int
pid_arg(const char *s, pid_t *pid)
{
	const char *d = s + (*s == '-');
	long long n;

	if (!digits(d) || strlen(d) > 10)
		return -1;
	n = strtoll(s, NULL, 10);
	if (n > INT_MAX || n < -(long long)INT_MAX)
		return -1;
	*pid = (pid_t)n;
	return 0;
}

/*
 * By hand, not getopt: "-9" and "-KILL" name the signal, and a "-123" after
 * them is a process group. Sets *SIG; returns the index of the first pid.
 */
static int
signal_option(int argc, char **argv, int *sig)
{
	const char *a = argv[1];
	int i = 1;

	*sig = SIGTERM;
	if (strcmp(a, "-s") == 0 && argc > 2) {
		*sig = sig_arg(argv[2]);
		i = 3;
	} else if (strcmp(a, "-s") == 0) {
		i = argc;
	} else if (a[0] == '-' && a[1] != '\0' && strcmp(a, "--") != 0) {
		*sig = sig_arg(a + 1);
		i = 2;
	}
	if (i < argc && strcmp(argv[i], "--") == 0)
		i++;
	return i;
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int i, sig;
	pid_t pid;

	if (argc < 2)
		die_usage(&o);
	if (strcmp(argv[1], "--help") == 0) {
		printf("usage: %s\n", usage);
		return cmd_exit();
	}
	if (strcmp(argv[1], "-l") == 0) {
		list(argv + 2 + (argc > 2 && strcmp(argv[2], "--") == 0));
		return cmd_exit();
	}
	if ((i = signal_option(argc, argv, &sig)) >= argc)
		die_usage(&o);
	for (; i < argc; i++) {
		if (pid_arg(argv[i], &pid) < 0)
			warn("%s: invalid process id", argv[i]);
		else if (kill(pid, sig) < 0)
			warn_errno("%s", argv[i]);
	}
	return cmd_exit();
}
