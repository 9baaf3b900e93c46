/* url_quote.c - values (URLs, names) in a KEY=VALUE file such as a lease, as sh reads them */
#define _GNU_SOURCE 1
#include <stdlib.h>
#include <string.h>
#include "err.h"
#include "url.h"

static const char plain[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-/:@%+,=";

char *
url_quote(const char *s)
{
	char *out = xmalloc(4 * strlen(s) + 3), *w = out;

	if (*s != '\0' && strspn(s, plain) == strlen(s))
		return strcpy(out, s);
	*w++ = '\'';
	for (; *s; s++) {
		if ((unsigned char)*s < 0x20 || *s == 0x7f) {
			free(out);
			return NULL;
		}
		if (*s == '\'')
			w = stpcpy(w, "'\\''");
		else
			*w++ = *s;
	}
	strcpy(w, "'");
	return out;
}

char *
url_unquote(const char *s)
{
	char *out = xmalloc(strlen(s) + 1), *w = out;
	const char *end;

	while (*s != '\0') {
		if (*s == '\'') {
			if ((end = strchr(s + 1, '\'')) == NULL)
				break;
			memcpy(w, s + 1, end - s - 1);
			w += end - s - 1;
			s = end + 1;
		} else if (*s == '\\' && s[1] != '\0') {
			*w++ = s[1];
			s += 2;
		} else if (strchr(plain, *s) != NULL) {
			*w++ = *s++;
		} else {
			break;
		}
	}
	if (*s != '\0') {
		free(out);
		return NULL;
	}
	*w = '\0';
	return out;
}
