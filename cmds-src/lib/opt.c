/* opt.c - reentrant getopt-style option parser */
#include <stdio.h>
#include <string.h>
#include "opt.h"

static int
bad(struct opt *o, const char *why, int c)
{
	fprintf(stderr, "%s: -%c: %s\n", o->name, c, why);
	o->opt = c;
	return '?';
}

int
opt_next(struct opt *o, const char *spec)
{
	char *a, *p;
	int c;

	if (o->pos == 0) {
		if (o->ind >= o->argc)
			return -1;
		a = o->argv[o->ind];
		if (o->ind == 1 && strcmp(a, "--help") == 0) {
			printf("usage: %s\n", o->usage);
			cmd_quit(cmd_exit());
		}
		if (a[0] != '-' || a[1] == '\0')
			return -1;
		if (strcmp(a, "--") == 0) {
			o->ind++;
			return -1;
		}
		o->pos = 1;
	}
	a = o->argv[o->ind];
	c = (unsigned char)a[o->pos++];
	o->arg = NULL;
	if (a[o->pos] == '\0') {
		o->ind++;
		o->pos = 0;
	}
	p = c == ':' ? NULL : strchr(spec, c);
	if (p == NULL)
		return bad(o, "unknown option", c);
	if (p[1] == ':') {
		if (o->pos != 0) {
			o->arg = a + o->pos;
			o->ind++;
			o->pos = 0;
		} else if (o->ind < o->argc) {
			o->arg = o->argv[o->ind++];
		} else {
			return bad(o, "option requires an argument", c);
		}
	}
	o->opt = c;
	return c;
}

_Noreturn void
die_usage(const struct opt *o)
{
	fprintf(stderr, "usage: %s\n", o->usage);
	cmd_quit(1);
}
