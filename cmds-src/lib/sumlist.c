/* sumlist.c - sha256sum's lines: "HEX  NAME" or "HEX *NAME" */
#include <string.h>
#include "num.h"
#include "sigcheck.h"

int
sumlist_next(const char **pos, const char *end, unsigned char hash[32],
    const char **name, size_t *namelen)
{
	const char *p = *pos, *eol;
	if (p == end)
		return 0;
	eol = memchr(p, '\n', (size_t)(end - p));
	if (eol == NULL)
		eol = end;	/* a last line without its newline */
	if (eol - p < 67 || (p[64] != ' ') || (p[65] != ' ' && p[65] != '*'))
		return -1;
	if (hex_bytes(p, hash, 32) < 0)
		return -1;
	*name = p + 66;
	*namelen = (size_t)(eol - *name);
	if (**name == '\\' || memchr(*name, '\0', *namelen) != NULL)
		return -1;
	*pos = eol == end ? end : eol + 1;
	return 1;
}

int
sumlist_lookup(const char *text, size_t len, const char *name, const unsigned char hash[32])
{
	const char *p = text, *end = text + len, *n;
	unsigned char h[32];
	size_t nlen, want = strlen(name);
	int r, found = 0, other = 0;

	while ((r = sumlist_next(&p, end, h, &n, &nlen)) == 1) {
		if (nlen != want || memcmp(n, name, want) != 0)
			continue;
		found = 1;
		other |= memcmp(h, hash, 32) != 0;
	}
	if (r < 0)
		return -2;
	return !found ? 0 : other ? -1 : 1;
}
