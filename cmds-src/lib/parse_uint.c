/* parse_uint.c - an unsigned number from the command line */
#include <errno.h>
#include <stdlib.h>
#include "num.h"

int
parse_ubase(const char *s, int base, unsigned long long max, unsigned long long *v)
{
	char *end;

	if (*s < '0' || *s > '9')	/* strtoull would take blanks and a sign */
		return -1;
	errno = 0;
	*v = strtoull(s, &end, base);
	return *end != '\0' || errno != 0 || *v > max ? -1 : 0;
}

int
parse_uint(const char *s, unsigned long long max, unsigned long long *v)
{
	return parse_ubase(s, 10, max, v);
}
