/* key.h - cache keys: what a cached build was made from */
#ifndef KEY_H
#define KEY_H

#include <stddef.h>

/*
 * A key is "UBK2\n" and one entry per source file the build read:
 *	"LEN:PATH dev ino size mtime.nsec ctime.nsec\n"
 * LEN is the path's length in bytes, so a path may hold any byte but NUL
 * (spaces, newlines, '%', bytes that are not UTF-8) and the check reads back
 * exactly the path that was written. The key is embedded in every cached
 * binary and archive. A build is fresh when every entry still describes its
 * file: an edit changes size, mtime or ctime, and a replace-by-rename changes
 * the inode. ctime cannot be set back by touch.
 *
 * Timestamps have a granularity (a clock tick, a second on some filesystems):
 * a same-size edit in the tick the build saw leaves every field equal. So a
 * file changed less than a few ticks (KEY_RACY_NS; KEY_RACY_SEC where the
 * filesystem keeps whole seconds) before the key was made, git's "racy"
 * entries, also gets " h=HASH", a hash of its bytes, and is checked by
 * content for as long as the key lives.
 */
#define KEY_MAGIC "UBK2\n"
#define KEY_PATH_MAX 4096	/* paths are shorter: PATH_MAX counts the NUL */
#define KEY_LINE_MAX (KEY_PATH_MAX + 160)
#define KEY_RACY_SEC 2		/* filesystems with whole seconds (or two) */
#define KEY_RACY_NS 50000000LL	/* filesystems with nanoseconds: a few ticks */

/* One parsed entry: its path, and the whole entry as it stands in the key. */
struct key_entry {
	char path[KEY_PATH_MAX];
	const char *line;	/* the entry, through its '\n' */
	size_t len;
	int hashed;		/* has " h=": check the bytes too */
};

int key_path(const char *path, char *buf, size_t len);	/* "LEN:PATH": length, or -1 */
int key_line(const char *path, int hashed, char *buf, size_t len);	/* length, or -1 */
struct stat;
int key_stat_line(const char *path, const struct stat *st, int hashed, char *buf, size_t len);
const char *key_next(const char *p, struct key_entry *e);	/* after the entry, NULL if malformed */
char *key_make(const char *const *paths);		/* malloc'd, NULL on error */
int key_fresh(const char *key);				/* 1 fresh, 0 stale */
int key_match(const char *old, const char *new);	/* same paths, OLD fresh */

#endif
