/* hexdump - display file contents in hexadecimal, decimal, octal or ASCII */
#include "cmd.h"
#include "num.h"
#include "dump.h"
#include "io.h"
#include <ctype.h>

static const char usage[] =
    "hexdump [-bcCdovx] [-e FORMAT]... [-f FILE]... [-n LENGTH] [-s OFFSET] [FILE...]";

/*
 * Output is driven by BSD hexdump's format strings, and -b -c -C -d -o -x
 * are the strings util-linux gives them. A format is a list of units,
 * [ITERATIONS][/BYTES] "TEXT"; each applies to the same block of input,
 * as big as the biggest format. A unit's text is cut into print units:
 * some text and at most one conversion.
 */
enum { P_TEXT, P_ADDR, P_END, P_INT, P_UINT, P_FLOAT, P_CHAR, P_CHAR_C, P_CHAR_P, P_CHAR_U, P_STR };

struct pr {
	char *text;		/* the literal text before the conversion */
	size_t len;
	int type, size;		/* P_*, and how many bytes it shows */
	char spec[40];		/* printf's conversion for the value */
	char pad[24];		/* the same width, for where the input has ended */
	int base, digits, width;	/* base > 0: a plain number, for put_num */
	int plain_char;		/* a character conversion with at most a width */
};

struct unit {
	int reps, bcnt, set_reps, set_bcnt;
	int ignore;		/* holds %_A: shown once, at the end */
	int cut;		/* reps > 1: the last time, the last space is left out */
	struct pr *prs;
	int nprs;
};

struct format {
	struct unit *units;
	int nunits, bcnt;
};

static struct format *formats;
static int nformats;
static struct unit *end_unit;
static int blocksize;
static struct instream in;
static unsigned long long address, end_address;
static int at_end;		/* the block is the last and partial: end_address is set */

static const char *const builtin[][3] = {
	{ "b", "\"%07.7_Ax\\n\"", "\"%07.7_ax \" 16/1 \"%03o \" \"\\n\"" },
	{ "c", "\"%07.7_Ax\\n\"", "\"%07.7_ax \" 16/1 \"%3_c \" \"\\n\"" },
	{ "d", "\"%07.7_Ax\\n\"", "\"%07.7_ax \" 8/2 \"  %05u \" \"\\n\"" },
	{ "o", "\"%07.7_Ax\\n\"", "\"%07.7_ax \" 8/2 \" %06o \" \"\\n\"" },
	{ "x", "\"%07.7_Ax\\n\"", "\"%07.7_ax \" 8/2 \"   %04x \" \"\\n\"" },
	{ "", "\"%07.7_Ax\\n\"", "\"%07.7_ax \" 8/2 \"%04x \" \"\\n\"" },
	{ "C", "\"%08.8_Ax\\n\"", "\"%08.8_ax  \" 8/1 \"%02x \" \"  \" 8/1 \"%02x \"" },
	{ "C", "", "\"  |\" 16/1 \"%_p\" \"|\\n\"" },
};

_Noreturn static void
bad(const char *what, const char *fmt)
{
	die("%s: %s", fmt, what);
}

/* The text at *S up to a conversion, escapes done and %% made %, into PR. */
static void
take_text(const char **s, struct pr *pr)
{
	const char *p = *s;
	char *t = xmalloc(strlen(p) + 1);
	size_t n = 0;
	int c;

	while (*p != '\0' && (*p != '%' || p[1] == '%')) {
		if (*p == '%') {
			t[n++] = '%';
			p += 2;
		} else if (*p == '\\' && p[1] != '\0') {
			p++;
			t[n++] = (c = unescape(&p)) >= 0 ? (char)c : *p++;
		} else {
			t[n++] = *p++;
		}
	}
	pr->text = t;
	pr->len = n;
	*s = p;
}

/* Sizes a conversion may take from an explicit byte count; 0 for any. */
static int
size_ok(int type, int size)
{
	switch (type) {
	case P_INT: case P_UINT: return size == 1 || size == 2 || size == 4 || size == 8;
	case P_FLOAT: return size == 4 || size == 8;
	case P_CHAR: case P_CHAR_C: case P_CHAR_P: case P_CHAR_U: return size == 1;
	}
	return 1;
}

/* The type of conversion C (after '_' if UNDER), and its size unless a byte count says. */
static int
conv_type(int under, int c, int *size)
{
	*size = under ? 1 : 4;
	if (under)
		return c == 'a' ? P_ADDR : c == 'A' ? P_END : c == 'c' ? P_CHAR_C :
		    c == 'p' ? P_CHAR_P : c == 'u' ? P_CHAR_U : -1;
	if (c == 'c')
		return *size = 1, P_CHAR;
	if (c == 's')
		return *size = 0, P_STR;
	if (strchr("eEfgG", c) != NULL)
		return *size = 8, P_FLOAT;
	return c == 'd' || c == 'i' ? P_INT : strchr("ouxX", c) != NULL ? P_UINT : -1;
}

/* A plain %[0]W[.P][oux] (or an address) is written by put_num, not printf. */
static void
plain_number(struct pr *pr, const char *flags, size_t nflags, int width, int prec, int c)
{
	if ((pr->type != P_UINT && pr->type != P_ADDR && pr->type != P_END) ||
	    strchr("oux", c) == NULL || strspn(flags, "0") < nflags || prec == 0)
		return;
	pr->base = c == 'o' ? 8 : c == 'u' ? 10 : 16;
	pr->width = width;
	pr->digits = prec > 0 ? prec : nflags > 0 ? width : 1;
}

/* The conversion at *S ('%') into PR. */
static void
take_conv(const char **s, struct pr *pr, const char *fmt)
{
	const char *p = *s + 1, *flags = p;
	size_t nflags = strspn(p, "-+ #0"), nspec;
	int width = 0, prec = -1, under, c;

	p += nflags;
	for (; isdigit((unsigned char)*p) && width < 100000; p++)
		width = width * 10 + (*p - '0');
	if (*p == '.')
		for (prec = 0, p++; isdigit((unsigned char)*p) && prec < 100000; p++)
			prec = prec * 10 + (*p - '0');
	nspec = p - *s;
	under = *p == '_';
	c = p[under];
	if (nspec > 16 || c == '\0' || (pr->type = conv_type(under, c, &pr->size)) < 0)
		bad("bad conversion", fmt);
	p += under + 1;
	if (pr->type == P_ADDR || pr->type == P_END) {
		if (*p == '\0' || strchr("dox", *p) == NULL)
			bad("bad conversion", fmt);
		c = *p++;
		pr->size = 0;
	}
	if (pr->type == P_STR && prec > 0)
		pr->size = prec;
	snprintf(pr->spec, sizeof pr->spec, "%.*s%s%c", (int)nspec, *s,
	    pr->type == P_ADDR || pr->type == P_END || pr->type == P_INT || pr->type == P_UINT ? "ll" : "",
	    pr->type == P_CHAR_C || pr->type == P_CHAR_U ? 's' : pr->type == P_CHAR_P ? 'c' : c);
	snprintf(pr->pad, sizeof pr->pad, "%%%s%ds", memchr(flags, '-', nflags) ? "-" : "", width);
	plain_number(pr, flags, nflags, width, prec, c);
	pr->plain_char = nflags == 0 && prec < 0 && (pr->type == P_CHAR_C ||
	    pr->type == P_CHAR_P || pr->type == P_CHAR_U);
	pr->width = width;
	*s = p;
}

static struct pr *
new_pr(struct unit *u)
{
	u->prs = xrealloc(u->prs, (u->nprs + 1) * sizeof *u->prs);
	memset(&u->prs[u->nprs], 0, sizeof *u->prs);
	return &u->prs[u->nprs++];
}

/* A unit's text, RAW (between the quotes), into its print units and their sizes. */
static void
parse_text(struct unit *u, const char *raw, const char *fmt)
{
	int nconv = 0, sum = 0;
	struct pr *pr;

	while (*raw != '\0') {
		pr = new_pr(u);
		take_text(&raw, pr);
		if (*raw == '\0')
			break;
		take_conv(&raw, pr, fmt);
		nconv++;
		if (pr->type == P_END) {
			u->ignore = 1;
			end_unit = u;
		}
		if (u->set_bcnt && pr->type != P_ADDR && pr->type != P_END) {
			if (!size_ok(pr->type, u->bcnt))
				bad("bad byte count", fmt);
			pr->size = u->bcnt;
		}
		if (pr->type == P_STR && pr->size == 0)
			bad("%s without a byte count or a precision", fmt);
		sum += pr->size;
	}
	if (u->set_bcnt && nconv > 1)
		bad("byte count with more than one conversion", fmt);
	if (!u->set_bcnt)
		u->bcnt = sum;
}

/* A number at *S, for an iteration or byte count. */
static int
count(const char **s, const char *fmt)
{
	char *end;
	long v = strtol(*s, &end, 10);

	if (v <= 0 || v > 1000000)
		bad("bad count", fmt);
	*s = end;
	return (int)v;
}

/* One unit at S: [ITERATIONS][/BYTES] "TEXT"; returns what follows it. */
static const char *
parse_unit(struct format *f, const char *s, const char *fmt)
{
	struct unit *u;
	const char *q;
	char *raw;

	f->units = xrealloc(f->units, (f->nunits + 1) * sizeof *f->units);
	u = memset(&f->units[f->nunits++], 0, sizeof *f->units);
	u->reps = 1;
	if (isdigit((unsigned char)*s)) {
		u->reps = count(&s, fmt);
		u->set_reps = 1;
	}
	s += strspn(s, " \t");
	if (*s == '/') {
		s += 1 + strspn(s + 1, " \t");
		u->bcnt = count(&s, fmt);
		u->set_bcnt = 1;
	}
	s += strspn(s, " \t");
	if (*s != '"')
		bad("bad format", fmt);
	for (q = s + 1; *q != '"'; q += 1 + (*q == '\\' && q[1] != '\0'))
		if (*q == '\0')
			bad("unterminated string", fmt);
	raw = xmalloc(q - s);
	memcpy(raw, s + 1, q - s - 1);
	raw[q - s - 1] = '\0';
	parse_text(u, raw, fmt);
	free(raw);
	return q + 1;
}

static void
add_format(const char *fmt)
{
	const char *s = fmt + strspn(fmt, " \t\n");
	struct format *f;

	if (*s == '\0')
		return;
	formats = xrealloc(formats, (nformats + 1) * sizeof *formats);
	f = memset(&formats[nformats++], 0, sizeof *formats);
	while (*(s += strspn(s, " \t\n")) != '\0')
		s = parse_unit(f, s, fmt);
	for (int i = 0; i < f->nunits; i++)
		f->bcnt += f->units[i].reps * f->units[i].bcnt;
}

/* -f: a format a line; blank lines and lines starting with # left out. */
static void
add_format_file(const char *path)
{
	FILE *fp = fopen_in(path);
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	if (fp == NULL)
		die_errno("%s", path);
	while ((n = getline(&line, &cap, fp)) > 0) {
		if (line[n - 1] == '\n')
			line[n - 1] = '\0';
		if (line[strspn(line, " \t")] != '#')
			add_format(line);
	}
	free(line);
	fclose_in(fp);
}

/*
 * As BSD's: the block is the biggest format (none that shows a byte: no
 * output at all, as util-linux); a last unit without an
 * iteration count repeats to fill it; where a unit repeats, its last
 * time leaves out the last character of its text if that is a space.
 */
static void
settle(void)
{
	struct unit *u;
	struct pr *last;

	blocksize = 0;
	for (int i = 0; i < nformats; i++)
		if (formats[i].bcnt > blocksize)
			blocksize = formats[i].bcnt;
	for (int i = 0; i < nformats; i++) {
		struct format *f = &formats[i];

		u = &f->units[f->nunits - 1];
		if (!u->set_reps && u->bcnt > 0 && f->bcnt < blocksize)
			u->reps += (blocksize - f->bcnt) / u->bcnt;
		for (u = f->units; u < f->units + f->nunits; u++) {
			last = u->nprs > 0 ? &u->prs[u->nprs - 1] : NULL;
			u->cut = u->reps > 1 && last != NULL && last->type == P_TEXT &&
			    last->len > 0 && isspace((unsigned char)last->text[last->len - 1]);
		}
	}
}

/* %_u: a control character by its ASCII name. */
static const char *
char_u(int c, char tmp[8])
{
	static const char names[32][4] = {
		"nul", "soh", "stx", "etx", "eot", "enq", "ack", "bel", "bs", "ht", "lf",
		"vt", "ff", "cr", "so", "si", "dle", "dc1", "dc2", "dc3", "dc4", "nak",
		"syn", "etb", "can", "em", "sub", "esc", "fs", "gs", "rs", "us",
	};

	if (c < 32)
		return names[c];
	if (c == 127)
		return "del";
	snprintf(tmp, 8, c < 127 ? "%c" : "%x", c);
	return tmp;
}

/* Text, most often one character: without fwrite's cost for that. */
static void
put_text(const char *s, size_t n)
{
	if (n == 1)
		putchar(*s);
	else if (n > 0)
		fwrite(s, 1, n, stdout);
}

/* A character conversion without flags, as printf would write it, but faster. */
static void
put_char(const struct pr *pr, int c)
{
	char tmp[8];
	const char *s = tmp;
	int n;

	if (pr->type == P_CHAR_P && pr->width <= 1) {
		putchar(c >= 32 && c < 127 ? c : '.');
		return;
	}
	if (pr->type == P_CHAR_C)
		s = byte_c(c, tmp);
	else if (pr->type == P_CHAR_U)
		s = char_u(c, tmp);
	else
		tmp[0] = c >= 32 && c < 127 ? c : '.', tmp[1] = '\0';
	for (n = pr->width - (int)strlen(s); n > 0; n--)
		putchar(' ');
	fputs(s, stdout);
}

static void
put_value(const struct pr *pr, const unsigned char *p, unsigned long long at)
{
	char tmp[8], *s;
	float fl;
	double db;

	if (pr->plain_char) {
		put_char(pr, *p);
		return;
	}
	if (pr->base > 0) {
		put_num(pr->type == P_UINT ? dump_uint(p, pr->size) : at, 0, pr->base, pr->digits, pr->width);
		return;
	}
	switch (pr->type) {
	case P_ADDR: case P_END: printf(pr->spec, at); break;
	case P_INT: printf(pr->spec, dump_int(p, pr->size)); break;
	case P_UINT: printf(pr->spec, dump_uint(p, pr->size)); break;
	case P_CHAR: printf(pr->spec, *p); break;
	case P_CHAR_C: printf(pr->spec, byte_c(*p, tmp)); break;
	case P_CHAR_P: printf(pr->spec, *p >= 32 && *p < 127 ? *p : '.'); break;
	case P_CHAR_U: printf(pr->spec, char_u(*p, tmp)); break;
	case P_FLOAT:
		if (pr->size == 4) {
			memcpy(&fl, p, 4);
			db = fl;
		} else {
			memcpy(&db, p, 8);
		}
		printf(pr->spec, db);
		break;
	case P_STR:
		s = memcpy(xmalloc(pr->size + 1), p, pr->size);
		s[pr->size] = '\0';
		printf(pr->spec, s);
		free(s);
		break;
	}
}

/* One print unit at byte P of the block, at address AT; CUT: leave out its last character. */
static void
show(const struct pr *pr, const unsigned char *p, unsigned long long at, int cut)
{
	put_text(pr->text, pr->len - cut);
	if (pr->type == P_TEXT)
		return;
	if (at_end && at >= end_address)
		printf(pr->pad, "");
	else
		put_value(pr, p, at);
}

static void
show_block(const unsigned char *buf)
{
	for (int i = 0; i < nformats; i++) {
		const struct format *f = &formats[i];
		int pos = 0;

		for (const struct unit *u = f->units; u < f->units + f->nunits && !u->ignore; u++)
			for (int k = u->reps; k > 0; k--)
				for (int j = 0; j < u->nprs; j++) {
					show(&u->prs[j], buf + pos, address + pos,
					    k == 1 && u->cut && j == u->nprs - 1);
					pos += u->prs[j].size;
				}
	}
}

/* The %_A unit, once all is read: addresses and text only. */
static void
show_end(void)
{
	const struct pr *pr;

	if (end_unit == NULL || address == 0)
		return;
	for (pr = end_unit->prs; pr < end_unit->prs + end_unit->nprs; pr++) {
		if (pr->type == P_TEXT)
			fwrite(pr->text, 1, pr->len, stdout);
		if (pr->type == P_END || pr->type == P_ADDR) {
			fwrite(pr->text, 1, pr->len, stdout);
			put_value(pr, NULL, address);
		}
	}
}

/* A full block like the one before is a "*" (a partial last one never is). */
static void
dump(int all)
{
	unsigned char *buf = xmalloc(blocksize + 8), *prev = xmalloc(blocksize);
	size_t n;
	int star = 0, have_prev = 0;

	while ((n = instream_read(&in, buf, blocksize)) > 0) {
		if (!all && have_prev && n == (size_t)blocksize && memcmp(buf, prev, n) == 0) {
			if (!star)
				puts("*");
			star = 1;
			address += n;
			continue;
		}
		memset(buf + n, 0, blocksize + 8 - n);
		if (n < (size_t)blocksize) {
			at_end = 1;
			end_address = address + n;
		}
		show_block(buf);
		if (ferror(stdout))
			die_errno("write error");
		memcpy(prev, buf, blocksize);
		have_prev = 1;
		star = 0;
		address += n;
	}
	show_end();
	free(buf);
	free(prev);
}

static void
add_builtin(const char *opt)
{
	for (size_t i = 0; i < sizeof builtin / sizeof *builtin; i++)
		if (strcmp(builtin[i][0], opt) == 0) {
			add_format(builtin[i][1]);
			add_format(builtin[i][2]);
		}
}

static const struct opt_long longs[] = {
	{ "one-byte-octal", 'b' }, { "one-byte-char", 'c' }, { "canonical", 'C' },
	{ "two-bytes-decimal", 'd' }, { "format", 'e' }, { "format-file", 'f' },
	{ "length", 'n' }, { "two-bytes-octal", 'o' }, { "skip", 's' },
	{ "no-squeezing", 'v' }, { "two-bytes-hex", 'x' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	static char *std_in[] = { "-", NULL };
	struct opt o = OPT_INIT(argc, argv, usage);
	char opt[2] = "";
	int c, all = 0;

	formats = NULL;
	nformats = 0;
	end_unit = NULL;
	at_end = 0;
	memset(&in, 0, sizeof in);
	o.longs = longs;
	while ((c = opt_next(&o, "bcCde:f:n:os:vx")) != -1) {
		switch (c) {
		case 'e': add_format(o.arg); break;
		case 'f': add_format_file(o.arg); break;
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
		default: opt[0] = (char)c; add_builtin(opt); break;
		}
	}
	if (nformats == 0)
		add_builtin("");
	settle();
	if (blocksize == 0)
		return cmd_exit();
	in.files = o.ind < argc ? argv + o.ind : std_in;
	in.nfiles = o.ind < argc ? argc - o.ind : 1;
	address = in.skip;
	address -= instream_skip(&in);
	dump(all);
	if (in.fp != NULL)
		instream_next(&in);
	return cmd_exit();
}
