/* key_make.c - the key for a list of source files */
#include <stdlib.h>
#include <string.h>
#include "key.h"

char *
key_make(const char *const *paths)
{
	size_t len = strlen(KEY_MAGIC), cap = 256;
	char line[KEY_LINE_MAX], *key = malloc(cap), *k;
	int n;

	if (key == NULL)
		return NULL;
	memcpy(key, KEY_MAGIC, len + 1);
	for (; *paths != NULL; paths++) {
		n = key_line(*paths, line, sizeof line);
		if (n < 0)
			goto fail;
		if (len + n + 1 > cap) {
			cap = 2 * (len + n + 1);
			if ((k = realloc(key, cap)) == NULL)
				goto fail;
			key = k;
		}
		memcpy(key + len, line, n + 1);
		len += n;
	}
	return key;
fail:
	free(key);
	return NULL;
}
