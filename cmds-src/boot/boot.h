/* boot.h - boot entries found in GRUB, BLS and syslinux configs (see main.c) */
#ifndef BOOT_H
#define BOOT_H
#include "cmd.h"
#include "cfg.h"

/*
 * A filesystem that configs and boot files are read from: mounted (read-only)
 * at dir, or, under -r, a directory standing for one. Paths in configs are
 * relative to a filesystem's root; bfs_path joins them onto dir.
 */
struct bfs {
	char *dir;		/* "/run/boot/vda1"; "" for the host's root */
	char *dev;		/* "vda1", shown to people; the -r directory under -r */
	char *uuid, *label;	/* from blkid's probe; NULL if none */
};

/* The filesystems boot knows of: GRUB's search and BLS look through them. */
struct bfs_set {
	struct bfs *fs;
	int n;
};

/* One bootable entry. Strings are malloc'd; kernel and initrds are paths on fs. */
struct bentry {
	char *title;		/* submenus joined: "Advanced options > Debian, with Linux 6.1" */
	const struct bfs *fs;	/* the filesystem kernel and initrds are on */
	char *kernel;
	char **initrd;		/* ninitrd paths, loaded in this order, concatenated */
	int ninitrd;
	char *cmdline;		/* as written, variables expanded; "" if none */
	char *config;		/* the config file and line the entry starts at, for messages */
	int line;
	int reads_from, reads_to;	/* the configs its parse read: bfs_reads[from .. to) */
	int edited;		/* its command line was changed at the menu */
};

/* What a set of configs yields: entries in menu order, the default, the timeout. */
struct blist {
	struct bentry *e;
	int n, cap;
	int def;		/* index into e; 0 if the config names none */
	int timeout;		/* tenths of a second; -1 wait for ever; 0 boot at once */
	int have_timeout;	/* a config set it (else the caller's default holds) */
	int have_default;
};

/* entry.c: the list, and paths on a filesystem. */
struct bentry *blist_add(struct blist *l);	/* zeroed; title etc. set by the caller */
void blist_free(struct blist *l);
char *bfs_path(const struct bfs *fs, const char *path);	/* malloc'd dir + "/" + path */
char *bfs_read(const struct bfs *fs, const char *path, size_t max, size_t *len);	/* NUL-ended; NULL errno set */
/* Every file bfs_read read, in order, with its SHA-256: the configs an
 * entry came from, which a signed list must cover and the TPM is told of. */
struct bread {
	const struct bfs *fs;
	char *path;
	unsigned char hash[32];
};
extern struct bread *bfs_reads;
extern int bfs_nreads;
const struct bfs *bfs_find(const struct bfs_set *all, const char *kind, const char *value);

/*
 * The parsers. Each reads config text (len bytes, not necessarily NUL-ended)
 * that came from file `config` on fs, and appends entries to l. They never
 * fail on a bad line: they warn "boot: CONFIG:LINE: why" and go on. A file a
 * config includes (configfile, source, INCLUDE, blscfg's entries) is read from
 * its filesystem with bfs_read. Returns the number of entries added.
 */
int grub_parse(struct blist *l, const struct bfs_set *all, const struct bfs *fs,
    const char *config, const char *text, size_t len);
int bls_parse(struct blist *l, const struct bfs *fs, const char *config, const char *text, size_t len);
int bls_scan(struct blist *l, const struct bfs *fs, const char *dir);	/* every *.conf, spec order */
int syslinux_parse(struct blist *l, const struct bfs *fs, const char *config, const char *text,
    size_t len);

#endif
