/* ask.c - a yes-or-no question on stderr, answered on standard input */
#include <stdarg.h>
#include "io.h"

int
ask_yes(const char *fmt, ...)
{
	va_list ap;
	int c, yes;

	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fflush(stderr);
	c = getchar();
	yes = c == 'y' || c == 'Y';
	while (c != '\n' && c != EOF)	/* the rest of the answer is not the next one */
		c = getchar();
	return yes;
}
