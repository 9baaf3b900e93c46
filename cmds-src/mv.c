/* mv - move or rename files */
#include "cmd.h"

static const char usage[] = "mv [-finTv] SOURCE... TARGET";

static struct {
	int force, interactive, noclobber, verbose;
	/* A copy across file systems: the source operand's length, the target. */
	size_t srclen;
	const char *dst;
	char *to;
	size_t tocap;
	struct copied { dev_t dev; ino_t ino; char *to; } *links;
	size_t nlinks, linkcap;
} mv;

/* POSIX: -i asks; so does a target we may not write, when stdin is a terminal. */
static int
may_replace(const char *to)
{
	if (mv.noclobber)
		return 0;
	if (mv.interactive || (!mv.force && access(to, W_OK) < 0 && errno == EACCES && isatty(0)))
		return ask_yes("%s: overwrite '%s'? ", cmd_name, to);
	return 1;
}

/* The target of the entry at hand: the operand's target, then target/rest. */
static const char *
target_of(const char *path)
{
	const char *rest = path + mv.srclen;
	size_t n = strlen(mv.dst) + strlen(rest) + 2;

	rest += strspn(rest, "/");
	if (n > mv.tocap) {
		mv.tocap = n * 2;
		mv.to = xrealloc(mv.to, mv.tocap);
	}
	snprintf(mv.to, mv.tocap, "%s%s%s", mv.dst, *rest ? "/" : "", rest);
	return mv.to;
}

/* Owner, mode and times of ST onto TO, as a move keeps them. */
static void
keep_attributes(const char *to, const struct stat *st)
{
	struct timespec times[2] = { st->st_atim, st->st_mtim };
	int link = S_ISLNK(st->st_mode);

	if ((link ? lchown(to, st->st_uid, st->st_gid) : chown(to, st->st_uid, st->st_gid)) < 0 &&
	    errno != EPERM)
		warn_errno("%s", to);
	if (!link && chmod(to, st->st_mode & 07777) < 0)
		warn_errno("%s", to);
	if (utimensat(AT_FDCWD, to, times, link ? AT_SYMLINK_NOFOLLOW : 0) < 0)
		warn_errno("%s", to);
}

static int
copy_data(const char *from, const char *to, const struct stat *st)
{
	int in = open(from, O_RDONLY | O_CLOEXEC), out, r = 0;

	if (in < 0) {
		warn_errno("%s", from);
		return -1;
	}
	out = open(to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, st->st_mode & 0777);
	if (out < 0) {
		warn_errno("%s", to);
		close(in);
		return -1;
	}
	switch (copy_fd(in, out)) {
	case -1: warn_errno("%s", from); r = -1; break;
	case -2: warn_errno("%s", to); r = -1; break;
	}
	if (close(out) < 0 && r == 0) {
		warn_errno("%s", to);
		r = -1;
	}
	close(in);
	return r;
}

static int
copy_link(const char *from, const char *to)
{
	char *target = link_read(AT_FDCWD, from);
	int r = -1;

	if (target == NULL)
		warn_errno("%s", from);
	else if ((r = symlink(target, to)) < 0)
		warn_errno("%s", to);
	free(target);
	return r;
}

/* A second name of a file already copied becomes a link to its copy. */
static int
relink(const char *to, const struct stat *st)
{
	for (size_t i = 0; st->st_nlink > 1 && i < mv.nlinks; i++) {
		if (mv.links[i].dev == st->st_dev && mv.links[i].ino == st->st_ino) {
			if (link(mv.links[i].to, to) < 0)
				warn_errno("%s", to);
			return 1;
		}
	}
	if (st->st_nlink < 2)
		return 0;
	if (mv.nlinks == mv.linkcap) {
		mv.linkcap = mv.linkcap ? mv.linkcap * 2 : 16;
		mv.links = xrealloc(mv.links, mv.linkcap * sizeof *mv.links);
	}
	mv.links[mv.nlinks].dev = st->st_dev;
	mv.links[mv.nlinks].ino = st->st_ino;
	mv.links[mv.nlinks].to = xstrdup(to);
	mv.nlinks++;
	return 0;
}

/* One entry of a tree copied across file systems, everything kept; errors are counted by cmd_status. */
static int
copy_entry(struct walk *w, int type)
{
	const char *to = target_of(w->path);
	const struct stat *st = &w->st;
	struct stat ts;
	int r;

	if (type == WALK_DP) {
		if (lstat(to, &ts) == 0 && S_ISDIR(ts.st_mode))
			keep_attributes(to, st);
		return 0;
	}
	if (type == WALK_D) {
		if (mkdir(to, 0700) < 0) {
			warn_errno("%s", to);
			w->skip = 1;
		}
		return 0;
	}
	if ((r = relink(to, st)) != 0)
		return 0;
	if (S_ISREG(st->st_mode))
		r = copy_data(w->path, to, st);
	else if (S_ISLNK(st->st_mode))
		r = copy_link(w->path, to);
	else if ((r = mknod(to, st->st_mode & (S_IFMT | 0777), st->st_rdev)) < 0)
		warn_errno("%s", to);
	if (r == 0)
		keep_attributes(to, st);
	return 0;
}

static int
remove_entry(struct walk *w, int type)
{
	if (type == WALK_D)
		return 0;
	if ((type == WALK_DP ? rmdir(w->path) : unlink(w->path)) < 0)
		warn_errno("%s", w->path);
	return 0;
}

/* Clear TO for a copy: an empty directory for a directory, else a non-directory. */
static int
clear_target(const char *to, const struct stat *from)
{
	struct stat st;

	if (lstat(to, &st) < 0)
		return errno == ENOENT ? 0 : -1;
	if (S_ISDIR(st.st_mode) != S_ISDIR(from->st_mode)) {
		errno = S_ISDIR(st.st_mode) ? EISDIR : ENOTDIR;
		return -1;
	}
	return S_ISDIR(st.st_mode) ? rmdir(to) : unlink(to);
}

/*
 * rename(2) cannot cross file systems: copy everything, then remove the
 * source, unless any part of the copy went wrong. Returns 0 when moved.
 */
static int
move_across(struct walk *w, const char *from, const char *to, const struct stat *st)
{
	int status = cmd_status, ok;

	if (clear_target(to, st) < 0) {
		warn_errno("%s", to);
		return -1;
	}
	mv.srclen = strlen(from);
	mv.dst = to;
	w->visit = copy_entry;
	w->post = 1;
	cmd_status = 0;
	walk(w, from);
	ok = cmd_status == 0;
	cmd_status |= status;
	if (!ok) {
		warn("%s: not removed, as not all of it was copied", from);
		return -1;
	}
	w->visit = remove_entry;
	walk(w, from);
	return 0;
}

static void
said(const char *from, const char *to)
{
	if (mv.verbose)
		printf("renamed '%s' -> '%s'\n", from, to);
}

/* Errors of rename(2) that are about the target. */
static int
target_error(int err)
{
	return err == EISDIR || err == ENOTDIR || err == ENOTEMPTY || err == EEXIST || err == ENOENT;
}

static void
move(struct walk *w, const char *from, const char *to)
{
	struct stat st, ts;

	if (lstat(from, &st) < 0) {
		warn_errno("%s", from);
		return;
	}
	if (lstat(to, &ts) == 0) {
		if (st.st_dev == ts.st_dev && st.st_ino == ts.st_ino) {
			warn("'%s' and '%s' are the same file", from, to);
			return;
		}
		if (!may_replace(to))
			return;
	}
	if (rename(from, to) == 0) {
		said(from, to);
		return;
	}
	if (errno == EXDEV) {
		if (move_across(w, from, to, &st) == 0)
			said(from, to);
		return;
	}
	if (errno == EINVAL && S_ISDIR(st.st_mode))
		warn("cannot move '%s' to a subdirectory of itself, '%s'", from, to);
	else
		warn_errno("%s", target_error(errno) ? to : from);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	struct walk w;
	struct stat st;
	const char *last;
	char *base, *to;
	int c, n, notdir = 0, isdir;

	memset(&mv, 0, sizeof mv);
	while ((c = opt_next(&o, "finTv")) != -1) {
		switch (c) {
		case 'f': mv.force = 1; mv.interactive = mv.noclobber = 0; break;
		case 'i': mv.interactive = 1; mv.force = mv.noclobber = 0; break;
		case 'n': mv.noclobber = 1; mv.force = mv.interactive = 0; break;
		case 'T': notdir = 1; break;
		case 'v': mv.verbose = 1; break;
		default: die_usage(&o);
		}
	}
	if ((n = argc - o.ind) < 2 || (notdir && n != 2))
		die_usage(&o);
	memset(&w, 0, sizeof w);
	w.follow = 'P';
	last = argv[argc - 1];
	isdir = !notdir && stat(last, &st) == 0 && S_ISDIR(st.st_mode);
	if (n == 2 && !isdir) {
		move(&w, argv[o.ind], last);
	} else if (!isdir) {
		errno = ENOTDIR;
		die_errno("%s", last);
	} else {
		for (int i = o.ind; i < argc - 1; i++) {
			base = base_name(argv[i]);
			to = path_join(last, base);
			move(&w, argv[i], to);
			free(to);
			free(base);
		}
	}
	walk_free(&w);
	for (size_t i = 0; i < mv.nlinks; i++)
		free(mv.links[i].to);
	free(mv.links);
	free(mv.to);
	return cmd_exit();
}
