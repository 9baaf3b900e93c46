/* key.c - describe source files, and check a description against them */
#include <sys/stat.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "key.h"

int
key_path(const char *path, char *buf, size_t len)
{
	size_t n = strlen(path);
	int k;

	if (n == 0 || n >= KEY_PATH_MAX)
		return -1;
	k = snprintf(buf, len, "%zu:", n);
	if (k < 0 || (size_t)k + n >= len)
		return -1;
	memcpy(buf + k, path, n + 1);
	return k + (int)n;
}

/* FNV-1a over the file's bytes: catches an edit, no adversary to resist. */
static int
file_hash(const char *path, unsigned long long *h)
{
	unsigned char buf[4096];
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	*h = 14695981039346656037ULL;
	while ((n = read(fd, buf, sizeof buf)) > 0)
		for (ssize_t i = 0; i < n; i++)
			*h = (*h ^ buf[i]) * 1099511628211ULL;
	close(fd);
	return n < 0 ? -1 : 0;
}

int
key_stat_line(const char *path, const struct stat *st, int hashed, char *buf, size_t len)
{
	unsigned long long h = 0;
	int k = key_path(path, buf, len), n;

	if (k < 0 || (hashed && file_hash(path, &h) < 0))
		return -1;
	n = snprintf(buf + k, len - k, " %llu %llu %lld %lld.%09ld %lld.%09ld",
	    (unsigned long long)st->st_dev, (unsigned long long)st->st_ino,
	    (long long)st->st_size,
	    (long long)st->st_mtim.tv_sec, (long)st->st_mtim.tv_nsec,
	    (long long)st->st_ctim.tv_sec, (long)st->st_ctim.tv_nsec);
	if (n < 0 || (size_t)(k += n) >= len)
		return -1;
	n = hashed ? snprintf(buf + k, len - k, " h=%016llx\n", h) : snprintf(buf + k, len - k, "\n");
	if (n < 0 || (size_t)(k += n) >= len)
		return -1;
	return k;
}

int
key_line(const char *path, int hashed, char *buf, size_t len)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return -1;
	return key_stat_line(path, &st, hashed, buf, len);
}

/* Reads what key_path and stat_line wrote; never past the key's NUL. */
const char *
key_next(const char *p, struct key_entry *e)
{
	size_t n = 0, i;
	const char *nl;

	e->line = p;
	if (*p < '1' || *p > '9')
		return NULL;
	for (; *p >= '0' && *p <= '9'; p++)
		if ((n = n * 10 + (*p - '0')) >= KEY_PATH_MAX)
			return NULL;
	if (*p++ != ':')
		return NULL;
	for (i = 0; i < n && p[i] != '\0'; i++)
		e->path[i] = p[i];
	if (i < n || p[n] != ' ')
		return NULL;
	e->path[n] = '\0';
	if ((nl = strchr(p + n, '\n')) == NULL)
		return NULL;
	e->len = nl + 1 - e->line;
	e->hashed = memchr(p + n, 'h', nl - (p + n)) != NULL;
	return nl + 1;
}

/* Runs at the start of every cached command: no allocation, one stat an entry. */
int
key_fresh(const char *key)
{
	static struct key_entry e;	/* 4 KiB: off the stack of every command */
	char now[KEY_LINE_MAX];
	const char *p;
	size_t n = strlen(KEY_MAGIC);

	if (strncmp(key, KEY_MAGIC, n) != 0)
		return 0;
	for (p = key + n; *p != '\0';) {
		if ((p = key_next(p, &e)) == NULL)
			return 0;
		if (key_line(e.path, e.hashed, now, sizeof now) != (int)e.len ||
		    memcmp(now, e.line, e.len) != 0)
			return 0;
	}
	return 1;
}
