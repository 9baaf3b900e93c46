/* basename - strip the directory and a suffix from a path */
#include "cmd.h"

static const char usage[] = "basename [-az] [-s SUFFIX] STRING [SUFFIX]";

/*
 * POSIX's steps: all slashes is "/"; else drop trailing slashes and everything
 * up to the last slash left; then SUFFIX, unless it is the whole name.
 */
static void
put_base(const char *s, const char *suffix, int end)
{
	size_t n = strlen(s), start, sn;

	while (n > 1 && s[n - 1] == '/')
		n--;
	start = n;
	while (start > 0 && s[start - 1] != '/')
		start--;
	if (n == 1 && s[0] == '/')
		start = 0;
	n -= start;
	if (suffix != NULL && (sn = strlen(suffix)) < n &&
	    memcmp(s + start + n - sn, suffix, sn) == 0)
		n -= sn;
	fwrite(s + start, 1, n, stdout);
	putchar(end);
}

static const struct opt_long longs[] = {
	{ "multiple", 'a' }, { "suffix", 's' }, { "zero", 'z' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	const char *suffix = NULL;
	int c, all = 0, end = '\n';

	o.longs = longs;
	while ((c = opt_next(&o, "as:z")) != -1) {
		switch (c) {
		case 'a': all = 1; break;
		case 's': suffix = o.arg; all = 1; break;
		case 'z': end = '\0'; break;
		default: die_usage(&o);
		}
	}
	if (o.ind == argc || (!all && argc - o.ind > 2))
		die_usage(&o);
	if (!all) {
		put_base(argv[o.ind], o.ind + 1 < argc ? argv[o.ind + 1] : NULL, end);
		return cmd_exit();
	}
	for (int i = o.ind; i < argc; i++)
		put_base(argv[i], suffix, end);
	return cmd_exit();
}
