/* cat - concatenate files to standard output */
#include "cmd.h"
#include "io.h"

static const char usage[] = "cat [-AbeEnstTuv] [FILE...]";

enum { NUM = 1, NUM_NONBLANK = 2, SQUEEZE = 4, SHOW_NP = 8, SHOW_END = 16, SHOW_TAB = 32 };

/* What -n, -b and -s carry from one file to the next, as GNU's cat does. */
static struct {
	int flags;
	unsigned long line;	/* the last line number printed */
	int bol;		/* at the start of a line */
	int empty;		/* empty lines just before, for -s */
} cat;

/* -v: ^X for controls, ^? for DEL, M- before bytes with the high bit set. */
static void
put_visible(int c)
{
	if (c >= 128) {
		fputs("M-", stdout);
		c -= 128;
	}
	if (c < 32) {
		putchar('^');
		putchar(c + 64);
	} else if (c == 127) {
		fputs("^?", stdout);
	} else {
		putchar(c);
	}
}

/* One byte with the flags' decorations. */
static void
put_byte(int c)
{
	if (c == '\n') {
		if (cat.bol && ++cat.empty > 1 && (cat.flags & SQUEEZE))
			return;
		if (cat.bol && (cat.flags & NUM))
			printf("%6lu\t", ++cat.line);
		if (cat.flags & SHOW_END)
			putchar('$');
		putchar('\n');
		cat.bol = 1;
		return;
	}
	if (cat.bol && (cat.flags & (NUM | NUM_NONBLANK)))
		printf("%6lu\t", ++cat.line);
	cat.bol = 0;
	cat.empty = 0;
	if (c == '\t' ? (cat.flags & SHOW_TAB) : (cat.flags & SHOW_NP) && (c < 32 || c >= 127))
		put_visible(c);
	else
		putchar(c);
}

/* The slow path, for the flags: byte by byte through stdio. */
static int
cat_flagged(int fd)
{
	static unsigned char buf[65536];
	ssize_t n;

	while ((n = read(fd, buf, sizeof buf)) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		for (ssize_t i = 0; i < n; i++)
			put_byte(buf[i]);
		if (ferror(stdout) || fflush(stdout) == EOF)
			return -2;
	}
	return 0;
}

/* Copy one operand; "-" is standard input. Write errors are fatal. */
static void
cat_file(const char *path)
{
	int fd = 0;

	if (strcmp(path, "-") != 0 && (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		warn_errno("%s", path);
		return;
	}
	/* No flags, no per-byte work: descriptor to descriptor. */
	switch (cat.flags ? cat_flagged(fd) : copy_fd(fd, 1)) {
	case -1:
		warn_errno("%s", path);
		break;
	case -2:
		die_errno("write error");
	}
	if (fd != 0)
		close(fd);
}

static int
flag_bits(int c)
{
	switch (c) {
	case 'A': return SHOW_NP | SHOW_END | SHOW_TAB;
	case 'b': return NUM_NONBLANK;
	case 'e': return SHOW_NP | SHOW_END;
	case 'E': return SHOW_END;
	case 'n': return NUM;
	case 's': return SQUEEZE;
	case 't': return SHOW_NP | SHOW_TAB;
	case 'T': return SHOW_TAB;
	case 'u': return 0;
	case 'v': return SHOW_NP;
	}
	return -1;
}

static const struct opt_long longs[] = {
	{ "show-all", 'A' }, { "number-nonblank", 'b' }, { "number", 'n' },
	{ "squeeze-blank", 's' }, { "show-tabs", 'T' }, { "show-nonprinting", 'v' },
	{ "show-ends", 'E' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, b;

	memset(&cat, 0, sizeof cat);
	cat.bol = 1;
	o.longs = longs;
	while ((c = opt_next(&o, "AbeEnstTuv")) != -1) {
		if ((b = flag_bits(c)) < 0)
			die_usage(&o);
		cat.flags |= b;
	}
	/* -b numbers only the lines with something on them, whatever -n says. */
	if (cat.flags & NUM_NONBLANK)
		cat.flags &= ~NUM;
	if (o.ind == argc)
		cat_file("-");
	for (int i = o.ind; i < argc; i++)
		cat_file(argv[i]);
	return cmd_exit();
}
