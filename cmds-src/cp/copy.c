/* copy.c - a file or a tree copied, for cp, and for mv across file systems */
#include "cp.h"

static const struct copy *how;

static struct {
	/* The copy in progress: the source operand's length and the target. */
	size_t srclen;
	const char *dst;
	char *to;		/* the target for the entry at hand */
	size_t tocap;
	char *made;		/* per depth: this directory was made here, or is skipped */
	size_t madecap;
	struct walk w;
} cp;

/* Files with several links copied so far, to link their copies alike (links). */
static struct {
	struct copied { dev_t dev; ino_t ino; char *to; } *v;
	size_t n, cap;
} copied;

enum { DIR_OLD, DIR_MADE, DIR_SKIP };

/* The target of the entry at hand: the operand's target, then target/rest. */
static const char *
target_of(const char *path)
{
	const char *rest = path + cp.srclen;
	size_t n = strlen(cp.dst) + strlen(rest) + 2;

	rest += strspn(rest, "/");
	if (n > cp.tocap) {
		cp.tocap = n * 2;
		cp.to = xrealloc(cp.to, cp.tocap);
	}
	if (*rest == '\0')
		snprintf(cp.to, cp.tocap, "%s", cp.dst);
	else
		snprintf(cp.to, cp.tocap, "%s%s%s", cp.dst,
		    cp.dst[0] && cp.dst[strlen(cp.dst) - 1] == '/' ? "" : "/", rest);
	return cp.to;
}

/* Owner, mode and times of ST onto TO (an open FD, or the path when FD < 0). */
static void
preserve(int fd, const char *to, const struct stat *st)
{
	struct timespec times[2] = { st->st_atim, st->st_mtim };
	int link = S_ISLNK(st->st_mode), r;

	r = fd >= 0 ? fchown(fd, st->st_uid, st->st_gid) :
	    link ? lchown(to, st->st_uid, st->st_gid) : chown(to, st->st_uid, st->st_gid);
	/* Only root may give files away; others keep what they can. */
	if (r < 0 && errno != EPERM)
		warn_errno("%s", to);
	if (!link && (fd >= 0 ? fchmod(fd, st->st_mode & 07777) : chmod(to, st->st_mode & 07777)) < 0)
		warn_errno("%s", to);
	r = fd >= 0 ? futimens(fd, times) :
	    utimensat(AT_FDCWD, to, times, link ? AT_SYMLINK_NOFOLLOW : 0);
	if (r < 0)
		warn_errno("%s", to);
}

static void
said(const char *from, const char *to)
{
	if (how->verbose)
		printf("'%s' -> '%s'\n", from, to);
}

/* A regular file's bytes, or without recurse whatever open and read give.
 * A target that was not there is made, never opened through a link put there since. */
static void
copy_data(const char *from, const char *to, const struct stat *st)
{
	struct stat ts;
	int in, out, exists = lstat(to, &ts) == 0;

	if (exists && (same_file(st, &ts) || (stat(to, &ts) == 0 && same_file(st, &ts)))) {
		warn("'%s' and '%s' are the same file", from, to);
		return;
	}
	if (exists && !may_replace(how, to))
		return;
	if ((in = open(from, O_RDONLY | O_CLOEXEC)) < 0) {
		warn_errno("%s", from);
		return;
	}
	out = open(to, O_WRONLY | O_CREAT | (exists ? O_TRUNC : O_EXCL) | O_CLOEXEC, st->st_mode & 0777);
	if (out < 0 && exists && how->force && unlink(to) == 0)
		out = open(to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, st->st_mode & 0777);
	if (out < 0) {
		warn_errno("%s", to);
		close(in);
		return;
	}
	switch (copy_fd(in, out)) {
	case -1: warn_errno("%s", from); break;
	case -2: warn_errno("%s", to); break;
	}
	if (how->preserve)
		preserve(out, to, st);
	if (close(out) < 0)
		warn_errno("%s", to);
	close(in);
	said(from, to);
}

/* Make room for a link or special file: remove what is at TO, if allowed. */
static int
clear(const char *to)
{
	struct stat ts;

	if (lstat(to, &ts) < 0)
		return 0;
	if (S_ISDIR(ts.st_mode)) {
		errno = EISDIR;
		warn_errno("%s", to);
		return -1;
	}
	if (!may_replace(how, to))
		return -1;
	if (unlink(to) < 0) {
		warn_errno("%s", to);
		return -1;
	}
	return 0;
}

static void
copy_special(const char *from, const char *to, const struct stat *st)
{
	char *target = NULL;
	int r;

	if (S_ISLNK(st->st_mode) && (target = link_read(AT_FDCWD, from)) == NULL) {
		warn_errno("%s", from);
		return;
	}
	if (clear(to) < 0) {
		free(target);
		return;
	}
	if (target != NULL)
		r = symlink(target, to);
	else
		r = mknod(to, st->st_mode & (S_IFMT | 0777), st->st_rdev);
	free(target);
	if (r < 0) {
		warn_errno("%s", to);
		return;
	}
	if (how->preserve)
		preserve(-1, to, st);
	said(from, to);
}

/* links: a second name of a file already copied becomes a link to its copy. */
static int
linked_copy(const char *from, const char *to, const struct stat *st)
{
	size_t i;

	if (!how->links || st->st_nlink < 2)
		return 0;
	for (i = 0; i < copied.n; i++) {
		if (copied.v[i].dev != st->st_dev || copied.v[i].ino != st->st_ino)
			continue;
		if (clear(to) < 0)
			return 1;
		if (link(copied.v[i].to, to) < 0)
			warn_errno("%s", to);
		else
			said(from, to);
		return 1;
	}
	if (copied.n == copied.cap) {
		copied.cap = copied.cap ? copied.cap * 2 : 16;
		copied.v = xrealloc(copied.v, copied.cap * sizeof *copied.v);
	}
	copied.v[copied.n].dev = st->st_dev;
	copied.v[copied.n].ino = st->st_ino;
	copied.v[copied.n].to = xstrdup(to);
	copied.n++;
	return 0;
}

static char *
made_at(int depth)
{
	if ((size_t)depth >= cp.madecap) {
		cp.madecap = depth * 2 + 16;
		cp.made = xrealloc(cp.made, cp.madecap);
	}
	return &cp.made[depth];
}

static void
enter_dir(struct walk *w, const char *to)
{
	struct stat ts;
	char *made = made_at(w->depth);

	*made = DIR_SKIP;
	w->skip = 1;
	if (lstat(to, &ts) == 0) {
		/* Into a directory that is there already, or that a link there names. */
		if (S_ISDIR(ts.st_mode) || (S_ISLNK(ts.st_mode) && stat(to, &ts) == 0 && S_ISDIR(ts.st_mode))) {
			*made = DIR_OLD;
			w->skip = 0;
		} else {
			warn("%s: cannot overwrite non-directory with directory %s", to, w->path);
		}
		return;
	}
	if (errno != ENOENT || mkdir(to, (w->st.st_mode & 0777) | S_IRWXU) < 0) {
		warn_errno("%s", to);
		return;
	}
	*made = DIR_MADE;
	w->skip = 0;
	said(w->path, to);
}

/* After its entries: a new directory gets its mode, and with preserve owner and times. */
static void
leave_dir(struct walk *w, const char *to)
{
	char made = *made_at(w->depth);

	if (made == DIR_SKIP)
		return;
	if (how->preserve)
		preserve(-1, to, &w->st);
	else if (made == DIR_MADE && chmod(to, w->st.st_mode & 0777 & ~how->mask) < 0)
		warn_errno("%s", to);
}

static int
visit(struct walk *w, int type)
{
	const char *to = target_of(w->path);
	mode_t m = w->st.st_mode;

	if (type == WALK_D && !how->recurse) {
		/* GNU's and BusyBox's words, which scripts and people know */
		warn("omitting directory '%s'", w->path);
		w->skip = 1;
		*made_at(w->depth) = DIR_SKIP;
		return 0;
	}
	if (type == WALK_D)
		enter_dir(w, to);
	else if (type == WALK_DP)
		leave_dir(w, to);
	else if (linked_copy(w->path, to, &w->st))
		;
	else if (S_ISREG(m) || (!how->recurse && !S_ISLNK(m)))
		copy_data(w->path, to, &w->st);
	else
		copy_special(w->path, to, &w->st);
	return 0;
}

void
copy_tree(const struct copy *h, const char *from, const char *to)
{
	how = h;
	cp.srclen = strlen(from);
	cp.dst = to;
	cp.w.visit = visit;
	cp.w.post = 1;
	cp.w.follow = h->follow;
	walk(&cp.w, from);
}

void
copy_free(void)
{
	walk_free(&cp.w);
	for (size_t i = 0; i < copied.n; i++)
		free(copied.v[i].to);
	free(copied.v);
	free(cp.to);
	free(cp.made);
	memset(&cp, 0, sizeof cp);
	memset(&copied, 0, sizeof copied);
}
