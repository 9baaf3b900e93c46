/* unescape.c - the byte a backslash escape such as \n or \101 stands for */
#include <string.h>
#include "num.h"

int
unescape(const char **s)
{
	static const char from[] = "\\abfnrtv", to[] = "\\\a\b\f\n\r\t\v";
	const char *p = *s, *q;
	int c = 0, i;

	if (*p >= '0' && *p <= '7') {
		for (i = 0; i < 3 && *p >= '0' && *p <= '7'; i++)
			c = c * 8 + (*p++ - '0');
		*s = p;
		return c & 0xff;
	}
	if (*p == '\0' || (q = strchr(from, *p)) == NULL)
		return -1;
	*s = p + 1;
	return (unsigned char)to[q - from];
}
