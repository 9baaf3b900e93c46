/* opt.h - options, and the name a command was run by */
#ifndef OPT_H
#define OPT_H

#include "err.h"

/*
 * Option parsing, getopt's spec syntax ("ab:c", "x::" for an optional
 * argument, which must be attached), but all state lives in the struct: no
 * hidden globals, so a command can be run twice in one process.
 *
 * Options may follow operands, as GNU getopt lets them: the operands are
 * moved after the options, in their order, so that when opt_next returns -1
 * they are argv[ind] up to argc. "--" ends the options. A spec starting with
 * '+', or POSIXLY_CORRECT in the environment, stops at the first operand
 * instead: commands whose operands may start with '-' (a command to run, a
 * mode like chmod's -x, a number like seq's -1) say '+'.
 *
 * Long options come from a table ending in { NULL, 0 }, set as o.longs:
 * "--name", "--name=value" or "--name value", or any unambiguous prefix of
 * a name, is returned as CODE, the short option it stands for or a control
 * character (1 to 31) of its own; whether it takes an argument is what
 * CODE's entry in the spec says. "--help" prints "usage: USAGE" and the long
 * names, and exits 0 (only as the first argument under '+').
 */
struct opt_long {
	const char *name;
	int code;
};

struct opt {
	int argc;
	char **argv;
	const char *usage;
	const char *name;	/* basename of argv[0], also set as cmd_name */
	int ind;		/* index of the next argument to look at */
	int pos;		/* offset inside a cluster such as -la */
	int opt;		/* last option character returned */
	char *arg;		/* its argument, for "x:" options */
	const struct opt_long *longs;	/* NULL, or the long options */
	int lim;		/* an option's argument word must be before this */
};
#define OPT_INIT(argc, argv, usage) \
	{ (argc), (argv), (usage), cmd_setname((argv)[0]), 1, 0, 0, NULL, NULL, 0 }

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
