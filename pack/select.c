/*
 * select - choose the image for a flash budget and copy it into place.
 *   select [-k KERNEL] [-m source|multicall] [-d DATA] BUDGET SOURCE_IMG MULTICALL_IMG OUT
 * Prints the choice and why; fails with one line giving both sizes and the
 * budget when nothing fits. OUT appears whole or not at all. -d writes the
 * choice as data for the build to read (never the sentence): KEY=VALUE lines
 * mode, image, kernel, flash and free (bytes).
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

static const char usage[] = "select [-k KERNEL] [-m source|multicall] [-d DATA] BUDGET SOURCE_IMG MULTICALL_IMG OUT";

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

/* The decision as KEY=VALUE lines: what mkimage and make read. */
static void
write_data(const char *path, enum mode m, unsigned long long image,
    unsigned long long kernel, unsigned long long budget)
{
	FILE *f = fopen(path, "w");

	if (f == NULL)
		die_errno("%s", path);
	fprintf(f, "mode=%s\nimage=%llu\nkernel=%llu\nflash=%llu\nfree=%llu\n",
	    m == MODE_SOURCE ? "source" : "multicall", image, kernel, budget, budget - image - kernel);
	if (ferror(f) | fclose(f))
		die_errno("%s", path);
}

int
main(int argc, char **argv)
{
	struct opt o = OPT_INIT(argc, argv, usage);
	unsigned long long budget, kernel = 0, size[2];
	enum mode forced = MODE_NONE, m;
	const char *data = NULL;
	char why[512];
	int c;

	while ((c = opt_next(&o, "k:m:d:")) != -1) {
		if (c == 'k')
			kernel = size_of(o.arg);
		else if (c == 'm' && flash_mode(o.arg, &forced) < 0)
			die("mode: %s: not source or multicall", o.arg);
		else if (c == 'd')
			data = o.arg;
		else if (c == '?')
			die_usage(&o);
	}
	if (argc - o.ind != 4)
		die_usage(&o);
	if (flash_size(argv[o.ind], &budget) < 0)
		die("budget: %s: not a size (bytes, or a number with K or M)", argv[o.ind]);
	size[0] = size_of(argv[o.ind + 1]);
	size[1] = size_of(argv[o.ind + 2]);
	m = choose(size[0], size[1], kernel, budget, forced, why, sizeof why);
	if (m == MODE_NONE)
		die("%s", why);
	if (data != NULL)
		write_data(data, m, size[m == MODE_MULTICALL], kernel, budget);
	copy(argv[o.ind + (m == MODE_SOURCE ? 1 : 2)], argv[o.ind + 3]);
	printf("%s\n", why);
	return cmd_exit();
}
