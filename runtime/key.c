/* key.c - describe source files, and check a description against them */
#include <sys/stat.h>
#include <stdio.h>
#include <string.h>
#include "key.h"

int
key_line(const char *path, char *buf, size_t len)
{
	struct stat st;
	int n;

	if (stat(path, &st) < 0)
		return -1;
	n = snprintf(buf, len, "%s %llu %llu %lld %lld.%09ld %lld.%09ld\n", path,
	    (unsigned long long)st.st_dev, (unsigned long long)st.st_ino,
	    (long long)st.st_size,
	    (long long)st.st_mtim.tv_sec, (long)st.st_mtim.tv_nsec,
	    (long long)st.st_ctim.tv_sec, (long)st.st_ctim.tv_nsec);
	if (n < 0 || (size_t)n >= len)
		return -1;
	return n;
}

/* Runs at the start of every cached command: no allocation, one stat a line. */
int
key_fresh(const char *key)
{
	char path[KEY_LINE_MAX], now[KEY_LINE_MAX];
	const char *p, *sp, *nl;
	size_t n = strlen(KEY_MAGIC);

	if (strncmp(key, KEY_MAGIC, n) != 0)
		return 0;
	for (p = key + n; *p != '\0'; p = nl + 1) {
		sp = strchr(p, ' ');
		nl = strchr(p, '\n');
		if (sp == NULL || nl == NULL || sp > nl || (size_t)(sp - p) >= sizeof path)
			return 0;
		memcpy(path, p, sp - p);
		path[sp - p] = '\0';
		if (key_line(path, now, sizeof now) != nl + 1 - p ||
		    memcmp(now, p, nl + 1 - p) != 0)
			return 0;
	}
	return 1;
}
