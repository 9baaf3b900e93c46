/*
 * seed.c - content keys: what a build read, named by the bytes of its files
 * instead of their stat data, so a build made with the image (ubuild -L) is
 * recognised on the target while the files are unchanged.
 *
 * A seed binary's key slot holds a record, not a stat key:
 *	"UBS1 HASH SLOT\n", then one "LEN:PATH\n" line per file the build read
 * HASH is ub_content_hash of those paths in that order, SLOT the bytes of the
 * slot (the stat key written there on adoption must fit). Nothing in it
 * depends on the host, the time or the build's temp names: two seed builds of
 * the same sources by the same compiler are the same bytes (ubuild --audit).
 */
#include <sys/stat.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "key.h"
#include "sha256.h"
#include "ubuild.h"

int
ub_hash_fd(struct sha256 *s, int fd)
{
	unsigned char buf[16384];
	ssize_t n;

	while ((n = read(fd, buf, sizeof buf)) > 0)
		sha256_update(s, buf, n);
	return n < 0 ? -1 : 0;
}

void
ub_hex(const unsigned char *d, size_t n, char *out)
{
	for (size_t i = 0; i < n; i++)
		snprintf(out + 2 * i, 3, "%02x", d[i]);
}

/* One file into S: its name with the NUL, its size, its bytes. A directory
 * (a directory command's own) counts by its name and a size of -1: the files
 * in it are listed on their own. */
static int
hash_one(struct sha256 *s, const char *path)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC), r = 0;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0) {
		close(fd);
		return -1;
	}
	if (S_ISDIR(st.st_mode))
		st.st_size = -1;
	sha256_update(s, path, strlen(path) + 1);
	sha256_update(s, &st.st_size, sizeof st.st_size);
	if (!S_ISDIR(st.st_mode))
		r = ub_hash_fd(s, fd);
	close(fd);
	return r;
}

int
ub_content_hash(char *const *paths, char hex[65])
{
	unsigned char d[32];
	struct sha256 s;

	sha256_init(&s);
	for (; *paths != NULL; paths++)
		if (hash_one(&s, *paths) < 0)
			return -1;
	sha256_final(&s, d);
	ub_hex(d, 32, hex);
	return 0;
}

char *
ub_seed_record(char *const *paths, size_t slot)
{
	char hex[65], buf[KEY_PATH_MAX + 16], *rec = NULL;
	size_t n;
	FILE *f;

	if (ub_content_hash(paths, hex) < 0 || (f = open_memstream(&rec, &n)) == NULL)
		return NULL;
	fprintf(f, "%s%s %zu\n", SEED_MAGIC, hex, slot);
	for (; *paths != NULL; paths++) {
		if (key_path(*paths, buf, sizeof buf) < 0)
			fputc('\0', f);	/* too long: the record is refused below */
		else
			fprintf(f, "%s\n", buf);
	}
	if (fclose(f) != 0 || strlen(rec) != n) {
		free(rec);
		return NULL;
	}
	return rec;
}

/* "LEN:PATH\n" at S into P: what follows it, or NULL. */
static const char *
record_line(const char *s, struct paths *p)
{
	char path[KEY_PATH_MAX];
	char *end;
	size_t n = strtoul(s, &end, 10);

	if (end == s || *end != ':' || n == 0 || n >= sizeof path || strnlen(end + 1, n + 1) < n + 1 ||
	    end[1 + n] != '\n')
		return NULL;
	memcpy(path, end + 1, n);
	path[n] = '\0';
	return paths_add(p, path) < 0 ? NULL : end + 2 + n;
}

int
ub_seed_parse(const char *rec, struct seed_rec *sr)
{
	size_t m = strlen(SEED_MAGIC);
	const char *s = rec + m;
	char *end;

	memset(sr, 0, sizeof *sr);
	if (strncmp(rec, SEED_MAGIC, m) != 0 || strspn(s, "0123456789abcdef") != 64 || s[64] != ' ')
		return -1;
	memcpy(sr->hash, s, 64);
	sr->slot = strtoul(s + 65, &end, 10);
	if (end == s + 65 || *end != '\n' || sr->slot == 0)
		return -1;
	for (s = end + 1; s != NULL && *s != '\0'; )
		s = record_line(s, &sr->paths);
	if (s == NULL || sr->paths.n == 0) {
		paths_free(&sr->paths);
		return -1;
	}
	return 0;
}

/* The record in a seed binary of LEN bytes: its offset, or -1. */
long
ub_seed_find(const char *buf, size_t len)
{
	size_t m = strlen(SEED_MAGIC);
	const char *p = buf, *end = buf + len;

	while ((p = memmem(p, end - p, SEED_MAGIC, m)) != NULL) {
		if ((size_t)(end - p) > m + 65 && strspn(p + m, "0123456789abcdef") == 64 &&
		    memchr(p, '\0', end - p) != NULL)
			return p - buf;
		p += m;
	}
	return -1;
}
