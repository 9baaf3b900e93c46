/* hexdump - display file contents in hexadecimal, decimal, octal or ASCII */
#include "cmd.h"
#include "num.h"
#include "dump.h"

static const char usage[] = "hexdump [-bcCdovx] [-n LENGTH] [-s OFFSET] [FILE...]";

#define LINE 16

/*
 * The formats, as the BSD format strings they stand for: each is a line of
 * fields, a field being a separator and then SIZE bytes shown.
 */
struct fmt {
	char opt;		/* 0 for the default */
	int size, sep, width;
	char conv;		/* x o u, or c for characters */
};

static const struct fmt fmts[] = {
	{ 0, 2, 1, 4, 'x' },	/* "%07.7_ax " 8/2 "%04x " */
	{ 'x', 2, 4, 4, 'x' },	/* "%07.7_ax " 8/2 "   %04x " */
	{ 'd', 2, 3, 5, 'u' },	/* "%07.7_ax " 8/2 "  %05u " */
	{ 'o', 2, 2, 6, 'o' },	/* "%07.7_ax " 8/2 " %06o " */
	{ 'b', 1, 1, 3, 'o' },	/* "%07.7_ax " 16/1 "%03o " */
	{ 'c', 1, 1, 3, 'c' },	/* "%07.7_ax " 16/1 "%3_c " */
	{ 'C', 1, 0, 0, 0 },	/* canonical: hex and ASCII */
};

static const struct fmt *shown[16];
static int nshown;

static struct instream in;

static void
canonical(const unsigned char *buf, size_t n)
{
	for (size_t i = 0; i < LINE; i++) {
		if (i == 8)
			putchar(' ');
		if (i < n)
			put_num(buf[i], 0, 16, 2, 3);
		else
			fputs("   ", stdout);
	}
	fputs("  |", stdout);
	for (size_t i = 0; i < n; i++)
		putchar(buf[i] >= 32 && buf[i] < 127 ? buf[i] : '.');
	putchar('|');
}

static void
fields(const struct fmt *f, const unsigned char *buf, size_t n)
{
	char tmp[8];
	unsigned v;

	for (size_t i = 0; i < LINE; i += f->size) {
		if (i >= n) {
			printf("%*s", f->sep + f->width, "");
			continue;
		}
		v = f->size == 2 ? (unsigned)buf[i] | (unsigned)buf[i + 1] << 8 : buf[i];
		switch (f->conv) {
		case 'x': put_num(v, 0, 16, f->width, f->sep + f->width); break;
		case 'o': put_num(v, 0, 8, f->width, f->sep + f->width); break;
		case 'u': put_num(v, 0, 10, f->width, f->sep + f->width); break;
		default: printf("%*s", f->sep + f->width, byte_c(v, tmp)); break;
		}
	}
}

static void
dump(int all, unsigned long long addr)
{
	unsigned char buf[LINE + 1], prev[LINE];
	size_t n;
	int star = 0, have_prev = 0;
	/* The end's address as the last format writes addresses (util-linux). */
	int wide = shown[nshown - 1]->opt == 'C';

	while ((n = instream_read(&in, buf, LINE)) > 0) {
		if (!all && have_prev && n == LINE && memcmp(buf, prev, LINE) == 0) {
			if (!star)
				puts("*");
			star = 1;
			addr += n;
			continue;
		}
		memset(buf + n, 0, sizeof buf - n);
		for (int i = 0; i < nshown; i++) {
			if (shown[i]->opt == 'C') {
				printf("%08llx ", addr);
				canonical(buf, n);
			} else {
				printf("%07llx", addr);
				fields(shown[i], buf, n);
			}
			putchar('\n');
		}
		if (ferror(stdout))
			die_errno("write error");
		memcpy(prev, buf, LINE);
		have_prev = 1;
		star = 0;
		addr += n;
	}
	if (have_prev || addr > 0)
		printf(wide ? "%08llx\n" : "%07llx\n", addr);
}

static void
add_format(char c)
{
	for (size_t i = 0; i < sizeof fmts / sizeof *fmts; i++)
		if (fmts[i].opt == c && nshown < (int)(sizeof shown / sizeof *shown))
			shown[nshown++] = &fmts[i];
}

int
main(int argc, char *argv[])
{
	static char *std_in[] = { "-", NULL };
	struct opt o = OPT_INIT(argc, argv, usage);
	unsigned long long start;
	int c, all = 0;

	nshown = 0;
	memset(&in, 0, sizeof in);
	while ((c = opt_next(&o, "bcCdn:os:vx")) != -1) {
		switch (c) {
		case 'n':
			if (parse_size(o.arg, 0, &in.left) < 0)
				die("%s: invalid length", o.arg);
			in.limited = 1;
			break;
		case 's':
			if (parse_size(o.arg, 0, &in.skip) < 0)
				die("%s: invalid offset", o.arg);
			break;
		case 'v': all = 1; break;
		case '?': die_usage(&o);
		default: add_format(c); break;
		}
	}
	if (nshown == 0)
		add_format(0);
	in.files = o.ind < argc ? argv + o.ind : std_in;
	in.nfiles = o.ind < argc ? argc - o.ind : 1;
	start = in.skip;
	instream_skip(&in);
	dump(all, start - in.skip);
	if (in.fp != NULL)
		instream_next(&in);
	return cmd_exit();
}
