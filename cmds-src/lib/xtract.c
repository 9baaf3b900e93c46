/* xtract.c - archive members onto the file system, safely, for tar and cpio */
#include "cmd.h"
#include <sys/sysmacros.h>

struct xt_dir {
	char *path;
	struct xt_member m;
};

/* Everything the commands' options do not set, kept between calls. */
struct xt_state {
	char **links;		/* symlinks made so far: never written through */
	size_t nlinks;
	struct xt_dir *dirs;	/* directories, for their modes and times at the end */
	size_t ndirs;
	int said_slash;
};

static struct xt_state *
state(struct xt *x)
{
	if (x->priv == NULL) {
		x->priv = xmalloc(sizeof(struct xt_state));
		memset(x->priv, 0, sizeof(struct xt_state));
	}
	return x->priv;
}

char *
xt_path(struct xt *x, const char *name)
{
	const char *p = name, *c;
	char *s;
	size_t n;

	while (*p == '/')
		p++;
	if (p != name && !state(x)->said_slash) {
		state(x)->said_slash = 1;
		fflush(stdout);
		fprintf(stderr, "%s: Removing leading '/' from member names\n", cmd_name);
	}
	for (c = p; *c; c += strcspn(c, "/"), c += strspn(c, "/")) {
		if (c[0] == '.' && c[1] == '.' && (c[2] == '/' || c[2] == '\0')) {
			warn("%s: member name contains '..'", name);
			return NULL;
		}
	}
	for (int i = 0; i < x->strip && *p; i++) {
		p += strcspn(p, "/");
		p += strspn(p, "/");
	}
	if (*p == '\0')
		return NULL;
	s = xstrdup(p);
	for (n = strlen(s); n > 1 && s[n - 1] == '/'; n--)
		s[n - 1] = '\0';
	return s;
}

/* Is PATH below a symlink that this extraction made? */
static int
through_link(struct xt_state *st, const char *path)
{
	for (size_t i = 0; i < st->nlinks; i++) {
		size_t n = strlen(st->links[i]);

		if (strncmp(path, st->links[i], n) == 0 && path[n] == '/') {
			warn("%s: not extracted through symlink %s", path, st->links[i]);
			return 1;
		}
	}
	return 0;
}

static void
forget_link(struct xt_state *st, const char *path)
{
	for (size_t i = 0; i < st->nlinks; i++) {
		if (strcmp(st->links[i], path) == 0) {
			free(st->links[i]);
			st->links[i] = st->links[--st->nlinks];
			return;
		}
	}
}

static void
make_parents(const char *path)
{
	char *p = xstrdup(path), *s;

	for (s = strchr(p + 1, '/'); s != NULL; s = strchr(s + 1, '/')) {
		*s = '\0';
		mkdir(p, 0777);
		*s = '/';
	}
	free(p);
}

/* Room for the member at PATH: 0, or -1 (reported) to leave it be. */
static int
clear(struct xt *x, const char *path, const struct xt_member *m)
{
	struct stat st;

	if (lstat(path, &st) < 0)
		return 0;
	if (S_ISDIR(st.st_mode) && S_ISDIR(m->mode))
		return 0;
	if (x->keep_newer && !S_ISDIR(st.st_mode) && st.st_mtime >= m->mtime) {
		/* Not an error: what -u is for. */
		fflush(stdout);
		fprintf(stderr, "%s: %s not created: newer or same age version exists\n", cmd_name, path);
		return -1;
	}
	forget_link(state(x), path);
	if ((S_ISDIR(st.st_mode) ? rmdir(path) : unlink(path)) < 0) {
		warn_errno("%s", path);
		return -1;
	}
	return 0;
}

static mode_t
perms(const struct xt *x, const struct xt_member *m)
{
	return m->mode & (x->perms ? 07777 : 07777 & ~x->mask);
}

/* Owner, mode and time, on FD or (fd < 0) on PATH itself, never through a link. */
static void
attrs(const struct xt *x, const char *path, int fd, const struct xt_member *m)
{
	struct timespec t[2] = { { 0, UTIME_OMIT }, { m->mtime, 0 } };
	int link = S_ISLNK(m->mode);
	uid_t uid = m->uid;
	gid_t gid = m->gid;

	if (x->owner) {
		if (m->uname[0] != '\0')
			uid_parse(m->uname, &uid);
		if (m->gname[0] != '\0')
			gid_parse(m->gname, &gid);
		if ((fd >= 0 ? fchown(fd, uid, gid) : lchown(path, uid, gid)) < 0)
			warn_errno("%s: cannot change owner", path);
	}
	if (!link && (fd >= 0 ? fchmod(fd, perms(x, m)) : chmod(path, perms(x, m))) < 0)
		warn_errno("%s", path);
	if (x->mtime && (fd >= 0 ? futimens(fd, t) :
	    utimensat(AT_FDCWD, path, t, AT_SYMLINK_NOFOLLOW)) < 0)
		warn_errno("%s", path);
}

int
xt_create(struct xt *x, const char *path, const struct xt_member *m)
{
	struct xt_state *st = state(x);
	int fd, r;

	if (through_link(st, path) || (m->hardlink && through_link(st, m->link)))
		return -1;
	if (x->mkdirs)
		make_parents(path);
	if (m->hardlink && strcmp(m->link, path) == 0)
		return -1;
	if (clear(x, path, m) < 0)
		return -1;
	if (S_ISREG(m->mode) && !m->hardlink) {
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd < 0)
			warn_errno("%s", path);
		return fd;
	}
	if (m->hardlink)
		r = link(m->link, path);
	else if (S_ISDIR(m->mode))
		r = mkdir(path, 0700);
	else if (S_ISLNK(m->mode))
		r = symlink(m->link, path);
	else if (S_ISCHR(m->mode) || S_ISBLK(m->mode) || S_ISFIFO(m->mode))
		r = mknod(path, m->mode & (S_IFMT | 0777), makedev(m->major, m->minor));
	else
		r = (errno = EINVAL, -1);
	if (S_ISDIR(m->mode)) {
		struct stat ds;

		if (lstat(path, &ds) < 0 || !S_ISDIR(ds.st_mode)) {
			warn_errno("%s", path);
			return -1;
		}
		/* Writable until the end, when its own mode and time come. */
		chmod(path, (ds.st_mode & 07777) | 0700);
		st->dirs = xrealloc(st->dirs, (st->ndirs + 1) * sizeof *st->dirs);
		st->dirs[st->ndirs].path = xstrdup(path);
		st->dirs[st->ndirs++].m = *m;
		return 0;
	}
	if (r < 0) {
		warn_errno("%s", path);
		return -1;
	}
	if (S_ISLNK(m->mode)) {
		st->links = xrealloc(st->links, (st->nlinks + 1) * sizeof *st->links);
		st->links[st->nlinks++] = xstrdup(path);
	}
	if (!m->hardlink)
		attrs(x, path, -1, m);
	return 0;
}

int
xt_done(struct xt *x, const char *path, int fd, const struct xt_member *m)
{
	attrs(x, path, fd, m);
	if (close(fd) < 0) {
		warn_errno("%s", path);
		return -1;
	}
	return 0;
}

void
xt_finish(struct xt *x)
{
	struct xt_state *st = x->priv;
	struct stat s;

	if (st == NULL)
		return;
	for (size_t i = st->ndirs; i-- > 0;) {
		struct xt_dir *d = &st->dirs[i];

		if (lstat(d->path, &s) == 0 && S_ISDIR(s.st_mode))
			attrs(x, d->path, -1, &d->m);
		free(d->path);
	}
	for (size_t i = 0; i < st->nlinks; i++)
		free(st->links[i]);
	free(st->links);
	free(st->dirs);
	free(st);
	x->priv = NULL;
}
