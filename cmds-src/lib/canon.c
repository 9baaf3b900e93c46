/* canon.c - absolute paths without ., .. or symlinks, whose last or any parts may be missing */
#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "err.h"
#include "path.h"

#define MAX_LINKS 40

struct buf {
	char *s;
	size_t len, cap;
};

static void
buf_set(struct buf *b, const char *s, size_t n)
{
	if (n + 1 > b->cap) {
		b->cap = (n + 1) * 2;
		b->s = xrealloc(b->s, b->cap);
	}
	memmove(b->s, s, n);
	b->s[n] = '\0';
	b->len = n;
}

/* Append "/NAME" (N bytes) to the result. */
static void
buf_push(struct buf *b, const char *name, size_t n)
{
	if (b->len + n + 2 > b->cap) {
		b->cap = (b->len + n + 2) * 2;
		b->s = xrealloc(b->s, b->cap);
	}
	if (b->len == 0 || b->s[b->len - 1] != '/')
		b->s[b->len++] = '/';
	memcpy(b->s + b->len, name, n);
	b->len += n;
	b->s[b->len] = '\0';
}

/* Drop the last component; "/" stays. */
static void
buf_pop(struct buf *b)
{
	while (b->len > 1 && b->s[b->len - 1] != '/')
		b->len--;
	if (b->len > 1)
		b->len--;
	b->s[b->len] = '\0';
}

/* The current directory, malloc'd, however long. */
static char *
current_dir(void)
{
	size_t n = 256;
	char *s = NULL;

	for (;;) {
		s = xrealloc(s, n);
		if (getcwd(s, n) != NULL)
			return s;
		if (errno != ERANGE) {
			free(s);
			return NULL;
		}
		n *= 2;
	}
}

/* The target of link PATH in REST, spliced before what remains there (at OFF). */
static int
splice_link(const char *path, struct buf *rest, size_t off)
{
	size_t tail = rest->len - off, r;
	char *t = link_read(AT_FDCWD, path), *tmp;

	if (t == NULL)
		return -1;
	r = strlen(t);
	tmp = xmalloc(r + tail + 2);
	memcpy(tmp, t, r);
	if (tail > 0)
		tmp[r++] = '/';
	memcpy(tmp + r, rest->s + off, tail);
	buf_set(rest, tmp, r + tail);
	free(tmp);
	free(t);
	return 0;
}

/* Is there a non-empty component after OFF in S? */
static int
more(const char *s, size_t off)
{
	for (s += off; *s; s++)
		if (*s != '/')
			return 1;
	return 0;
}

static int
resolve(struct buf *res, struct buf *rest, int how)
{
	struct stat st;
	size_t off = 0, n;
	const char *c;
	int links = 0;

	while (off < rest->len) {
		c = rest->s + off;
		n = strcspn(c, "/");
		off += n + (c[n] == '/');
		if (n == 0 || (n == 1 && c[0] == '.'))
			continue;
		if (n == 2 && c[0] == '.' && c[1] == '.') {
			buf_pop(res);
			continue;
		}
		buf_push(res, c, n);
		if (lstat(res->s, &st) < 0) {
			if (how & CANON_ANY && (errno == ENOENT || errno == ENOTDIR))
				continue;
			if (how & CANON_LAST && errno == ENOENT && !more(rest->s, off))
				continue;
			return -1;
		}
		if (S_ISLNK(st.st_mode) && !(how & CANON_NOLINKS)) {
			if (++links > MAX_LINKS) {
				errno = ELOOP;
				return -1;
			}
			if (splice_link(res->s, rest, off) < 0)
				return -1;
			off = 0;
			buf_pop(res);
			if (rest->s[0] == '/')
				buf_set(res, "/", 1);
			continue;
		}
		if (!S_ISDIR(st.st_mode) && !S_ISLNK(st.st_mode) && !(how & CANON_ANY) &&
		    (more(rest->s, off) || rest->s[rest->len - 1] == '/')) {
			errno = ENOTDIR;
			return -1;
		}
	}
	return 0;
}

char *
path_canon(const char *path, int how)
{
	struct buf res = { NULL, 0, 0 }, rest = { NULL, 0, 0 };
	char *cwd;
	int err;

	if (*path == '\0') {
		errno = ENOENT;
		return NULL;
	}
	if (path[0] == '/') {
		buf_set(&res, "/", 1);
	} else {
		if ((cwd = current_dir()) == NULL)
			return NULL;
		buf_set(&res, cwd, strlen(cwd));
		free(cwd);
	}
	buf_set(&rest, path, strlen(path));
	if (resolve(&res, &rest, how) < 0) {
		err = errno;
		free(res.s);
		free(rest.s);
		errno = err;
		return NULL;
	}
	free(rest.s);
	return res.s;
}
