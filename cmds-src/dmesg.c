/* dmesg - print or clear the kernel log, set the console's log level */
#include "cmd.h"
#include <sys/klog.h>

static const char usage[] = "dmesg [-Ccr] [-n LEVEL] [-s SIZE]";

enum { READ_ALL = 3, READ_CLEAR = 4, CLEAR = 5, CONSOLE_LEVEL = 8, SIZE_BUFFER = 10 };

/* 1-8, or a level's name: "emerg" is 1 and lets only emergencies through. */
static int
parse_level(const char *s)
{
	static const char *const names[] = {
		"emerg", "alert", "crit", "err", "warn", "notice", "info", "debug",
	};
	char *end;
	long n;

	for (int i = 0; i < 8; i++)
		if (strcmp(s, names[i]) == 0)
			return i + 1;
	n = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || n < 1 || n > 8)
		die("%s: invalid level", s);
	return (int)n;
}

/* The log without the "<6>" that starts each line, unless RAW. */
static void
put_log(const char *buf, int n, int raw)
{
	int bol = 1, i = 0;

	while (i < n) {
		if (bol && !raw && buf[i] == '<') {
			int j = i + 1;

			while (j < n && buf[j] >= '0' && buf[j] <= '9')
				j++;
			if (j > i + 1 && j < n && buf[j] == '>')
				i = j + 1;
		}
		if (i >= n)
			break;
		putchar(buf[i]);
		bol = buf[i++] == '\n';
	}
	if (n > 0 && buf[n - 1] != '\n')
		putchar('\n');
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, action = READ_ALL, raw = 0, level = 0, size = 0, n;
	char *buf, *end;

	while ((c = opt_next(&o, "Ccrn:s:")) != -1) {
		switch (c) {
		case 'C': action = CLEAR; break;
		case 'c': action = READ_CLEAR; break;
		case 'r': raw = 1; break;
		case 'n': level = parse_level(o.arg); break;
		case 's':
			size = (int)strtol(o.arg, &end, 10);
			if (*o.arg == '\0' || *end != '\0' || size <= 0)
				die("%s: invalid size", o.arg);
			break;
		default: die_usage(&o);
		}
	}
	if (o.ind != argc)
		die_usage(&o);
	if (level) {
		if (klogctl(CONSOLE_LEVEL, NULL, level) < 0)
			die_errno("klogctl");
		return 0;
	}
	if (action == CLEAR) {
		if (klogctl(CLEAR, NULL, 0) < 0)
			die_errno("klogctl");
		return 0;
	}
	if (size == 0 && (size = klogctl(SIZE_BUFFER, NULL, 0)) <= 0)
		size = 1 << 17;
	buf = xmalloc(size);
	if ((n = klogctl(action, buf, size)) < 0)
		die_errno("klogctl");
	put_log(buf, n, raw);
	free(buf);
	return cmd_exit();
}
