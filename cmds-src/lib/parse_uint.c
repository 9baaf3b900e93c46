/* parse_uint.c - a decimal count from the command line */
#include <errno.h>
#include <stdlib.h>
#include "num.h"

int
parse_uint(const char *s, unsigned long long max, unsigned long long *v)
{
	char *end;

	if (*s < '0' || *s > '9')	/* strtoull would take blanks and a sign */
		return -1;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return *end != '\0' || errno != 0 || *v > max ? -1 : 0;
}
