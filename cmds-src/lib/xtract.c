/* xtract.c - archive members onto the file system, safely, for tar and cpio */
#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include "err.h"
#include "attr.h"
#include "xt.h"

/* linux/openat2.h's struct open_how (Linux 5.6), which musl has no wrapper
 * for and the image ships no kernel headers for. */
struct xt_open_how {
	uint64_t flags, mode, resolve;
};
#define XT_RESOLVE_NO_MAGICLINKS 0x02
#define XT_RESOLVE_BENEATH 0x08
#ifndef SYS_openat2
#define SYS_openat2 437
#endif

struct xt_dir {
	char *path;
	struct xt_member m;
};

/* A symlink from the archive: a placeholder file now, the link at the end. */
struct xt_link {
	char *path, *target;	/* path NULL: the placeholder went, so does the link */
	dev_t dev;
	ino_t ino;
	struct xt_member m;
};

/* Everything the commands' options do not set, kept between calls. */
struct xt_state {
	int root;		/* the target directory: every name resolves beneath it */
	int no_openat2;		/* the kernel has none: walk one component at a time */
	struct xt_link *links;
	size_t nlinks, linkcap;
	/* links by (device, inode) of their placeholders: index + 1, 0 for
	 * none; a power of two, at most half full, one slot per inode. */
	size_t *slots, nslots;
	struct xt_dir *dirs;	/* directories, for their modes and times at the end */
	size_t ndirs;
};

static struct xt_state *
state(struct xt *x)
{
	struct xt_state *st = x->priv;

	if (st == NULL) {
		st = x->priv = xmalloc(sizeof(struct xt_state));
		memset(st, 0, sizeof *st);
		/* Open once: later chdirs or renames of "." change nothing. */
		st->root = open(".", O_PATH | O_DIRECTORY | O_CLOEXEC);
	}
	return st;
}

size_t
xt_lead(const char *name, int dotdot)
{
	size_t n = strspn(name, "/");
	const char *c;

	if (!dotdot)
		return n;
	for (c = name + n; *c; c += strcspn(c, "/"), c += strspn(c, "/"))
		if (c[0] == '.' && c[1] == '.' && (c[2] == '/' || c[2] == '\0'))
			n = c + 2 - name + strspn(c + 2, "/");
	return n;
}

void
xt_say_lead(struct xt_said *said, const char *name, size_t n)
{
	int slashes = strspn(name, "/") == n;

	if (n == 0 || (slashes && said->slash))
		return;
	if (!slashes && said->prefix != NULL && strlen(said->prefix) == n &&
	    memcmp(said->prefix, name, n) == 0)
		return;
	if (slashes) {
		said->slash = 1;
	} else {
		free(said->prefix);
		said->prefix = memcpy(xmalloc(n + 1), name, n);
		said->prefix[n] = '\0';
	}
	fflush(stdout);
	fprintf(stderr, "%s: removing leading '%.*s' from member names\n", cmd_name,
	    slashes ? 1 : (int)n, name);
}

char *
xt_path(struct xt *x, const char *name)
{
	size_t lead = xt_lead(name, 0);
	const char *p = name + lead, *c;
	char *s;
	size_t n;

	xt_say_lead(&x->said, name, lead);
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

/* PATH with one spelling per file: no "", "." or leading "/" components
 * ("./d//x/" is "d/x"), "." for the target itself. Malloc'd. */
static char *
canon(const char *path)
{
	char *s = xmalloc(strlen(path) + 2), *o = s;
	const char *c = path;
	size_t n;

	for (; *c; c += n) {
		c += strspn(c, "/");
		n = strcspn(c, "/");
		if (n == 0 || (n == 1 && c[0] == '.'))
			continue;
		if (o != s)
			*o++ = '/';
		memcpy(o, c, n);
		o += n;
	}
	if (o == s)
		*o++ = '.';
	*o = '\0';
	return s;
}

/* Split canonical PATH at its last slash: the directory ("." if none) in
 * PATH, the last component returned. Not for ".". */
static char *
split(char *path, char **dir)
{
	char *slash = strrchr(path, '/');

	if (slash == NULL) {
		*dir = (char *)".";
		return path;
	}
	*slash = '\0';
	*dir = path;
	return slash + 1;
}

static int
keep_errno(int r, int fd)
{
	int e = errno;

	if (fd >= 0)
		close(fd);
	errno = e;
	return r;
}

/* NAME in DFD, never through a symlink: one there is ELOOP. */
static int
step(int dfd, const char *name, int flags)
{
	struct stat s;
	int fd;

	if (strcmp(name, "..") == 0)
		return errno = EXDEV, -1;
	fd = openat(dfd, name, flags | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 && errno == ENOTDIR && fstatat(dfd, name, &s, AT_SYMLINK_NOFOLLOW) == 0 &&
	    S_ISLNK(s.st_mode))
		errno = ELOOP;
	return fd;
}

/* Without openat2: component by component from ROOT, following no symlink. */
static int
walk_nofollow(int root, const char *path, int flags)
{
	char *p = xstrdup(path), *c = p, *slash;
	int fd = openat(root, ".", O_PATH | O_DIRECTORY | O_CLOEXEC), next;

	while (fd >= 0 && (slash = strchr(c, '/')) != NULL) {
		*slash = '\0';
		next = step(fd, c, O_PATH | O_DIRECTORY);
		keep_errno(0, fd);
		fd = next;
		c = slash + 1;
	}
	if (fd >= 0) {
		next = step(fd, c, flags);
		keep_errno(0, fd);
		fd = next;
	}
	free(p);
	return fd;
}

/* Canonical PATH opened beneath the target: no "..", absolute or /proc
 * magic link gets out (EXDEV, ELOOP). A symlink staying beneath is
 * followed, unless FLAGS has O_NOFOLLOW (for the last component) or the
 * kernel lacks openat2 (then none is: ELOOP). */
static int
beneath(struct xt_state *st, const char *path, int flags)
{
	struct xt_open_how how;
	int fd;

	if (!st->no_openat2) {
		memset(&how, 0, sizeof how);
		how.flags = flags | O_CLOEXEC;
		how.resolve = XT_RESOLVE_BENEATH | XT_RESOLVE_NO_MAGICLINKS;
		fd = syscall(SYS_openat2, st->root, path, &how, sizeof how);
		if (fd >= 0 || errno != ENOSYS)
			return fd;
		st->no_openat2 = 1;
	}
	return walk_nofollow(st->root, path, flags);
}

/* The components of REST made in PFD (closed) one below the other, each
 * opened without following a symlink: the last one's descriptor, or -1. */
static int
make_dirs(int pfd, const char *rest)
{
	char *p = xstrdup(rest), *c = p, *slash;
	int fd = pfd;

	for (; fd >= 0 && c != NULL; c = slash ? slash + 1 : NULL) {
		if ((slash = strchr(c, '/')) != NULL)
			*slash = '\0';
		if (mkdirat(fd, c, 0777) < 0 && errno != EEXIST)
			fd = keep_errno(-1, fd);
		else
			fd = keep_errno(step(fd, c, O_PATH | O_DIRECTORY), fd);
	}
	free(p);
	return fd;
}

/* The directory DIR (canonical) beneath the target, its missing components
 * made first with MAKE: an O_PATH descriptor, or -1 (errno). A loop, not a
 * recursion per component. With openat2, back from DIR to the deepest
 * directory there is; without it, the walk follows no symlink anyway, so
 * down from the target (DIR's prefixes again and again cost as many steps). */
static int
open_dir(struct xt_state *st, char *dir, int make)
{
	char *slash = NULL, *end = dir + strlen(dir), *p;
	int fd = beneath(st, dir, O_PATH | O_DIRECTORY);

	if (fd >= 0 || errno != ENOENT || !make)
		return fd;
	while (!st->no_openat2 && (slash = strrchr(dir, '/')) != NULL) {
		*slash = '\0';
		if ((fd = beneath(st, dir, O_PATH | O_DIRECTORY)) >= 0 || errno != ENOENT)
			break;
	}
	for (p = dir; p < end; p++)
		if (*p == '\0')
			*p = '/';
	if (slash == NULL)
		fd = beneath(st, ".", O_PATH | O_DIRECTORY);
	return fd < 0 ? -1 : make_dirs(fd, slash ? slash + 1 : dir);
}

/* The slot of the link whose placeholder is DEV, INO, or the empty one
 * where it would go. */
static size_t
slot(const struct xt_state *st, dev_t dev, ino_t ino)
{
	uint64_t h = (uint64_t)ino * 0x9e3779b97f4a7c15u ^ (uint64_t)dev;
	size_t i = (size_t)(h ^ h >> 32) & (st->nslots - 1);
	const struct xt_link *l;

	for (; st->slots[i] != 0; i = (i + 1) & (st->nslots - 1)) {
		l = &st->links[st->slots[i] - 1];
		if (l->dev == dev && l->ino == ino)
			break;
	}
	return i;
}

/* Link N into the slots. One there already for its inode had a placeholder
 * that is gone (a new file has a new inode): its link goes too. */
static void
index_link(struct xt_state *st, size_t n)
{
	struct xt_link *l = &st->links[n];
	size_t i = slot(st, l->dev, l->ino);

	if (st->slots[i] != 0) {
		free(st->links[st->slots[i] - 1].path);
		st->links[st->slots[i] - 1].path = NULL;
	}
	st->slots[i] = n + 1;
}

/* Room for one more link, in the array and in the slots. */
static void
grow_links(struct xt_state *st)
{
	if (st->nlinks == st->linkcap) {
		st->linkcap = st->linkcap ? 2 * st->linkcap : 64;
		st->links = xrealloc(st->links, st->linkcap * sizeof *st->links);
	}
	if (2 * (st->nlinks + 1) <= st->nslots)
		return;
	free(st->slots);
	st->nslots = st->nslots ? 2 * st->nslots : 128;
	st->slots = xmalloc(st->nslots * sizeof *st->slots);
	memset(st->slots, 0, st->nslots * sizeof *st->slots);
	for (size_t n = 0; n < st->nlinks; n++)
		index_link(st, n);
}

/* The symlink this extraction will make where S is, if it is a placeholder. */
static struct xt_link *
placeholder(struct xt_state *st, const struct stat *s)
{
	size_t i;

	if (st->nslots == 0 || !S_ISREG(s->st_mode))
		return NULL;
	i = slot(st, s->st_dev, s->st_ino);
	if (st->slots[i] == 0 || st->links[st->slots[i] - 1].path == NULL)
		return NULL;
	return &st->links[st->slots[i] - 1];
}

/* Say why DIR, the directory of PATH, could not be had: the first of its
 * components that fails, by name if it is a symlink (made or to be made). */
static void
refuse(struct xt_state *st, const char *path, const char *dir)
{
	char *p = xstrdup(dir), *end = p;
	int e = errno, pfd = beneath(st, ".", O_PATH | O_DIRECTORY), fd;
	struct stat s;

	while (pfd >= 0 && end != NULL) {
		end = strchr(end + 1, '/');
		if (end)
			*end = '\0';
		if ((fd = beneath(st, p, O_PATH | O_DIRECTORY)) < 0) {
			e = errno;
			if (fstatat(pfd, strrchr(p, '/') ? strrchr(p, '/') + 1 : p, &s,
			    AT_SYMLINK_NOFOLLOW) == 0 && (S_ISLNK(s.st_mode) || placeholder(st, &s))) {
				warn("%s: not extracted through symlink %s", path, p);
				e = 0;
			}
			break;
		}
		close(pfd);
		pfd = fd;
		if (end)
			*end = '/';
	}
	if (pfd >= 0)
		close(pfd);
	free(p);
	if (e != 0) {
		errno = e;
		warn_errno("%s", path);
	}
}

/* Room for the member at BASE in DFD: 0, or -1 (reported) to leave it be. */
static int
clear(struct xt *x, int dfd, const char *base, const char *path, const struct xt_member *m)
{
	struct xt_link *l;
	struct stat s;

	if (fstatat(dfd, base, &s, AT_SYMLINK_NOFOLLOW) < 0)
		return 0;
	if (S_ISDIR(s.st_mode) && S_ISDIR(m->mode))
		return 0;
	if ((l = placeholder(state(x), &s)) != NULL) {
		/* A symlink of this archive's, never newer than its later members. */
		free(l->path);
		l->path = NULL;
	} else if (x->keep_newer && !S_ISDIR(s.st_mode) && s.st_mtime >= m->mtime) {
		/* Not an error: what -u is for. */
		fflush(stdout);
		fprintf(stderr, "%s: %s not created: newer or same age version exists\n", cmd_name, path);
		return -1;
	}
	if (unlinkat(dfd, base, S_ISDIR(s.st_mode) ? AT_REMOVEDIR : 0) < 0) {
		warn_errno("%s", path);
		return -1;
	}
	return 0;
}

/* Set-id bits only on a file its archive owner owns, never on one left to
 * whoever extracts (root). A directory's set-group-id only passes a group on. */
static mode_t
perms(const struct xt *x, const struct xt_member *m, int owned)
{
	mode_t p = m->mode & (x->perms ? 07777 : 07777 & ~x->mask);

	if (!owned && !S_ISDIR(m->mode))
		p &= ~(mode_t)(S_ISUID | S_ISGID);
	return p;
}

/* Owner, mode and time, on FD or (fd < 0) on BASE in DFD, never through a
 * link. The mode only on FD: by name, it would follow a symlink swapped in
 * meanwhile (no lchmod); a device or fifo has its mode from make_node. */
static void
attrs(const struct xt *x, int dfd, const char *base, int fd, const char *path,
    const struct xt_member *m)
{
	struct timespec t[2] = { { 0, UTIME_OMIT }, { m->mtime, 0 } };
	int owned = 0;
	uid_t uid = m->uid;
	gid_t gid = m->gid;

	if (x->owner) {
		if (m->uname[0] != '\0')
			uid_parse(m->uname, &uid);
		if (m->gname[0] != '\0')
			gid_parse(m->gname, &gid);
		owned = (fd >= 0 ? fchown(fd, uid, gid) :
		    fchownat(dfd, base, uid, gid, AT_SYMLINK_NOFOLLOW)) == 0;
		if (!owned)
			warn_errno("%s: cannot change owner", path);
	}
	if (fd >= 0 && fchmod(fd, perms(x, m, owned)) < 0)
		warn_errno("%s", path);
	if (x->mtime && (fd >= 0 ? futimens(fd, t) :
	    utimensat(dfd, base, t, AT_SYMLINK_NOFOLLOW)) < 0)
		warn_errno("%s", path);
}

/* A symlink to TARGET at BASE in DFD, made at xt_finish: an empty file
 * with no permissions holds its place, so nothing goes through it now. */
static int
defer_symlink(struct xt_state *st, int dfd, const char *base, const char *path,
    const char *target, const struct xt_member *m)
{
	struct xt_link *l;
	struct stat s;
	int fd = openat(dfd, base, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0);

	if (fd < 0 || fstat(fd, &s) < 0) {
		warn_errno("%s", path);
		return keep_errno(-1, fd);
	}
	close(fd);
	grow_links(st);
	l = &st->links[st->nlinks];
	l->path = xstrdup(path);
	l->target = xstrdup(target);
	l->dev = s.st_dev;
	l->ino = s.st_ino;
	l->m = *m;
	l->m.link = NULL;
	index_link(st, st->nlinks++);
	return 0;
}

/* A hard link at BASE in DFD to M's first name, beneath the target too; to
 * a symlink still to come, another symlink. */
static int
hard_link(struct xt_state *st, int dfd, const char *base, const char *path,
    const struct xt_member *m)
{
	char *to = canon(m->link), *target;
	const char *tbase = split(to, &target);
	struct xt_link *l;
	struct xt_member lm;
	struct stat s;
	int tfd = open_dir(st, target, 0), r = -1;

	if (tfd < 0) {
		refuse(st, path, target);
	} else if (fstatat(tfd, tbase, &s, AT_SYMLINK_NOFOLLOW) == 0 &&
	    (l = placeholder(st, &s)) != NULL) {
		char *t = xstrdup(l->target);

		lm = l->m;
		r = defer_symlink(st, dfd, base, path, t, &lm);
		free(t);
	} else if ((r = linkat(tfd, tbase, dfd, base, 0)) < 0) {
		warn_errno("%s", path);
	}
	free(to);
	return keep_errno(r, tfd);
}

static void
add_dir(struct xt_state *st, const char *path, const struct xt_member *m)
{
	st->dirs = xrealloc(st->dirs, (st->ndirs + 1) * sizeof *st->dirs);
	st->dirs[st->ndirs].path = xstrdup(path);
	st->dirs[st->ndirs].m = *m;
	st->dirs[st->ndirs++].m.link = NULL;
}

/* A directory at BASE in DFD (or the one there), writable until xt_finish. */
static int
make_dir(struct xt_state *st, int dfd, const char *base, const char *path,
    const struct xt_member *m)
{
	int fd;
	struct stat s;

	if (mkdirat(dfd, base, 0700) < 0 && errno != EEXIST) {
		warn_errno("%s", path);
		return -1;
	}
	if ((fd = step(dfd, base, O_RDONLY | O_DIRECTORY)) < 0 || fstat(fd, &s) < 0) {
		warn_errno("%s", path);
		return keep_errno(-1, fd);
	}
	fchmod(fd, (s.st_mode & 07777) | 0700);
	close(fd);
	add_dir(st, path, m);
	return 0;
}

/* A device or fifo at BASE in DFD, made with its final permissions (the
 * umask applied by perms, if at all; set-id bits mean nothing there). */
static int
make_node(const struct xt *x, int dfd, const char *base, const struct xt_member *m)
{
	mode_t mask = umask(0);
	int r = mknodat(dfd, base, (m->mode & S_IFMT) | (perms(x, m, 0) & 0777),
	    makedev(m->major, m->minor));

	umask(mask);
	return r;
}

/* BASE in DFD, made as M says: 0, a descriptor for a regular file, or -1. */
static int
make(struct xt *x, int dfd, const char *base, const char *path, const struct xt_member *m)
{
	struct xt_state *st = state(x);
	int fd, r;

	if (S_ISREG(m->mode) && !m->hardlink) {
		fd = openat(dfd, base, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (fd < 0)
			warn_errno("%s", path);
		return fd;
	}
	if (m->hardlink)
		return hard_link(st, dfd, base, path, m);
	if (S_ISDIR(m->mode))
		return make_dir(st, dfd, base, path, m);
	if (S_ISLNK(m->mode))
		return defer_symlink(st, dfd, base, path, m->link, m);
	if ((S_ISCHR(m->mode) || S_ISBLK(m->mode)) && !x->owner && geteuid() == 0) {
		warn("%s: device not created: owners not kept", path);
		return -1;
	}
	if (S_ISCHR(m->mode) || S_ISBLK(m->mode) || S_ISFIFO(m->mode))
		r = make_node(x, dfd, base, m);
	else
		r = (errno = EINVAL, -1);
	if (r < 0) {
		warn_errno("%s", path);
		return -1;
	}
	attrs(x, dfd, base, -1, path, m);
	return 0;
}

/* NAME refused if S, its own or its link's, is longer than a path can be:
 * in one line with NAME cut (a pax name may be megabytes long). */
static int
too_long(const char *name, const char *s)
{
	if (strlen(s) < PATH_MAX)
		return 0;
	warn("%.64s%s: name too long", name, strlen(name) > 64 ? "..." : "");
	return 1;
}

/* FD, an O_PATH descriptor, opened for writing: through /proc, the very
 * file checked; without /proc, PATH again, which must still be that file. */
static int
reopen_checked(struct xt_state *st, int fd, const char *path, const struct stat *s)
{
	char proc[40];
	struct stat t;
	int w;

	snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
	if ((w = open(proc, O_WRONLY | O_CLOEXEC)) < 0 && errno == ENOENT)
		w = beneath(st, path, O_WRONLY | O_NOFOLLOW | O_NONBLOCK);
	if (w >= 0 && (fstat(w, &t) < 0 || t.st_dev != s->st_dev || t.st_ino != s->st_ino))
		w = keep_errno(-1, w), errno = EINVAL;
	return w;
}

/* --overwrite: the regular file at BASE in DFD (NAME), emptied to be written
 * in place: a descriptor, -1 (reported), or -2 if there is none to rewrite.
 * Opened O_PATH first: a device or fifo there is never opened. */
static int
rewrite(struct xt_state *st, int dfd, const char *base, const char *name)
{
	int pfd = openat(dfd, base, O_PATH | O_NOFOLLOW | O_CLOEXEC), fd;
	char *path;
	struct stat s;

	if (pfd < 0 || fstat(pfd, &s) < 0 || !S_ISREG(s.st_mode) || placeholder(st, &s))
		return keep_errno(-2, pfd);
	path = canon(name);	/* the whole name, for reopen_checked without /proc */
	fd = reopen_checked(st, pfd, path, &s);
	free(path);
	keep_errno(0, pfd);
	if (fd >= 0 && ftruncate(fd, 0) < 0)
		fd = keep_errno(-1, fd);
	if (fd < 0)
		warn_errno("%s", name);
	return fd;
}

int
xt_create(struct xt *x, const char *name, const struct xt_member *m)
{
	struct xt_state *st = state(x);
	char *path, *link, *dir, *base;
	int dfd, r = -1;

	if (too_long(name, name) || (m->hardlink && too_long(name, m->link)))
		return -1;
	path = canon(name);
	link = m->hardlink ? canon(m->link) : NULL;
	if (strcmp(path, ".") == 0) {
		/* The target itself: only a directory, for its mode and time. */
		if (S_ISDIR(m->mode))
			add_dir(st, path, m), r = 0;
		else
			warn("%s: not a directory member, but names the target", name);
		free(path);
		return r;
	}
	if (link == NULL || strcmp(link, path) != 0) {
		base = split(path, &dir);
		if ((dfd = open_dir(st, dir, x->mkdirs)) < 0)
			refuse(st, name, dir);
		else if (x->overwrite && S_ISREG(m->mode) && !m->hardlink &&
		    (r = rewrite(st, dfd, base, name)) != -2)
			;	/* rewritten in place, or reported */
		else if (clear(x, dfd, base, name, m) == 0)
			r = make(x, dfd, base, name, m);
		if (dfd >= 0)
			close(dfd);
	}
	free(link);
	free(path);
	return r;
}

int
xt_reopen(struct xt *x, const char *name)
{
	struct xt_state *st = state(x);
	char *path = canon(name);
	/* O_PATH: nothing is opened before it is known to be a regular file (the
	 * open of a device or a fifo put there meanwhile can act: a watchdog
	 * starts, a fifo hangs). */
	int pfd = beneath(st, path, O_PATH | O_NOFOLLOW), fd = -1;
	struct stat s;

	/* Not a placeholder: its data would stop the symlink. */
	if (pfd >= 0 && fstat(pfd, &s) == 0 && (!S_ISREG(s.st_mode) || placeholder(st, &s)))
		errno = EINVAL;
	else if (pfd >= 0)
		fd = reopen_checked(st, pfd, path, &s);
	if (pfd >= 0)
		keep_errno(0, pfd);
	if (fd >= 0 && ftruncate(fd, 0) < 0)
		fd = keep_errno(-1, fd);
	if (fd < 0 && errno == EINVAL)
		warn("%s: not a regular file", name);
	else if (fd < 0)
		warn_errno("%s", name);
	free(path);
	return fd;
}

int
xt_done(struct xt *x, const char *path, int fd, const struct xt_member *m)
{
	attrs(x, -1, NULL, fd, path, m);
	if (close(fd) < 0) {
		warn_errno("%s", path);
		return -1;
	}
	return 0;
}

/* The symlink L, if its placeholder is still there. */
static void
make_symlink(struct xt *x, struct xt_state *st, struct xt_link *l)
{
	char *dir, *base = split(l->path, &dir);
	int dfd = open_dir(st, dir, 0);
	struct stat s;

	if (base != l->path)
		base[-1] = '/';	/* the whole name again, for messages */
	if (dfd < 0)
		return;
	if (fstatat(dfd, base, &s, AT_SYMLINK_NOFOLLOW) == 0 && placeholder(st, &s) == l &&
	    s.st_size == 0) {
		if (unlinkat(dfd, base, 0) < 0 || symlinkat(l->target, dfd, base) < 0)
			warn_errno("%s", l->path);
		else
			attrs(x, dfd, base, -1, l->path, &l->m);
	}
	close(dfd);
}

void
xt_finish(struct xt *x)
{
	struct xt_state *st = x->priv;
	int fd;

	free(x->said.prefix);
	x->said.prefix = NULL;
	if (st == NULL)
		return;
	for (size_t i = 0; i < st->nlinks; i++) {
		if (st->links[i].path != NULL)
			make_symlink(x, st, &st->links[i]);
		free(st->links[i].path);
		free(st->links[i].target);
	}
	free(st->links);
	free(st->slots);
	for (size_t i = st->ndirs; i-- > 0;) {
		struct xt_dir *d = &st->dirs[i];

		if ((fd = beneath(st, d->path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)) >= 0) {
			attrs(x, -1, NULL, fd, d->path, &d->m);
			close(fd);
		}
		free(d->path);
	}
	if (st->root >= 0)
		close(st->root);
	free(st->dirs);
	free(st);
	x->priv = NULL;
}
