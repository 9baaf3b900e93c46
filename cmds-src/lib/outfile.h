/* outfile.h - a file written whole or not at all: a temporary file beside it, renamed over it */
#ifndef OUTFILE_H
#define OUTFILE_H

#include <sys/types.h>

/*
 * out_open readies PATH to be written through o->fd. A device or FIFO
 * (/dev/null, a disk, a serial line) is written in place: renaming a file
 * over it would put a file where the node was. Anything else is written to a
 * fresh temporary file in the same directory, which out_commit renames over
 * PATH, so that a reader sees the old file or the new one, never half of one,
 * and a failure leaves the old file whole. The new file gets MODE less the
 * umask, as open(2) would give it. FLAGS:
 *   OUT_EXACT  MODE as it is, whatever the umask (a resolv.conf others read);
 *   OUT_SYNC   the data and then the rename are synced to the disk;
 *   OUT_EDIT   an editor's save: a symlink is written through (the link
 *              stays), an existing file keeps its mode and owner, and when
 *              the directory is not ours to write in but the file is, the
 *              file is written in place.
 * out_commit finishes the file: the temporary file becomes PATH, or the
 * file written in place is closed. out_abort drops it: the temporary file
 * is removed, and errno is left as it was. Both close o->fd; out_abort
 * after either does nothing.
 *
 * out_signals makes SIGINT, SIGTERM and SIGHUP remove the temporary file
 * of the outfile open (one at a time is tracked), then kill the process as
 * they would have; a signal ignored on entry stays ignored.
 *
 * out_open and out_commit return 0, or -1 and errno (the temporary file
 * removed, o->fd closed).
 */
#define OUT_EXACT 1
#define OUT_SYNC 2
#define OUT_EDIT 4

struct outfile {
	const char *path;	/* as the caller named it */
	char *target;		/* what is replaced: path, or with OUT_EDIT where its symlinks lead */
	char *tmp;		/* the temporary file; NULL when written in place */
	int fd;			/* where to write; -1 once closed */
	int flags;
	int in_place;		/* a device or FIFO, or an editor's fallback: no undoing a write */
};

int out_open(struct outfile *o, const char *path, mode_t mode, int flags);
int out_commit(struct outfile *o);
void out_abort(struct outfile *o);
void out_signals(void);

#endif
