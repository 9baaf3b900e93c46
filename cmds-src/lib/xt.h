/* xt.h - archive members made on the file system, beneath the target, for tar and cpio */
#ifndef XT_H
#define XT_H

#include <sys/types.h>

/*
 * Archive members onto the file system, for tar and cpio. xt_path gives the
 * name to use (malloc'd): leading slashes dropped (said once, xt_say_lead),
 * then STRIP components; NULL to skip the member (with a message for names
 * holding "..", refused as GNU tar refuses them). xt_lead is how long a
 * name's lead is: its leading slashes, and with DOTDOT everything through
 * its last ".." component (what GNU tar drops from names it archives).
 * xt_create makes it beneath the directory current at the first call (the
 * target), whatever the name's spelling: every directory on the way is
 * opened with openat2(RESOLVE_BENEATH) (without it, one component at a time
 * following no symlink), parents made first with MKDIRS, and the member made
 * relative to it, so no symlink and no ".." leads out; a name (or hard link)
 * of PATH_MAX bytes or more is refused in one line. What is there is
 * removed first (not a newer file with KEEP_NEWER; a directory stays). A
 * regular file is made with O_EXCL|O_NOFOLLOW and its descriptor returned
 * for the data, then xt_done; with OVERWRITE a regular file already there
 * (not a placeholder) is emptied and rewritten in place instead, so its
 * other hard links see the data, as with GNU tar's --overwrite. A symlink is an empty placeholder file until
 * xt_finish, so no later member goes through it; a hard link's first name
 * resolves beneath the target too, and a link to a symlink is one. Otherwise
 * 0, or -1 (reported). xt_reopen opens an existing name beneath the target
 * for rewriting (a descriptor for xt_done, or -1 reported).
 * Owner (OWNER; names win over numbers), mode (less MASK unless PERMS) and
 * with MTIME the time follow, never by name through a symlink (a device or
 * fifo is made with its mode). Set-id bits stay only on a file whose owner
 * was restored, never on a device or fifo; as root without OWNER, device
 * nodes are refused. xt_finish
 * makes the symlinks whose placeholders are still there, then gives the
 * directories their modes and times, deepest first. Zero the struct.
 */
struct xt_member {
	const char *link;	/* symlink target, or (hardlink) the first name, from xt_path */
	mode_t mode;		/* type and permissions */
	int hardlink;
	uid_t uid;
	gid_t gid;
	char uname[33], gname[33];	/* "" if none */
	long long mtime;
	unsigned major, minor;
};
/* The leading parts of names said removed: "/" once, others when they change. */
struct xt_said {
	int slash;
	char *prefix;
};
struct xt {
	int strip, owner, perms, mtime, mkdirs, keep_newer;
	int overwrite;		/* GNU tar's --overwrite: a regular file rewritten in place */
	mode_t mask;
	struct xt_said said;
	void *priv;
};
size_t xt_lead(const char *name, int dotdot);
void xt_say_lead(struct xt_said *said, const char *name, size_t n);
char *xt_path(struct xt *x, const char *name);
int xt_create(struct xt *x, const char *path, const struct xt_member *m);
int xt_reopen(struct xt *x, const char *path);
int xt_done(struct xt *x, const char *path, int fd, const struct xt_member *m);
void xt_finish(struct xt *x);

#endif
