/* base64 - encode or decode base64 (RFC 4648) */
#include "cmd.h"
#include "io.h"

static const char usage[] = "base64 [-di] [-w COLS] [FILE]";

static const char alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static unsigned long wrap, col;

static void
put_wrapped(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (wrap && col == wrap) {
			putchar('\n');
			col = 0;
		}
		putchar(s[i]);
		col++;
	}
}

static void
encode_group(const unsigned char *p, size_t n)
{
	char out[4];
	unsigned v = p[0] << 16 | (n > 1 ? p[1] << 8 : 0) | (n > 2 ? p[2] : 0);

	out[0] = alphabet[v >> 18 & 63];
	out[1] = alphabet[v >> 12 & 63];
	out[2] = n > 1 ? alphabet[v >> 6 & 63] : '=';
	out[3] = n > 2 ? alphabet[v & 63] : '=';
	put_wrapped(out, 4);
}

static void
encode(FILE *fp)
{
	unsigned char buf[3 * 16384];
	size_t n, have = 0, i;

	while ((n = fread(buf + have, 1, sizeof buf - have, fp)) > 0) {
		have += n;
		for (i = 0; i + 3 <= have; i += 3)
			encode_group(buf + i, 3);
		memmove(buf, buf + i, have - i);
		have -= i;
		if (ferror(stdout))
			return;
	}
	if (have > 0)
		encode_group(buf, have);
	if (wrap && col > 0)
		putchar('\n');
}

static int
value(int c)
{
	const char *p = c ? strchr(alphabet, c) : NULL;

	return p ? (int)(p - alphabet) : -1;
}

/* The bytes of a group of N (2 or 3) sextets, cut short by its end or "=". */
static void
flush_group(unsigned v, int n)
{
	if (n == 2)
		putchar(v >> 4 & 255);
	if (n == 3) {
		putchar(v >> 10 & 255);
		putchar(v >> 2 & 255);
	}
}

/* Decode; -1 for invalid input. Newlines are skipped; with -i, all garbage is. */
static int
decode(FILE *fp, int ignore)
{
	unsigned v = 0;
	int c, n = 0, pad = 0, d;

	while ((c = getc(fp)) != EOF) {
		if (c == '\n' || c == '\r')
			continue;
		if (c == '=') {
			if (n < 2)
				return -1;
			if (pad++ == 0)
				flush_group(v, n);
			if (n + pad == 4)
				n = pad = 0, v = 0;
			continue;
		}
		if ((d = value(c)) < 0) {
			if (ignore)
				continue;
			return -1;
		}
		if (pad)
			return -1;
		v = v << 6 | d;
		if (++n == 4) {
			putchar(v >> 16 & 255);
			putchar(v >> 8 & 255);
			putchar(v & 255);
			n = 0;
			v = 0;
		}
	}
	/* An unpadded last group is decoded, but is an error all the same. */
	flush_group(v, n);
	return n != 0 || pad ? -1 : 0;
}

static const struct opt_long longs[] = {
	{ "decode", 'd' }, { "ignore-garbage", 'i' }, { "wrap", 'w' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, dec = 0, ignore = 0;
	const char *path = "-";
	char *end;
	FILE *fp;

	wrap = 76;
	col = 0;
	o.longs = longs;
	while ((c = opt_next(&o, "diw:")) != -1) {
		switch (c) {
		case 'd': dec = 1; break;
		case 'i': ignore = 1; break;
		case 'w':
			wrap = strtoul(o.arg, &end, 10);
			if (*o.arg < '0' || *o.arg > '9' || *end != '\0')
				die("%s: invalid wrap size", o.arg);
			break;
		default: die_usage(&o);
		}
	}
	if (argc - o.ind > 1)
		die_usage(&o);
	if (o.ind < argc)
		path = argv[o.ind];
	if ((fp = fopen_in(path)) == NULL)
		die_errno("%s", path);
	if (!dec)
		encode(fp);
	else if (decode(fp, ignore) < 0)
		warn("invalid input");
	if (ferror(fp))
		warn_errno("%s", path);
	fclose_in(fp);
	return cmd_exit();
}
