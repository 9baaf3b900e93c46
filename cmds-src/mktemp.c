/* mktemp - make a temporary file or directory with a unique name */
#include "cmd.h"
#include "path.h"
#include <sys/random.h>

static const char usage[] = "mktemp [-dqtu] [-p DIR] [TEMPLATE]";

#define TRIES 1000

static const char chars[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/* Fill the N bytes at X with random name characters. */
static void
randomize(char *x, size_t n)
{
	static unsigned long long seed;
	unsigned char r[64];
	size_t i, got = 0;
	ssize_t k;

	if (n <= sizeof r && (k = getrandom(r, n, GRND_NONBLOCK)) > 0)
		got = k;
	if (seed == 0)
		seed = (unsigned long long)time(NULL) * 2654435761u ^ (unsigned long long)getpid() << 16;
	for (i = 0; i < n; i++) {
		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		x[i] = chars[((i < got ? r[i] : 0) + (seed >> 33)) % (sizeof chars - 1)];
	}
}

/* Create (or with DRY only find a free name for) PATH, whose last N bytes are X's. */
static int
make(char *path, size_t n, int dir, int dry)
{
	char *x = path + strlen(path) - n;
	struct stat st;
	int fd;

	for (int i = 0; i < TRIES; i++) {
		randomize(x, n);
		if (dry) {
			if (lstat(path, &st) == 0)
				continue;
			return errno == ENOENT ? 0 : -1;
		}
		if (dir) {
			if (mkdir(path, 0700) == 0)
				return 0;
		} else if ((fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600)) >= 0) {
			close(fd);
			return 0;
		}
		if (errno != EEXIST)
			return -1;
	}
	errno = EEXIST;
	return -1;
}

static size_t
trailing_xs(const char *s)
{
	size_t n = strlen(s), k = 0;

	while (k < n && s[n - 1 - k] == 'X')
		k++;
	return k;
}

static const struct opt_long longs[] = {
	{ "directory", 'd' }, { "quiet", 'q' }, { "dry-run", 'u' }, { "tmpdir", 'p' },
	{ NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	const char *template = "tmp.XXXXXXXXXX", *dir = NULL, *tmpdir = getenv("TMPDIR");
	int c, mkd = 0, quiet = 0, tflag = 0, pflag = 0, dry = 0;
	char *path;
	size_t n;

	o.longs = longs;
	while ((c = opt_next(&o, "dp:qtu")) != -1) {
		switch (c) {
		case 'd': mkd = 1; break;
		case 'p': dir = o.arg; pflag = 1; break;
		case 'q': quiet = 1; break;
		case 't': tflag = 1; break;
		case 'u': dry = 1; break;
		default: die_usage(&o);
		}
	}
	if (argc - o.ind > 1)
		die_usage(&o);
	if (o.ind < argc)
		template = argv[o.ind];
	else
		pflag = 1;
	if ((tflag && strchr(template, '/') != NULL) || (pflag && template[0] == '/'))
		die("%s: template must be a file name, not a path", template);
	if ((n = trailing_xs(template)) < 3)
		die("%s: too few X's in template", template);
	/* -t prefers $TMPDIR to -p DIR; -p DIR or no template prefer DIR. */
	if (tflag || (pflag && (dir == NULL || *dir == '\0')))
		dir = tmpdir != NULL && *tmpdir ? tmpdir : dir != NULL && *dir ? dir : "/tmp";
	path = tflag || pflag ? path_join(dir, template) : xstrdup(template);
	if (make(path, n, mkd, dry) < 0) {
		memset(path + strlen(path) - n, 'X', n);
		if (quiet)
			cmd_status = 1;
		else
			warn_errno("%s", path);
	} else if ((puts(path) == EOF || fflush(stdout) == EOF) && !dry) {
		/* A name nobody learns is litter: take it back. */
		c = errno;
		mkd ? rmdir(path) : unlink(path);
		errno = c;
	}
	free(path);
	return cmd_exit();
}
