/* watchdog - keep a hardware watchdog fed; stop it cleanly on SIGTERM or SIGINT */
#include "cmd.h"
#include "io.h"
#include "num.h"
#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>

/* <linux/watchdog.h>'s ABI; musl has no such header. */
#define WDIOC_SETTIMEOUT _IOWR('W', 6, int)

static const char usage[] = "watchdog [-F] [-t SEC] [-T SEC] DEV";

static volatile sig_atomic_t stop;

static void
on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static unsigned
seconds(const char *s)
{
	unsigned long long v;

	if (parse_uint(s, 86400, &v) < 0 || v == 0)
		die("%s: invalid time (1 to 86400 seconds)", s);
	return (unsigned)v;
}

/* SIGTERM and SIGINT are held back but for the wait (mask OLD), so one that
 * comes while we feed ends the next wait at once. */
static void
catch_signals(sigset_t *old)
{
	struct sigaction sa;
	sigset_t set;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigprocmask(SIG_BLOCK, &set, old);
	sigdelset(old, SIGTERM);
	sigdelset(old, SIGINT);
}

/* The magic close: a 'V' written, then close, stops the timer (unless the
 * driver is "nowayout"). Any other write feeds it: we feed with a NUL. */
static int
stop_timer(int fd)
{
	int r = write_all(fd, "V", 1);

	return close(fd) < 0 || r < 0 ? -1 : 0;
}

/* A fatal error once the device is open stops the timer first: opening it
 * started it, and nobody would be feeding it. */
static _Noreturn void
fail(int fd, const char *dev, const char *what)
{
	int err = errno;

	stop_timer(fd);
	errno = err;
	if (what != NULL)
		die_errno("%s: %s", dev, what);
	die_errno("%s", dev);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	unsigned every = 0, timeout = 0;
	struct timespec wait;
	sigset_t unblocked;
	const char *dev;
	int c, fd, t;

	while ((c = opt_next(&o, "Ft:T:")) != -1) {
		switch (c) {
		case 'F': break;	/* always in the foreground: init or sh puts us in the background */
		case 't': every = seconds(o.arg); break;
		case 'T': timeout = seconds(o.arg); break;
		default: die_usage(&o);
		}
	}
	if (o.ind != argc - 1)
		die_usage(&o);
	dev = argv[o.ind];
	if (every == 0)	/* feed every 30 s, as BusyBox does, or twice in -T */
		every = timeout == 0 ? 30 : timeout > 2 ? timeout / 2 : 1;
	if (timeout != 0 && every >= timeout)
		die("-t %u: not shorter than the timeout (-T %u)", every, timeout);
	catch_signals(&unblocked);
	if ((fd = open(dev, O_WRONLY | O_CLOEXEC)) < 0)
		die_errno("%s", dev);
	t = (int)timeout;
	if (timeout != 0 && ioctl(fd, WDIOC_SETTIMEOUT, &t) < 0)
		fail(fd, dev, "setting the timeout");
	while (!stop) {
		if (write_all(fd, "", 1) < 0)
			fail(fd, dev, NULL);
		wait.tv_sec = every;
		wait.tv_nsec = 0;
		ppoll(NULL, 0, &wait, &unblocked);
	}
	if (stop_timer(fd) < 0)
		die_errno("%s", dev);
	return cmd_exit();
}
