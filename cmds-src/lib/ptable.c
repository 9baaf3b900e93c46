/* ptable.c - GPT (UEFI 2.10, chapter 5) and MBR partition tables, read through a
 * callback and checked for size: the table may be anything a disk holds. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "err.h"
#include "ptable.h"

#define MAX_ENTRIES_BYTES (1 << 20)	/* 128 entries take 16 KiB; 1 MiB is plenty */
#define MAX_LOGICAL 128

static uint32_t
le32(const unsigned char *p)
{
	return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t
le64(const unsigned char *p)
{
	return le32(p) | (uint64_t)le32(p + 4) << 32;
}

char *
guid_str(const unsigned char g[16], char out[37])
{
	snprintf(out, 37, "%02X%02X%02X%02X-%02X%02X-%02X%02X-%02X%02X-%02X%02X%02X%02X%02X%02X",
	    g[3], g[2], g[1], g[0], g[5], g[4], g[7], g[6], g[8], g[9], g[10], g[11], g[12], g[13],
	    g[14], g[15]);
	return out;
}

const char *
gpt_type_name(const unsigned char g[16])
{
	static const struct { const char *guid, *name; } known[] = {
		{ "C12A7328-F81F-11D2-BA4B-00A0C93EC93B", "EFI System" },
		{ "0FC63DAF-8483-4772-8E79-3D69D8477DE4", "Linux filesystem" },
		{ "0657FD6D-A4AB-43C4-84E5-0933C84B4F4F", "Linux swap" },
		{ "E6D6D379-F507-44C2-A23C-238F2A3DF928", "Linux LVM" },
		{ "A19D880F-05FC-4D3B-A006-743F0F84911E", "Linux RAID" },
		{ "4F68BCE3-E8CD-4DB1-96E7-FBCAF984B709", "Linux root (x86-64)" },
		{ "BC13C2FF-59E6-4262-A352-B275FD6F7172", "Linux extended boot" },
		{ "EBD0A0A2-B9E5-4433-87C0-68B6B72699C7", "Microsoft basic data" },
		{ "E3C9E316-0B5C-4DB8-817D-F92DF00215AE", "Microsoft reserved" },
		{ "21686148-6449-6E6F-744E-656564454649", "BIOS boot" },
		{ "024DEE41-33E7-11D3-9D69-0008C781F39F", "MBR partition scheme" },
	};
	char s[37];

	guid_str(g, s);
	for (size_t i = 0; i < sizeof known / sizeof *known; i++)
		if (strcmp(s, known[i].guid) == 0)
			return known[i].name;
	return NULL;
}

const char *
mbr_type_name(unsigned t)
{
	static const struct { unsigned char t; const char *name; } known[] = {
		{ 0x01, "FAT12" }, { 0x04, "FAT16 <32M" }, { 0x05, "Extended" }, { 0x06, "FAT16" },
		{ 0x07, "HPFS/NTFS/exFAT" }, { 0x0b, "W95 FAT32" }, { 0x0c, "W95 FAT32 (LBA)" },
		{ 0x0e, "W95 FAT16 (LBA)" }, { 0x0f, "W95 Extended (LBA)" }, { 0x82, "Linux swap" },
		{ 0x83, "Linux" }, { 0x85, "Linux extended" }, { 0x8e, "Linux LVM" },
		{ 0xee, "GPT" }, { 0xef, "EFI (FAT-12/16/32)" }, { 0xfd, "Linux raid autodetect" },
	};

	for (size_t i = 0; i < sizeof known / sizeof *known; i++)
		if (known[i].t == t)
			return known[i].name;
	return NULL;
}

static void
add(struct ptable *pt, const struct part *p)
{
	pt->parts = xrealloc(pt->parts, (pt->nparts + 1) * sizeof *pt->parts);
	pt->parts[pt->nparts++] = *p;
}

/* UTF-16LE (36 units, up to a NUL) to UTF-8; a lone surrogate becomes U+FFFD. */
static void
utf16_name(const unsigned char *u, char *out)
{
	char *o = out;

	for (int i = 0; i < 36; i++) {
		unsigned c = u[2 * i] | u[2 * i + 1] << 8, lo;

		if (c == 0)
			break;
		if (c >= 0xd800 && c < 0xdc00 && i + 1 < 36 &&
		    (lo = u[2 * i + 2] | u[2 * i + 3] << 8) >= 0xdc00 && lo < 0xe000) {
			c = 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00);
			i++;
		} else if (c >= 0xd800 && c < 0xe000)
			c = 0xfffd;
		if (c < 0x80)
			*o++ = (char)c;
		else if (c < 0x800) {
			*o++ = (char)(0xc0 | c >> 6);
			*o++ = (char)(0x80 | (c & 0x3f));
		} else if (c < 0x10000) {
			*o++ = (char)(0xe0 | c >> 12);
			*o++ = (char)(0x80 | (c >> 6 & 0x3f));
			*o++ = (char)(0x80 | (c & 0x3f));
		} else {
			*o++ = (char)(0xf0 | c >> 18);
			*o++ = (char)(0x80 | (c >> 12 & 0x3f));
			*o++ = (char)(0x80 | (c >> 6 & 0x3f));
			*o++ = (char)(0x80 | (c & 0x3f));
		}
	}
	*o = '\0';
}

static uint32_t
crc(const unsigned char *p, size_t n)
{
	return (uint32_t)crc32(crc32(0L, Z_NULL, 0), p, (uInt)n);
}

/* The GPT header at LBA: NULL if it and its entries are good (into *PT), else why not. */
static const char *
gpt_at(ptable_reader rd, void *ctx, struct ptable *pt, uint64_t lba, unsigned char **ents)
{
	unsigned ss = pt->ss, hsize;
	unsigned char *h = xmalloc(ss), *e;
	uint64_t bytes, elba;
	const char *why = NULL;

	*ents = NULL;
	if (lba == 0 || lba >= pt->sectors || rd(ctx, h, ss, lba * ss) < 0)
		why = "cannot be read";
	else if (memcmp(h, "EFI PART", 8) != 0)
		why = "no signature";
	else if ((hsize = le32(h + 12)) < 92 || hsize > ss)
		why = "bad header size";
	else {
		uint32_t want = le32(h + 16);

		memset(h + 16, 0, 4);
		if (crc(h, hsize) != want)
			why = "bad header CRC";
	}
	if (why != NULL) {
		free(h);
		return why;
	}
	pt->hdr_lba = le64(h + 24);
	pt->alt_lba = le64(h + 32);
	pt->first_usable = le64(h + 40);
	pt->last_usable = le64(h + 48);
	memcpy(pt->disk_guid, h + 56, 16);
	elba = le64(h + 72);
	pt->entries = le32(h + 80);
	pt->entry_size = le32(h + 84);
	bytes = (uint64_t)pt->entries * pt->entry_size;
	if (pt->entry_size < 128 || pt->entry_size % 8 != 0 || bytes > MAX_ENTRIES_BYTES)
		why = "bad partition entry array size";
	else if (pt->hdr_lba != lba)
		why = "header's own LBA is not where it is";
	else if (elba >= pt->sectors || bytes > (pt->sectors - elba) * ss)
		why = "partition entries past the end of the disk";
	else if (rd(ctx, e = xmalloc(bytes ? bytes : 1), bytes, elba * ss) < 0) {
		why = "partition entries cannot be read";
		free(e);
	} else if (crc(e, bytes) != le32(h + 88)) {
		why = "bad partition entries CRC";
		free(e);
	} else
		*ents = e;
	free(h);
	return why;
}

static void
gpt_parts(struct ptable *pt, const unsigned char *ents)
{
	static const unsigned char unused[16];
	struct part p;

	for (unsigned i = 0; i < pt->entries; i++) {
		const unsigned char *e = ents + (size_t)i * pt->entry_size;

		if (memcmp(e, unused, 16) == 0)
			continue;
		memset(&p, 0, sizeof p);
		p.num = i + 1;
		memcpy(p.type, e, 16);
		memcpy(p.guid, e + 16, 16);
		p.first = le64(e + 32);
		p.last = le64(e + 40);
		p.attrs = le64(e + 48);
		utf16_name(e + 56, p.name);
		add(pt, &p);
	}
}

/* 1 found (maybe from the backup at the last LBA, then pt->bad says why the
 * primary was not used), 0 no signature in either, -1 neither good. */
static int
gpt(ptable_reader rd, void *ctx, struct ptable *pt, const char **why)
{
	unsigned char *ents;
	const char *bad = gpt_at(rd, ctx, pt, 1, &ents), *bad2;

	if (bad != NULL && (bad2 = gpt_at(rd, ctx, pt, pt->sectors - 1, &ents)) != NULL) {
		if (strcmp(bad, "no signature") == 0 && strcmp(bad2, "no signature") == 0)
			return 0;
		pt->bad = bad;
		*why = bad2;
		return -1;
	}
	pt->bad = bad;
	pt->kind = PT_GPT;
	gpt_parts(pt, ents);
	free(ents);
	return 1;
}

static struct part
mbr_entry(const unsigned char *e, unsigned num, uint64_t base)
{
	struct part p;

	memset(&p, 0, sizeof p);
	p.num = num;
	p.boot = e[0];
	p.mbr_type = e[4];
	p.first = base + le32(e + 8);
	p.last = p.first + le32(e + 12) - 1;
	return p;
}

static int
is_extended(unsigned t)
{
	return t == 0x05 || t == 0x0f || t == 0x85;
}

/* The logical partitions: a chain of EBRs, each link relative to the extended partition. */
static int
logicals(ptable_reader rd, void *ctx, struct ptable *pt, uint64_t ext, const char **why)
{
	unsigned char b[512];
	uint64_t at = ext, seen[MAX_LOGICAL];
	unsigned n = 0;

	for (;;) {
		for (unsigned i = 0; i < n; i++)
			if (seen[i] == at) {
				*why = "logical partitions' chain loops";
				return -1;
			}
		if (n == MAX_LOGICAL) {
			*why = "too many logical partitions";
			return -1;
		}
		seen[n++] = at;
		if (at >= pt->sectors || rd(ctx, b, 512, at * pt->ss) < 0) {
			*why = "extended boot record cannot be read";
			return -1;
		}
		if (b[510] != 0x55 || b[511] != 0xaa) {
			*why = "no signature on an extended boot record";
			return -1;
		}
		if (le32(b + 446 + 12) != 0) {
			struct part p = mbr_entry(b + 446, 4 + n, at);

			add(pt, &p);
		}
		if (!is_extended(b[462 + 4]) || le32(b + 462 + 12) == 0)
			return 0;
		at = ext + le32(b + 462 + 8);
	}
}

static int
mbr(ptable_reader rd, void *ctx, struct ptable *pt, const unsigned char *b, const char **why)
{
	uint64_t ext = 0;

	pt->kind = PT_MBR;
	pt->disk_id = le32(b + 440);
	for (unsigned i = 0; i < 4; i++) {
		const unsigned char *e = b + 446 + 16 * i;
		struct part p;

		if (e[4] == 0 || le32(e + 12) == 0)
			continue;
		p = mbr_entry(e, i + 1, 0);
		add(pt, &p);
		if (is_extended(e[4]) && ext == 0)
			ext = p.first;
	}
	return ext != 0 && logicals(rd, ctx, pt, ext, why) < 0 ? -1 : 1;
}

int
ptable_read(ptable_reader rd, void *ctx, uint64_t size, unsigned ss, struct ptable *pt,
    const char **why)
{
	unsigned char b[512];
	int r;

	memset(pt, 0, sizeof *pt);
	pt->ss = ss ? ss : 512;
	pt->sectors = size / pt->ss;
	if (size < 512 || rd(ctx, b, 512, 0) < 0) {
		*why = "cannot read the first sector";
		return -1;
	}
	if ((r = gpt(rd, ctx, pt, why)) == 0 && ss == 0 && size >= 2 * 4096) {
		pt->ss = 4096;
		pt->sectors = size / 4096;
		if ((r = gpt(rd, ctx, pt, why)) == 0)
			pt->ss = 512, pt->sectors = size / 512;
	}
	if (r < 0)
		return -1;
	if (r > 0)
		return 1;
	if (b[510] != 0x55 || b[511] != 0xaa)
		return 0;
	for (int i = 0; i < 4; i++)
		if (b[446 + 16 * i + 4] == 0xee) {
			*why = "protective MBR but no GPT";
			return -1;
		}
	if ((r = mbr(rd, ctx, pt, b, why)) < 0)
		ptable_free(pt);
	return r;
}

void
ptable_free(struct ptable *pt)
{
	free(pt->parts);
	pt->parts = NULL;
	pt->nparts = 0;
}
