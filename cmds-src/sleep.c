/* sleep - suspend execution for an interval */
#include "cmd.h"

static const char usage[] = "sleep SECONDS[smhd]...";

/* A non-negative number with an optional unit; -1 if malformed. */
static double
interval(const char *s)
{
	char *end;
	double d = strtod(s, &end);

	if (end == s || !(d >= 0))
		return -1;
	switch (*end) {
	case '\0': return d;
	case 's': break;
	case 'm': d *= 60; break;
	case 'h': d *= 60 * 60; break;
	case 'd': d *= 24 * 60 * 60; break;
	default: return -1;
	}
	return end[1] == '\0' ? d : -1;
}

/* Sleep S seconds, in pieces a timespec holds; "inf" never ends. */
static void
nap(double s)
{
	struct timespec ts;
	double piece;

	while (s > 0) {
		piece = s > 1e9 ? 1e9 : s;
		s -= piece;
		ts.tv_sec = (time_t)piece;
		ts.tv_nsec = (long)((piece - ts.tv_sec) * 1e9);
		while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
			;
	}
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	double total = 0, d;

	if (opt_next(&o, "") != -1 || o.ind == argc)
		die_usage(&o);
	for (int i = o.ind; i < argc; i++) {
		if ((d = interval(argv[i])) < 0)
			warn("%s: invalid time interval", argv[i]);
		total += d;
	}
	if (cmd_status != 0)
		return cmd_status;
	nap(total);
	return 0;
}
