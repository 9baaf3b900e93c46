/* walk.c - file tree walks for -R, du and find: every entry once, errors reported, the walk carries on */
#define _GNU_SOURCE 1
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "err.h"
#include "path.h"

/* The directories above the entry at hand, to notice loops through symlinks. */
struct walk_up {
	const struct walk_up *up;
	dev_t dev;
	ino_t ino;
};

/* The path becomes its first DLEN bytes, a slash and NAME. */
static void
set_path(struct walk *w, size_t dlen, const char *name)
{
	size_t n = strlen(name), need = dlen + n + 2;

	if (need > w->cap) {
		w->cap = need * 2;
		w->path = xrealloc(w->path, w->cap);
	}
	w->len = dlen;
	if (dlen > 0 && w->path[dlen - 1] != '/')
		w->path[w->len++] = '/';
	w->base = w->len;
	memcpy(w->path + w->len, name, n + 1);
	w->len += n;
}

/* Stat the entry at hand; a dangling link is the link when following. */
static int
stat_entry(struct walk *w)
{
	int follow = w->follow == 'L' || (w->follow == 'H' && w->depth == 0);

	if (follow && stat(w->path, &w->st) == 0)
		return 0;
	if (lstat(w->path, &w->st) == 0)
		return 0;
	warn_errno("%s", w->path);
	return -1;
}

/* The names in directory PATH but . and .., NULL-terminated; NULL if unreadable. */
static char **
read_names(const char *path)
{
	struct dirent *e;
	DIR *d = opendir(path);
	char **v;
	size_t n = 0, cap = 16;
	int err, saved = errno;

	if (d == NULL)
		return NULL;
	v = xmalloc(cap * sizeof *v);
	while (errno = 0, (e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.' && (e->d_name[1] == '\0' ||
		    (e->d_name[1] == '.' && e->d_name[2] == '\0')))
			continue;
		if (n + 2 > cap)
			v = xrealloc(v, (cap *= 2) * sizeof *v);
		v[n++] = xstrdup(e->d_name);
	}
	v[n] = NULL;
	err = errno;
	closedir(d);
	/* Leave errno as it was: a failed write to stdout may want it at exit. */
	if (err != 0) {
		errno = err;
		warn_errno("%s", path);
	}
	errno = saved;
	return v;
}

static int walk_entry(struct walk *w, const struct walk_up *up);

/* The entries of the directory at hand, each walked in turn. */
static int
walk_dir(struct walk *w, const struct walk_up *up)
{
	size_t dlen = w->len, base = w->base;
	struct stat st = w->st;
	struct walk_up self;
	char **names = read_names(w->path), **p;
	int r = 0;

	if (names == NULL) {
		warn_errno("%s", w->path);
		return 0;
	}
	self.up = up;
	self.dev = st.st_dev;
	self.ino = st.st_ino;
	w->depth++;
	for (p = names; *p != NULL; p++) {
		if (r == 0) {
			set_path(w, dlen, *p);
			r = walk_entry(w, &self);
		}
		free(*p);
	}
	free(names);
	w->depth--;
	w->path[dlen] = '\0';
	w->len = dlen;
	w->base = base;
	w->st = st;
	return r;
}

static int
walk_entry(struct walk *w, const struct walk_up *up)
{
	const struct walk_up *a;
	int r;

	if (stat_entry(w) < 0)
		return 0;
	if (w->depth == 0)
		w->dev = w->st.st_dev;
	if (!S_ISDIR(w->st.st_mode))
		return w->visit(w, WALK_F);
	for (a = up; a != NULL; a = a->up) {
		if (a->dev == w->st.st_dev && a->ino == w->st.st_ino) {
			warn("%s: file system loop", w->path);
			return 0;
		}
	}
	w->skip = 0;
	if ((r = w->visit(w, WALK_D)) != 0)
		return r;
	if (!w->skip && (!w->xdev || w->st.st_dev == w->dev) &&
	    (r = walk_dir(w, up)) != 0)
		return r;
	return w->post ? w->visit(w, WALK_DP) : 0;
}

int
walk(struct walk *w, const char *root)
{
	size_t n = strlen(root);

	w->depth = 0;
	w->len = 0;
	set_path(w, 0, root);
	while (n > 1 && root[n - 1] == '/')
		n--;
	if (n == 1 && root[0] == '/')
		n = 0;
	while (n > 0 && root[n - 1] != '/')
		n--;
	w->base = n;
	return walk_entry(w, NULL);
}

void
walk_free(struct walk *w)
{
	free(w->path);
	w->path = NULL;
	w->cap = 0;
}
