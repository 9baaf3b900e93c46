/* cmp - compare two files byte by byte */
#include "cmd.h"
#include "io.h"
#include "num.h"

static const char usage[] = "cmp [-l | -s] [-n LIMIT] FILE1 FILE2 [SKIP1 [SKIP2]]";

struct input {
	const char *name;
	FILE *fp;
	size_t n;		/* bytes in buf */
	unsigned char buf[65536];
};

static struct input a, b;
static int list, silent;
static unsigned long long limit, byte = 1, line = 1;

_Noreturn static void
trouble(const char *name)
{
	warn_errno("%s", name);
	cmd_exit();
	exit(2);
}

static void
open_input(struct input *in, const char *name, const char *skip)
{
	unsigned long long n = 0;
	int c;

	in->name = name;
	if (skip != NULL && parse_size(skip, 0, &n) < 0) {
		warn("%s: invalid skip", skip);
		exit(2);
	}
	if ((in->fp = fopen_in(name)) == NULL)
		trouble(name);
	if (n > 0 && fseeko(in->fp, (off_t)n, SEEK_CUR) == 0)
		return;
	while (n-- > 0 && (c = getc(in->fp)) != EOF)
		;
	if (ferror(in->fp))
		trouble(name);
}

static size_t
fill(struct input *in, size_t want)
{
	in->n = fread(in->buf, 1, want, in->fp);
	if (ferror(in->fp))
		trouble(in->name);
	return in->n;
}

/* Report the shorter input's end (POSIX: "cmp: EOF on NAME"). */
static int
eof_on(const struct input *in)
{
	if (!silent) {
		fflush(stdout);
		fprintf(stderr, "%s: EOF on %s\n", cmd_name, in->name);
	}
	return 1;
}

/* Bytes compared in this round: count lines and positions, -l lists differences. */
static int
compare(size_t n)
{
	size_t i = 0;
	int differ = 0;

	for (;;) {
		while (i < n && a.buf[i] == b.buf[i]) {
			line += a.buf[i] == '\n';
			i++;
		}
		if (i == n)
			break;
		differ = 1;
		if (!list) {
			if (!silent)
				printf("%s %s differ: char %llu, line %llu\n", a.name, b.name,
				    byte + i, line);
			return 1;
		}
		printf("%llu %o %o\n", byte + i, a.buf[i], b.buf[i]);
		line += a.buf[i] == '\n';
		i++;
	}
	byte += n;
	return differ;
}

static int
cmp(void)
{
	size_t want, na, nb;
	int differ = 0;

	for (;;) {
		want = sizeof a.buf;
		if (limit != 0 && limit - (byte - 1) < want)
			want = limit - (byte - 1);
		if (want == 0)
			return differ;
		na = fill(&a, want);
		nb = fill(&b, want);
		if (compare(na < nb ? na : nb)) {
			differ = 1;
			if (!list)
				return 1;
		}
		if (na != nb)
			return eof_on(na < nb ? &a : &b);
		if (na < want)
			return differ;
	}
}

static const struct opt_long longs[] = {
	{ "verbose", 'l' }, { "bytes", 'n' }, { "silent", 's' }, { "quiet", 's' },
	{ NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, nops, r;

	list = silent = 0;
	limit = 0;
	o.longs = longs;
	while ((c = opt_next(&o, "ln:s")) != -1) {
		switch (c) {
		case 'l': list = 1; break;
		case 's': silent = 1; break;
		case 'n':
			if (parse_size(o.arg, 0, &limit) < 0) {
				warn("%s: invalid limit", o.arg);
				exit(2);
			}
			if (limit == 0)
				return 0;
			break;
		default:
			fprintf(stderr, "usage: %s\n", usage);
			return 2;
		}
	}
	nops = argc - o.ind;
	if (nops < 2 || nops > 4 || (list && silent)) {
		fprintf(stderr, "usage: %s\n", usage);
		return 2;
	}
	open_input(&a, argv[o.ind], nops > 2 ? argv[o.ind + 2] : NULL);
	open_input(&b, argv[o.ind + 1], nops > 3 ? argv[o.ind + 3] : NULL);
	r = cmp();
	if (cmd_exit() != 0)
		return 2;
	return r;
}
