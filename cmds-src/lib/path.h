/* path.h - paths joined, made canonical, read from links; tree walks */
#ifndef PATH_H
#define PATH_H

#include <stddef.h>
#include <sys/types.h>
#include <sys/stat.h>

char *path_join(const char *dir, const char *name);	/* malloc'd "dir/name" */
/* The target of symbolic link PATH (under DFD, or AT_FDCWD), malloc'd,
 * however long; NULL and errno on failure. */
char *link_read(int dfd, const char *path);

/* The absolute path to PATH without ., .., // or symlinks, malloc'd; NULL and
 * errno if a part is missing, unless HOW allows it: CANON_LAST the last part,
 * CANON_ANY any part. CANON_NOLINKS leaves symlinks unresolved. */
#define CANON_LAST 1
#define CANON_ANY 2
#define CANON_NOLINKS 4
char *path_canon(const char *path, int how);

/*
 * Tree walks for -R, du and find. VISIT sees each entry once, in readdir
 * order; a directory before its entries (WALK_D: set skip to stay out) and,
 * with post, after them (WALK_DP). follow: 'P' (or 0) no symlinks, 'H' the
 * operand's, 'L' all (a dangling link is the link); xdev stays on the
 * operand's file system. Stat and read errors are reported and the walk goes
 * on; loops are reported and not entered. A non-zero VISIT ends the walk and
 * is returned. Initialise with zeros; walk_free when done.
 */
enum { WALK_F, WALK_D, WALK_DP };
struct walk {
	int (*visit)(struct walk *w, int type);
	int follow, xdev, post;
	char *path;		/* the operand, then operand/.../name */
	size_t len, base;	/* strlen(path); where its last component starts */
	struct stat st;
	int depth;		/* 0 for the operand */
	int skip;
	dev_t dev;		/* the operand's file system */
	size_t cap;
};
int walk(struct walk *w, const char *root);
void walk_free(struct walk *w);

#endif
