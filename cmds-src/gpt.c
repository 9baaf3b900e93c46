/* gpt - print a disk's partition table: GPT (checked, with its backup) or MBR */
#include "cmd.h"
#include "num.h"
#include "ptable.h"
#include <sys/ioctl.h>

static const char usage[] = "gpt [-b SECTOR-SIZE] DEV|FILE...";

#define BLKSSZGET _IO(0x12, 104)	/* <linux/fs.h>, which musl's headers do not carry */

static int
read_at(void *ctx, void *buf, size_t n, uint64_t off)
{
	ssize_t r = pread(*(int *)ctx, buf, n, (off_t)off);

	if (r >= 0 && (size_t)r != n)
		errno = EIO;
	return r >= 0 && (size_t)r == n ? 0 : -1;
}

static void
show_part(const struct ptable *pt, const struct part *p)
{
	char size[HUMAN_LEN], g[37];
	const char *name;
	uint64_t n = p->last >= p->first ? p->last - p->first + 1 : 0;

	printf("\nPartition %u: LBA %llu-%llu (%s)%s\n", p->num, (unsigned long long)p->first,
	    (unsigned long long)p->last, human_size(size, n * pt->ss),
	    pt->kind == PT_MBR && p->boot == 0x80 ? ", boot" : "");
	if (pt->kind == PT_MBR) {
		name = mbr_type_name(p->mbr_type);
		printf("\tType: 0x%02X%s%s%s\n", p->mbr_type, name ? " (" : "", name ? name : "",
		    name ? ")" : "");
		return;
	}
	name = gpt_type_name(p->type);
	printf("\tType: %s%s%s%s\n", guid_str(p->type, g), name ? " (" : "", name ? name : "",
	    name ? ")" : "");
	printf("\tGUID: %s\n", guid_str(p->guid, g));
	if (p->name[0] != '\0')
		printf("\tName: %s\n", p->name);
	if (p->attrs != 0)
		printf("\tAttributes: 0x%016llX\n", (unsigned long long)p->attrs);
}

static void
show(const char *path, const struct ptable *pt)
{
	char g[37];

	printf("Disk %s: %llu sectors of %u bytes, ", path, (unsigned long long)pt->sectors, pt->ss);
	if (pt->kind == PT_MBR)
		printf("MBR, disk identifier 0x%08X\n", (unsigned)pt->disk_id);
	else {
		printf("GPT\nDisk GUID: %s\n", guid_str(pt->disk_guid, g));
		printf("Header at LBA %llu, backup at LBA %llu, usable LBAs %llu-%llu\n",
		    (unsigned long long)pt->hdr_lba, (unsigned long long)pt->alt_lba,
		    (unsigned long long)pt->first_usable, (unsigned long long)pt->last_usable);
		printf("%u entries of %u bytes\n", pt->entries, pt->entry_size);
	}
	for (unsigned i = 0; i < pt->nparts; i++)
		show_part(pt, &pt->parts[i]);
}

/* The sector size of a block device, 0 (guess) for a file. */
static unsigned
sector_size(int fd)
{
	struct stat st;
	int ss;

	if (fstat(fd, &st) == 0 && S_ISBLK(st.st_mode) && ioctl(fd, BLKSSZGET, &ss) == 0 && ss >= 512)
		return (unsigned)ss;
	return 0;
}

static void
gpt(const char *path, unsigned ss)
{
	static int shown;	/* a blank line between two tables */

	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct ptable pt;
	const char *why;
	off_t size;
	int r;

	if (fd < 0 || (size = lseek(fd, 0, SEEK_END)) < 0) {
		warn_errno("%s", path);
		if (fd >= 0)
			close(fd);
		return;
	}
	if (ss == 0)
		ss = sector_size(fd);
	errno = 0;
	r = ptable_read(read_at, &fd, (uint64_t)size, ss, &pt, &why);
	close(fd);
	if (r < 0 && errno != 0 && errno != EIO)
		warn_errno("%s", path);
	else if (r < 0 && pt.bad != NULL)
		warn("%s: primary GPT: %s; backup GPT: %s", path, pt.bad, why);
	else if (r < 0)
		warn("%s: %s", path, why);
	else if (r == 0)
		warn("%s: no partition table", path);
	if (r <= 0)
		return;
	if (pt.bad != NULL)
		warn("%s: primary GPT: %s; using the backup at LBA %llu", path, pt.bad,
		    (unsigned long long)pt.hdr_lba);
	if (shown++)
		putchar('\n');
	show(path, &pt);
	ptable_free(&pt);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	unsigned long long ss = 0;
	int c;

	while ((c = opt_next(&o, "b:")) != -1) {
		switch (c) {
		case 'b':
			if (parse_uint(o.arg, 65536, &ss) < 0 || ss < 512 || (ss & (ss - 1)) != 0)
				die("%s: bad sector size", o.arg);
			break;
		default: die_usage(&o);
		}
	}
	if (o.ind == argc)
		die_usage(&o);
	for (int i = o.ind; i < argc; i++) {
		fflush(stdout);	/* a warning after the table it is about */
		gpt(argv[i], (unsigned)ss);
	}
	return cmd_exit();
}
