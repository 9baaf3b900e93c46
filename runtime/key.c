/* key.c - describe source files, and check a description against them */
#include <sys/stat.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include "key.h"

/*
 * Decimal and hex by hand: this file is linked into every cached command,
 * and snprintf would pull musl's whole printf (some 40 KB) into each one
 * and into every first-run link.
 */
struct out {
	char *p, *end;		/* end: the last byte, kept for the NUL */
	int full;		/* something did not fit */
};

static void
put_mem(struct out *o, const char *s, size_t n)
{
	if (n > (size_t)(o->end - o->p)) {
		o->full = 1;
		n = o->end - o->p;
	}
	memcpy(o->p, s, n);
	o->p += n;
}

static void
put_str(struct out *o, const char *s)
{
	put_mem(o, s, strlen(s));
}

/* V in BASE (10 or 16), at least WIDTH digits with leading zeros. */
static void
put_num(struct out *o, unsigned long long v, unsigned base, int width)
{
	char d[24], *q = d + sizeof d;

	do {
		*--q = "0123456789abcdef"[v % base];
		v /= base;
	} while (v != 0 || d + sizeof d - q < width);
	put_mem(o, q, d + sizeof d - q);
}

static void
put_signed(struct out *o, long long v)
{
	if (v < 0)
		put_str(o, "-");
	put_num(o, v < 0 ? 0 - (unsigned long long)v : (unsigned long long)v, 10, 1);
}

/* Length written (NUL-terminated), or -1 when LEN is too small. */
static int
out_end(struct out *o, const char *start)
{
	if (o->full)
		return -1;
	*o->p = '\0';
	return (int)(o->p - start);
}

int
key_path(const char *path, char *buf, size_t len)
{
	size_t n = strlen(path);
	struct out o;

	if (n == 0 || n >= KEY_PATH_MAX || len == 0)
		return -1;
	o = (struct out){ buf, buf + len - 1, 0 };
	put_num(&o, n, 10, 1);
	put_str(&o, ":");
	put_str(&o, path);
	return out_end(&o, buf);
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
	int k = key_path(path, buf, len);
	struct out o;

	if (k < 0 || (hashed && file_hash(path, &h) < 0))
		return -1;
	o = (struct out){ buf + k, buf + len - 1, 0 };
	put_str(&o, " ");
	put_num(&o, st->st_dev, 10, 1);
	put_str(&o, " ");
	put_num(&o, st->st_ino, 10, 1);
	put_str(&o, " ");
	put_signed(&o, st->st_size);
	put_str(&o, " ");
	put_signed(&o, st->st_mtim.tv_sec);
	put_str(&o, ".");
	put_num(&o, st->st_mtim.tv_nsec, 10, 9);
	put_str(&o, " ");
	put_signed(&o, st->st_ctim.tv_sec);
	put_str(&o, ".");
	put_num(&o, st->st_ctim.tv_nsec, 10, 9);
	if (hashed) {
		put_str(&o, " h=");
		put_num(&o, h, 16, 16);
	}
	put_str(&o, "\n");
	return out_end(&o, buf);
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
