/* uname - print system information */
#include "cmd.h"
#include <sys/utsname.h>

static const char usage[] = "uname [-amnoprsvi]";

/* The fields in the order they print, with their option letters. */
enum { SYS, NODE, REL, VER, MACH, PROC, PLAT, OS, NFIELDS };
static const char letters[] = "snrvmpio";

static const struct opt_long longs[] = {
	{ "all", 'a' }, { "machine", 'm' }, { "nodename", 'n' },
	{ "operating-system", 'o' }, { "processor", 'p' }, { "kernel-release", 'r' },
	{ "kernel-name", 's' }, { "kernel-version", 'v' },
	{ "hardware-platform", 'i' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	struct utsname u;
	const char *field[NFIELDS];
	int c, want = 0, all = 0, first = 1;

	o.longs = longs;
	while ((c = opt_next(&o, "amnoprsvi")) != -1) {
		if (c == 'a')
			all = 1;
		else if (c != '?')
			want |= 1 << (strchr(letters, c) - letters);
		else
			die_usage(&o);
	}
	if (o.ind != argc)
		die_usage(&o);
	if (uname(&u) < 0)
		die_errno("uname");
	field[SYS] = u.sysname;
	field[NODE] = u.nodename;
	field[REL] = u.release;
	field[VER] = u.version;
	field[MACH] = u.machine;
	field[PROC] = "unknown";	/* Linux does not say; -a leaves them out */
	field[PLAT] = "unknown";
	field[OS] = "Linux";
	if (all)
		want |= ~(1 << PROC | 1 << PLAT);
	if (want == 0)
		want = 1 << SYS;
	for (int i = 0; i < NFIELDS; i++) {
		if (!(want & 1 << i))
			continue;
		printf("%s%s", first ? "" : " ", field[i]);
		first = 0;
	}
	putchar('\n');
	return cmd_exit();
}
