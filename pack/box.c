/*
 * ubox - every command of cmds-src/ in one static binary (multicall mode).
 * Runs the command named by the basename of argv[0] (/bin/ls -> ubox), or
 * `ubox CMD ARGS...`; `ubox --list` prints the commands. One command per
 * process, as in source mode: the commands' globals start fresh every time.
 * A link to another command's bare name (/bin/sh -> echo, as pack/mkimage
 * --shell makes it) runs that command, as in source mode (runtime/name.c).
 */
#define _POSIX_C_SOURCE 200809L	/* readlink, under glibc's -std=c99 too (ASan) */
#include <sys/auxv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct box_cmd {
	const char *name;
	int (*main)(int, char **, char **);
};

/* box_table.c, generated from the file list of cmds-src/ (sorted by name) */
extern const struct box_cmd box_cmds[];
extern const size_t box_ncmds;

static const char box_name[] = "ubox";

static int
by_name(const void *key, const void *elem)
{
	return strcmp(key, ((const struct box_cmd *)elem)->name);
}

static const char *
base(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

/* NAME, or the bare name the executed file links to, in BUF. */
static const char *
followed(const char *name, char *buf, size_t len)
{
	const char *f = (const char *)getauxval(AT_EXECFN);
	ssize_t n;

	if (f == NULL || strcmp(base(f), name) != 0)
		return name;	/* exec -a, or no AT_EXECFN: argv[0] decides */
	if ((n = readlink(f, buf, len - 1)) <= 0)
		return name;
	buf[n] = '\0';
	if (strchr(buf, '/') != NULL || strcmp(buf, box_name) == 0)
		return name;
	return buf;
}

static int
list(void)
{
	for (size_t i = 0; i < box_ncmds; i++)
		puts(box_cmds[i].name);
	return fflush(stdout) == 0 ? 0 : 1;
}

int
main(int argc, char **argv, char **envp)
{
	const char *name = argc > 0 ? base(argv[0]) : box_name;
	const struct box_cmd *c;
	char buf[256];

	if (name[0] == '-')	/* a login shell: "-sh" */
		name++;
	name = followed(name, buf, sizeof buf);
	if (strcmp(name, box_name) == 0) {
		if (argc < 2 || strcmp(argv[1], "--help") == 0) {
			fprintf(argc < 2 ? stderr : stdout, "usage: %s CMD [ARG...] | %s --list\n", box_name, box_name);
			return argc < 2 ? 1 : 0;
		}
		if (strcmp(argv[1], "--list") == 0)
			return list();
		argv++, argc--;
		name = argv[0];
	}
	c = bsearch(name, box_cmds, box_ncmds, sizeof *box_cmds, by_name);
	if (c == NULL) {
		fprintf(stderr, "%s: not found\n", name);
		return 127;
	}
	return c->main(argc, argv, envp);
}
