/* dirname - the directory part of a path */
#include "cmd.h"

static const char usage[] = "dirname [-z] STRING...";

/*
 * POSIX's steps: drop trailing slashes, then the last component, then the
 * slashes before it; nothing left is "/" if the path began with one, else ".".
 */
static void
put_dir(const char *s, int end)
{
	size_t n = strlen(s);

	while (n > 0 && s[n - 1] == '/')
		n--;
	while (n > 0 && s[n - 1] != '/')
		n--;
	while (n > 0 && s[n - 1] == '/')
		n--;
	if (n == 0)
		fputs(s[0] == '/' ? "/" : ".", stdout);
	else
		fwrite(s, 1, n, stdout);
	putchar(end);
}

static const struct opt_long longs[] = {
	{ "zero", 'z' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, end = '\n';

	o.longs = longs;
	while ((c = opt_next(&o, "z")) != -1) {
		if (c != 'z')
			die_usage(&o);
		end = '\0';
	}
	if (o.ind == argc)
		die_usage(&o);
	for (int i = o.ind; i < argc; i++)
		put_dir(argv[i], end);
	return cmd_exit();
}
