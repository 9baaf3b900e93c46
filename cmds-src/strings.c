/* strings - find printable strings in files */
#include "cmd.h"
#include "io.h"

static const char usage[] = "strings [-afo] [-n LENGTH] [-t d|o|x] [FILE...]";

static size_t min_len;
static int radix, with_name;

static int
printable(int c)
{
	return (c >= 32 && c < 127) || c == '\t';
}

static void
start(const char *name, unsigned long long off)
{
	if (with_name)
		printf("%s: ", name);
	switch (radix) {
	case 'd': printf("%7llu ", off); break;
	case 'o': printf("%7llo ", off); break;
	case 'x': printf("%7llx ", off); break;
	}
}

/*
 * Runs of printable bytes: held back until MIN_LEN long, then written as
 * they come, so a string may be as long as it likes.
 */
static void
scan(FILE *fp, const char *name)
{
	char buf[65536], *held = xmalloc(min_len + 1);
	unsigned long long off = 0;
	size_t n, run = 0;

	while ((n = fread(buf, 1, sizeof buf, fp)) > 0) {
		for (size_t i = 0; i < n; i++, off++) {
			int c = (unsigned char)buf[i];

			if (!printable(c)) {
				if (run >= min_len)
					putchar('\n');
				run = 0;
				continue;
			}
			if (run < min_len)
				held[run] = c;
			if (++run == min_len) {
				start(name, off + 1 - min_len);
				fwrite(held, 1, min_len, stdout);
			} else if (run > min_len) {
				putchar(c);
			}
		}
		if (ferror(stdout))
			break;
	}
	if (run >= min_len)
		putchar('\n');
	free(held);
}

static void
strings_file(const char *path)
{
	FILE *fp = fopen_in(path);

	if (fp == NULL) {
		warn_errno("%s", path);
		return;
	}
	scan(fp, strcmp(path, "-") == 0 ? "{standard input}" : path);
	if (ferror(fp))
		warn_errno("%s", path);
	fclose_in(fp);
}

static const struct opt_long longs[] = {
	{ "all", 'a' }, { "print-file-name", 'f' }, { "bytes", 'n' },
	{ "radix", 't' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	char *end;
	int c;

	min_len = 4;
	radix = with_name = 0;
	/* The old form: strings -8 */
	if (argc > 1 && argv[1][0] == '-' && argv[1][1] >= '1' && argv[1][1] <= '9') {
		min_len = strtoul(argv[1] + 1, &end, 10);
		if (*end != '\0')
			die_usage(&o);
		o.ind = 2;
	}
	o.longs = longs;
	while ((c = opt_next(&o, "afn:ot:")) != -1) {
		switch (c) {
		case 'a': break;
		case 'f': with_name = 1; break;
		case 'n':
			min_len = strtoul(o.arg, &end, 10);
			if (*o.arg < '0' || *o.arg > '9' || *end != '\0' || min_len == 0 || min_len > 1 << 20)
				die("%s: invalid minimum string length", o.arg);
			break;
		case 'o': radix = 'o'; break;
		case 't':
			if (strlen(o.arg) != 1 || strchr("dox", o.arg[0]) == NULL)
				die("%s: invalid radix", o.arg);
			radix = o.arg[0];
			break;
		default: die_usage(&o);
		}
	}
	if (o.ind == argc)
		strings_file("-");
	for (int i = o.ind; i < argc; i++)
		strings_file(argv[i]);
	return cmd_exit();
}
