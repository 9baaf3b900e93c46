/* date - write or set the date and time */
#include "cmd.h"
#include <strings.h>

static const char usage[] =
    "date [-uR] [-I[FMT]] [-d STRING | -r FILE | -s STRING] [+FORMAT | MMDDhhmm[[CC]YY][.ss]]";

struct when {
	time_t sec;
	long nsec;
};

static const char default_format[] = "%a %b %e %H:%M:%S %Z %Y";
static const char rfc5322[] = "%a, %d %b %Y %H:%M:%S %z";

/* -I[FMT]: ISO 8601 at a precision; FMT may be cut short ("-Is"). */
static const struct {
	const char *name, *format;
} iso[] = {
	{ "date", "%Y-%m-%d" },
	{ "hours", "%Y-%m-%dT%H%:z" },
	{ "minutes", "%Y-%m-%dT%H:%M%:z" },
	{ "seconds", "%Y-%m-%dT%H:%M:%S%:z" },
	{ "ns", "%Y-%m-%dT%H:%M:%S,%N%:z" },
};

/* Date and time forms -d and -s understand, besides @SECONDS and a few words. */
static const char *const forms[] = {
	"%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M",
	"%Y-%m-%d", "%a, %d %b %Y %H:%M:%S", "%d %b %Y %H:%M:%S", "%H:%M:%S", "%H:%M",
	/* BusyBox's [[YYYY.]MM.DD-]hh:mm[:ss] and YYYYMMDDhhmm[.ss], which its users type */
	"%Y.%m.%d-%H:%M:%S", "%Y.%m.%d-%H:%M", "%m.%d-%H:%M:%S", "%m.%d-%H:%M",
	"%Y%m%d%H%M.%S", "%Y%m%d%H%M",
};

/* The conversions libc's strftime knows; others we do, or print as they are. */
static const char libc_conv[] = "aAbBcCdDeFgGhHIjmMnprRsStTuUVwWxXyYzZ%";

/* A growing string. */
struct str {
	char *s;
	size_t len, cap;
};

static void
put(struct str *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->s = xrealloc(b->s, b->cap);
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static void
puts_str(struct str *b, const char *s)
{
	put(b, s, strlen(s));
}

/* %:z, the offset east of UTC as +hh:mm. */
static void
colon_zone(struct str *b, const struct tm *tm)
{
	long off = tm->tm_gmtoff;
	char buf[32];

	snprintf(buf, sizeof buf, "%c%02ld:%02ld", off < 0 ? '-' : '+', labs(off) / 3600, labs(off) / 60 % 60);
	puts_str(b, buf);
}

/* %N, nanoseconds: WIDTH digits of them, nine by default. */
static void
nanos(struct str *b, long nsec, int width)
{
	char buf[16];

	snprintf(buf, sizeof buf, "%09ld", nsec);
	put(b, buf, width > 0 && width < 9 ? (size_t)width : 9);
}

/*
 * FORMAT with what libc's strftime lacks done here: %N, %:z, %k, %l, %P.
 * Unknown conversions are kept as they are, escaped.
 */
static char *
expand(const char *f, const struct tm *tm, long nsec)
{
	struct str b = { NULL, 0, 0 };
	const char *spec;
	size_t flags;
	int width;

	put(&b, "", 0);
	while (*f != '\0') {
		if (*f != '%') {
			put(&b, f++, 1);
			continue;
		}
		spec = f++;
		flags = strspn(f, "-_0^#");
		width = atoi(f + flags);
		f += flags + strspn(f + flags, "0123456789");
		f += *f == 'E' || *f == 'O';
		if (*f == 'N') {
			nanos(&b, nsec, width);
		} else if (f[0] == ':' && f[1] == 'z') {
			colon_zone(&b, tm);
			f++;
		} else if (*f == 'P') {
			puts_str(&b, tm->tm_hour < 12 ? "am" : "pm");
		} else if ((*f == 'k' || *f == 'l') && f == spec + 1) {
			puts_str(&b, *f == 'k' ? "%_H" : "%_I");
		} else if (*f == 'k' || *f == 'l') {
			put(&b, spec, f - spec);
			put(&b, *f == 'k' ? "H" : "I", 1);
		} else if (*f != '\0' && strchr(libc_conv, *f) != NULL) {
			put(&b, spec, f + 1 - spec);
		} else {
			put(&b, "%%", 2);
			put(&b, spec + 1, f - spec - 1 + (*f != '\0'));
		}
		f += *f != '\0';
	}
	return b.s;
}

static void
print_date(const char *format, const struct when *w)
{
	struct tm *tm = localtime(&w->sec);
	char *f, *out = NULL;
	size_t n = 0, size;

	if (tm == NULL)
		die("%lld: time out of range", (long long)w->sec);
	f = expand(format, tm, w->nsec);
	/* A last character keeps an empty result apart from a short buffer. */
	size = strlen(f) + 2;
	f = xrealloc(f, size);
	strcat(f, "x");
	for (size *= 4; n == 0 && size < ((size_t)1 << 30); size *= 2) {
		out = xrealloc(out, size);
		n = strftime(out, size, f, tm);
	}
	if (n > 0)
		printf("%.*s\n", (int)(n - 1), out);
	free(out);
	free(f);
}

static int
digit(int c)
{
	return c >= '0' && c <= '9';
}

/* @SECONDS[.FRACTION], either side of 1970. */
static int
parse_epoch(const char *s, struct when *w)
{
	int neg = *s == '-', i;
	char *end;

	if (!digit(s[neg]))
		return -1;
	errno = 0;
	w->sec = strtoll(s, &end, 10);
	w->nsec = 0;
	if (errno != 0)
		return -1;
	if (*end == '.' || *end == ',') {
		for (i = 0, end++; digit(*end); end++, i++)
			if (i < 9)
				w->nsec = w->nsec * 10 + (*end - '0');
		for (; i < 9; i++)
			w->nsec *= 10;
	}
	if (*end != '\0')
		return -1;
	if (neg && w->nsec > 0) {
		w->sec--;
		w->nsec = 1000000000 - w->nsec;
	}
	return 0;
}

/* A fraction of a second after the seconds: .123 or ,123. */
static const char *
fraction(const char *s, long *nsec)
{
	int i;

	*nsec = 0;
	if ((*s != '.' && *s != ',') || !digit(s[1]))
		return s;
	for (i = 0, s++; digit(*s); s++, i++)
		if (i < 9)
			*nsec = *nsec * 10 + (*s - '0');
	for (; i < 9; i++)
		*nsec *= 10;
	return s;
}

/* A zone after the time: Z, UTC, GMT, +hh, +hhmm, +hh:mm. 1 if one, 0 if none, -1 if bad. */
static int
zone(const char *s, long *off)
{
	int sign, hh, mm = 0;

	s += strspn(s, " ");
	if (*s == '\0')
		return 0;
	*off = 0;
	if (strcasecmp(s, "Z") == 0 || strcasecmp(s, "UTC") == 0 || strcasecmp(s, "GMT") == 0)
		return 1;
	if ((*s != '+' && *s != '-') || !digit(s[1]) || !digit(s[2]))
		return -1;
	sign = *s == '-' ? -1 : 1;
	hh = (s[1] - '0') * 10 + (s[2] - '0');
	s += 3;
	s += *s == ':';
	if (digit(s[0]) && digit(s[1])) {
		mm = (s[0] - '0') * 10 + (s[1] - '0');
		s += 2;
	}
	if (*s != '\0' || hh > 24 || mm > 59)
		return -1;
	*off = sign * (hh * 3600L + mm * 60L);
	return 1;
}

/* Seconds for TM, in the local zone, or at OFF east of UTC; -1 if TM does not exist there. */
static int
to_seconds(struct tm *tm, int zoned, long off, time_t *t)
{
	struct tm want = *tm;

	tm->tm_isdst = -1;
	errno = 0;
	*t = zoned ? timegm(tm) - off : mktime(tm);
	if (!zoned && *t == (time_t)-1 && errno == EOVERFLOW)
		return -1;
	return tm->tm_year == want.tm_year && tm->tm_mon == want.tm_mon && tm->tm_mday == want.tm_mday &&
	    tm->tm_hour == want.tm_hour && tm->tm_min == want.tm_min ? 0 : -1;
}

static int
parse_form(const char *s, const char *form, const struct tm *today, struct when *w)
{
	struct tm tm = *today;
	const char *p;
	long off = 0;
	int z;

	tm.tm_hour = tm.tm_min = tm.tm_sec = 0;
	if ((p = strptime(s, form, &tm)) == NULL)
		return -1;
	p = fraction(p, &w->nsec);
	if ((z = zone(p, &off)) < 0)
		return -1;
	return to_seconds(&tm, z, off, &w->sec);
}

static int
parse_date(const char *arg, const struct when *now, struct when *w)
{
	static const struct {
		const char *word;
		int days;
	} words[] = { { "now", 0 }, { "today", 0 }, { "yesterday", -1 }, { "tomorrow", 1 } };
	struct tm today;
	char *s = xstrdup(arg + strspn(arg, " \t")), *e;
	int r = -1;

	for (e = s + strlen(s); e > s && strchr(" \t\n", e[-1]) != NULL;)
		*--e = '\0';
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		if (strcasecmp(s, words[i].word) == 0) {
			*w = *now;
			w->sec += words[i].days * 86400L;
			r = 0;
		}
	if (r < 0 && *s == '@')
		r = parse_epoch(s + 1, w);
	if (r < 0 && localtime_r(&now->sec, &today) != NULL)
		for (size_t i = 0; r < 0 && i < sizeof forms / sizeof *forms; i++)
			r = parse_form(s, forms[i], &today, w);
	free(s);
	return r;
}

static int
two(const char *s)
{
	return (s[0] - '0') * 10 + (s[1] - '0');
}

/* POSIX's MMDDhhmm[[CC]YY][.ss], in the local zone. */
static int
parse_posix(const char *s, const struct when *now, struct when *w)
{
	size_t n = strspn(s, "0123456789");
	struct tm tm;

	if ((n != 8 && n != 10 && n != 12) || (s[n] != '\0' && (s[n] != '.' ||
	    strspn(s + n + 1, "0123456789") != 2 || s[n + 3] != '\0')))
		return -1;
	if (localtime_r(&now->sec, &tm) == NULL)
		return -1;
	tm.tm_mon = two(s) - 1;
	tm.tm_mday = two(s + 2);
	tm.tm_hour = two(s + 4);
	tm.tm_min = two(s + 6);
	tm.tm_sec = s[n] == '.' ? two(s + n + 1) : 0;
	if (n == 10)
		tm.tm_year = two(s + 8) < 69 ? two(s + 8) + 100 : two(s + 8);
	if (n == 12)
		tm.tm_year = two(s + 8) * 100 + two(s + 10) - 1900;
	if (tm.tm_mon > 11 || tm.tm_sec > 60)
		return -1;
	w->nsec = 0;
	return to_seconds(&tm, 0, 0, &w->sec);
}

static const char *
iso_format(const char *arg)
{
	size_t n = strlen(arg);

	if (n == 0)
		return iso[0].format;
	for (size_t i = 0; i < sizeof iso / sizeof *iso; i++)
		if (strncmp(arg, iso[i].name, n) == 0)
			return iso[i].format;
	die("%s: invalid argument for -I", arg);
	return NULL;
}

static void
set_clock(const struct when *w)
{
	struct timespec ts;

	ts.tv_sec = w->sec;
	ts.tv_nsec = w->nsec;
	if (clock_settime(CLOCK_REALTIME, &ts) < 0)
		die_errno("cannot set date");
}

/* What to print, and the time: now, or from one of -d, -r, -s, MMDDhhmm. */
static struct {
	const char *format, *date, *file, *set, *posix;
	int utc;
} opts;

static const struct opt_long longs[] = {
	{ "date", 'd' }, { "reference", 'r' }, { "set", 's' }, { "utc", 'u' },
	{ "universal", 'u' }, { "rfc-email", 'R' }, { "rfc-2822", 'R' },
	{ "iso-8601", 'I' }, { NULL, 0 },
};

static void
parse_options(struct opt *o)
{
	int c;

	o->longs = longs;
	while ((c = opt_next(o, "d:r:s:uRI::")) != -1) {
		switch (c) {
		case 'd': opts.date = o->arg; break;
		case 'r': opts.file = o->arg; break;
		case 's': opts.set = o->arg; break;
		case 'u': opts.utc = 1; break;
		case 'R': opts.format = rfc5322; break;
		case 'I': opts.format = iso_format(o->arg != NULL ? o->arg : ""); break;
		default: die_usage(o);
		}
	}
	if (o->ind < o->argc && o->argv[o->ind][0] == '+')
		opts.format = o->argv[o->ind++] + 1;
	else if (o->ind < o->argc)
		opts.posix = o->argv[o->ind++];
	if (o->ind != o->argc ||
	    (opts.date != NULL) + (opts.file != NULL) + (opts.set != NULL) + (opts.posix != NULL) > 1)
		die_usage(o);
}

static void
choose_time(struct when *w)
{
	struct timespec ts;
	struct when now;
	struct stat st;

	clock_gettime(CLOCK_REALTIME, &ts);
	now.sec = ts.tv_sec;
	now.nsec = ts.tv_nsec;
	*w = now;
	if (opts.date != NULL && parse_date(opts.date, &now, w) < 0)
		die("invalid date '%s'", opts.date);
	if (opts.set != NULL && parse_date(opts.set, &now, w) < 0)
		die("invalid date '%s'", opts.set);
	if (opts.posix != NULL && parse_posix(opts.posix, &now, w) < 0)
		die("invalid date '%s'", opts.posix);
	if (opts.file != NULL) {
		if (stat(opts.file, &st) < 0)
			die_errno("%s", opts.file);
		w->sec = st.st_mtim.tv_sec;
		w->nsec = st.st_mtim.tv_nsec;
	}
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	struct when w;

	memset(&opts, 0, sizeof opts);
	opts.format = default_format;
	parse_options(&o);
	/* Parsing and printing alike happen in UTC with -u. */
	if (opts.utc && setenv("TZ", "UTC0", 1) < 0)
		die_errno("TZ");
	tzset();
	choose_time(&w);
	if (opts.set != NULL || opts.posix != NULL)
		set_clock(&w);
	print_date(opts.format, &w);
	return cmd_exit();
}
