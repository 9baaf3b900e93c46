/* comm - select or reject lines common to two sorted files */
#include "cmd.h"
#include "io.h"

static const char usage[] = "comm [-123] FILE1 FILE2";

struct input {
	const char *name;
	FILE *fp;
	char *s;
	size_t cap;
	ssize_t len;		/* -1 at the end */
};

static int show[4];

static void
next(struct input *in)
{
	if (in->len < 0)
		return;
	in->len = getline(&in->s, &in->cap, in->fp);
	if (in->len < 0 && ferror(in->fp))
		warn_errno("%s", in->name);
	if (in->len > 0 && in->s[in->len - 1] == '\n')
		in->len--;
}

/* Column COL (1-3) is preceded by a tab for each shown column before it. */
static void
put(int col, const struct input *in)
{
	if (!show[col])
		return;
	for (int c = 1; c < col; c++)
		if (show[c])
			putchar('\t');
	fwrite(in->s, 1, in->len, stdout);
	putchar('\n');
}

static int
cmp_lines(const struct input *a, const struct input *b)
{
	size_t n = a->len < b->len ? a->len : b->len;
	int c = memcmp(a->s, b->s, n);

	return c ? c : (a->len > b->len) - (a->len < b->len);
}

static void
open_input(struct input *in, const char *name)
{
	memset(in, 0, sizeof *in);
	in->name = name;
	if ((in->fp = fopen_in(name)) == NULL)
		die_errno("%s", name);
	next(in);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	struct input a, b;
	int c;

	show[1] = show[2] = show[3] = 1;
	while ((c = opt_next(&o, "123")) != -1) {
		if (c == '?')
			die_usage(&o);
		show[c - '0'] = 0;
	}
	if (argc - o.ind != 2)
		die_usage(&o);
	open_input(&a, argv[o.ind]);
	open_input(&b, argv[o.ind + 1]);
	while (a.len >= 0 || b.len >= 0) {
		c = a.len < 0 ? 1 : b.len < 0 ? -1 : cmp_lines(&a, &b);
		if (c < 0) {
			put(1, &a);
			next(&a);
		} else if (c > 0) {
			put(2, &b);
			next(&b);
		} else {
			put(3, &a);
			next(&a);
			next(&b);
		}
		if (ferror(stdout))
			break;
	}
	free(a.s);
	free(b.s);
	return cmd_exit();
}
