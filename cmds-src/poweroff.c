/* poweroff - power off, reboot or halt the machine: ask init, or with -f do it now */
#include "cmd.h"
#include "num.h"
#include <signal.h>
#include <sys/reboot.h>

CMD_NAMES("poweroff", "reboot", "halt");

/* By name: the signal init takes (BusyBox's), and reboot(2)'s command for -f. */
static const struct {
	int sig, how;
} acts[] = {
	{ SIGUSR2, RB_POWER_OFF },
	{ SIGTERM, RB_AUTOBOOT },
	{ SIGUSR1, RB_HALT_SYSTEM },
};

int
main(int argc, char *argv[])
{
	static const char usage_fmt[] = "%s [-f] [-n] [-d SECONDS]";
	int act = cmd_called(argv[0], cmd_names), c, force = 0, nosync = 0;
	unsigned long long delay = 0;
	char usage[64];
	struct opt o;

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
		reboot(acts[act].how);
		die_errno("reboot");
	}
	if (kill(1, acts[act].sig) < 0)
		die_errno("cannot signal init");
	return 0;
}
