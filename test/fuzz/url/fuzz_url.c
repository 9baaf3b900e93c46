/* fuzz_url.c - libFuzzer target for lib/url.c: the input is a base URL, a NUL,
 * a reference. Checks that url_parse gives a well-formed request target, that
 * url_join gives RFC 3986's examples, and results that are stable when resolved
 * again and hold no dot segment, that url_unquote reads back what url_quote wrote, and
 * that text_escape leaves only printable ASCII, from which the bytes come back. */
#include "cmd.h"
#include "url.h"

static void
check_parse(const char *s)
{
	struct url u;
	unsigned long port;

	if (url_parse(s, &u) != NULL)
		return;
	if (u.host[0] == '\0' || u.target == NULL || u.target[0] != '/')
		abort();
	for (const char *p = u.target; *p; p++)
		if ((unsigned char)*p <= 0x20 || (unsigned char)*p >= 0x7f || *p == '#')
			abort();
	if (u.query != NULL && (u.query <= u.target || u.query[-1] != '?'))
		abort();
	port = strtoul(u.port, NULL, 10);
	if (port == 0 || port > 65535)
		abort();
	url_free(&u);
}

/* T (which has a scheme) has no "." or ".." segment left in its path. */
static void
check_no_dots(const char *t)
{
	const char *p = strchr(t, ':') + 1;
	size_t n;

	if (p[0] == '/' && p[1] == '/')
		p += 2 + strcspn(p + 2, "/?#");
	while (*p != '\0' && *p != '?' && *p != '#') {
		p += *p == '/';
		n = strcspn(p, "/?#");
		if ((n == 1 && p[0] == '.') || (n == 2 && p[0] == '.' && p[1] == '.'))
			abort();
		p += n;
	}
}

/* RFC 3986 section 5.4's examples, base http://a/b/c/d;p?q. */
static void
check_rfc(void)
{
	static const char *const ex[][2] = {
		{ "g:h", "g:h" }, { "g", "http://a/b/c/g" }, { "./g", "http://a/b/c/g" },
		{ "g/", "http://a/b/c/g/" }, { "/g", "http://a/g" }, { "//g", "http://g" },
		{ "?y", "http://a/b/c/d;p?y" }, { "g?y", "http://a/b/c/g?y" },
		{ "#s", "http://a/b/c/d;p?q#s" }, { "g#s", "http://a/b/c/g#s" }, { ";x", "http://a/b/c/;x" },
		{ "", "http://a/b/c/d;p?q" }, { ".", "http://a/b/c/" }, { "./", "http://a/b/c/" },
		{ "..", "http://a/b/" }, { "../g", "http://a/b/g" }, { "../..", "http://a/" },
		{ "../../g", "http://a/g" }, { "../../../g", "http://a/g" }, { "/./g", "http://a/g" },
		{ "/../g", "http://a/g" }, { "g.", "http://a/b/c/g." }, { "..g", "http://a/b/c/..g" },
		{ "./../g", "http://a/b/g" }, { "./g/.", "http://a/b/c/g/" }, { "g/../h", "http://a/b/c/h" },
		{ "g;x=1/../y", "http://a/b/c/y" }, { "g?y/../x", "http://a/b/c/g?y/../x" },
		{ "g#s/../x", "http://a/b/c/g#s/../x" }, { "http:g", "http:g" },
	};
	char *t;

	for (size_t i = 0; i < sizeof ex / sizeof *ex; i++) {
		t = url_join("http://a/b/c/d;p?q", ex[i][0]);
		if (strcmp(t, ex[i][1]) != 0)
			abort();
		free(t);
	}
}

static void
check_join(const char *base, const char *ref)
{
	char *t = url_join(base, ref);
	char *t2 = url_join("http://h/a/b", t);
	char *t3 = url_join("http://x/y/", t2);

	if (strcmp(t2, t3) != 0)
		abort();
	check_no_dots(t3);
	check_parse(t);
	free(t);
	free(t2);
	free(t3);
}

static int
has_control(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return 1;
	return 0;
}

static void
check_quote(const char *s)
{
	char *q = url_quote(s), *back;

	if (q == NULL) {
		if (!has_control(s))
			abort();
		return;
	}
	if (has_control(q) || (back = url_unquote(q)) == NULL || strcmp(back, s) != 0)
		abort();
	free(back);
	free(q);
}

static void
check_unquote(const char *s)
{
	char *v = url_unquote(s);

	if (v != NULL && !has_control(v))
		check_quote(v);
	free(v);
}

static int
hex(int c)
{
	return c <= '9' ? c - '0' : c - 'a' + 10;
}

static void
check_escape(const char *s)
{
	char *e = text_escape(s), *p = e;
	const char *w = s;

	for (; *p; p++, w++) {
		int c = (unsigned char)*p;

		if (c < 0x20 || c >= 0x7f)
			abort();
		if (c == '\\') {
			if (p[1] == '\\')
				c = '\\', p++;
			else if (p[1] == 'x' && p[2] && p[3])
				c = hex(p[2]) * 16 + hex(p[3]), p += 3;
			else
				abort();
		}
		if (c != (unsigned char)*w)
			abort();
	}
	if (*w != '\0')
		abort();
	free(e);
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static int once;
	char *buf = malloc(size + 2), *base, *ref;

	if (!once++)
		check_rfc();

	memcpy(buf, data, size);
	buf[size] = buf[size + 1] = '\0';
	base = buf;
	ref = buf + strlen(buf) + 1;
	if (ref > buf + size)
		ref = buf + size;
	check_parse(base);
	check_parse(ref);
	check_join(base, ref);
	check_quote(ref);
	check_unquote(ref);
	check_escape(ref);
	free(buf);
	return 0;
}
