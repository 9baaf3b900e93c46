/* outfile.c - files replaced whole: a temporary file beside, renamed over */
#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "err.h"
#include "outfile.h"

/* The temporary file of the outfile open, for the signal handler to remove. */
static char *volatile pending;

static mode_t
masked(mode_t mode)
{
	mode_t m = umask(0);

	umask(m);
	return mode & ~m;
}

/* What is written in place is never put back: O_TRUNC, which Linux ignores
 * but for a regular file, is for an editor's in-place save. */
static int
open_in_place(struct outfile *o)
{
	if ((o->fd = open(o->target, O_WRONLY | O_TRUNC | O_CLOEXEC)) < 0)
		return -1;
	o->in_place = 1;
	return 0;
}

/* "DIR/.BASE.XXXXXX" beside TARGET, hidden while it is written. */
static char *
tmp_name(const char *target)
{
	const char *slash = strrchr(target, '/');
	int dirlen = slash ? (int)(slash - target) + 1 : 0;
	char *t = xmalloc(strlen(target) + 9);

	sprintf(t, "%.*s.%s.XXXXXX", dirlen, target, target + dirlen);
	return t;
}

/*
 * An editor keeps the old file's owner and mode, as far as it may: chown
 * first, since it clears the set-id bits; if we may not give the file away,
 * it is ours and gets no set-id bits. Best effort: the text matters more.
 */
static int
set_mode(struct outfile *o, const struct stat *old, mode_t mode)
{
	if (old == NULL)
		return fchmod(o->fd, o->flags & OUT_EXACT ? mode : masked(mode));
	if (fchown(o->fd, old->st_uid, old->st_gid) == 0)
		fchmod(o->fd, old->st_mode & 07777);
	else
		fchmod(o->fd, old->st_mode & 0777);
	return 0;
}

/* A directory we may not write in, a file we may: an editor writes in place. */
static int
stuck(const struct outfile *o, int e, int exists)
{
	return (o->flags & OUT_EDIT) && exists && (e == EACCES || e == EROFS || e == EPERM) &&
	    access(o->target, W_OK) == 0;
}

static void
done(struct outfile *o)
{
	char *t = o->tmp;

	if (t != NULL && pending == t)
		pending = NULL;
	o->tmp = NULL;
	free(t);
	free(o->target);
	o->target = NULL;
}

int
out_open(struct outfile *o, const char *path, mode_t mode, int flags)
{
	struct stat st;
	int exists, e;

	memset(o, 0, sizeof *o);
	o->path = path;
	o->flags = flags;
	o->fd = -1;
	if (!(flags & OUT_EDIT) || (o->target = realpath(path, NULL)) == NULL)
		o->target = xstrdup(path);
	exists = stat(o->target, &st) == 0;
	if (exists && !S_ISREG(st.st_mode)) {
		if (open_in_place(o) == 0)
			return 0;
		out_abort(o);
		return -1;
	}
	o->tmp = tmp_name(o->target);
	if ((o->fd = mkstemp(o->tmp)) < 0) {
		e = errno;
		free(o->tmp);
		o->tmp = NULL;
		if (stuck(o, e, exists) && open_in_place(o) == 0)
			return 0;
		out_abort(o);
		errno = e;
		return -1;
	}
	if (pending == NULL)
		pending = o->tmp;
	if (set_mode(o, (flags & OUT_EDIT) && exists ? &st : NULL, mode) < 0) {
		out_abort(o);
		return -1;
	}
	return 0;
}

/* The rename must reach the disk too: sync the directory. */
static void
sync_dir(const char *target)
{
	char *dir = xstrdup(target), *slash = strrchr(dir, '/');
	int fd;

	if (slash != NULL)
		slash[1] = '\0';
	if ((fd = open(slash ? dir : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0) {
		fsync(fd);
		close(fd);
	}
	free(dir);
}

int
out_commit(struct outfile *o)
{
	int e = 0;

	/* EINVAL: a serial line or a FIFO, which has nothing to sync */
	if ((o->flags & OUT_SYNC) && fsync(o->fd) < 0 && errno != EINVAL)
		e = errno;
	if (close(o->fd) < 0 && e == 0)
		e = errno;
	o->fd = -1;
	if (e == 0 && o->tmp != NULL && rename(o->tmp, o->target) < 0)
		e = errno;
	if (e != 0) {
		out_abort(o);
		errno = e;
		return -1;
	}
	if (o->tmp != NULL && (o->flags & OUT_SYNC))
		sync_dir(o->target);
	done(o);
	return 0;
}

void
out_abort(struct outfile *o)
{
	int e = errno;

	if (o->fd >= 0)
		close(o->fd);
	o->fd = -1;
	if (o->tmp != NULL) {
		if (pending == o->tmp)
			pending = NULL;
		unlink(o->tmp);
	}
	done(o);
	errno = e;
}

static void
on_signal(int sig)
{
	char *t = pending;

	if (t != NULL)
		unlink(t);
	signal(sig, SIG_DFL);
	raise(sig);
}

void
out_signals(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa, old;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
}
