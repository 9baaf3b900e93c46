/*
 * select - choose the image for a flash budget and copy it into place.
 *   select [-k KERNEL] [-m source|multicall] BUDGET SOURCE_IMG MULTICALL_IMG OUT
 * Prints the choice and why; fails with one line giving both sizes and the
 * budget when nothing fits. OUT appears whole or not at all.
 */
#include <sys/stat.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "budget.h"
#include "cmd.h"
#include "io.h"

static const char usage[] = "select [-k KERNEL] [-m source|multicall] BUDGET SOURCE_IMG MULTICALL_IMG OUT";

static unsigned long long
size_of(const char *path)
{
	struct stat st;

	if (stat(path, &st) < 0)
		die_errno("%s", path);
	return st.st_size;
}

static void
copy(const char *from, const char *to)
{
	char tmp[4096];
	int in, out, r;

	snprintf(tmp, sizeof tmp, "%s.tmp.%ld", to, (long)getpid());
	if ((in = open(from, O_RDONLY)) < 0)
		die_errno("%s", from);
	if ((out = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0)
		die_errno("%s", to);
	r = copy_fd(in, out);
	if (r < 0 || fsync(out) < 0 || close(out) < 0 || rename(tmp, to) < 0) {
		int err = errno;

		unlink(tmp);
		errno = err;
		die_errno("%s", r == -1 ? from : to);
	}
	close(in);
}

int
main(int argc, char **argv)
{
	struct opt o = OPT_INIT(argc, argv, usage);
	unsigned long long budget, kernel = 0;
	enum mode forced = MODE_NONE, m;
	char why[512];
	int c;

	while ((c = opt_next(&o, "k:m:")) != -1) {
		if (c == 'k')
			kernel = size_of(o.arg);
		else if (c == 'm' && flash_mode(o.arg, &forced) < 0)
			die("mode: %s: not source or multicall", o.arg);
		else if (c == '?')
			die_usage(&o);
	}
	if (argc - o.ind != 4)
		die_usage(&o);
	if (flash_size(argv[o.ind], &budget) < 0)
		die("budget: %s: not a size (bytes, or a number with K or M)", argv[o.ind]);
	m = choose(size_of(argv[o.ind + 1]), size_of(argv[o.ind + 2]), kernel, budget, forced, why, sizeof why);
	if (m == MODE_NONE)
		die("%s", why);
	copy(argv[o.ind + (m == MODE_SOURCE ? 1 : 2)], argv[o.ind + 3]);
	printf("%s\n", why);
	return cmd_exit();
}
