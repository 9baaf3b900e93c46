/* proc_name.c - which processes go by a name, as pidof and killall ask */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "proc.h"

/* The kernel keeps a command's name in 16 bytes: 15 characters. */
#define COMM_MAX 15

int
proc_name_read(int pid, struct proc_name *p)
{
	char *stat, *rest;
	size_t len;

	memset(p, 0, sizeof *p);
	p->pid = pid;
	if ((stat = proc_file(pid, "stat", &len)) == NULL)
		return -1;
	rest = proc_stat_comm(stat, p->comm, sizeof p->comm);
	p->state = rest != NULL ? rest[strspn(rest, " ")] : '?';
	free(stat);
	if (rest == NULL)
		return -1;
	/* a kernel thread, or a zombie, has no command line: its comm must do */
	if ((p->cmdline = proc_file(pid, "cmdline", &p->len)) == NULL)
		p->len = 0;
	return 0;
}

void
proc_name_free(struct proc_name *p)
{
	free(p->cmdline);
	p->cmdline = NULL;
}

static const char *
base(const char *s)
{
	const char *slash = strrchr(s, '/');

	return slash ? slash + 1 : s;
}

/* Is COMM what the kernel made of NAME's last part (the first 15 characters)? */
static int
comm_of(const char *comm, const char *name)
{
	name = base(name);
	return strlen(comm) == COMM_MAX ? strncmp(comm, name, COMM_MAX) == 0 : strcmp(comm, name) == 0;
}

/* The word NAME is compared with: the whole of ARG if NAME holds a slash, else its last part. */
static int
same(const char *arg, const char *name)
{
	return strcmp(strchr(name, '/') ? arg : base(arg), name) == 0;
}

int
proc_name_match(const struct proc_name *p, const char *name)
{
	const char *argv0 = p->cmdline, *argv1;

	if (strchr(name, '/') == NULL && strcmp(p->comm, name) == 0)
		return 1;
	if (p->len == 0)
		return 0;
	if (same(argv0, name))
		return 1;
	/* A script run by its #! line: the interpreter is argv[0], the script
	 * argv[1], and the kernel named the process after the script. */
	argv1 = argv0 + strlen(argv0) + 1;
	return argv1 < p->cmdline + p->len && comm_of(p->comm, argv1) && same(argv1, name);
}
