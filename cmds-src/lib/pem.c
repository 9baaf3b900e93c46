/* pem.c - a PEM block's base64 body to bytes (RFC 7468), for public keys */
#include <stdio.h>
#include <string.h>
#include "sigcheck.h"

static int
b64val(int c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	return c == '+' ? 62 : c == '/' ? 63 : -1;
}

/* Where NEEDLE (N bytes) starts a line of TEXT, or NULL. */
static const char *
find_line(const char *text, const char *end, const char *needle, size_t n)
{
	for (const char *p = text; (size_t)(end - p) >= n; p++)
		if ((p == text || p[-1] == '\n') && memcmp(p, needle, n) == 0)
			return p;
	return NULL;
}

/* Base64 from P up to END into OUT: the length, or -1. Whitespace is skipped;
 * '=' pads only the last group. */
static long
b64_decode(const char *p, const char *end, unsigned char *out, size_t cap)
{
	unsigned long acc = 0;
	size_t len = 0;
	int n = 0, pad = 0, v;

	for (; p < end; p++) {
		if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
			continue;
		if (*p == '=' && n >= 2 && pad < 2) {
			pad++;
			acc <<= 6;
			v = 0;
		} else if (pad > 0 || (v = b64val((unsigned char)*p)) < 0)
			return -1;
		acc = pad ? acc : acc << 6 | v;
		if (++n < 4)
			continue;
		if (len + 3 - pad > cap)
			return -1;
		for (int i = 0; i < 3 - pad; i++)
			out[len++] = acc >> (16 - 8 * i);
		acc = 0;
		n = 0;
		if (pad)
			pad = 3;	/* nothing may follow */
	}
	return n == 0 ? (long)len : -1;
}

long
pem_decode(const char *text, size_t len, const char *label, unsigned char *out, size_t cap)
{
	char mark[80];
	const char *end = text + len, *body, *stop;
	size_t n;

	if (strlen(label) > 40)
		return -1;
	n = (size_t)snprintf(mark, sizeof mark, "-----BEGIN %s-----", label);
	if ((body = find_line(text, end, mark, n)) == NULL)
		return -1;
	body += n;
	if (body == end || (*body != '\n' && *body != '\r'))
		return -1;
	n = (size_t)snprintf(mark, sizeof mark, "-----END %s-----", label);
	if ((stop = find_line(body, end, mark, n)) == NULL)
		return -1;
	return b64_decode(body, stop, out, cap);
}
