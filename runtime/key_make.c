/* key_make.c - the key for a list of source files */
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "key.h"

/*
 * Changed so recently that a same-size edit in the same tick would not show.
 * A filesystem that keeps nanoseconds stamps with the kernel's coarse clock
 * (a tick, 10 ms at most); one that keeps only seconds shows zero nanoseconds
 * and may round to two. A window as short as the filesystem allows keeps
 * hashing (done on every run for as long as the key lives) to files really
 * edited just before the build.
 */
static int
recent(const struct timespec *t, const struct timespec *now)
{
	long long ns = KEY_RACY_NS;

	if (t->tv_nsec == 0)
		ns = KEY_RACY_SEC * 1000000000LL;
	return (t->tv_sec - now->tv_sec) * 1000000000LL + (t->tv_nsec - now->tv_nsec) > -ns;
}

static int
racy(const struct stat *st, const struct timespec *now)
{
	return recent(&st->st_mtim, now) || recent(&st->st_ctim, now);
}

static int
entry(const char *path, const struct timespec *now, char *line, size_t len)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return -1;
	/* A directory (a command's, for files added or removed) is never hashed. */
	return key_stat_line(path, &st, S_ISREG(st.st_mode) && racy(&st, now), line, len);
}

char *
key_make(const char *const *paths)
{
	size_t len = strlen(KEY_MAGIC), cap = 256;
	char line[KEY_LINE_MAX], *key = malloc(cap), *k;
	struct timespec now;
	int n;

	if (key == NULL)
		return NULL;
	clock_gettime(CLOCK_REALTIME, &now);
	memcpy(key, KEY_MAGIC, len + 1);
	for (; *paths != NULL; paths++) {
		if ((n = entry(*paths, &now, line, sizeof line)) < 0)
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

/*
 * Does OLD, a key found in a cache file, still describe the files NEW lists?
 * The two may differ in which entries carry a hash (that depends on how
 * recently the files changed when each was made), so compare the paths and
 * check OLD against the files.
 */
int
key_match(const char *old, const char *new)
{
	static struct key_entry a, b;
	size_t n = strlen(KEY_MAGIC);
	const char *p = old + n, *q = new + n;

	if (strncmp(old, KEY_MAGIC, n) != 0 || strncmp(new, KEY_MAGIC, n) != 0)
		return 0;
	while (*p != '\0' && *q != '\0') {
		if ((p = key_next(p, &a)) == NULL || (q = key_next(q, &b)) == NULL ||
		    strcmp(a.path, b.path) != 0)
			return 0;
	}
	return *p == '\0' && *q == '\0' && key_fresh(old);
}
