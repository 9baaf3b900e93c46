/*
 * deps.c - which source files a build read. A compile reports every file it
 * opens; those under the source tree are kept (the image's own headers and
 * libraries are not sources). The library archive records, one line per
 * object, the files that object was compiled from, so that a command's key
 * can name the library files of exactly the objects it linked.
 *
 * In the archive's note: "UBD1\n", then per object, in archive order, a line
 * of "LEN:PATH" entries separated by spaces (as in keys, LEN makes any byte
 * but NUL safe in a path).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "key.h"
#include "ubuild.h"

/* Add PATH once; with its digest D when P keeps digests (D NULL: zeros). */
int
paths_add_sum(struct paths *p, const char *path, const unsigned char d[32])
{
	unsigned char (*sum)[32];
	char **v;

	if (p->failed)
		return -1;	/* the arrays may differ in size */
	for (size_t i = 0; i < p->n; i++)
		if (strcmp(p->v[i], path) == 0)
			return 0;
	if (p->n + 2 > p->cap) {
		p->cap = 2 * p->cap + 16;
		if ((v = realloc(p->v, p->cap * sizeof *v)) == NULL)
			return p->failed = 1, -1;
		p->v = v;
		if (p->hash && (sum = realloc(p->sum, p->cap * sizeof *sum)) == NULL)
			return p->failed = 1, -1;
		if (p->hash)
			p->sum = sum;
	}
	if ((p->v[p->n] = strdup(path)) == NULL)
		return p->failed = 1, -1;
	if (p->hash && d != NULL)
		memcpy(p->sum[p->n], d, 32);
	else if (p->hash)
		memset(p->sum[p->n], 0, 32);
	p->v[++p->n] = NULL;
	return 0;
}

int
paths_add(struct paths *p, const char *path)
{
	return paths_add_sum(p, path, NULL);
}

const unsigned char *
paths_sum(const struct paths *p, const char *path)
{
	for (size_t i = 0; p->hash && i < p->n; i++)
		if (strcmp(p->v[i], path) == 0)
			return p->sum[i];
	return NULL;
}

/*
 * cc_job.opened: keep what lies under p->under (SRC); with p->hash, its
 * SHA-256 too, read from the compiler's own descriptor as it opened it, so
 * that what is measured is what was compiled (measure.c).
 */
void
paths_opened(void *arg, const char *path, int fd)
{
	struct paths *p = arg;
	size_t n = strlen(p->under);
	unsigned char d[32];

	if (strncmp(path, p->under, n) != 0 || path[n] != '/' || paths_sum(p, path) != NULL)
		return;
	if (p->hash && ub_hash_at(fd, d) < 0)
		p->failed = 1;
	paths_add_sum(p, path, p->hash ? d : NULL);
}

void
paths_free(struct paths *p)
{
	for (size_t i = 0; i < p->n; i++)
		free(p->v[i]);
	free(p->v);
	free(p->sum);
	p->v = NULL;
	p->sum = NULL;
	p->n = p->cap = 0;
}

/* One object's line of the note. */
int
deps_put(FILE *f, const struct paths *p)
{
	char buf[KEY_PATH_MAX + 16];

	for (size_t i = 0; i < p->n; i++) {
		if (key_path(p->v[i], buf, sizeof buf) < 0)
			return -1;
		fprintf(f, "%s%s", i ? " " : "", buf);
	}
	fputc('\n', f);
	return ferror(f) ? -1 : 0;
}

/* The deps section of a note, through its last line; NULL if none. */
const char *
deps_section(const char *note, size_t *len)
{
	const char *d = note ? strstr(note, DEPS_MAGIC) : NULL, *k;

	if (d == NULL)
		return NULL;
	k = strstr(d, KEY_MAGIC);
	*len = k ? (size_t)(k - d) : strlen(d);
	return d;
}

/*
 * Read one line from S: its paths go to P when P is not NULL. Returns what
 * follows the line, or NULL if malformed. Paths may hold newlines: the
 * lengths, not the newlines, say where a line ends.
 */
static const char *
deps_line(const char *s, struct paths *p)
{
	char path[KEY_PATH_MAX];
	size_t n;
	char *end;

	while (*s != '\n') {
		n = strtoul(s, &end, 10);
		if (end == s || *end != ':' || n == 0 || n >= sizeof path || strnlen(end + 1, n) < n)
			return NULL;
		memcpy(path, end + 1, n);
		path[n] = '\0';
		if (p != NULL && paths_add(p, path) < 0)
			return NULL;
		s = end + 1 + n;
		if (*s == ' ')
			s++;
		else if (*s != '\n')
			return NULL;
	}
	return s + 1;
}

/* Add the files of object MEMBER to P: 0, or -1 if the note has no such line. */
int
deps_get(const char *note, size_t member, struct paths *p)
{
	const char *s;
	size_t len;

	if ((s = deps_section(note, &len)) == NULL)
		return -1;
	s += strlen(DEPS_MAGIC);
	for (; member > 0 && s != NULL; member--)
		s = *s != '\0' ? deps_line(s, NULL) : NULL;
	if (s == NULL || *s == '\0' || strncmp(s, KEY_MAGIC, strlen(KEY_MAGIC)) == 0)
		return -1;
	return deps_line(s, p) == NULL ? -1 : 0;
}
