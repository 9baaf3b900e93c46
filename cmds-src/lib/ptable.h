/* ptable.h - partition tables: GPT, and MBR with its chain of logical partitions */
#ifndef PTABLE_H
#define PTABLE_H

#include <stddef.h>
#include <stdint.h>

struct part {
	unsigned num;			/* GPT: the entry's index from 1; MBR: 1-4, logicals from 5 */
	uint64_t first, last;		/* LBAs */
	unsigned char type[16], guid[16];	/* GPT: as stored (mixed-endian) */
	uint64_t attrs;
	char name[109];			/* GPT: the UTF-16LE name as UTF-8 */
	unsigned char mbr_type, boot;	/* MBR */
};

struct ptable {
	enum { PT_NONE, PT_GPT, PT_MBR } kind;
	unsigned ss;			/* sector size */
	uint64_t sectors;		/* of the device */
	/* GPT */
	unsigned char disk_guid[16];
	uint64_t hdr_lba, alt_lba, first_usable, last_usable;
	unsigned entries, entry_size;
	const char *bad;		/* the primary header was not used: why (and *WHY the backup's) */
	/* MBR */
	uint32_t disk_id;
	unsigned nparts;
	struct part *parts;
};

/* Read N bytes at byte offset OFF of the device: 0, or -1 (errno; EIO for a short read). */
typedef int (*ptable_reader)(void *ctx, void *buf, size_t n, uint64_t off);

/* The partition table of a device of SIZE bytes with sectors of SS bytes
 * (0: 512, or 4096 if the GPT is there). 1 with *PT filled (ptable_free it),
 * 0 if there is none (PT_NONE), -1 with *WHY (the reader's errno kept if it failed):
 * a GPT whose headers are both bad (pt->bad then says what the primary's trouble
 * is, *WHY the backup's), an MBR chain that loops. */
int ptable_read(ptable_reader rd, void *ctx, uint64_t size, unsigned ss, struct ptable *pt,
    const char **why);
void ptable_free(struct ptable *pt);

/* A GUID as stored on disk, in the usual text form (upper case): 37 bytes. */
char *guid_str(const unsigned char g[16], char out[37]);

/* A name for a common GPT type or MBR type: NULL if we know none. */
const char *gpt_type_name(const unsigned char g[16]);
const char *mbr_type_name(unsigned t);

#endif
