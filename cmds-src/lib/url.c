/* url.c - URLs (RFC 3986): http:// ones split for a request, references resolved */
#define _GNU_SOURCE 1
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "err.h"
#include "url.h"

/* RFC 3986 appendix B's five parts; a part absent is not the same as empty. */
enum { P_SCHEME, P_AUTH, P_PATH, P_QUERY, P_FRAG, P_N };
struct parts {
	const char *s[P_N];
	size_t n[P_N];
	int has[P_N];
};

static void
set_part(struct parts *p, int k, const char *s, size_t n)
{
	p->s[k] = s;
	p->n[k] = n;
	p->has[k] = 1;
}

/* Does S start with a scheme and a colon? Its length, or 0. */
static size_t
scheme_len(const char *s)
{
	size_t i;

	if (!isalpha((unsigned char)s[0]))
		return 0;
	for (i = 1; isalnum((unsigned char)s[i]) || s[i] == '+' || s[i] == '-' || s[i] == '.'; i++)
		;
	return s[i] == ':' ? i : 0;
}

static void
split(const char *s, struct parts *p)
{
	size_t n;

	memset(p, 0, sizeof *p);
	if ((n = scheme_len(s)) > 0) {
		set_part(p, P_SCHEME, s, n);
		s += n + 1;
	}
	if (s[0] == '/' && s[1] == '/') {
		n = strcspn(s + 2, "/?#");
		set_part(p, P_AUTH, s + 2, n);
		s += 2 + n;
	}
	n = strcspn(s, "?#");
	set_part(p, P_PATH, s, n);
	s += n;
	if (*s == '?') {
		n = strcspn(s + 1, "#");
		set_part(p, P_QUERY, s + 1, n);
		s += 1 + n;
	}
	if (*s == '#')
		set_part(p, P_FRAG, s + 1, strlen(s + 1));
}

/* ---- http:// URLs ---- */

static int
host_char(int c)
{
	return isalnum(c) || c == '-' || c == '.' || c == '_';
}

/* HOST (N bytes, brackets kept) into U; NULL or why not. */
static const char *
set_host(struct url *u, const char *host, size_t n)
{
	size_t i;

	if (n == 0)
		return "no host name";
	if (host[0] == '[') {
		if (n < 3 || host[n - 1] != ']')
			return "bad IPv6 address";
		host++;
		n -= 2;
		for (i = 0; i < n; i++)
			if (!isxdigit((unsigned char)host[i]) && host[i] != ':' && host[i] != '.')
				return "bad IPv6 address";
		if (memchr(host, ':', n) == NULL)
			return "bad IPv6 address";
	} else {
		for (i = 0; i < n; i++)
			if (!host_char((unsigned char)host[i]))
				return "bad host name";
	}
	if (n >= sizeof u->host)
		return "host name too long";
	memcpy(u->host, host, n);
	u->host[n] = '\0';
	return NULL;
}

static const char *
set_port(struct url *u, const char *s, size_t n)
{
	unsigned long v = 0;

	if (n == 0) {
		strcpy(u->port, u->tls ? "443" : "80");
		return NULL;
	}
	if (n > 5)
		return "bad port";
	for (size_t i = 0; i < n; i++) {
		if (!isdigit((unsigned char)s[i]))
			return "bad port";
		v = v * 10 + (s[i] - '0');
	}
	if (v == 0 || v > 65535)
		return "bad port";
	snprintf(u->port, sizeof u->port, "%lu", v);
	return NULL;
}

/* HOST[:PORT] or [IPV6][:PORT], N bytes, into U; NULL or why not. */
static const char *
set_authority(struct url *u, const char *a, size_t n)
{
	const char *end = a + n, *colon, *e;

	if (memchr(a, '@', n) != NULL)
		return "user names in URLs are not supported";
	if (a[0] == '[') {
		colon = memchr(a, ']', n);
		colon = colon == NULL ? end : colon + 1;
		if (colon < end && *colon != ':')
			return "bad IPv6 address";
	} else if ((colon = memchr(a, ':', n)) == NULL) {
		colon = end;
	}
	if ((e = set_host(u, a, colon - a)) != NULL)
		return e;
	return set_port(u, colon + (colon < end), end - colon - (colon < end));
}

/* Append S (N bytes) to W, spaces, controls and non-ASCII bytes %-encoded; the new end. */
static char *
encode(char *w, const char *s, size_t n)
{
	static const char hex[] = "0123456789ABCDEF";

	for (size_t i = 0; i < n; i++) {
		unsigned char c = s[i];

		if (c <= 0x20 || c >= 0x7f) {
			*w++ = '%';
			*w++ = hex[c >> 4];
			*w++ = hex[c & 15];
		} else {
			*w++ = c;
		}
	}
	return w;
}

const char *
url_parse(const char *s, struct url *u)
{
	struct parts p;
	const char *e;
	char *w;

	memset(u, 0, sizeof *u);
	split(s, &p);
	if (!p.has[P_SCHEME])
		return "not an http:// URL";
	u->tls = strncasecmp(s, "https:", 6) == 0;
	if (!u->tls && strncasecmp(s, "http:", 5) != 0)
		return "unsupported scheme";
	if (!p.has[P_AUTH])
		return "not an http:// URL";
	if ((e = set_authority(u, p.s[P_AUTH], p.n[P_AUTH])) != NULL)
		return e;
	u->target = w = xmalloc(3 * (p.n[P_PATH] + p.n[P_QUERY]) + 3);
	if (p.n[P_PATH] == 0 || p.s[P_PATH][0] != '/')
		*w++ = '/';
	w = encode(w, p.s[P_PATH], p.n[P_PATH]);
	if (p.has[P_QUERY]) {
		*w++ = '?';
		u->query = w;
		w = encode(w, p.s[P_QUERY], p.n[P_QUERY]);
	}
	*w = '\0';
	return NULL;
}

void
url_free(struct url *u)
{
	free(u->target);
	u->target = u->query = NULL;
}

/* ---- references (RFC 3986 section 5.2) ---- */

/* 5.2.4: remove_dot_segments of the N bytes at IN (changed: prefixes are
 * rewritten in place), appended to OUT at *LEN. */
static void
remove_dots(char *in, size_t n, char *out, size_t *len)
{
	size_t i = 0, k;

#define AT(s) (n - i >= sizeof s - 1 && memcmp(in + i, s, sizeof s - 1) == 0)
#define IS(s) (n - i == sizeof s - 1 && memcmp(in + i, s, sizeof s - 1) == 0)
	while (i < n) {
		if (AT("../")) {
			i += 3;
		} else if (AT("./")) {
			i += 2;
		} else if (AT("/./")) {
			i += 2;
		} else if (IS("/.")) {
			in[++i] = '/';
		} else if (AT("/../") || IS("/..")) {
			if (AT("/../"))
				i += 3;
			else
				in[i += 2] = '/';
			while (*len > 0 && out[--*len] != '/')
				;
		} else if (IS(".") || IS("..")) {
			i = n;
		} else {
			k = in[i] == '/';
			k += strcspn(in + i + k, "/");
			if (k > n - i)
				k = n - i;
			memcpy(out + *len, in + i, k);
			*len += k;
			i += k;
		}
	}
#undef AT
#undef IS
}

/* 5.2.3: the base's path up to its last slash, then the reference's; malloc'd, *N long. */
static char *
merge(const struct parts *b, const struct parts *r, size_t *n)
{
	size_t dir = b->n[P_PATH];
	char *s;

	while (dir > 0 && b->s[P_PATH][dir - 1] != '/')
		dir--;
	s = xmalloc(dir + r->n[P_PATH] + 2);
	if (b->has[P_AUTH] && b->n[P_PATH] == 0) {
		s[0] = '/';
		dir = 1;
	} else {
		memcpy(s, b->s[P_PATH], dir);
	}
	memcpy(s + dir, r->s[P_PATH], r->n[P_PATH]);
	*n = dir + r->n[P_PATH];
	s[*n] = '\0';
	return s;
}

static char *
put(char *w, const char *pre, const struct parts *p, int k)
{
	if (!p->has[k])
		return w;
	w = stpcpy(w, pre);
	memcpy(w, p->s[k], p->n[k]);
	return w + p->n[k];
}

/* 5.2.2 and 5.3: T's parts, its path made from PATH (N bytes) with dot
 * segments removed if DOTS; malloc'd. */
static char *
compose(struct parts *t, char *path, size_t n, int dots)
{
	size_t len = 0, all = n + 8;
	char *s, *w, *p = xmalloc(n + 1);

	if (dots)
		remove_dots(path, n, p, &len);
	else
		memcpy(p, path, len = n);
	set_part(t, P_PATH, p, len);
	for (int k = 0; k < P_N; k++)
		all += t->has[k] ? t->n[k] : 0;
	s = w = xmalloc(all);
	if (t->has[P_SCHEME])
		w = stpcpy(put(w, "", t, P_SCHEME), ":");
	w = put(w, "//", t, P_AUTH);
	w = put(w, "", t, P_PATH);
	w = put(w, "?", t, P_QUERY);
	w = put(w, "#", t, P_FRAG);
	*w = '\0';
	free(p);
	return s;
}

/* N bytes of S, NUL-terminated, malloc'd. */
static char *
dup_n(const char *s, size_t n)
{
	char *d = xmalloc(n + 1);

	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

static void
copy_part(struct parts *t, const struct parts *b, int k)
{
	t->s[k] = b->s[k];
	t->n[k] = b->n[k];
	t->has[k] = b->has[k];
}

char *
url_join(const char *base, const char *ref)
{
	struct parts b, r, t;
	char *path, *s;
	size_t n = 0;
	int dots = 1;

	split(base, &b);
	split(ref, &r);
	t = r;
	if (!r.has[P_SCHEME])
		copy_part(&t, &b, P_SCHEME);
	if (r.has[P_SCHEME] || r.has[P_AUTH]) {
		path = dup_n(r.s[P_PATH], n = r.n[P_PATH]);
	} else {
		copy_part(&t, &b, P_AUTH);
		if (r.n[P_PATH] == 0) {
			path = dup_n(b.s[P_PATH], n = b.n[P_PATH]);
			dots = 0;
			if (!r.has[P_QUERY])
				copy_part(&t, &b, P_QUERY);
		} else if (r.s[P_PATH][0] == '/') {
			path = dup_n(r.s[P_PATH], n = r.n[P_PATH]);
		} else {
			path = merge(&b, &r, &n);
		}
	}
	s = compose(&t, path, n, dots);
	free(path);
	return s;
}
