/* signame.c - signals by name and number: "TERM", "SIGterm", "15", "RTMIN+2" */
#define _GNU_SOURCE 1
#include <signal.h>
#include <stdio.h>
#include <strings.h>
#include "err.h"
#include "proc.h"

static const struct {
	char name[8];
	int num;
} sigs[] = {
	{ "HUP", SIGHUP }, { "INT", SIGINT }, { "QUIT", SIGQUIT }, { "ILL", SIGILL },
	{ "TRAP", SIGTRAP }, { "ABRT", SIGABRT }, { "BUS", SIGBUS }, { "FPE", SIGFPE },
	{ "KILL", SIGKILL }, { "USR1", SIGUSR1 }, { "SEGV", SIGSEGV }, { "USR2", SIGUSR2 },
	{ "PIPE", SIGPIPE }, { "ALRM", SIGALRM }, { "TERM", SIGTERM },
#ifdef SIGSTKFLT
	{ "STKFLT", SIGSTKFLT },
#endif
	{ "CHLD", SIGCHLD }, { "CONT", SIGCONT }, { "STOP", SIGSTOP }, { "TSTP", SIGTSTP },
	{ "TTIN", SIGTTIN }, { "TTOU", SIGTTOU }, { "URG", SIGURG }, { "XCPU", SIGXCPU },
	{ "XFSZ", SIGXFSZ }, { "VTALRM", SIGVTALRM }, { "PROF", SIGPROF }, { "WINCH", SIGWINCH },
	{ "IO", SIGIO }, { "PWR", SIGPWR }, { "SYS", SIGSYS },
	/* Other names people type; the first name of a number is the one shown. */
	{ "IOT", SIGABRT }, { "CLD", SIGCHLD }, { "POLL", SIGPOLL },
};

/* Real-time signals: RTMIN, RTMIN+N up to half way, then RTMAX-N, RTMAX. */
static int
rt_num(const char *s)
{
	int base, sign, n = 0;

	if (strncasecmp(s, "RTMIN", 5) == 0)
		base = SIGRTMIN, sign = 1;
	else if (strncasecmp(s, "RTMAX", 5) == 0)
		base = SIGRTMAX, sign = -1;
	else
		return -1;
	s += 5;
	if (*s != '\0') {
		if (*s++ != (sign > 0 ? '+' : '-') || *s < '0' || *s > '9')
			return -1;
		for (; *s >= '0' && *s <= '9' && n <= SIGRTMAX; s++)
			n = n * 10 + (*s - '0');
		if (*s != '\0')
			return -1;
	}
	n = base + sign * n;
	return n >= SIGRTMIN && n <= SIGRTMAX ? n : -1;
}

int
sig_num(const char *s)
{
	size_t i;
	int n = 0;

	if (*s >= '0' && *s <= '9') {
		for (; *s >= '0' && *s <= '9' && n <= SIGRTMAX; s++)
			n = n * 10 + (*s - '0');
		return *s == '\0' && n <= SIGRTMAX ? n : -1;
	}
	if (strncasecmp(s, "SIG", 3) == 0)
		s += 3;
	for (i = 0; i < sizeof sigs / sizeof *sigs; i++)
		if (strcasecmp(s, sigs[i].name) == 0)
			return sigs[i].num;
	return rt_num(s);
}

const char *
sig_name(int sig, char buf[SIG_NAME_LEN])
{
	int lo = SIGRTMIN, hi = SIGRTMAX;
	size_t i;

	for (i = 0; i < sizeof sigs / sizeof *sigs; i++)
		if (sigs[i].num == sig)
			return sigs[i].name;
	if (sig == lo)
		return "RTMIN";
	if (sig == hi)
		return "RTMAX";
	if (sig > lo && sig <= lo + (hi - lo) / 2)
		snprintf(buf, SIG_NAME_LEN, "RTMIN+%d", sig - lo);
	else if (sig > lo && sig < hi)
		snprintf(buf, SIG_NAME_LEN, "RTMAX-%d", hi - sig);
	else
		return NULL;
	return buf;
}

int
sig_arg(const char *s)
{
	int sig = sig_num(s);

	if (sig < 0)
		die("%s: invalid signal", s);
	return sig;
}

void
sig_list(void)
{
	char buf[SIG_NAME_LEN];
	const char *name;

	for (int sig = 1; sig <= SIGRTMAX; sig++)
		if ((name = sig_name(sig, buf)) != NULL)
			puts(name);
}
