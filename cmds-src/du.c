/* du - estimate file space usage */
#include "cmd.h"
#include "path.h"
#include "num.h"

static const char usage[] = "du [-abchklmsx] [-d DEPTH] [-H|-L] [FILE...]";

#define SEEN ULLONG_MAX

static struct {
	int all;		/* -a */
	int apparent;		/* -b: sizes, not allocated blocks */
	int human;		/* -h */
	unsigned long long unit;
	int maxdepth;		/* -d, -s: print no deeper than this */
	int xdev;
	int links;		/* -l: a file with several links counts each time */
	int hash_all;		/* count every inode once, not just linked files */
	unsigned long long *sum;	/* per depth: the directory being added up */
	size_t sumcap;
	unsigned long long total;
} du;

/* Inodes with several links seen so far, so each counts once. */
static struct {
	struct seen { dev_t dev; ino_t ino; } *v;
	size_t n, cap;
} seen;

static size_t
seen_hash(dev_t dev, ino_t ino, size_t cap)
{
	return (size_t)((ino * 2654435761ULL) ^ dev) & (cap - 1);
}

/* Record the inode; 1 if it was there already. */
static int
seen_before(dev_t dev, ino_t ino)
{
	struct seen *old = seen.v;
	size_t i, oldcap = seen.cap;

	if (2 * (seen.n + 1) > seen.cap) {
		seen.cap = seen.cap ? seen.cap * 2 : 64;
		seen.v = xmalloc(seen.cap * sizeof *seen.v);
		memset(seen.v, 0, seen.cap * sizeof *seen.v);
		seen.n = 0;
		for (i = 0; i < oldcap; i++)
			if (old[i].ino != 0)
				seen_before(old[i].dev, old[i].ino);
		free(old);
	}
	for (i = seen_hash(dev, ino, seen.cap); seen.v[i].ino != 0; i = (i + 1) & (seen.cap - 1))
		if (seen.v[i].dev == dev && seen.v[i].ino == ino)
			return 1;
	seen.v[i].dev = dev;
	seen.v[i].ino = ino ? ino : (ino_t)-1;
	seen.n++;
	return 0;
}

static void
put_size(unsigned long long bytes, const char *path)
{
	char h[HUMAN_LEN];

	if (du.human)
		printf("%s\t%s\n", human_size(h, bytes), path);
	else
		printf("%llu\t%s\n", (bytes + du.unit - 1) / du.unit, path);
}

static unsigned long long
size_of(const struct stat *st)
{
	return du.apparent ? (unsigned long long)st->st_size : (unsigned long long)st->st_blocks * 512;
}

static unsigned long long *
level(int depth)
{
	if ((size_t)depth >= du.sumcap) {
		du.sumcap = depth * 2 + 16;
		du.sum = xrealloc(du.sum, du.sumcap * sizeof *du.sum);
	}
	return &du.sum[depth];
}

static int
visit(struct walk *w, int type)
{
	unsigned long long n;

	/* -x: what is mounted below counts for nothing. */
	if (du.xdev && w->st.st_dev != w->dev) {
		w->skip = 1;
		return 0;
	}
	if (type == WALK_D) {
		if (du.hash_all && seen_before(w->st.st_dev, w->st.st_ino)) {
			w->skip = 1;
			*level(w->depth) = SEEN;
		} else {
			*level(w->depth) = size_of(&w->st);
		}
		return 0;
	}
	if (type == WALK_F) {
		if (!du.links && (du.hash_all || w->st.st_nlink > 1) &&
		    seen_before(w->st.st_dev, w->st.st_ino))
			return 0;
		n = size_of(&w->st);
		if (w->depth == 0 || (du.all && w->depth <= du.maxdepth))
			put_size(n, w->path);
	} else {
		if ((n = *level(w->depth)) == SEEN)
			return 0;
		if (w->depth <= du.maxdepth)
			put_size(n, w->path);
	}
	if (w->depth > 0)
		*level(w->depth - 1) += n;
	else
		du.total += n;
	return 0;
}

static const struct opt_long longs[] = {
	{ "all", 'a' }, { "bytes", 'b' }, { "total", 'c' }, { "max-depth", 'd' },
	{ "human-readable", 'h' }, { "dereference-args", 'H' },
	{ "count-links", 'l' }, { "dereference", 'L' }, { "summarize", 's' },
	{ "one-file-system", 'x' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	static char *dot[] = { ".", NULL };
	struct walk w;
	char *end, **args;
	int c, grand = 0, follow = 'P';

	memset(&du, 0, sizeof du);
	memset(&seen, 0, sizeof seen);
	/* 1K blocks as GNU and BusyBox count; POSIX's 512 under POSIXLY_CORRECT, as GNU's. */
	du.unit = getenv("POSIXLY_CORRECT") != NULL ? 512 : 1024;
	du.maxdepth = INT_MAX;
	o.longs = longs;
	while ((c = opt_next(&o, "abcd:hHklLmsx")) != -1) {
		switch (c) {
		case 'a': du.all = 1; break;
		case 'b': du.apparent = 1; du.unit = 1; du.human = 0; break;
		case 'c': grand = 1; break;
		case 'd':
			du.maxdepth = strtol(o.arg, &end, 10);
			if (*o.arg < '0' || *o.arg > '9' || *end != '\0')
				die("invalid depth '%s'", o.arg);
			break;
		case 'h': du.human = 1; break;
		case 'H': case 'L': follow = c; break;
		case 'k': du.unit = 1024; du.human = 0; break;
		case 'l': du.links = 1; break;
		case 'm': du.unit = 1024 * 1024; du.human = 0; break;
		case 's': du.maxdepth = 0; break;
		case 'x': du.xdev = 1; break;
		default: die_usage(&o);
		}
	}
	args = o.ind < argc ? argv + o.ind : dot;
	/* The same directory twice, given or through links, counts once. */
	du.hash_all = argc - o.ind > 1 || follow == 'L';
	memset(&w, 0, sizeof w);
	w.visit = visit;
	w.follow = follow;
	w.post = 1;
	w.xdev = du.xdev;
	for (; *args != NULL; args++)
		walk(&w, *args);
	if (grand)
		put_size(du.total, "total");
	walk_free(&w);
	free(du.sum);
	free(seen.v);
	return cmd_exit();
}
