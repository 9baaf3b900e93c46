/*
 * fuzz_key.c - the cache key's entry format (runtime/key.c).
 * The input, cut at NUL bytes, is a list of paths: each is encoded as the
 * builder writes it, and the key must read back exactly those paths, in
 * order. The raw input is also parsed as a key, which must not crash.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "key.h"

static const char stats[] = " 1 2 3 4.000000005 6.000000007\n";

static void
parse_raw(const uint8_t *data, size_t size)
{
	static struct key_entry e;
	char *s = malloc(size + 1);
	const char *p;

	if (s == NULL)
		return;
	memcpy(s, data, size);
	s[size] = '\0';
	for (p = s; p != NULL && *p != '\0';)
		p = key_next(p, &e);
	free(s);
}

/* Encode every path, then parse them back. */
static void
round_trip(const uint8_t *data, size_t size)
{
	static struct key_entry e;
	char *paths = malloc(size + 1), *key = malloc(2 * size + 64 * (size + 1)), *k = key;
	const char *p, *q;
	int n;

	if (paths == NULL || key == NULL)
		abort();
	memcpy(paths, data, size);
	paths[size] = '\0';
	for (p = paths; p < paths + size; p += strlen(p) + 1) {
		if ((n = key_path(p, k, KEY_LINE_MAX)) < 0)
			continue;	/* empty or too long: never written */
		memcpy(k + n, stats, sizeof stats);
		k += n + sizeof stats - 1;
	}
	*k = '\0';
	q = key;
	for (p = paths; p < paths + size; p += strlen(p) + 1) {
		if (*p == '\0' || strlen(p) >= KEY_PATH_MAX)
			continue;
		if ((q = key_next(q, &e)) == NULL || strcmp(e.path, p) != 0 || e.hashed)
			abort();
	}
	if (*q != '\0')
		abort();
	free(paths);
	free(key);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	parse_raw(data, size);
	round_trip(data, size);
	return 0;
}
