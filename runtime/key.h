/* key.h - cache keys: what a cached build was made from */
#ifndef KEY_H
#define KEY_H

#include <stddef.h>

/*
 * A key is "UBK1\n" and one line per source file the build read:
 *	"path dev ino size mtime.nsec ctime.nsec\n"
 * It is embedded in every cached binary and archive. A build is fresh when
 * every line still describes its file: an edit changes size, mtime or ctime,
 * and a replace-by-rename changes the inode. ctime cannot be set back by
 * touch, so restoring an old mtime does not hide an edit.
 */
#define KEY_MAGIC "UBK1\n"
#define KEY_LINE_MAX 4200

int key_line(const char *path, char *buf, size_t len);	/* length, or -1 */
char *key_make(const char *const *paths);		/* malloc'd, NULL on error */
int key_fresh(const char *key);				/* 1 fresh, 0 stale */

#endif
