/* cut - select parts of each line */
#include "cmd.h"
#include "io.h"

static const char usage[] =
    "cut -b LIST [-n] | -c LIST | -f LIST [-d DELIM] [-s] [--complement]"
    " [--output-delimiter=STR] [FILE...]";

enum { OPT_COMPLEMENT = 1, OPT_OUT };

static const struct opt_long longs[] = {
	{ "bytes", 'b' }, { "characters", 'c' }, { "fields", 'f' }, { "delimiter", 'd' },
	{ "only-delimited", 's' }, { "complement", OPT_COMPLEMENT },
	{ "output-delimiter", OPT_OUT }, { NULL, 0 },
};

/* The LIST, as ranges [lo, hi] counted from 1, sorted and merged. */
struct range {
	size_t lo, hi;
};

static struct range *ranges;
static size_t nranges;
static int mode, delim = '\t', only_delimited, complement;
static const char *out_delim;	/* --output-delimiter, or NULL for DELIM (none for -b, -c) */

static int
by_lo(const void *a, const void *b)
{
	const struct range *x = a, *y = b;

	return (x->lo > y->lo) - (x->lo < y->lo);
}

static size_t
list_num(const char **p, const char *list)
{
	size_t v = 0;

	if (**p < '0' || **p > '9')
		die("%s: invalid list", list);
	while (**p >= '0' && **p <= '9') {
		if (v > SIZE_MAX / 10 - 10)
			die("%s: invalid list", list);
		v = v * 10 + (*(*p)++ - '0');
	}
	if (v == 0)
		die("%s: fields and positions count from 1", list);
	return v;
}

/* "N", "N-M", "N-", "-M", separated by commas or blanks. */
static void
parse_list(const char *list)
{
	const char *p = list;
	struct range r;
	size_t i, n = 0;

	for (;;) {
		r.lo = *p == '-' ? 1 : list_num(&p, list);
		r.hi = r.lo;
		if (*p == '-') {
			p++;
			r.hi = *p >= '0' && *p <= '9' ? list_num(&p, list) : SIZE_MAX;
		}
		if (r.hi < r.lo)
			die("%s: invalid decreasing range", list);
		ranges = xrealloc(ranges, (nranges + 1) * sizeof *ranges);
		ranges[nranges++] = r;
		if (*p == '\0')
			break;
		if (*p != ',' && *p != ' ' && *p != '\t')
			die("%s: invalid list", list);
		p++;
	}
	qsort(ranges, nranges, sizeof *ranges, by_lo);
	for (i = 1; i < nranges; i++) {
		if (ranges[i].lo <= ranges[n].hi + 1 || ranges[n].hi == SIZE_MAX) {
			if (ranges[i].hi > ranges[n].hi)
				ranges[n].hi = ranges[i].hi;
		} else {
			ranges[++n] = ranges[i];
		}
	}
	nranges = n + 1;
}

/* Is position I (from 1) selected? R walks forward with I. */
static int
selected(size_t i, size_t *r)
{
	while (*r < nranges && ranges[*r].hi < i)
		(*r)++;
	return (*r < nranges && ranges[*r].lo <= i) != complement;
}

static void
cut_bytes(const char *s, size_t len)
{
	size_t r = 0, i, start;
	int first = 1;

	for (i = 0; i < len; i++) {
		if (!selected(i + 1, &r))
			continue;
		for (start = i; i < len && selected(i + 1, &r); i++)
			;
		if (!first && out_delim != NULL)
			fputs(out_delim, stdout);
		fwrite(s + start, 1, i - start, stdout);
		first = 0;
	}
}

static void
cut_fields(const char *s, size_t len)
{
	const char *p = s, *e = s + len, *end;
	size_t r = 0, field = 1;
	int first = 1;

	if (memchr(s, delim, len) == NULL) {
		if (!only_delimited) {
			fwrite(s, 1, len, stdout);
			putchar('\n');
		}
		return;
	}
	for (; p <= e; p = end + 1, field++) {
		if ((end = memchr(p, delim, e - p)) == NULL)
			end = e;
		if (!selected(field, &r))
			continue;
		if (!first && out_delim != NULL)
			fputs(out_delim, stdout);
		else if (!first)
			putchar(delim);
		fwrite(p, 1, end - p, stdout);
		first = 0;
	}
	putchar('\n');
}

static void
cut_file(const char *path)
{
	FILE *fp = fopen_in(path);
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	if (fp == NULL) {
		warn_errno("%s", path);
		return;
	}
	while ((n = getline(&line, &cap, fp)) > 0) {
		if (line[n - 1] == '\n')
			n--;
		if (mode == 'f') {
			cut_fields(line, n);
		} else {
			cut_bytes(line, n);
			putchar('\n');
		}
		if (ferror(stdout))
			break;
	}
	if (ferror(fp))
		warn_errno("%s", path);
	free(line);
	fclose_in(fp);
}

static void
set_mode(struct opt *o, int c)
{
	if (mode != 0)
		die_usage(o);
	mode = c;
	parse_list(o->arg);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c;

	ranges = NULL;
	nranges = 0;
	mode = only_delimited = complement = 0;
	delim = '\t';
	out_delim = NULL;
	o.longs = longs;
	while ((c = opt_next(&o, "b:c:d:f:ns\001\002:")) != -1) {
		switch (c) {
		case 'b': case 'c': case 'f': set_mode(&o, c); break;
		case 'd':
			if (strlen(o.arg) > 1)
				die("%s: the delimiter must be one character", o.arg);
			delim = (unsigned char)o.arg[0];
			break;
		case 'n': break;
		case 's': only_delimited = 1; break;
		case OPT_COMPLEMENT: complement = 1; break;
		case OPT_OUT: out_delim = o.arg; break;
		default: die_usage(&o);
		}
	}
	if (mode == 0)
		die_usage(&o);
	if (o.ind == argc)
		cut_file("-");
	for (int i = o.ind; i < argc; i++)
		cut_file(argv[i]);
	free(ranges);
	return cmd_exit();
}
