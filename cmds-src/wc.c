/* wc - count lines, words, characters and bytes */
#include "cmd.h"
#include <locale.h>
#include <wchar.h>

static const char usage[] = "wc [-clLmw] [FILE...]";

enum { LINES, WORDS, CHARS, BYTES, LONGEST, NCOUNT };

struct counts {
	unsigned long long n[NCOUNT];
};

static int want[NCOUNT], utf8;

static int
is_space(unsigned char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

/* -L's place in the line being read, and a character cut by a read. */
static struct {
	unsigned long long pos;
	mbstate_t mb;
} col;

/*
 * -L, as GNU's wc: the widest line in columns, a tab moving to the next
 * multiple of 8 and \r or \f back to the start. In the C locale a printable
 * byte is a column and any other none; in UTF-8 a character takes wcwidth's
 * columns (0 for controls and bytes that are not UTF-8).
 */
static void
longest(const unsigned char *buf, size_t n, struct counts *c)
{
	wchar_t wc;
	size_t r;
	int w;

	for (size_t i = 0; i < n; i++) {
		switch (buf[i]) {
		case '\n': case '\r': case '\f':
			if (col.pos > c->n[LONGEST])
				c->n[LONGEST] = col.pos;
			col.pos = 0;
			continue;
		case '\t':
			col.pos += 8 - col.pos % 8;
			continue;
		}
		if (!utf8) {
			col.pos += buf[i] >= 32 && buf[i] < 127;
			continue;
		}
		r = mbrtowc(&wc, (const char *)buf + i, 1, &col.mb);
		if (r == (size_t)-2)
			continue;
		if (r == (size_t)-1)
			memset(&col.mb, 0, sizeof col.mb);
		else if ((w = wcwidth(wc)) > 0)
			col.pos += w;
	}
}

/* Count FD into C; -1 on a read error. IN_WORD carries across reads. */
static int
count_fd(int fd, struct counts *c)
{
	static unsigned char buf[65536];
	int in_word = 0;
	ssize_t r;

	memset(&col, 0, sizeof col);
	while ((r = read(fd, buf, sizeof buf)) != 0) {
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		c->n[BYTES] += r;
		if (want[LONGEST])
			longest(buf, r, c);
		for (ssize_t i = 0; i < r; i++) {
			unsigned char b = buf[i];

			c->n[LINES] += b == '\n';
			/* UTF-8: every byte but a continuation byte starts a character. */
			c->n[CHARS] += !utf8 || (b & 0xc0) != 0x80;
			if (is_space(b)) {
				in_word = 0;
			} else if (!in_word) {
				in_word = 1;
				c->n[WORDS]++;
			}
		}
	}
	if (col.pos > c->n[LONGEST])
		c->n[LONGEST] = col.pos;
	return 0;
}

static void
print(const struct counts *c, const char *name, int width)
{
	const char *sep = "";

	for (int k = 0; k < NCOUNT; k++) {
		if (!want[k])
			continue;
		printf("%s%*llu", sep, width, c->n[k]);
		sep = " ";
	}
	if (name != NULL)
		printf(" %s", name);
	putchar('\n');
}

static int
digits(unsigned long long v)
{
	int d = 1;

	for (; v >= 10; v /= 10)
		d++;
	return d;
}

/*
 * As GNU wc: one count of one input needs no padding; otherwise the column is
 * as wide as the regular files' total size, and at least 7 if any input is
 * not a regular file.
 */
static int
width(char **files, int n)
{
	unsigned long long total = 0;
	struct stat st;
	int k, fields = 0, min = 1;

	for (k = 0; k < NCOUNT; k++)
		fields += want[k];
	if (fields == 1 && n <= 1)
		return 1;
	for (k = 0; k < (n ? n : 1); k++) {
		if (n == 0 || strcmp(files[k], "-") == 0 ? fstat(0, &st) < 0 : stat(files[k], &st) < 0)
			continue;
		if (S_ISREG(st.st_mode))
			total += st.st_size;
		else
			min = 7;
	}
	return digits(total) > min ? digits(total) : min;
}

static void
wc_file(const char *path, struct counts *total, int w)
{
	struct counts c;
	int fd = 0;

	memset(&c, 0, sizeof c);
	if (path != NULL && strcmp(path, "-") != 0 && (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		warn_errno("%s", path);
		return;
	}
	if (count_fd(fd, &c) < 0)
		warn_errno("%s", path ? path : "-");
	else
		print(&c, path, w);
	for (int k = 0; k < LONGEST; k++)
		total->n[k] += c.n[k];
	/* -L's total is the longest of all. */
	if (c.n[LONGEST] > total->n[LONGEST])
		total->n[LONGEST] = c.n[LONGEST];
	if (fd != 0)
		close(fd);
}

static const struct opt_long longs[] = {
	{ "bytes", 'c' }, { "lines", 'l' }, { "max-line-length", 'L' },
	{ "chars", 'm' }, { "words", 'w' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	struct counts total;
	int c, w;

	memset(want, 0, sizeof want);
	o.longs = longs;
	while ((c = opt_next(&o, "clLmw")) != -1) {
		switch (c) {
		case 'c': want[BYTES] = 1; break;
		case 'l': want[LINES] = 1; break;
		case 'L': want[LONGEST] = 1; break;
		case 'm': want[CHARS] = 1; break;
		case 'w': want[WORDS] = 1; break;
		default: die_usage(&o);
		}
	}
	if (!want[BYTES] && !want[LINES] && !want[CHARS] && !want[WORDS] && !want[LONGEST])
		want[LINES] = want[WORDS] = want[BYTES] = 1;
	setlocale(LC_CTYPE, "");
	utf8 = MB_CUR_MAX > 1;
	memset(&total, 0, sizeof total);
	w = width(argv + o.ind, argc - o.ind);
	if (o.ind == argc)
		wc_file(NULL, &total, w);
	for (int i = o.ind; i < argc; i++)
		wc_file(argv[i], &total, w);
	if (argc - o.ind > 1)
		print(&total, "total", w);
	return cmd_exit();
}
