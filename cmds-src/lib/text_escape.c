/* text_escape.c - text from the network made safe for a terminal */
#define _GNU_SOURCE 1
#include <stdio.h>
#include <string.h>
#include "err.h"
#include "url.h"

char *
text_escape(const char *s)
{
	char *out = xmalloc(4 * strlen(s) + 1), *w = out;

	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '\\')
			w = stpcpy(w, "\\\\");
		else if (c < 0x20 || c >= 0x7f)
			w += sprintf(w, "\\x%02x", c);
		else
			*w++ = c;
	}
	*w = '\0';
	return out;
}
