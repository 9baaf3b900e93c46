/* halt - stop the machine (through init; -f: at once) */
#include "cmd.h"
#include <signal.h>
#include <sys/reboot.h>

int
main(int argc, char *argv[])
{
	return power_main(argc, argv, SIGUSR1, RB_HALT_SYSTEM);
}
