/* uptime - how long the system has been up, who is on, and the load */
#include "cmd.h"
#include <utmpx.h>

static const char usage[] = "uptime [-ps]";

/* The first number in FILE, or the three of /proc/loadavg. */
static void
read_numbers(const char *file, double *v, int n)
{
	FILE *f = fopen(file, "r");
	int got = 0;

	if (f == NULL)
		die_errno("%s", file);
	if (n == 1)
		got = fscanf(f, "%lf", &v[0]);
	else
		got = fscanf(f, "%lf %lf %lf", &v[0], &v[1], &v[2]);
	fclose(f);
	if (got != n)
		die("%s: unexpected format", file);
}

static int
users(void)
{
	struct utmpx *u;
	int n = 0;

	setutxent();
	while ((u = getutxent()) != NULL)
		n += u->ut_type == USER_PROCESS;
	endutxent();
	return n;
}

/* " 10:32:15 up 2 days,  1:17,  0 user,  load average: 3.02, 2.96, 2.06", as procps. */
static void
classic(long up)
{
	time_t now = time(NULL);
	struct tm *tm = localtime(&now);
	long days = up / 86400, hours = up / 3600 % 24, mins = up / 60 % 60;
	double load[3];
	int n = users();

	read_numbers("/proc/loadavg", load, 3);
	if (tm != NULL)
		printf(" %02d:%02d:%02d", tm->tm_hour, tm->tm_min, tm->tm_sec);
	printf(" up ");
	if (days > 0)
		printf("%ld %s, ", days, days == 1 ? "day" : "days");
	if (hours > 0)
		printf("%2ld:%02ld, ", hours, mins);
	else
		printf("%ld min, ", mins);
	printf("%2d %s, ", n, n > 1 ? "users" : "user");
	printf(" load average: %.2f, %.2f, %.2f\n", load[0], load[1], load[2]);
}

/* "up 1 week, 2 days, 3 hours, 4 minutes" */
static void
pretty(long up)
{
	static const struct {
		long secs;
		const char *name;
	} unit[] = {
		{ 365L * 86400, "year" }, { 7 * 86400, "week" }, { 86400, "day" },
		{ 3600, "hour" }, { 60, "minute" },
	};
	const char *sep = "";
	long n;

	printf("up ");
	for (size_t i = 0; i < sizeof unit / sizeof unit[0]; i++) {
		n = up / unit[i].secs;
		up %= unit[i].secs;
		if (n == 0 && !(unit[i].secs == 60 && *sep == '\0'))
			continue;
		printf("%s%ld %s%s", sep, n, unit[i].name, n == 1 ? "" : "s");
		sep = ", ";
	}
	putchar('\n');
}

static void
since(long up)
{
	time_t boot = time(NULL) - up;
	struct tm *tm = localtime(&boot);
	char buf[64];

	if (tm == NULL || strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", tm) == 0)
		die("cannot convert the boot time");
	printf("%s\n", buf);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, mode = 0;
	double up;

	while ((c = opt_next(&o, "ps")) != -1) {
		if (c == 'p' || c == 's')
			mode = c;
		else
			die_usage(&o);
	}
	if (o.ind != argc)
		die_usage(&o);
	read_numbers("/proc/uptime", &up, 1);
	if (mode == 'p')
		pretty((long)up);
	else if (mode == 's')
		since((long)up);
	else
		classic((long)up);
	return cmd_exit();
}
