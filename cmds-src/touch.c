/* touch - change file access and modification times, creating files */
#include "cmd.h"

static const char usage[] = "touch [-achm] [-d DATE|-r FILE|-t [[CC]YY]MMDDhhmm[.SS]] FILE...";

/* N decimal digits at *S, advancing it; -1 if they are not all there. */
static int
digits(const char **s, int n)
{
	int v = 0;

	for (; n > 0; n--, (*s)++) {
		if (**s < '0' || **s > '9')
			return -1;
		v = v * 10 + (**s - '0');
	}
	return v;
}

/* ".frac" or ",frac" as nanoseconds; nothing there is 0. */
static long
fraction(const char **s)
{
	long ns = 0, scale = 100000000;

	if (**s != '.' && **s != ',')
		return 0;
	for ((*s)++; **s >= '0' && **s <= '9'; (*s)++) {
		ns += (**s - '0') * scale;
		scale /= 10;
	}
	return ns;
}

/* TM in local time (or UTC) to seconds; -1 if it names no real day (Feb 30). */
static int
to_time(struct tm *tm, int utc, time_t *t)
{
	static const char days[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	int y = tm->tm_year + 1900;

	if (tm->tm_mon < 0 || tm->tm_mon > 11 || tm->tm_mday < 1 || tm->tm_mday > days[tm->tm_mon] ||
	    (tm->tm_mon == 1 && tm->tm_mday == 29 && (y % 4 != 0 || (y % 100 == 0 && y % 400 != 0))))
		return -1;
	tm->tm_isdst = -1;
	*t = utc ? timegm(tm) : mktime(tm);
	return 0;
}

/* "Z", "UTC" or +hh[:]mm after a date: seconds east of UTC in *OFF. */
static int
zone(const char *s, int *utc, long *off)
{
	int sign, h, m;

	while (*s == ' ')
		s++;
	*utc = 0;
	*off = 0;
	if (*s == '\0')
		return 0;
	*utc = 1;
	if (strcmp(s, "Z") == 0 || strcmp(s, "UTC") == 0)
		return 0;
	if (*s != '+' && *s != '-')
		return -1;
	sign = *s++ == '-' ? -1 : 1;
	if ((h = digits(&s, 2)) < 0)
		return -1;
	if (*s == ':')
		s++;
	m = *s ? digits(&s, 2) : 0;
	if (m < 0 || *s != '\0')
		return -1;
	*off = sign * (h * 3600L + m * 60L);
	return 0;
}

/* hh:mm[:ss[.frac]] at *S into TM and *NS. */
static int
clock_time(const char **s, struct tm *tm, long *ns)
{
	if ((tm->tm_hour = digits(s, 2)) < 0 || *(*s)++ != ':' || (tm->tm_min = digits(s, 2)) < 0)
		return -1;
	if (**s == ':') {
		(*s)++;
		if ((tm->tm_sec = digits(s, 2)) < 0)
			return -1;
		*ns = fraction(s);
	}
	return tm->tm_hour > 23 || tm->tm_min > 59 || tm->tm_sec > 60 ? -1 : 0;
}

/* -d @[-]SECONDS[.frac], since the epoch. */
static int
parse_seconds(const char *s, struct timespec *ts)
{
	int neg = *s == '-';
	long long t;
	char *end;

	s += neg || *s == '+';
	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	t = strtoll(s, &end, 10);
	if (errno != 0)
		return -1;
	s = end;
	ts->tv_nsec = fraction(&s);
	if (*s != '\0')
		return -1;
	ts->tv_sec = neg ? -t : t;
	if (neg && ts->tv_nsec > 0) {
		ts->tv_sec--;
		ts->tv_nsec = 1000000000 - ts->tv_nsec;
	}
	return 0;
}

/*
 * -d: "@SECONDS[.frac]", "now", "YYYY-MM-DD[(T| )hh:mm[:ss[.frac]]][Z|+hh:mm]"
 * (POSIX's form and GNU's common ones), or "hh:mm[:ss]" today.
 */
static int
parse_date(const char *s, struct timespec *ts)
{
	struct tm tm;
	time_t now = time(NULL), t;
	long ns = 0, off;
	int utc;

	while (*s == ' ')
		s++;
	if (strcmp(s, "now") == 0)
		return clock_gettime(CLOCK_REALTIME, ts);
	if (*s == '@')
		return parse_seconds(s + 1, ts);
	localtime_r(&now, &tm);
	tm.tm_sec = 0;
	if (s[0] >= '0' && s[0] <= '9' && s[1] >= '0' && s[1] <= '9' && s[2] == ':') {
		if (clock_time(&s, &tm, &ns) < 0)
			return -1;
	} else {
		memset(&tm, 0, sizeof tm);
		if ((tm.tm_year = digits(&s, 4)) < 0 || *s++ != '-' ||
		    (tm.tm_mon = digits(&s, 2)) < 1 || *s++ != '-' ||
		    (tm.tm_mday = digits(&s, 2)) < 1 || tm.tm_mon > 12 || tm.tm_mday > 31)
			return -1;
		tm.tm_year -= 1900;
		tm.tm_mon--;
		if (*s == 'T' || (*s == ' ' && s[1] != '\0' && strchr("+-ZU", s[1]) == NULL)) {
			s++;
			while (*s == ' ')
				s++;
			if (clock_time(&s, &tm, &ns) < 0)
				return -1;
		}
	}
	if (zone(s, &utc, &off) < 0 || to_time(&tm, utc, &t) < 0)
		return -1;
	ts->tv_sec = t - off;
	ts->tv_nsec = ns;
	return 0;
}

/* -t [[CC]YY]MMDDhhmm[.SS], in local time. */
static int
parse_stamp(const char *s, struct timespec *ts)
{
	const char *dot = strchr(s, '.'), *p = s;
	size_t n = dot ? (size_t)(dot - s) : strlen(s);
	time_t now = time(NULL), t;
	struct tm tm;

	localtime_r(&now, &tm);
	tm.tm_sec = 0;
	if (n == 12) {
		tm.tm_year = digits(&p, 4) - 1900;
	} else if (n == 10) {
		tm.tm_year = digits(&p, 2);
		tm.tm_year += tm.tm_year < 69 ? 100 : 0;
	} else if (n != 8) {
		return -1;
	}
	if (tm.tm_year < -1900 || (tm.tm_mon = digits(&p, 2) - 1) < 0 || tm.tm_mon > 11 ||
	    (tm.tm_mday = digits(&p, 2)) < 1 || tm.tm_mday > 31 ||
	    (tm.tm_hour = digits(&p, 2)) < 0 || tm.tm_hour > 23 ||
	    (tm.tm_min = digits(&p, 2)) < 0 || tm.tm_min > 59)
		return -1;
	if (dot != NULL) {
		p = dot + 1;
		if ((tm.tm_sec = digits(&p, 2)) < 0 || tm.tm_sec > 60 || *p != '\0')
			return -1;
	}
	if (to_time(&tm, 0, &t) < 0)
		return -1;
	ts->tv_sec = t;
	ts->tv_nsec = 0;
	return 0;
}

static void
touch(const char *path, const struct timespec times[2], int nocreate, int flags)
{
	int fd;

	if (strcmp(path, "-") == 0) {
		if (futimens(1, times) < 0)
			warn_errno("%s", path);
		return;
	}
	if (utimensat(AT_FDCWD, path, times, flags) == 0)
		return;
	if (errno != ENOENT || flags != 0 || nocreate) {
		if (errno != ENOENT || !nocreate)
			warn_errno("%s", path);
		return;
	}
	fd = open(path, O_WRONLY | O_CREAT | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0666);
	if (fd < 0 || futimens(fd, times) < 0)
		warn_errno("%s", path);
	if (fd >= 0)
		close(fd);
}

static const struct opt_long longs[] = {
	{ "no-create", 'c' }, { "date", 'd' }, { "no-dereference", 'h' },
	{ "reference", 'r' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	struct timespec ts = { 0, UTIME_NOW }, times[2];
	struct stat st;
	int c, which = 0, nocreate = 0, flags = 0, given = 0;
	const char *ref = NULL;

	o.longs = longs;
	while ((c = opt_next(&o, "acd:fhmr:t:")) != -1) {
		switch (c) {
		case 'a': which |= 1; break;
		case 'm': which |= 2; break;
		case 'c': nocreate = 1; break;
		case 'f': break;
		case 'h': flags = AT_SYMLINK_NOFOLLOW; break;
		case 'd':
			if (parse_date(o.arg, &ts) < 0)
				die("invalid date '%s'", o.arg);
			given++;
			break;
		case 't':
			if (parse_stamp(o.arg, &ts) < 0)
				die("invalid date '%s'", o.arg);
			given++;
			break;
		case 'r': ref = o.arg; given++; break;
		default: die_usage(&o);
		}
	}
	if (o.ind == argc || given > 1)
		die_usage(&o);
	times[0] = times[1] = ts;
	if (ref != NULL) {
		if ((flags ? lstat(ref, &st) : stat(ref, &st)) < 0)
			die_errno("%s", ref);
		times[0] = st.st_atim;
		times[1] = st.st_mtim;
	}
	if (which == 1)
		times[1].tv_nsec = UTIME_OMIT;
	if (which == 2)
		times[0].tv_nsec = UTIME_OMIT;
	for (int i = o.ind; i < argc; i++)
		touch(argv[i], times, nocreate, flags);
	return cmd_exit();
}
