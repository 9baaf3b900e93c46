/* parse_size.c - a byte count with an optional unit suffix: 10, 0x1f, 4k, 2M */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include "num.h"

static unsigned long long
unit(const char *s)
{
	if (s[0] == '\0')
		return 1;
	if (s[1] != '\0')
		return 0;
	switch (s[0]) {
	case 'b': return 512;
	case 'k': case 'K': return 1024;
	case 'm': case 'M': return 1024 * 1024;
	case 'g': case 'G': return 1024 * 1024 * 1024;
	}
	return 0;
}

int
parse_size(const char *s, int base, unsigned long long *v)
{
	unsigned long long n, u;
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	n = strtoull(s, &end, base);
	if (errno != 0 || (u = unit(end)) == 0 || n > ULLONG_MAX / u)
		return -1;
	*v = n * u;
	return 0;
}
