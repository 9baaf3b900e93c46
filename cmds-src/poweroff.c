/* poweroff - power off the machine (through init; -f: at once) */
#include "cmd.h"
#include <signal.h>
#include <sys/reboot.h>

int
main(int argc, char *argv[])
{
	return power_main(argc, argv, SIGUSR2, RB_POWER_OFF);
}
