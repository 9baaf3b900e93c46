/* sha256sum - print or check SHA-256 digests of files; as sha1sum SHA-1, as md5sum MD5 */
#include "sum.h"
#include "num.h"
#include <ctype.h>

CMD_NAMES("sha256sum", "sha1sum", "md5sum");

/* By name: the index of the name in cmd_names. */
enum { HASH_SHA256, HASH_SHA1, HASH_MD5 };

static const struct {
	const char *tag;	/* the BSD-style --tag name */
	size_t len;		/* digest bytes */
} algos[] = {
	[HASH_MD5] = { "MD5", 16 },
	[HASH_SHA1] = { "SHA1", 20 },
	[HASH_SHA256] = { "SHA256", 32 },
};

union ctx {
	struct {
		uint32_t h[5];
		uint64_t len;
		unsigned char buf[64];
	} md;			/* MD5, SHA-1 */
	struct sha256 sha256;
};

static const struct md_algo *const mds[] = { [HASH_SHA1] = &sha1, [HASH_MD5] = &md5 };

static struct {
	int algo, binary, tag, check, quiet, status, strict, warn, ignore_missing;
} f;

/* The totals for one list, for its closing warnings. */
static unsigned long bad_lines, unread, mismatched;

static void
h_init(union ctx *c)
{
	if (f.algo == HASH_SHA256) {
		sha256_init(&c->sha256);
		return;
	}
	memcpy(c->md.h, mds[f.algo]->iv, mds[f.algo]->words * sizeof *c->md.h);
	c->md.len = 0;
}

static void
h_update(union ctx *c, const void *p, size_t n)
{
	if (f.algo == HASH_SHA256)
		sha256_update(&c->sha256, p, n);
	else
		md_update(c->md.h, c->md.buf, &c->md.len, p, n, mds[f.algo]->block);
}

static void
h_final(union ctx *c, unsigned char *out)
{
	const struct md_algo *a = mds[f.algo];

	if (f.algo == HASH_SHA256) {
		sha256_final(&c->sha256, out);
		return;
	}
	md_final(c->md.h, c->md.buf, &c->md.len, a->big_endian, a->block);
	for (int i = 0; i < 4 * a->words; i++)
		out[i] = c->md.h[i / 4] >> (a->big_endian ? 24 - 8 * (i % 4) : 8 * (i % 4));
}

/* Digest of PATH ("-" is standard input) into OUT; -1 and errno on failure. */
static int
hash_file(const char *path, unsigned char *out)
{
	static char buf[65536];
	union ctx c;
	ssize_t r;
	int fd = 0, err;

	if (strcmp(path, "-") != 0 && (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	h_init(&c);
	while ((r = read(fd, buf, sizeof buf)) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			break;
		h_update(&c, buf, r);
	}
	err = errno;
	if (fd != 0)
		close(fd);
	if (r < 0) {
		errno = err;
		return -1;
	}
	h_final(&c, out);
	return 0;
}

static void
put_hex(const unsigned char *d)
{
	for (size_t i = 0; i < algos[f.algo].len; i++)
		printf("%02x", d[i]);
}

/* A name with a backslash or newline is written escaped, the line marked with a leading '\'. */
static void
put_name(const char *s)
{
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\\\", stdout);
		else if (*s == '\n')
			fputs("\\n", stdout);
		else if (*s == '\r')
			fputs("\\r", stdout);
		else
			putchar(*s);
	}
}

static void
print_sum(const char *path)
{
	unsigned char d[32];
	int esc = strpbrk(path, "\\\n\r") != NULL;

	if (hash_file(path, d) < 0) {
		warn_errno("%s", path);
		return;
	}
	if (esc)
		putchar('\\');
	if (f.tag) {
		printf("%s (", algos[f.algo].tag);
		put_name(path);
		fputs(") = ", stdout);
		put_hex(d);
	} else {
		put_hex(d);
		printf(" %c", f.binary ? '*' : ' ');
		put_name(path);
	}
	putchar('\n');
}

/* Exactly the digest's hex digits at S, into D; the end, or NULL. */
static char *
parse_hex(char *s, unsigned char *d)
{
	size_t n = algos[f.algo].len;

	if (hex_bytes(s, d, n) < 0 || isxdigit((unsigned char)s[2 * n]))
		return NULL;
	return s + 2 * n;
}

/* Undo put_name in place; -1 for a stray backslash. */
static int
unescape_name(char *s)
{
	char *w = s;

	for (; *s; s++) {
		if (*s != '\\') {
			*w++ = *s;
			continue;
		}
		s++;
		if (*s == '\\')
			*w++ = '\\';
		else if (*s == 'n')
			*w++ = '\n';
		else if (*s == 'r')
			*w++ = '\r';
		else
			return -1;
	}
	*w = '\0';
	return 0;
}

/* "HEX  NAME", "HEX *NAME" or "TAG (NAME) = HEX": the name, D filled; NULL if malformed. */
static char *
parse_line(char *s, unsigned char *d)
{
	size_t tl = strlen(algos[f.algo].tag), n;
	int esc = *s == '\\';
	char *name, *e;

	s += esc;
	if (strncmp(s, algos[f.algo].tag, tl) == 0 && strncmp(s + tl, " (", 2) == 0) {
		name = s + tl + 2;
		if ((e = strstr(name, ") = ")) == NULL)
			return NULL;
		while (strstr(e + 1, ") = ") != NULL)
			e = strstr(e + 1, ") = ");
		*e = '\0';
		if (parse_hex(e + 4, d) == NULL || e[4 + 2 * algos[f.algo].len] != '\0')
			return NULL;
	} else {
		if ((e = parse_hex(s, d)) == NULL || e[0] != ' ' || (e[1] != ' ' && e[1] != '*'))
			return NULL;
		name = e + 2;
	}
	n = strlen(name);
	if (n == 0 || (esc && unescape_name(name) < 0))
		return NULL;
	return name;
}

static void
check_one(const char *name, const unsigned char *want)
{
	unsigned char d[32];

	if (hash_file(name, d) < 0) {
		if (errno == ENOENT && f.ignore_missing)
			return;
		warn_errno("%s", name);
		unread++;
		if (!f.status)
			printf("%s: FAILED open or read\n", name);
		return;
	}
	if (memcmp(d, want, algos[f.algo].len) != 0) {
		mismatched++;
		if (!f.status)
			printf("%s: FAILED\n", name);
	} else if (!f.quiet && !f.status) {
		printf("%s: OK\n", name);
	}
}

static void
warning(unsigned long n, const char *one, const char *many)
{
	if (n > 0 && !f.status) {
		fflush(stdout);
		fprintf(stderr, "%s: WARNING: %lu %s\n", cmd_name, n, n == 1 ? one : many);
	}
}

static void
check_list(const char *list)
{
	unsigned char want[32];
	unsigned long lineno = 0, good = 0;
	char *line = NULL, *name;
	size_t cap = 0;
	ssize_t n;
	FILE *fp = fopen_in(list);

	if (fp == NULL) {
		warn_errno("%s", list);
		return;
	}
	while ((n = getline(&line, &cap, fp)) > 0) {
		lineno++;
		if (line[n - 1] == '\n')
			line[--n] = '\0';
		if (memchr(line, '\0', n) != NULL || (name = parse_line(line, want)) == NULL) {
			bad_lines++;
			fflush(stdout);
			if (f.warn)
				fprintf(stderr, "%s: %s: %lu: improperly formatted %s checksum line\n",
				    cmd_name, list, lineno, algos[f.algo].tag);
			continue;
		}
		good++;
		check_one(name, want);
	}
	if (ferror(fp)) {
		warn_errno("%s", list);
	} else if (good == 0) {
		warn("%s: no properly formatted checksum lines found", list);
	} else {
		warning(bad_lines, "line is improperly formatted", "lines are improperly formatted");
		warning(unread, "listed file could not be read", "listed files could not be read");
		warning(mismatched, "computed checksum did NOT match",
		    "computed checksums did NOT match");
	}
	if (unread || mismatched || (f.strict && bad_lines))
		cmd_status = 1;
	bad_lines = unread = mismatched = 0;
	free(line);
	fclose_in(fp);
}

enum { OPT_QUIET = 1, OPT_STATUS, OPT_STRICT, OPT_TAG, OPT_IGNORE_MISSING };

static const struct opt_long longs[] = {
	{ "binary", 'b' }, { "check", 'c' }, { "text", 't' }, { "warn", 'w' },
	{ "quiet", OPT_QUIET }, { "status", OPT_STATUS }, { "strict", OPT_STRICT },
	{ "tag", OPT_TAG }, { "ignore-missing", OPT_IGNORE_MISSING }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	char usage[128];
	struct opt o;
	int c;

	memset(&f, 0, sizeof f);
	f.algo = cmd_called(argv[0], cmd_names);
	bad_lines = unread = mismatched = 0;
	snprintf(usage, sizeof usage,
	    "%s [-bctw] [--tag] [--quiet] [--status] [--strict] [--ignore-missing] [FILE...]",
	    cmd_setname(argv[0]));
	o = (struct opt)OPT_INIT(argc, argv, usage);
	o.longs = longs;
	while ((c = opt_next(&o, "bctw\001\002\003\004\005")) != -1) {
		switch (c) {
		case 'b': f.binary = 1; break;
		case 'c': f.check = 1; break;
		case 't': f.binary = 0; break;
		case 'w': f.warn = 1; break;
		case OPT_QUIET: f.quiet = 1; break;
		case OPT_STATUS: f.status = 1; break;
		case OPT_STRICT: f.strict = 1; break;
		case OPT_TAG: f.tag = 1; break;
		case OPT_IGNORE_MISSING: f.ignore_missing = 1; break;
		default: die_usage(&o);
		}
	}
	for (int i = o.ind; i < argc || i == o.ind; i++) {
		const char *path = i < argc ? argv[i] : "-";

		if (f.check)
			check_list(path);
		else
			print_sum(path);
	}
	return cmd_exit();
}
