/* opt.h - options, and the name a command was run by */
#ifndef OPT_H
#define OPT_H

#include "err.h"

/*
 * Option parsing, getopt's spec syntax ("ab:c"), but all state lives in the
 * struct: no hidden globals, so a command can be run twice in one process.
 * "--help" as the first argument prints "usage: USAGE" and exits 0.
 */
struct opt {
	int argc;
	char **argv;
	const char *usage;
	const char *name;	/* basename of argv[0], also set as cmd_name */
	int ind;		/* index of the next argument to look at */
	int pos;		/* offset inside a cluster such as -la */
	int opt;		/* last option character returned */
	char *arg;		/* its argument, for "x:" options */
};
#define OPT_INIT(argc, argv, usage) \
	{ (argc), (argv), (usage), cmd_setname((argv)[0]), 1, 0, 0, NULL }

/*
 * A command with several names (test and [, md5sum and sha256sum) says so on
 * a line of its own, its own name first:
 *	CMD_NAMES("sha256sum", "sha1sum", "md5sum");
 * The builder and the image tools read that line; they link the other names
 * to the command. cmd_called says which name ran it: the basename of the
 * file the kernel executed if it is one of NAMES, else that of argv[0],
 * else 0 (the command's own name). A leading '-' (a login shell) is ignored.
 */
#define CMD_NAMES(...) static const char *const cmd_names[] = { __VA_ARGS__, NULL }
int cmd_called(const char *argv0, const char *const *names);

int opt_next(struct opt *o, const char *spec);
_Noreturn void die_usage(const struct opt *o);

/* GNU's habit for one option, as in "chmod 755 -R dir": take FLAG out of the
 * operands from FIRST up to a "--" (taken out too); returns whether it was there. */
int opt_late(int *argc, char **argv, int first, const char *flag);

#endif
