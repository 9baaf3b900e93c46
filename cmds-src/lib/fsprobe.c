/* fsprobe.c - identify a file system by its superblock: type, label and UUID */
#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "err.h"
#include "fsprobe.h"

#define PROBE_LEN (68 * 1024)	/* as far in as any superblock we know */

struct dev {
	int fd;
	const unsigned char *b;	/* the first PROBE_LEN bytes, zero-padded */
	size_t n;		/* how many of them were read */
};

static unsigned
le16(const unsigned char *p)
{
	return p[0] | p[1] << 8;
}

static uint32_t
le32(const unsigned char *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

/* A label of at most N bytes: up to the first NUL, trailing blanks trimmed. */
static void
set_label(struct fsid *id, const unsigned char *s, size_t n)
{
	size_t len = 0;

	while (len < n && len < sizeof id->label - 1 && s[len] != '\0')
		len++;
	while (len > 0 && s[len - 1] == ' ')
		len--;
	memcpy(id->label, s, len);
	id->label[len] = '\0';
}

/* 16 bytes as 8-4-4-4-12 hex digits; nothing if they are all zero. */
static void
set_uuid(struct fsid *id, const unsigned char *u)
{
	char *p = id->uuid;
	int zero = 1;

	for (int i = 0; i < 16; i++)
		zero &= u[i] == 0;
	if (zero)
		return;
	for (int i = 0; i < 16; i++) {
		if (i == 4 || i == 6 || i == 8 || i == 10)
			*p++ = '-';
		p += sprintf(p, "%02x", u[i]);
	}
}

static int
probe_squashfs(const struct dev *d, struct fsid *id)
{
	if (le32(d->b) != 0x73717368)	/* "hsqs" */
		return 0;
	id->type = le16(d->b + 28) < 4 ? "squashfs3" : "squashfs";
	return 1;
}

/* ext2, ext3 and ext4 share a superblock; the features tell them apart. */
static int
probe_ext(const struct dev *d, struct fsid *id)
{
	const unsigned char *sb = d->b + 1024;
	uint32_t compat, incompat, ro_compat;

	if (le16(sb + 0x38) != 0xEF53)
		return 0;
	compat = le32(sb + 0x5C);
	incompat = le32(sb + 0x60);
	ro_compat = le32(sb + 0x64);
	if (incompat & 0x0008)	/* a journal device */
		id->type = "jbd";
	else if ((incompat & ~0x0016u) || (ro_compat & ~0x0007u))	/* beyond ext3 */
		id->type = "ext4";
	else if (compat & 0x0004)	/* has a journal */
		id->type = "ext3";
	else
		id->type = "ext2";
	set_uuid(id, sb + 0x68);
	set_label(id, sb + 0x78, 16);
	return 1;
}

static int
probe_erofs(const struct dev *d, struct fsid *id)
{
	const unsigned char *sb = d->b + 1024;

	if (le32(sb) != 0xE0F5E1E2)
		return 0;
	id->type = "erofs";
	set_uuid(id, sb + 48);
	set_label(id, sb + 64, 16);
	return 1;
}

static int
probe_xfs(const struct dev *d, struct fsid *id)
{
	if (memcmp(d->b, "XFSB", 4) != 0)
		return 0;
	id->type = "xfs";
	set_uuid(id, d->b + 32);
	set_label(id, d->b + 108, 12);
	return 1;
}

static int
probe_btrfs(const struct dev *d, struct fsid *id)
{
	const unsigned char *sb = d->b + 0x10000;

	if (memcmp(sb + 0x40, "_BHRfS_M", 8) != 0)
		return 0;
	id->type = "btrfs";
	set_uuid(id, sb + 0x20);
	set_label(id, sb + 0x12B, 256);
	return 1;
}

static int
probe_luks(const struct dev *d, struct fsid *id)
{
	static const unsigned char magic[] = { 'L', 'U', 'K', 'S', 0xba, 0xbe };

	if (memcmp(d->b, magic, 6) != 0)
		return 0;
	id->type = "crypto_LUKS";
	snprintf(id->uuid, sizeof id->uuid, "%.40s", (const char *)d->b + 168);
	return 1;
}

/* An ISO date "YYYYMMDDhhmmsscc" and a zone, as util-linux makes it a UUID;
 * 0 if unset (all '0' in zone 0) or not digits. */
static int
iso_date_uuid(const unsigned char *t, struct fsid *id)
{
	int set = t[16] != 0;

	for (int i = 0; i < 16; i++) {
		if (t[i] < '0' || t[i] > '9')
			return 0;
		set |= t[i] != '0';
	}
	if (!set)
		return 0;
	snprintf(id->uuid, sizeof id->uuid, "%.4s-%.2s-%.2s-%.2s-%.2s-%.2s-%.2s",
	    t, t + 4, t + 6, t + 8, t + 10, t + 12, t + 14);
	return 1;
}

/* A Joliet volume name: 16 UCS-2 big-endian characters, as UTF-8. */
static void
joliet_label(const unsigned char *s, struct fsid *id)
{
	char *p = id->label;

	for (int i = 0; i < 16; i++) {
		unsigned c = s[2 * i] << 8 | s[2 * i + 1];

		if (c == 0)
			break;
		if (c < 0x80) {
			*p++ = (char)c;
		} else if (c < 0x800) {
			*p++ = (char)(0xC0 | c >> 6);
			*p++ = (char)(0x80 | (c & 0x3F));
		} else {
			*p++ = (char)(0xE0 | c >> 12);
			*p++ = (char)(0x80 | (c >> 6 & 0x3F));
			*p++ = (char)(0x80 | (c & 0x3F));
		}
	}
	while (p > id->label && p[-1] == ' ')
		p--;
	*p = '\0';
}

static int
probe_iso9660(const struct dev *d, struct fsid *id)
{
	const unsigned char *pvd = d->b + 32768, *vd;

	if (pvd[0] != 1 || memcmp(pvd + 1, "CD001", 5) != 0)
		return 0;
	id->type = "iso9660";
	set_label(id, pvd + 40, 32);
	if (!iso_date_uuid(pvd + 830, id))	/* modified, else created */
		iso_date_uuid(pvd + 813, id);
	for (vd = pvd + 2048; vd + 2048 <= d->b + PROBE_LEN && vd[0] != 255; vd += 2048) {
		if (vd[0] == 2 && memcmp(vd + 1, "CD001", 5) == 0 && vd[88] == '%' && vd[89] == '/' &&
		    (vd[90] == '@' || vd[90] == 'C' || vd[90] == 'E')) {
			joliet_label(vd + 40, id);
			break;
		}
	}
	return 1;
}

/* The volume label in a FAT directory of LEN bytes at OFFSET; 0 if none. */
static int
fat_dir_label(const struct dev *d, off_t offset, size_t len, struct fsid *id)
{
	unsigned char *dir = xmalloc(len);
	ssize_t n = pread(d->fd, dir, len, offset);
	int found = 0;

	for (ssize_t i = 0; n > 0 && i + 32 <= n; i += 32) {
		const unsigned char *e = dir + i;

		if (e[0] == 0)
			break;
		if (e[0] == 0xE5 || e[11] == 0x0F || (e[11] & 0x18) != 0x08)
			continue;	/* deleted, long name part, or not a volume label */
		set_label(id, e, 11);
		found = 1;
		break;
	}
	free(dir);
	return found;
}

static int
probe_vfat(const struct dev *d, struct fsid *id)
{
	const unsigned char *b = d->b, *ext;
	unsigned bps = le16(b + 11), spc = b[13], reserved = le16(b + 14), nfats = b[16];
	uint32_t fatlen = le16(b + 22), serial;
	int fat32 = fatlen == 0;
	off_t root;
	size_t rootlen;

	if (memcmp(b + 0x36, "FAT", 3) != 0 && memcmp(b + 0x52, "FAT32", 5) != 0 &&
	    memcmp(b + 0x36, "MSDOS", 5) != 0 && memcmp(b + 0x52, "MSWIN", 5) != 0)
		return 0;
	if (bps < 512 || bps > 4096 || (bps & (bps - 1)) || spc == 0 || (spc & (spc - 1)) ||
	    reserved == 0 || nfats == 0 || (b[21] != 0xF0 && b[21] < 0xF8))
		return 0;
	id->type = "vfat";
	if (fat32)
		fatlen = le32(b + 36);
	ext = b + (fat32 ? 64 : 36);	/* the extended boot record */
	if (ext[2] == 0x29) {
		serial = le32(ext + 3);
		snprintf(id->uuid, sizeof id->uuid, "%04X-%04X", (unsigned)(serial >> 16),
		    (unsigned)(serial & 0xFFFF));
	}
	root = (off_t)(reserved + (uint64_t)nfats * fatlen) * bps;
	rootlen = (size_t)le16(b + 17) * 32;
	if (fat32) {	/* the first cluster of the root directory */
		root += (off_t)(le32(b + 44) - 2) * spc * bps;
		rootlen = (size_t)spc * bps;
	}
	if (rootlen > 1 << 16)
		rootlen = 1 << 16;
	if (!fat_dir_label(d, root, rootlen, id) && ext[2] == 0x29) {
		set_label(id, ext + 7, 11);
		if (strcmp(id->label, "NO NAME") == 0)	/* what mkfs writes for none */
			id->label[0] = '\0';
	}
	return 1;
}

/* The swap signature ends the first page, whatever the page size was. */
static int
probe_swap(const struct dev *d, struct fsid *id)
{
	for (size_t page = 4096; page <= 65536; page *= 2) {
		const unsigned char *sig = d->b + page - 10;

		if (memcmp(sig, "SWAP-SPACE", 10) == 0) {
			id->type = "swap";
			return 1;
		}
		if (memcmp(sig, "SWAPSPACE2", 10) == 0) {
			id->type = "swap";
			set_uuid(id, d->b + 1036);
			set_label(id, d->b + 1052, 16);
			return 1;
		}
	}
	return 0;
}

static int (*const probes[])(const struct dev *, struct fsid *) = {
	probe_squashfs, probe_luks, probe_xfs, probe_ext, probe_erofs, probe_btrfs,
	probe_iso9660, probe_vfat, probe_swap,
};

int
fsprobe(const char *path, struct fsid *id)
{
	unsigned char *buf = xmalloc(PROBE_LEN);
	struct dev d = { -1, buf, 0 };
	ssize_t r;
	int found = 0;

	memset(id, 0, sizeof *id);
	memset(buf, 0, PROBE_LEN);
	if ((d.fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)) < 0) {
		free(buf);
		return -1;
	}
	while (d.n < PROBE_LEN && (r = pread(d.fd, buf + d.n, PROBE_LEN - d.n, d.n)) != 0) {
		if (r < 0) {
			if (errno == EINTR)
				continue;
			found = -1;
			break;
		}
		d.n += r;
	}
	for (size_t i = 0; found == 0 && i < sizeof probes / sizeof probes[0]; i++)
		found = probes[i](&d, id);
	r = errno;
	close(d.fd);
	free(buf);
	errno = (int)r;
	return found;
}

