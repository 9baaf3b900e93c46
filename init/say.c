/* say.c - PID 1's log: the kernel log, which the console shows */
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "init.h"

int init_verbose;

void
say(int err, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	int n, fd;

	if (!err && !init_verbose)
		return;
	va_start(ap, fmt);
	n = snprintf(msg, sizeof msg, "<%d>init: ", err ? 3 : 6);
	vsnprintf(msg + n, sizeof msg - n, fmt, ap);
	va_end(ap);
	if ((fd = open("/dev/kmsg", O_WRONLY | O_CLOEXEC)) >= 0) {
		(void)!write(fd, msg, strlen(msg));
		close(fd);
	}
	/* the kernel may rate-limit or hide /dev/kmsg: errors go to the console too */
	if (err)
		dprintf(2, "%s\n", msg + 3);
}
