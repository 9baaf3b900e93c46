/* hex_bytes.c - bytes written as hex digits (sha256sum's lists, the TPM event log) */
#include <ctype.h>
#include <stddef.h>
#include "num.h"

static int
hex_digit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = tolower(c);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

int
hex_bytes(const char *s, unsigned char *out, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		int hi = hex_digit((unsigned char)s[2 * i]);
		int lo = hi < 0 ? -1 : hex_digit((unsigned char)s[2 * i + 1]);

		if (lo < 0)
			return -1;
		out[i] = (unsigned char)(hi << 4 | lo);
	}
	return 0;
}
