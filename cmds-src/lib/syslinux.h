/* syslinux.h - syslinux, isolinux, extlinux and pxelinux configs: text into entries */
#ifndef SYSLINUX_H
#define SYSLINUX_H

#include <stddef.h>

/*
 * The parser boot (configs on a disk) and netboot (pxelinux.cfg over HTTP)
 * share. Where a path in a config points is the caller's business: ops->path
 * turns a KERNEL, INITRD or INCLUDE operand as written into a path or URL
 * (malloc'd), and ops->read reads an INCLUDEd file by that name (malloc'd,
 * NUL-ended; NULL with errno set: the include is skipped with a warning).
 * A bad line never fails the parse: "CONFIG:LINE: why" is warned and the
 * parse goes on.
 */
struct sx_ops {
	void *ctx;
	char *(*path)(void *ctx, const char *written);
	char *(*read)(void *ctx, const char *path, size_t *len);
};

/* One bootable entry: a LABEL with a Linux kernel, or DEFAULT written as a command line. */
struct sx_entry {
	char *title;		/* submenus joined: "Tools > Rescue"; MENU LABEL, else LABEL */
	char *name;		/* LABEL's name; DEFAULT's line for that entry */
	char *kernel;		/* as ops->path gave it */
	char **initrd;		/* "initrd=A,B" words of the command line, then INITRD's list */
	int ninitrd;
	char *cmdline;		/* APPEND as written ("initrd=" words stay, as syslinux leaves them) */
	char *config;		/* where it starts, for messages */
	int line;
};

struct sx_list {
	struct sx_entry *e;
	int n;
	int def;		/* MENU DEFAULT's, else DEFAULT's entry; -1 if the config names none */
	int ontimeout;		/* ONTIMEOUT's label; -1 if none */
	int timeout;		/* tenths of a second; -1 wait for ever; 0 boot at once */
	int have_timeout;	/* the config set one (TIMEOUT, or PROMPT) */
};

/* Entries in menu order into l (zeroed first). The first config is named
 * CONFIG, its text LEN bytes (not necessarily NUL-ended). Returns l->n. */
int syslinux_read(struct sx_list *l, const struct sx_ops *ops, const char *config,
    const char *text, size_t len);
void sx_list_free(struct sx_list *l);

/* Where relative paths in CONFIG start: its directory, but pxelinux.cfg's
 * parent for pxelinux.cfg/NAME (where pxelinux.0 is). Malloc'd; "" for none. */
char *syslinux_dir(const char *config);

#endif
