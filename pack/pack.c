/*
 * pack - write a directory tree as a reproducible newc cpio, zstd-compressed.
 *   pack [-l LEVEL] [-t EPOCH] [-m MANIFEST] [-d PATH:c|b:MAJOR:MINOR:MODE]... ROOT OUT
 * Entries are sorted, owned by 0:0, dated EPOCH (default $SOURCE_DATE_EPOCH,
 * else 0) and numbered in order, so the same tree gives the same bytes.
 * Device nodes exist only as archive entries (-d): none is made on this host.
 * LEVEL 0 writes the cpio uncompressed. Output appears whole or not at all.
 */
#define _GNU_SOURCE
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zstd.h>
#include "cpio.h"
#include "cmd.h"
#include "io.h"
#include "path.h"
#include "sha256.h"

struct node {
	char *path;		/* relative to ROOT */
	struct stat st;
};

struct tree {
	struct node *v;
	size_t n, cap;
};

struct out {
	int fd;
	ZSTD_CCtx *z;		/* NULL: uncompressed */
	char buf[1 << 16];
};

static const char *tmp_out, *tmp_manifest;

static void
cleanup(void)
{
	if (tmp_out)
		unlink(tmp_out);
	if (tmp_manifest)
		unlink(tmp_manifest);
}

_Noreturn static void
fail(const char *what, int err)
{
	fprintf(stderr, "pack: %s: %s\n", what, strerror(err));
	cleanup();
	exit(1);
}

static void
push(struct tree *t, char *path, const struct stat *st)
{
	if (t->n == t->cap) {
		t->cap = 2 * t->cap + 64;
		t->v = xrealloc(t->v, t->cap * sizeof *t->v);
	}
	t->v[t->n].path = path;
	t->v[t->n++].st = *st;
}

static void
walk_tree(const char *root, const char *rel, struct tree *t)
{
	char *dir = *rel ? path_join(root, rel) : xstrdup(root), *p, *r;
	struct dirent *d;
	struct stat st;
	DIR *dp = opendir(dir);

	if (dp == NULL)
		fail(dir, errno);
	while ((errno = 0, d = readdir(dp)) != NULL) {
		if (strcmp(d->d_name, ".") == 0 || strcmp(d->d_name, "..") == 0)
			continue;
		r = *rel ? path_join(rel, d->d_name) : xstrdup(d->d_name);
		p = path_join(root, r);
		if (strlen(r) >= PATH_MAX)
			fail(p, ENAMETOOLONG);
		if (lstat(p, &st) < 0)
			fail(p, errno);
		if (S_ISSOCK(st.st_mode))
			fail(p, EOPNOTSUPP);
		push(t, r, &st);
		if (S_ISDIR(st.st_mode))
			walk_tree(root, r, t);
		free(p);
	}
	if (errno != 0)
		fail(dir, errno);
	closedir(dp);
	free(dir);
}

/* PATH:c|b:MAJOR:MINOR:MODE, e.g. dev/console:c:5:1:0600 */
static void
add_device(struct tree *t, const char *spec)
{
	char path[PATH_MAX], type;
	unsigned maj, min, mode;
	struct stat st = { 0 };

	if (sscanf(spec, "%4095[^:]:%c:%u:%u:%o", path, &type, &maj, &min, &mode) != 5 ||
	    (type != 'c' && type != 'b'))
		fail(spec, EINVAL);
	st.st_mode = (type == 'c' ? S_IFCHR : S_IFBLK) | (mode & 07777);
	st.st_rdev = makedev(maj, min);
	push(t, xstrdup(path), &st);
}

static int
by_path(const void *a, const void *b)
{
	return strcmp(((const struct node *)a)->path, ((const struct node *)b)->path);
}

static int
sink(void *arg, const void *buf, size_t n)
{
	struct out *o = arg;
	ZSTD_inBuffer in = { buf, n, 0 };
	ZSTD_outBuffer ob;
	size_t r;

	if (o->z == NULL)
		return write_all(o->fd, buf, n);
	while (in.pos < in.size) {
		ob = (ZSTD_outBuffer){ o->buf, sizeof o->buf, 0 };
		r = ZSTD_compressStream2(o->z, &ob, &in, ZSTD_e_continue);
		if (ZSTD_isError(r))
			return errno = EIO, -1;
		if (write_all(o->fd, o->buf, ob.pos) < 0)
			return -1;
	}
	return 0;
}

static int
finish(struct out *o)
{
	ZSTD_inBuffer in = { NULL, 0, 0 };
	ZSTD_outBuffer ob;
	size_t left;

	if (o->z == NULL)
		return 0;
	do {
		ob = (ZSTD_outBuffer){ o->buf, sizeof o->buf, 0 };
		left = ZSTD_compressStream2(o->z, &ob, &in, ZSTD_e_end);
		if (ZSTD_isError(left))
			return errno = EIO, -1;
		if (write_all(o->fd, o->buf, ob.pos) < 0)
			return -1;
	} while (left != 0);
	return 0;
}

static void
hexdigest(struct sha256 *s, char hex[65])
{
	unsigned char d[32];

	sha256_final(s, d);
	for (int i = 0; i < 32; i++)
		sprintf(hex + 2 * i, "%02x", d[i]);
}

/* Copy a file's bytes into the archive; its digest goes to hex. */
static uint64_t
put_file(struct out *o, const char *path, uint64_t size, char hex[65])
{
	char buf[65536];
	struct sha256 s;
	uint64_t got = 0;
	ssize_t r;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		fail(path, errno);
	sha256_init(&s);
	while (got < size && (r = read(fd, buf, sizeof buf)) != 0) {
		if (r < 0)
			fail(path, errno);
		if ((uint64_t)r > size - got)
			r = size - got;	/* grew while we read: keep what lstat said */
		sha256_update(&s, buf, r);
		if (cpio_data(sink, o, buf, r) < 0)
			fail("output", errno);
		got += r;
	}
	close(fd);
	if (got != size)
		fail(path, EIO);	/* shrank while we read */
	hexdigest(&s, hex);
	return got;
}

static void
put_node(struct out *o, FILE *man, const char *root, const struct node *n, uint32_t ino, uint32_t mtime)
{
	struct cpio_entry e = { n->path, ino, n->st.st_mode, 0, 0, S_ISDIR(n->st.st_mode) ? 2 : 1,
		mtime, major(n->st.st_rdev), minor(n->st.st_rdev), 0 };
	char *p = path_join(root, n->path), hex[65] = "-", target[PATH_MAX];
	struct sha256 s;
	ssize_t len;

	if (S_ISREG(n->st.st_mode) || S_ISLNK(n->st.st_mode))
		e.size = n->st.st_size;
	if (cpio_header(sink, o, &e) < 0)
		fail("output", errno);
	if (S_ISREG(n->st.st_mode)) {
		put_file(o, p, e.size, hex);
	} else if (S_ISLNK(n->st.st_mode)) {
		if ((len = readlink(p, target, sizeof target)) < 0 || (uint64_t)len != e.size)
			fail(p, len < 0 ? errno : EIO);
		sha256_init(&s);
		sha256_update(&s, target, len);
		hexdigest(&s, hex);
		if (cpio_data(sink, o, target, len) < 0)
			fail("output", errno);
	} else if (S_ISCHR(n->st.st_mode) || S_ISBLK(n->st.st_mode)) {
		snprintf(hex, sizeof hex, "%c%u,%u", S_ISCHR(n->st.st_mode) ? 'c' : 'b',
		    e.rdevmajor, e.rdevminor);
	}
	if (cpio_pad(sink, o, e.size) < 0)
		fail("output", errno);
	fprintf(man, "%s %06o %llu %s\n", n->path, (unsigned)n->st.st_mode,
	    (unsigned long long)e.size, hex);
	free(p);
}

static char *
tmp_name(const char *path)
{
	char *t = xmalloc(strlen(path) + 32);

	sprintf(t, "%s.tmp.%ld", path, (long)getpid());
	return t;
}

static void
open_out(struct out *o, const char *path, int level)
{
	tmp_out = tmp_name(path);
	if ((o->fd = open(tmp_out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)) < 0) {
		int err = errno;

		tmp_out = NULL;
		fail(path, err);
	}
	o->z = NULL;
	if (level > 0) {
		if ((o->z = ZSTD_createCCtx()) == NULL)
			fail("zstd", ENOMEM);
		ZSTD_CCtx_setParameter(o->z, ZSTD_c_compressionLevel, level);
		ZSTD_CCtx_setParameter(o->z, ZSTD_c_checksumFlag, 1);
	}
}

static FILE *
open_manifest(const char *path)
{
	FILE *f;

	if (path == NULL)
		return fopen("/dev/null", "w");
	tmp_manifest = tmp_name(path);
	if ((f = fopen(tmp_manifest, "w")) == NULL) {
		int err = errno;

		tmp_manifest = NULL;
		fail(path, err);
	}
	return f;
}

static void
publish(struct out *o, FILE *man, const char *out, const char *manifest)
{
	if (cpio_trailer(sink, o) < 0 || finish(o) < 0 || fsync(o->fd) < 0 || close(o->fd) < 0)
		fail(out, errno);
	if (fflush(man) != 0 || ferror(man) || fclose(man) != 0)
		fail(manifest ? manifest : "manifest", errno);
	if (rename(tmp_out, out) < 0)
		fail(out, errno);
	tmp_out = NULL;
	if (manifest != NULL && rename(tmp_manifest, manifest) < 0)
		fail(manifest, errno);
	tmp_manifest = NULL;
}

static const char usage[] = "pack [-l LEVEL] [-t EPOCH] [-m MANIFEST] [-d PATH:c|b:MAJOR:MINOR:MODE]... ROOT OUT";

int
main(int argc, char **argv)
{
	struct opt o = OPT_INIT(argc, argv, usage);
	const char *manifest = NULL, *epoch = getenv("SOURCE_DATE_EPOCH");
	struct tree t = { 0 };
	static struct out out;
	int c, level = 19;
	char *end;
	FILE *man;

	while ((c = opt_next(&o, "l:t:m:d:")) != -1) {
		if (c == 'l' && ((level = strtol(o.arg, &end, 10)) < 0 || level > 22 || *end))
			fail(o.arg, EINVAL);
		else if (c == 't')
			epoch = o.arg;
		else if (c == 'm')
			manifest = o.arg;
		else if (c == 'd')
			add_device(&t, o.arg);
		else if (c == '?')
			die_usage(&o);
	}
	if (argc - o.ind != 2)
		die_usage(&o);
	walk_tree(argv[o.ind], "", &t);
	qsort(t.v, t.n, sizeof *t.v, by_path);
	for (size_t i = 1; i < t.n; i++)
		if (strcmp(t.v[i - 1].path, t.v[i].path) == 0)
			fail(t.v[i].path, EEXIST);	/* a -d entry that the tree has too */
	open_out(&out, argv[o.ind + 1], level);
	man = open_manifest(manifest);
	for (size_t i = 0; i < t.n; i++)
		put_node(&out, man, argv[o.ind], &t.v[i], i + 1, epoch ? strtoul(epoch, NULL, 10) : 0);
	publish(&out, man, argv[o.ind + 1], manifest);
	return 0;
}
