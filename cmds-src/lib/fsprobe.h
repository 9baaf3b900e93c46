/* fsprobe.h - what a block device holds, from its superblock */
#ifndef FSPROBE_H
#define FSPROBE_H

struct fsid {
	const char *type;	/* "ext4", "vfat", "iso9660", ...; NULL if unknown */
	char label[256], uuid[64];	/* "" if none */
};

/* 1 if PATH holds a file system (or swap, LUKS) we know, 0 if not, -1 and
 * errno if it cannot be read. For blkid and boot. */
int fsprobe(const char *path, struct fsid *id);

#endif
