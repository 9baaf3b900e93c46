/* disk.h - boot's own parts: probing disks, the menu, loading an entry */
#ifndef DISK_H
#define DISK_H
#include "boot.h"

#define MAX_FS 64
#define CONFIG_MAX (1 << 20)

/* probe.c: the block devices' file systems, mounted read-only under /run/boot. */
void load_block_modules(void);
int probe_disks(struct bfs_set *all, char **only, int nonly);	/* fills all->fs[MAX_FS] */
void unmount_all(const struct bfs_set *all);
void collect(struct blist *l, const struct bfs_set *all, const struct bfs *fs);
int parse_file(struct blist *l, const struct bfs_set *all, const struct bfs *fs, const char *config);
void merge(struct blist *to, struct blist *from);

/* menu.c: the index chosen (cmdline may be replaced, malloc'd), -1 for the shell. */
int menu(struct blist *l, const char *failed);

/* load.c: kexec_file_load the entry; 0, or -1 after a "boot: CONFIG:LINE: ..." message. */
int load_entry(const struct bentry *e);
double now(void);	/* monotonic seconds */

#endif
