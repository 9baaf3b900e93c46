/* od - dump files in octal and other formats */
#include "cmd.h"
#include "num.h"
#include "dump.h"

static const char usage[] =
    "od [-abcdDfilosvxX] [-A d|o|x|n] [-j SKIP] [-N COUNT] [-t TYPE]... [FILE...]\n"
    "       od --traditional [OPTION]... [FILE] [[+]OFFSET[.][b]]";

#define BLOCK 16

/* One -t type: how to show each SIZE bytes, in fields WIDTH wide. */
struct spec {
	char type;		/* a c d f o u x */
	int size, width, pad;
	int z;			/* append the bytes as text: >...< */
};

static struct spec specs[64];
static int nspecs;

/* The input: the operands in turn, as one stream. */
static struct instream in;

static void
add_spec(char type, int size, int z)
{
	static const int o[] = { 0, 3, 6, 0, 11, 0, 0, 0, 22 };
	static const int u[] = { 0, 3, 5, 0, 10, 0, 0, 0, 20 };
	static const int d[] = { 0, 4, 6, 0, 11, 0, 0, 0, 20 };
	struct spec *s = &specs[nspecs];

	if (nspecs == (int)(sizeof specs / sizeof *specs))
		die("too many types");
	s->type = type;
	s->size = size;
	s->z = z;
	switch (type) {
	case 'a': case 'c': s->width = 3; break;
	case 'd': s->width = d[size]; break;
	case 'f': s->width = size == 4 ? 15 : 24; break;
	case 'o': s->width = o[size]; break;
	case 'u': s->width = u[size]; break;
	default: s->width = 2 * size; break;
	}
	nspecs++;
}

/* The size after a type letter: digits, or C S I L (F D L for floats). */
static int
type_size(char type, const char **p)
{
	int size;

	if (type == 'a' || type == 'c')
		return 1;
	if (**p >= '0' && **p <= '9') {
		size = (int)strtol(*p, (char **)p, 10);
		if ((type == 'f' && size != 4 && size != 8) ||
		    (size != 1 && size != 2 && size != 4 && size != 8))
			return -1;
		return size;
	}
	if (type == 'f') {
		switch (**p) {
		case 'F': (*p)++; return 4;
		case 'D': case 'L': (*p)++; return 8;
		}
		return 8;
	}
	switch (**p) {
	case 'C': (*p)++; return 1;
	case 'S': (*p)++; return 2;
	case 'I': (*p)++; return 4;
	case 'L': (*p)++; return 8;
	}
	return 4;
}

static void
parse_types(const char *arg)
{
	const char *p = arg;
	char type;
	int size;

	while (*p) {
		type = *p++;
		if (strchr("acdfoux", type) == NULL || (size = type_size(type, &p)) < 0)
			die("%s: invalid type", arg);
		add_spec(type, size, *p == 'z' ? (p++, 1) : 0);
	}
}

/* A character as -t a shows it: the high bit dropped, controls by name. */
static const char *
char_a(int c, char *tmp)
{
	static const char names[33][4] = {
		"nul", "soh", "stx", "etx", "eot", "enq", "ack", "bel", "bs", "ht", "nl",
		"vt", "ff", "cr", "so", "si", "dle", "dc1", "dc2", "dc3", "dc4", "nak",
		"syn", "etb", "can", "em", "sub", "esc", "fs", "gs", "rs", "us", "sp",
	};

	c &= 0x7f;
	if (c <= 32)
		return names[c];
	if (c == 127)
		return "del";
	tmp[0] = c;
	tmp[1] = '\0';
	return tmp;
}

static void
put_signed(long long v, int w)
{
	put_num(v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v, v < 0, 10, 1, w);
}

static void
print_field(const struct spec *s, const unsigned char *p, int w)
{
	char tmp[8];
	float fl;
	double db;

	switch (s->type) {
	case 'a': printf("%*s", w, char_a(*p, tmp)); break;
	case 'c': printf("%*s", w, byte_c(*p, tmp)); break;
	case 'd': put_signed(dump_int(p, s->size), w); break;
	case 'u': put_num(dump_uint(p, s->size), 0, 10, 1, w); break;
	case 'o': put_num(dump_uint(p, s->size), 0, 8, s->width, w); break;
	case 'x': put_num(dump_uint(p, s->size), 0, 16, s->width, w); break;
	case 'f':
		if (s->size == 4) {
			memcpy(&fl, p, 4);
			db = fl;
		} else {
			memcpy(&db, p, 8);
		}
		printf("%*.*e", w, s->size == 4 ? 7 : 16, db);
		break;
	}
}

/*
 * One line of one type. As GNU od, the types' lines share a width: each
 * field gets a share of its type's padding, spread evenly from the left.
 */
static void
print_line(const struct spec *s, const unsigned char *buf, size_t n)
{
	int fields = BLOCK / s->size, shown = (int)((n + s->size - 1) / s->size);
	int pad = s->pad, next, i;

	for (i = 0; i < shown; i++) {
		next = s->pad * (fields - i - 1) / fields;
		print_field(s, buf + i * s->size, pad - next + s->width);
		pad = next;
	}
	if (!s->z)
		return;
	printf("%*s  >", (fields - shown) * s->width + pad, "");
	for (size_t k = 0; k < n; k++)
		putchar(buf[k] >= 32 && buf[k] < 127 ? buf[k] : '.');
	putchar('<');
}

static void
set_pads(void)
{
	int per_block = 0, w, i;

	for (i = 0; i < nspecs; i++) {
		w = (specs[i].width + 1) * (BLOCK / specs[i].size);
		if (w > per_block)
			per_block = w;
	}
	for (i = 0; i < nspecs; i++)
		specs[i].pad = per_block - specs[i].width * (BLOCK / specs[i].size);
}

static void
print_addr(char radix, unsigned long long a)
{
	switch (radix) {
	case 'd': printf("%07llu", a); break;
	case 'o': printf("%07llo", a); break;
	case 'x': printf("%06llx", a); break;
	}
}

static void
dump(char radix, int all, unsigned long long addr)
{
	unsigned char buf[BLOCK] = { 0 }, prev[BLOCK];
	size_t n;
	int star = 0, have_prev = 0;

	while ((n = instream_read(&in, buf, BLOCK)) > 0) {
		if (!all && have_prev && n == BLOCK && memcmp(buf, prev, BLOCK) == 0) {
			if (!star)
				puts("*");
			star = 1;
			addr += n;
			continue;
		}
		memset(buf + n, 0, BLOCK - n);
		for (int i = 0; i < nspecs; i++) {
			if (i == 0)
				print_addr(radix, addr);
			else if (radix != 'n')
				printf("%*s", radix == 'x' ? 6 : 7, "");
			print_line(&specs[i], buf, n);
			putchar('\n');
		}
		if (ferror(stdout))
			die_errno("write error");
		memcpy(prev, buf, BLOCK);
		have_prev = 1;
		star = 0;
		addr += n;
	}
	if (radix != 'n') {
		print_addr(radix, addr);
		putchar('\n');
	}
}

static unsigned long long
size_arg(const char *s)
{
	unsigned long long v;

	if (parse_size(s, 0, &v) < 0)
		die("%s: invalid number", s);
	return v;
}

/*
 * An offset or label in --traditional's third form: [+]N[.][b], octal, or
 * decimal with the '.', or hex after 0x; b counts 512-byte blocks. 0 if S
 * is not one.
 */
static int
old_offset(const char *s, unsigned long long *v)
{
	int base = 8;
	char *end;

	s += *s == '+';
	if (*s < '0' || *s > '9')
		return 0;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		base = 16;
	else if (strchr(s, '.') != NULL)
		base = 10;
	errno = 0;
	*v = strtoull(s, &end, base);
	if (base == 10 && *end == '.')
		end++;
	if (*end == 'b' && base != 16) {
		*v *= 512;
		end++;
	}
	return errno == 0 && *end == '\0';
}

/*
 * --traditional: "od [FILE] [[+]OFFSET[.][b]]" (GNU's LABEL after it, an
 * address shown beside the real one, is not supported). Takes the offset
 * off the end of the operands into *SKIP; returns how many are left.
 */
static int
traditional(char **ops, int n, unsigned long long *skip)
{
	if ((n == 2 || (n == 1 && ops[0][0] == '+')) && old_offset(ops[n - 1], skip))
		return n - 1;
	if (n > 1)
		die("%s: extra operand", ops[1]);
	return n;
}

static const struct opt_long longs[] = {
	{ "address-radix", 'A' }, { "skip-bytes", 'j' }, { "read-bytes", 'N' },
	{ "format", 't' }, { "output-duplicates", 'v' }, { "traditional", 1 },
	{ NULL, 0 },
};

int
main(int argc, char *argv[])
{
	static const char old[] = "abcdDfilosxX", *const old_types[] = {
		"a", "o1", "c", "u2", "u4", "fF", "dI", "dL", "o2", "d2", "x2", "x4",
	};
	struct opt o = OPT_INIT(argc, argv, usage);
	static char *std_in[] = { "-", NULL };
	char radix = 'o';
	int c, all = 0, trad = 0, nops;
	unsigned long long start;

	nspecs = 0;
	memset(&in, 0, sizeof in);
	o.longs = longs;
	while ((c = opt_next(&o, "aA:bcdDfij:lN:ost:vxX\001")) != -1) {
		switch (c) {
		case 'A':
			if (strlen(o.arg) != 1 || strchr("doxn", o.arg[0]) == NULL)
				die("%s: invalid address radix", o.arg);
			radix = o.arg[0];
			break;
		case 'j': in.skip = size_arg(o.arg); break;
		case 'N': in.left = size_arg(o.arg); in.limited = 1; break;
		case 't': parse_types(o.arg); break;
		case 'v': all = 1; break;
		case 1: trad = 1; break;
		case '?': die_usage(&o);
		default: parse_types(old_types[strchr(old, c) - old]); break;
		}
	}
	if (nspecs == 0)
		add_spec('o', 2, 0);
	set_pads();
	nops = argc - o.ind;
	if (trad)
		nops = traditional(argv + o.ind, nops, &in.skip);
	in.files = nops > 0 ? argv + o.ind : std_in;
	in.nfiles = nops > 0 ? nops : 1;
	start = in.skip;
	if (instream_skip(&in) > 0)
		die("cannot skip past end of combined input");
	dump(radix, all, start);
	if (in.fp != NULL)
		instream_next(&in);
	return cmd_exit();
}
