/* entry.c - the entry list, and files on the filesystems entries come from */
#include "boot.h"
#include <strings.h>
#include "path.h"
#include "sha256.h"

struct bread *bfs_reads;
int bfs_nreads;

struct bentry *
blist_add(struct blist *l)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 8;
		l->e = xrealloc(l->e, l->cap * sizeof *l->e);
	}
	memset(&l->e[l->n], 0, sizeof l->e[l->n]);
	return &l->e[l->n++];
}

void
blist_free(struct blist *l)
{
	for (int i = 0; i < l->n; i++) {
		struct bentry *e = &l->e[i];

		free(e->title);
		free(e->kernel);
		for (int j = 0; j < e->ninitrd; j++)
			free(e->initrd[j]);
		free(e->initrd);
		free(e->cmdline);
		free(e->config);
	}
	free(l->e);
	memset(l, 0, sizeof *l);
}

char *
bfs_path(const struct bfs *fs, const char *path)
{
	while (*path == '/')
		path++;
	return path_join(*fs->dir ? fs->dir : "/", path);
}

static void
note_read(const struct bfs *fs, const char *path, const char *buf, size_t n)
{
	struct bread *r;
	struct sha256 s;

	bfs_reads = xrealloc(bfs_reads, (bfs_nreads + 1) * sizeof *bfs_reads);
	r = &bfs_reads[bfs_nreads++];
	r->fs = fs;
	r->path = xstrdup(path);
	sha256_init(&s);
	sha256_update(&s, buf, n);
	sha256_final(&s, r->hash);
}

/* A config is small: refuse one over max rather than read a disk's worth. */
char *
bfs_read(const struct bfs *fs, const char *path, size_t max, size_t *len)
{
	char *full = bfs_path(fs, path), *buf = NULL;
	size_t n = 0, cap = 0;
	ssize_t r = 0;
	int fd = open(full, O_RDONLY | O_CLOEXEC), e = 0;

	free(full);
	if (fd < 0)
		return NULL;
	for (;;) {
		if (n == cap) {
			if (cap > max)
				break;
			cap = cap ? 2 * cap : 65536;
			buf = xrealloc(buf, cap + 1);
		}
		if ((r = read(fd, buf + n, cap - n)) <= 0)
			break;
		n += r;
	}
	e = r < 0 ? errno : n > max ? EFBIG : 0;
	close(fd);
	if (e) {
		free(buf);
		errno = e;
		return NULL;
	}
	buf[n] = '\0';
	*len = n;
	note_read(fs, path, buf, n);
	return buf;
}

/* GRUB's search: kind "uuid", "label" or "file" (a path that exists on it). */
const struct bfs *
bfs_find(const struct bfs_set *all, const char *kind, const char *value)
{
	for (int i = 0; all && i < all->n; i++) {
		const struct bfs *fs = &all->fs[i];
		struct stat st;
		char *p;
		int hit;

		if (strcmp(kind, "uuid") == 0)
			hit = fs->uuid && strcasecmp(fs->uuid, value) == 0;
		else if (strcmp(kind, "label") == 0)
			hit = fs->label && strcmp(fs->label, value) == 0;
		else {
			p = bfs_path(fs, value);
			hit = stat(p, &st) == 0;
			free(p);
		}
		if (hit)
			return fs;
	}
	return NULL;
}
