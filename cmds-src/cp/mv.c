/* mv.c - mv: move or rename files */
#include "cp.h"

static const char usage[] = "mv [-finTv] {SOURCE... TARGET | -t DIR SOURCE...}";

static struct copy how;

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
 * rename(2) cannot cross file systems: copy everything (as cp -a), then
 * remove the source, unless any part of the copy went wrong. Returns 0 when moved.
 */
static int
move_across(const char *from, const char *to, const struct stat *st)
{
	static const struct copy all = { .recurse = 1, .preserve = 1, .links = 1, .follow = 'P' };
	struct walk w = { .visit = remove_entry, .follow = 'P', .post = 1 };
	int status = cmd_status, ok;

	if (clear_target(to, st) < 0) {
		warn_errno("%s", to);
		return -1;
	}
	cmd_status = 0;
	copy_tree(&all, from, to);
	ok = cmd_status == 0;
	cmd_status |= status;
	if (!ok) {
		warn("%s: not removed, as not all of it was copied", from);
		return -1;
	}
	walk(&w, from);
	walk_free(&w);
	return 0;
}

static void
said(const char *from, const char *to)
{
	if (how.verbose)
		printf("renamed '%s' -> '%s'\n", from, to);
}

/* Errors of rename(2) that are about the target. */
static int
target_error(int err)
{
	return err == EISDIR || err == ENOTDIR || err == ENOTEMPTY || err == EEXIST || err == ENOENT;
}

static void
move(const char *from, const char *to)
{
	struct stat st, ts;

	if (lstat(from, &st) < 0) {
		warn_errno("%s", from);
		return;
	}
	if (lstat(to, &ts) == 0) {
		if (same_file(&st, &ts)) {
			warn("'%s' and '%s' are the same file", from, to);
			return;
		}
		if (!may_replace(&how, to))
			return;
	}
	if (rename(from, to) == 0) {
		said(from, to);
		return;
	}
	if (errno == EXDEV) {
		if (move_across(from, to, &st) == 0)
			said(from, to);
		return;
	}
	if (errno == EINVAL && S_ISDIR(st.st_mode))
		warn("cannot move '%s' to a subdirectory of itself, '%s'", from, to);
	else
		warn_errno("%s", target_error(errno) ? to : from);
}

static const struct opt_long longs[] = {
	{ "force", 'f' }, { "interactive", 'i' }, { "no-clobber", 'n' },
	{ "no-target-directory", 'T' }, { "target-directory", 't' }, { "verbose", 'v' },
	{ NULL, 0 },
};

int
mv_main(int argc, char **argv)
{
	struct opt o = OPT_INIT(argc, argv, usage);
	struct stat st;
	const char *last, *into = NULL;
	int c, n, notdir = 0;

	memset(&how, 0, sizeof how);
	how.ask_unwritable = 1;
	o.longs = longs;
	while ((c = opt_next(&o, "finTt:v")) != -1) {
		switch (c) {
		case 'f': how.force = 1; how.interactive = how.noclobber = 0; break;
		case 'i': how.interactive = 1; how.force = how.noclobber = 0; break;
		case 'n': how.noclobber = 1; how.force = how.interactive = 0; break;
		case 'T': notdir = 1; break;
		case 't': into = o.arg; break;
		case 'v': how.verbose = 1; break;
		default: die_usage(&o);
		}
	}
	n = argc - o.ind;
	if (into && n > 0 && !notdir) {
		operands_into(argv + o.ind, n, into, move);
		copy_free();
		return cmd_exit();
	}
	if (into || n < 2 || (notdir && n != 2))
		die_usage(&o);
	last = argv[argc - 1];
	operands(argv + o.ind, n - 1, last, !notdir && stat(last, &st) == 0 && S_ISDIR(st.st_mode), move);
	copy_free();
	return cmd_exit();
}
