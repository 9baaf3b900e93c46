/* cp - copy files and directory trees */
#include "cmd.h"

static const char usage[] = "cp [-adfinpRrv] [-H|-L|-P] SOURCE... TARGET";

static struct {
	int recurse, preserve, force, interactive, noclobber, verbose, links;
	int follow;		/* 'H', 'L', 'P', or 0 for the default */
	mode_t mask;
	/* The copy in progress: the source operand's length and the target. */
	size_t srclen;
	const char *dst;
	char *to;		/* the target for the entry at hand */
	size_t tocap;
	char *made;		/* per depth: this directory was made here, or is skipped */
	size_t madecap;
} cp;

/* Files with several links copied so far, to link their copies alike (-a, -d). */
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


/* May TO, which exists, be replaced? -n says no, -i asks. */
static int
may_replace(const char *to)
{
	if (cp.noclobber)
		return 0;
	return !cp.interactive || ask_yes("%s: overwrite '%s'? ", cmd_name, to);
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
	if (cp.verbose)
		printf("'%s' -> '%s'\n", from, to);
}

static int
same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/* A regular file's bytes, or with -R off whatever open and read give. */
static void
copy_data(const char *from, const char *to, const struct stat *st)
{
	struct stat ts;
	int in, out, exists = lstat(to, &ts) == 0;

	if (exists && (same_file(st, &ts) || (stat(to, &ts) == 0 && same_file(st, &ts)))) {
		warn("'%s' and '%s' are the same file", from, to);
		return;
	}
	if (exists && !may_replace(to))
		return;
	if ((in = open(from, O_RDONLY | O_CLOEXEC)) < 0) {
		warn_errno("%s", from);
		return;
	}
	out = open(to, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, st->st_mode & 0777);
	if (out < 0 && exists && cp.force && unlink(to) == 0)
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
	if (cp.preserve)
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
	if (!may_replace(to))
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
	if (cp.preserve)
		preserve(-1, to, st);
	said(from, to);
}

/* -a, -d: a second name of a file already copied becomes a link to its copy. */
static int
linked_copy(const char *from, const char *to, const struct stat *st)
{
	size_t i;

	if (!cp.links || st->st_nlink < 2)
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

/* After its entries: a new directory gets its mode, and with -p owner and times. */
static void
leave_dir(struct walk *w, const char *to)
{
	char made = *made_at(w->depth);

	if (made == DIR_SKIP)
		return;
	if (cp.preserve)
		preserve(-1, to, &w->st);
	else if (made == DIR_MADE && chmod(to, w->st.st_mode & 0777 & ~cp.mask) < 0)
		warn_errno("%s", to);
}

static int
visit(struct walk *w, int type)
{
	const char *to = target_of(w->path);
	mode_t m = w->st.st_mode;

	if (type == WALK_D && !cp.recurse) {
		errno = EISDIR;
		warn_errno("%s", w->path);
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
	else if (S_ISREG(m) || (!cp.recurse && !S_ISLNK(m)))
		copy_data(w->path, to, &w->st);
	else
		copy_special(w->path, to, &w->st);
	return 0;
}

/* Copying directory FROM to TO, inside itself, would never end. */
static int
into_itself(const char *from, const char *to)
{
	char *f = path_canon(from, 0), *t = path_canon(to, CANON_ANY);
	size_t n = f ? strlen(f) : 0;
	int r = f && t && strncmp(f, t, n) == 0 && (t[n] == '\0' || t[n] == '/' || n == 1);

	free(f);
	free(t);
	return r;
}

static void
copy(struct walk *w, const char *from, const char *to)
{
	struct stat st;
	/* The operand is followed with -H or -L, or by default without -R;
	 * links inside the tree only with -L. */
	int follow = cp.follow == 'L' ? 'L' :
	    cp.follow == 'H' || (cp.follow == 0 && !cp.recurse) ? 'H' : 'P';

	if ((follow == 'P' ? lstat(from, &st) : stat(from, &st)) == 0 &&
	    S_ISDIR(st.st_mode) && cp.recurse && into_itself(from, to)) {
		warn("cannot copy a directory, '%s', into itself, '%s'", from, to);
		return;
	}
	cp.srclen = strlen(from);
	cp.dst = to;
	w->follow = follow;
	walk(w, from);
}

static void
parse_options(struct opt *o)
{
	int c;

	while ((c = opt_next(o, "adfHiLnPpRrv")) != -1) {
		switch (c) {
		case 'a': cp.recurse = cp.preserve = cp.links = 1; cp.follow = 'P'; break;
		case 'd': cp.links = 1; cp.follow = 'P'; break;
		case 'f': cp.force = 1; cp.interactive = cp.noclobber = 0; break;
		case 'i': cp.interactive = 1; cp.noclobber = 0; break;
		case 'n': cp.noclobber = 1; cp.interactive = 0; break;
		case 'H': case 'L': case 'P': cp.follow = c; break;
		case 'p': cp.preserve = 1; break;
		case 'R': case 'r': cp.recurse = 1; break;
		case 'v': cp.verbose = 1; break;
		default: die_usage(o);
		}
	}
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	struct walk w;
	struct stat st;
	const char *last;
	char *base, *to;
	int n, isdir;

	memset(&cp, 0, sizeof cp);
	memset(&copied, 0, sizeof copied);
	parse_options(&o);
	if ((n = argc - o.ind) < 2)
		die_usage(&o);
	cp.mask = umask(0);
	umask(cp.mask);
	memset(&w, 0, sizeof w);
	w.visit = visit;
	w.post = 1;
	last = argv[argc - 1];
	isdir = stat(last, &st) == 0 && S_ISDIR(st.st_mode);
	if (n == 2 && !isdir) {
		copy(&w, argv[o.ind], last);
	} else if (!isdir) {
		errno = ENOTDIR;
		die_errno("%s", last);
	} else {
		for (int i = o.ind; i < argc - 1; i++) {
			base = base_name(argv[i]);
			to = path_join(last, base);
			copy(&w, argv[i], to);
			free(to);
			free(base);
		}
	}
	walk_free(&w);
	for (size_t i = 0; i < copied.n; i++)
		free(copied.v[i].to);
	free(copied.v);
	free(cp.to);
	free(cp.made);
	return cmd_exit();
}
