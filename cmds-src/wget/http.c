/* http.c - HTTP/1.1 responses (RFC 9112) parsed as they arrive */
#include "http.h"
#include <ctype.h>
#include <strings.h>

#define HEAD_MAX 65536		/* a response header, or the trailer */
#define LINE_MAX_ 4096		/* a chunk-size line with its extensions */
#define HEADS_MAX 8		/* 1xx interim responses before the final one */

enum { S_HEAD, S_SIZE, S_DATA, S_DATA_END, S_TRAILER, S_BODY, S_CLOSE, S_DONE, S_STOP, S_ERROR };

/* ---- responses ---- */

void
http_init(struct http *h, int (*head)(struct http *),
    int (*body)(struct http *, const unsigned char *, size_t), void *ctx)
{
	memset(h, 0, sizeof *h);
	h->head = head;
	h->body = body;
	h->ctx = ctx;
	h->length = -1;
	h->state = S_HEAD;
}

void
http_free(struct http *h)
{
	free(h->buf);
	free(h->location);
	h->buf = h->location = NULL;
	h->cap = h->len = 0;
}

static int
fail(struct http *h, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(h->error, sizeof h->error, fmt, ap);
	va_end(ap);
	h->state = S_ERROR;
	return -1;
}

static void
push(struct http *h, int c)
{
	if (h->len + 2 > h->cap) {
		h->cap = h->cap ? h->cap * 2 : 256;
		h->buf = xrealloc(h->buf, h->cap);
	}
	h->buf[h->len++] = c;
	h->buf[h->len] = '\0';
}

static int
tchar(int c)
{
	return isalnum(c) || (c != '\0' && strchr("!#$%&'*+-.^_`|~", c) != NULL);
}

/* S without leading and trailing blanks, in place. */
static char *
trim(char *s)
{
	size_t n;

	while (*s == ' ' || *s == '\t')
		s++;
	n = strlen(s);
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		s[--n] = '\0';
	return s;
}

/* S into OUT (CAP bytes), safe for a terminal as text_escape makes it, cut
 * short between escapes if need be. */
static void
escape_into(char *out, size_t cap, const char *s)
{
	char *e = text_escape(s), *p = e;
	size_t n = 0, k;

	while (*p != '\0') {
		k = *p != '\\' ? 1 : p[1] == 'x' ? 4 : 2;
		if (n + k >= cap)
			break;
		memcpy(out + n, p, k);
		n += k;
		p += k;
	}
	out[n] = '\0';
	free(e);
}

/* "HTTP/1.x NNN reason" */
static int
status_line(struct http *h, const char *s)
{
	if (strncmp(s, "HTTP/1.", 7) != 0 || !isdigit((unsigned char)s[7]) || s[8] != ' ')
		return fail(h, "not an HTTP/1 response");
	s += 9;
	while (*s == ' ')
		s++;
	if (!isdigit((unsigned char)s[0]) || !isdigit((unsigned char)s[1]) ||
	    !isdigit((unsigned char)s[2]) || (s[3] != ' ' && s[3] != '\0') || s[0] == '0')
		return fail(h, "bad status line");
	h->status = (s[0] - '0') * 100 + (s[1] - '0') * 10 + (s[2] - '0');
	escape_into(h->reason, sizeof h->reason, trim((char *)s + 3));
	return 0;
}

/* Content-Length: one number, or a list of the same one. */
static int
content_length(struct http *h, char *v)
{
	long long n;
	char *item, *save;

	for (item = strtok_r(v, ",", &save); item != NULL; item = strtok_r(NULL, ",", &save)) {
		item = trim(item);
		if (*item == '\0' || strspn(item, "0123456789") != strlen(item))
			return fail(h, "bad Content-Length");
		for (n = 0; *item; item++) {
			if (n > (LLONG_MAX - 9) / 10)
				return fail(h, "bad Content-Length");
			n = n * 10 + (*item - '0');
		}
		if (h->length >= 0 && h->length != n)
			return fail(h, "conflicting Content-Length");
		h->length = n;
	}
	return 0;
}

/* Transfer-Encoding, all its fields one list: chunked last, identity ignored. */
static int
transfer_encoding(struct http *h, char *v)
{
	char *item, *save;

	for (item = strtok_r(v, ",", &save); item != NULL; item = strtok_r(NULL, ",", &save)) {
		item = trim(item);
		if (*item == '\0' || strcasecmp(item, "identity") == 0)
			continue;
		if (h->chunked)
			return fail(h, "chunked is not the last transfer coding");
		if (strcasecmp(item, "chunked") != 0) {
			char name[40];

			escape_into(name, sizeof name, item);
			return fail(h, "unsupported transfer coding %s", name);
		}
		h->chunked = 1;
	}
	return 0;
}

static int
header_line(struct http *h, char *s)
{
	char *v = strchr(s, ':');

	if (v == NULL || v == s)
		return fail(h, "bad header line");
	*v++ = '\0';
	for (char *p = s; *p; p++)
		if (!tchar((unsigned char)*p))
			return fail(h, "bad header line");
	v = trim(v);
	if (strcasecmp(s, "Content-Length") == 0)
		return content_length(h, v);
	if (strcasecmp(s, "Transfer-Encoding") == 0)
		return transfer_encoding(h, v);
	if (strcasecmp(s, "Location") == 0 && h->location == NULL)
		h->location = xstrdup(v);
	return 0;
}

/* The header in buf: lines ending in LF or CRLF, folded lines joined. */
static int
parse_head(struct http *h)
{
	char *s = h->buf, *nl;

	h->status = 0;
	h->length = -1;
	h->chunked = 0;
	free(h->location);
	h->location = NULL;
	for (size_t i = 0; i + 1 < h->len; i++)
		if (s[i] == '\n' && (s[i + 1] == ' ' || s[i + 1] == '\t')) {
			s[i] = ' ';
			if (i > 0 && s[i - 1] == '\r')
				s[i - 1] = ' ';
		}
	for (int first = 1; *s; s = nl + 1, first = 0) {
		nl = strchr(s, '\n');
		*nl = '\0';
		if (nl > s && nl[-1] == '\r')
			nl[-1] = '\0';
		if (*s == '\0')
			break;
		if (first ? status_line(h, s) < 0 : header_line(h, s) < 0)
			return -1;
	}
	if (h->chunked)
		h->length = -1;
	return 0;
}

/* The header is in: what comes next. */
static int
head_done(struct http *h)
{
	if (parse_head(h) < 0)
		return -1;
	h->len = 0;
	if (h->status < 200) {
		if (h->status == 101 || ++h->heads > HEADS_MAX)
			return fail(h, "unexpected %d %s", h->status, h->reason);
		return 0;
	}
	h->heads++;
	if (h->head != NULL && h->head(h) != 0) {
		h->state = S_STOP;
		return HTTP_STOP;
	}
	if (h->status == 204 || h->status == 304)
		h->state = S_DONE;
	else if (h->chunked)
		h->state = S_SIZE;
	else if (h->length == 0)
		h->state = S_DONE;
	else if (h->length > 0)
		h->state = S_BODY, h->left = h->length;
	else
		h->state = S_CLOSE;
	return 0;
}

/* One byte of the header. */
static int
head_byte(struct http *h, int c)
{
	if (c == '\0')
		return fail(h, "NUL byte in the response header");
	if (h->len >= HEAD_MAX)
		return fail(h, "response header too long");
	push(h, c);
	if (c != '\n')
		return 0;
	if (h->len == 1 || (h->len == 2 && h->buf[0] == '\r')) {
		h->len = 0;	/* an empty line before the status line */
		return 0;
	}
	if ((h->len >= 2 && h->buf[h->len - 2] == '\n') ||
	    (h->len >= 3 && h->buf[h->len - 2] == '\r' && h->buf[h->len - 3] == '\n'))
		return head_done(h);
	return 0;
}

static int
size_line(struct http *h)
{
	char *s = h->buf;
	long long n = 0;
	int digits = 0;

	while (*s == '0')
		s++, digits++;
	for (; isxdigit((unsigned char)*s); s++, digits++) {
		if (n >> 56)
			return fail(h, "chunk too big");
		n = n * 16 + (isdigit((unsigned char)*s) ? *s - '0' : (tolower((unsigned char)*s) - 'a' + 10));
	}
	while (*s == ' ' || *s == '\t')
		s++;
	if (digits == 0 || (*s != ';' && *s != '\r' && *s != '\0') || (*s == '\r' && s[1] != '\0'))
		return fail(h, "bad chunk size");
	h->len = 0;
	h->left = n;
	h->state = n == 0 ? S_TRAILER : S_DATA;
	return 0;
}

/* A line of the chunked framing, up to LF: the size, the end of data, the trailer. */
static int
line_byte(struct http *h, int c)
{
	if (h->state == S_DATA_END && c != '\n' && (c != '\r' || h->len > 0))
		return fail(h, "no CRLF after chunk data");
	if (c != '\n') {
		if (h->state == S_TRAILER ? h->left >= HEAD_MAX : h->len >= LINE_MAX_)
			return fail(h, "chunked framing line too long");
		h->left++;	/* counts the trailer's bytes: no chunk is left */
		push(h, c);
		return 0;
	}
	if (h->state == S_SIZE)
		return size_line(h);
	if (h->len > 1 || (h->len == 1 && h->buf[0] != '\r')) {
		h->len = 0;	/* a trailer field, ignored */
		return 0;
	}
	h->len = 0;
	h->left = 0;
	h->state = h->state == S_TRAILER ? S_DONE : S_SIZE;
	return 0;
}

/* Body bytes from P (N of them), as many as the state takes; how many. */
static size_t
body_bytes(struct http *h, const unsigned char *p, size_t n, int *r)
{
	if (h->state != S_CLOSE && (long long)n > h->left)
		n = h->left;
	h->got += n;
	if (h->state != S_CLOSE && (h->left -= n) == 0)
		h->state = h->state == S_DATA ? S_DATA_END : S_DONE;
	if (h->body != NULL && n > 0 && h->body(h, p, n) != 0) {
		h->state = S_STOP;
		*r = HTTP_STOP;
	}
	return n;
}

int
http_feed(struct http *h, const void *data, size_t n)
{
	const unsigned char *p = data;
	size_t used;
	int r = 0;

	while (r == 0 && h->state < S_DONE) {
		if (h->state == S_BODY || h->state == S_DATA || h->state == S_CLOSE) {
			if (n == 0)
				break;
			used = body_bytes(h, p, n, &r);
			p += used;
			n -= used;
			continue;
		}
		if (n == 0)
			break;
		if (h->state == S_HEAD) {
			h->seen = 1;
			r = head_byte(h, *p);
		} else {
			r = line_byte(h, *p);
		}
		p++;
		n--;
	}
	if (r != 0)
		return r;
	switch (h->state) {
	case S_DONE: return HTTP_DONE;
	case S_STOP: return HTTP_STOP;
	case S_ERROR: return -1;
	default: return 0;
	}
}

int
http_eof(struct http *h)
{
	switch (h->state) {
	case S_DONE:
		return HTTP_DONE;
	case S_CLOSE:
		h->state = S_DONE;
		return HTTP_DONE;
	case S_STOP:
		return HTTP_STOP;
	case S_ERROR:
		return -1;
	case S_HEAD:
		if (!h->seen)
			return fail(h, "connection closed without a response");
		return fail(h, "connection closed inside the response header");
	case S_BODY:
		return fail(h, "connection closed after %lld of %lld bytes", h->got, h->length);
	default:
		return fail(h, "connection closed after %lld bytes of a chunked body", h->got);
	}
}
