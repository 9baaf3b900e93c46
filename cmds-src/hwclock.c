/* hwclock - read the hardware clock (RTC), or set it or the system time from the other */
#include "cmd.h"
#include <sys/ioctl.h>
#include <sys/time.h>

/* <linux/rtc.h>'s ABI; musl has no such header. */
struct rtc_time {
	int tm_sec, tm_min, tm_hour, tm_mday, tm_mon, tm_year, tm_wday, tm_yday, tm_isdst;
};
#define RTC_RD_TIME _IOR('p', 0x09, struct rtc_time)
#define RTC_SET_TIME _IOW('p', 0x0a, struct rtc_time)

static const char usage[] = "hwclock [-r | -s | -w] [-u | -l] [-f DEV]";

/* The devices tried in turn when -f names none. */
static const char *const devices[] = { "/dev/rtc0", "/dev/rtc", "/dev/misc/rtc" };

/* -f's device, else the first of devices[] there: the first that opens, or
 * fails for a reason other than not being there. */
static int
open_rtc(const char **dev)
{
	const size_t n = sizeof devices / sizeof *devices;
	size_t i = 0;
	int fd;

	if (*dev != NULL)
		fd = open(*dev, O_RDONLY | O_CLOEXEC);
	else
		do
			fd = open(*dev = devices[i], O_RDONLY | O_CLOEXEC);
		while (fd < 0 && errno == ENOENT && ++i < n);
	if (fd < 0 && i == n)
		*dev = devices[0];	/* none there: name the usual one */
	if (fd < 0)
		die_errno("%s", *dev);
	return fd;
}

/* Is the clock in UTC? Without -u or -l, as /etc/adjtime's third line says: UTC unless LOCAL. */
static int
rtc_is_utc(void)
{
	char line[64] = "";
	FILE *f = fopen("/etc/adjtime", "re");
	int utc = 1;

	if (f == NULL)
		return 1;
	for (int i = 0; i < 3 && fgets(line, sizeof line, f) != NULL; i++)
		if (i == 2)
			utc = strncmp(line, "LOCAL", 5) != 0;
	fclose(f);
	return utc;
}

static time_t
read_rtc(int fd, const char *dev, int utc)
{
	struct rtc_time r;
	struct tm tm;
	time_t t;

	memset(&r, 0, sizeof r);
	if (ioctl(fd, RTC_RD_TIME, &r) < 0)
		die_errno("%s", dev);
	memset(&tm, 0, sizeof tm);
	tm.tm_sec = r.tm_sec, tm.tm_min = r.tm_min, tm.tm_hour = r.tm_hour;
	tm.tm_mday = r.tm_mday, tm.tm_mon = r.tm_mon, tm.tm_year = r.tm_year;
	tm.tm_isdst = -1;
	t = utc ? timegm(&tm) : mktime(&tm);
	if (t == (time_t)-1)
		die("%s: the clock holds no valid time", dev);
	return t;
}

static void
write_rtc(int fd, const char *dev, int utc, time_t t)
{
	struct rtc_time r;
	struct tm tm;

	if ((utc ? gmtime_r(&t, &tm) : localtime_r(&t, &tm)) == NULL)
		die("the system time is out of range");
	memset(&r, 0, sizeof r);
	r.tm_sec = tm.tm_sec, r.tm_min = tm.tm_min, r.tm_hour = tm.tm_hour;
	r.tm_mday = tm.tm_mday, r.tm_mon = tm.tm_mon, r.tm_year = tm.tm_year;
	r.tm_wday = tm.tm_wday, r.tm_yday = tm.tm_yday, r.tm_isdst = -1;
	if (ioctl(fd, RTC_SET_TIME, &r) < 0)
		die_errno("%s", dev);
}

/* "Thu Dec  4 18:00:00 2026  0.000000 seconds", as BusyBox prints it, in local time. */
static void
show(time_t t)
{
	struct tm tm;
	char buf[64];

	if (localtime_r(&t, &tm) == NULL || strftime(buf, sizeof buf, "%a %b %e %H:%M:%S %Y", &tm) == 0)
		die("the clock's time is out of range");
	printf("%s  0.000000 seconds\n", buf);
}

/* The RTC counts whole seconds: write it when the system's second begins. */
static time_t
next_second(void)
{
	struct timespec now, wait;

	clock_gettime(CLOCK_REALTIME, &now);
	wait.tv_sec = 0;
	wait.tv_nsec = 1000000000L - now.tv_nsec;
	while (nanosleep(&wait, &wait) < 0 && errno == EINTR)
		;
	return now.tv_sec + 1;
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	const char *dev = NULL;
	int c, mode = 0, utc = -1, fd;
	struct timeval tv;

	while ((c = opt_next(&o, "rswulf:")) != -1) {
		switch (c) {
		case 'r': case 's': case 'w':
			if (mode != 0 && mode != c)
				die_usage(&o);
			mode = c;
			break;
		case 'u': utc = 1; break;
		case 'l': utc = 0; break;
		case 'f': dev = o.arg; break;
		default: die_usage(&o);
		}
	}
	if (o.ind != argc)
		die_usage(&o);
	if (utc < 0)
		utc = rtc_is_utc();
	fd = open_rtc(&dev);
	if (mode == 'w') {
		write_rtc(fd, dev, utc, next_second());
	} else if (mode == 's') {
		tv.tv_sec = read_rtc(fd, dev, utc);
		tv.tv_usec = 0;
		if (settimeofday(&tv, NULL) < 0)
			die_errno("settimeofday");
	} else {
		show(read_rtc(fd, dev, utc));
	}
	close(fd);
	return cmd_exit();
}
