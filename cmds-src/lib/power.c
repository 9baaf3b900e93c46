/* power.c - poweroff, reboot and halt: ask init, or with -f do it now */
#include "cmd.h"
#include <signal.h>
#include <sys/reboot.h>

int
power_main(int argc, char **argv, int sig, int how)
{
	static const char usage_fmt[] = "%s [-f] [-n] [-d SECONDS]";
	char usage[64];
	struct opt o;
	int c, force = 0, nosync = 0;
	unsigned long long delay = 0;

	snprintf(usage, sizeof usage, usage_fmt, cmd_setname(argv[0]));
	o = (struct opt)OPT_INIT(argc, argv, usage);
	while ((c = opt_next(&o, "fnd:")) != -1) {
		if (c == 'f')
			force = 1;
		else if (c == 'n')
			nosync = 1;
		else if (c != 'd')
			die_usage(&o);
		else if (parse_uint(o.arg, 86400, &delay) < 0)
			die("%s: invalid delay (0 to 86400 seconds)", o.arg);
	}
	if (o.ind != argc)
		die_usage(&o);
	sleep(delay);
	if (!nosync)
		sync();
	if (force) {
		reboot(how);
		die_errno("reboot");
	}
	if (kill(1, sig) < 0)
		die_errno("cannot signal init");
	return 0;
}
