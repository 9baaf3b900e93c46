/* xt.h - archive members made on the file system, beneath the target, for tar and cpio */
#ifndef XT_H
#define XT_H

#include <sys/types.h>

/*
 * Archive members onto the file system, for tar and cpio. xt_path gives the
 * name to use (malloc'd): leading slashes dropped (said once), then STRIP
 * components; NULL to skip the member (with a message for names holding
 * "..").
 * xt_create makes it beneath the directory current at the first call (the
 * target), whatever the name's spelling: every directory on the way is
 * opened with openat2(RESOLVE_BENEATH) (without it, one component at a time
 * following no symlink), parents made first with MKDIRS, and the member made
 * relative to it, so no symlink and no ".." leads out; a name (or hard link)
 * of PATH_MAX bytes or more is refused in one line. What is there is
 * removed first (not a newer file with KEEP_NEWER; a directory stays). A
 * regular file is made with O_EXCL|O_NOFOLLOW and its descriptor returned
 * for the data, then xt_done. A symlink is an empty placeholder file until
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
struct xt {
	int strip, owner, perms, mtime, mkdirs, keep_newer;
	mode_t mask;
	void *priv;
};
char *xt_path(struct xt *x, const char *name);
int xt_create(struct xt *x, const char *path, const struct xt_member *m);
int xt_reopen(struct xt *x, const char *path);
int xt_done(struct xt *x, const char *path, int fd, const struct xt_member *m);
void xt_finish(struct xt *x);

#endif
