/* stat - show file or file system status */
#include "cmd.h"
#include "path.h"
#include "attr.h"
#include <sys/statfs.h>
#include <sys/sysmacros.h>

static const char usage[] = "stat [-fLt] [-c FORMAT] FILE...";

static const char file_format[] =
    "  File: %N\n"
    "  Size: %-10s\tBlocks: %-10b IO Block: %-6o %F\n"
    "Device: %Hd,%Ld\tInode: %-11i Links: %h\n"
    "Access: (%04a/%10.10A)  Uid: (%5u/%8U)   Gid: (%5g/%8G)\n"
    "Access: %x\nModify: %y\nChange: %z\n Birth: %w\n";
static const char dev_format[] =
    "  File: %N\n"
    "  Size: %-10s\tBlocks: %-10b IO Block: %-6o %F\n"
    "Device: %Hd,%Ld\tInode: %-11i Links: %-5h Device type: %Hr,%Lr\n"
    "Access: (%04a/%10.10A)  Uid: (%5u/%8U)   Gid: (%5g/%8G)\n"
    "Access: %x\nModify: %y\nChange: %z\n Birth: %w\n";
static const char fs_format[] =
    "  File: \"%n\"\n"
    "    ID: %-8i Namelen: %-7l Type: %T\n"
    "Block size: %-10s Fundamental block size: %S\n"
    "Blocks: Total: %-10b Free: %-10f Available: %a\n"
    "Inodes: Total: %-10c Free: %d\n";
static const char file_terse[] = "%n %s %b %f %u %g %D %i %h %t %T %X %Y %Z %W %o\n";
static const char fs_terse[] = "%n %i %l %t %s %S %b %f %a %c %d\n";

/* What a directive prints: a number (signed or not, decimal or hex) or a string. */
struct value {
	enum { NUM, UNUM, OCT, HEX, STR } kind;
	long long n;
	const char *s;
};

static struct {
	const char *name;
	const char *link;	/* the target, for %N on a link */
	struct stat st;
	struct statfs fs;
	char buf[256];
} cur;

static const char *
type_name(const struct stat *st)
{
	switch (st->st_mode & S_IFMT) {
	case S_IFREG: return st->st_size == 0 ? "regular empty file" : "regular file";
	case S_IFDIR: return "directory";
	case S_IFLNK: return "symbolic link";
	case S_IFIFO: return "fifo";
	case S_IFSOCK: return "socket";
	case S_IFCHR: return "character special file";
	case S_IFBLK: return "block special file";
	}
	return "weird file";
}

static const char *
fs_name(unsigned long type)
{
	static const struct { unsigned long magic; const char *name; } names[] = {
		{ 0xef53, "ext2/ext3" }, { 0x01021994, "tmpfs" }, { 0x858458f6, "ramfs" },
		{ 0x9fa0, "proc" }, { 0x62656572, "sysfs" }, { 0x1cd1, "devpts" },
		{ 0x73717368, "squashfs" }, { 0x28cd3d45, "cramfs" }, { 0x4d44, "msdos" },
		{ 0x9123683e, "btrfs" }, { 0x58465342, "xfs" }, { 0x6969, "nfs" },
		{ 0x794c7630, "overlayfs" }, { 0x72b6, "jffs2" }, { 0x24051905, "ubifs" },
		{ 0xf2f52010, "f2fs" }, { 0x9660, "isofs" }, { 0x63677270, "cgroup2fs" },
		{ 0x27e0eb, "cgroupfs" }, { 0x64626720, "debugfs" }, { 0x74726163, "tracefs" },
		{ 0x73636673, "securityfs" }, { 0xcafe4a11, "bpf_fs" }, { 0x65735546, "fuseblk" },
		{ 0x65735543, "fusectl" }, { 0x5346544e, "ntfs" }, { 0x2011bab0, "exfat" },
		{ 0x6e736673, "nsfs" }, { 0x42494e4d, "binfmt_misc" }, { 0x19800202, "mqueue" },
		{ 0x958458f6, "hugetlbfs" }, { 0x01021997, "v9fs" },
	};

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (names[i].magic == type)
			return names[i].name;
	return "UNKNOWN";
}

/* "2024-01-02 03:04:05.123456789 +0000", in local time. */
static const char *
human_time(struct timespec ts)
{
	struct tm tm;
	char s[64], z[16];

	if (localtime_r(&ts.tv_sec, &tm) == NULL) {
		snprintf(cur.buf, sizeof cur.buf, "%lld.%09ld", (long long)ts.tv_sec, ts.tv_nsec);
		return cur.buf;
	}
	strftime(s, sizeof s, "%Y-%m-%d %H:%M:%S", &tm);
	strftime(z, sizeof z, "%z", &tm);
	snprintf(cur.buf, sizeof cur.buf, "%s.%09ld %s", s, ts.tv_nsec, z);
	return cur.buf;
}

/* %N: 'name', and -> 'target' for a link. */
static char *
quoted_name(void)
{
	size_t n = strlen(cur.name) + (cur.link ? strlen(cur.link) + 6 : 0) + 3;
	char *s = xmalloc(n);

	if (cur.link != NULL)
		snprintf(s, n, "'%s' -> '%s'", cur.name, cur.link);
	else
		snprintf(s, n, "'%s'", cur.name);
	return s;
}

/* The value of file directive C, with an H (major) or L (minor) before it in HL. */
static int
file_value(int c, int hl, struct value *v)
{
	const struct stat *st = &cur.st;
	dev_t d = c == 'r' ? st->st_rdev : st->st_dev;

	v->kind = UNUM;
	switch (c) {
	case 'n': v->kind = STR; v->s = cur.name; break;
	case 'N': v->kind = STR; v->s = NULL; break;
	case 's': v->kind = NUM; v->n = st->st_size; break;
	case 'a': v->kind = OCT; v->n = st->st_mode & 07777; break;
	case 'A': v->kind = STR; mode_str(cur.buf, st->st_mode); v->s = cur.buf; break;
	case 'f': v->kind = HEX; v->n = st->st_mode; break;
	case 'F': v->kind = STR; v->s = type_name(st); break;
	case 'u': v->n = st->st_uid; break;
	case 'U': v->kind = STR; v->s = uid_name(st->st_uid); break;
	case 'g': v->n = st->st_gid; break;
	case 'G': v->kind = STR; v->s = gid_name(st->st_gid); break;
	case 'i': v->n = st->st_ino; break;
	case 'h': v->n = st->st_nlink; break;
	case 'b': v->n = st->st_blocks; break;
	case 'B': v->n = 512; break;
	case 'o': v->n = st->st_blksize; break;
	case 'd': case 'r': v->n = hl == 'H' ? major(d) : hl == 'L' ? minor(d) : d; break;
	case 'R': v->kind = HEX; v->n = st->st_rdev; break;
	case 'D': v->kind = HEX; v->n = st->st_dev; break;
	case 't': v->kind = HEX; v->n = major(st->st_rdev); break;
	case 'T': v->kind = HEX; v->n = minor(st->st_rdev); break;
	case 'X': v->kind = NUM; v->n = st->st_atim.tv_sec; break;
	case 'Y': v->kind = NUM; v->n = st->st_mtim.tv_sec; break;
	case 'Z': v->kind = NUM; v->n = st->st_ctim.tv_sec; break;
	case 'W': v->kind = NUM; v->n = 0; break;
	case 'x': v->kind = STR; v->s = human_time(st->st_atim); break;
	case 'y': v->kind = STR; v->s = human_time(st->st_mtim); break;
	case 'z': v->kind = STR; v->s = human_time(st->st_ctim); break;
	case 'w': v->kind = STR; v->s = "-"; break;
	default: return -1;
	}
	return 0;
}

static int
fs_value(int c, int hl, struct value *v)
{
	const struct statfs *fs = &cur.fs;
	unsigned long long id;

	(void)hl;
	v->kind = UNUM;
	switch (c) {
	case 'n': v->kind = STR; v->s = cur.name; break;
	case 'i':
		memcpy(cur.buf, &fs->f_fsid, sizeof fs->f_fsid);
		id = (unsigned long long)((const unsigned *)cur.buf)[0] << 32 | ((const unsigned *)cur.buf)[1];
		v->kind = HEX;
		v->n = id;
		break;
	case 'l': v->n = fs->f_namelen; break;
	case 't': v->kind = HEX; v->n = (unsigned long)fs->f_type; break;
	case 'T': v->kind = STR; v->s = fs_name(fs->f_type); break;
	case 's': v->n = fs->f_bsize; break;
	case 'S': v->n = fs->f_frsize ? fs->f_frsize : fs->f_bsize; break;
	case 'b': v->n = fs->f_blocks; break;
	case 'f': v->n = fs->f_bfree; break;
	case 'a': v->n = fs->f_bavail; break;
	case 'c': v->n = fs->f_files; break;
	case 'd': v->n = fs->f_ffree; break;
	default: return -1;
	}
	return 0;
}

/* One directive: SPEC holds its flags, width and precision, as printf takes them. */
static void
put_value(const char *spec, size_t n, const struct value *v)
{
	char fmt[64];
	const char *s;
	char *owned = NULL;

	if (n > sizeof fmt - 8)
		n = sizeof fmt - 8;
	memcpy(fmt, spec, n);
	switch (v->kind) {
	case NUM: strcpy(fmt + n, "lld"); printf(fmt, v->n); break;
	case UNUM: strcpy(fmt + n, "llu"); printf(fmt, (unsigned long long)v->n); break;
	case OCT: strcpy(fmt + n, "llo"); printf(fmt, (unsigned long long)v->n); break;
	case HEX: strcpy(fmt + n, "llx"); printf(fmt, (unsigned long long)v->n); break;
	case STR:
		s = v->s != NULL ? v->s : (owned = quoted_name());
		strcpy(fmt + n, "s");
		printf(fmt, s);
		free(owned);
		break;
	}
}

static void
format(const char *f, int fs)
{
	struct value v;
	const char *spec;
	int hl;

	for (; *f; f++) {
		if (*f != '%') {
			putchar(*f);
			continue;
		}
		spec = f++;
		f += strspn(f, "-+ #0'");
		f += strspn(f, "0123456789");
		if (*f == '.')
			f += 1 + strspn(f + 1, "0123456789");
		hl = 0;
		if (!fs && (*f == 'H' || *f == 'L') && (f[1] == 'd' || f[1] == 'r'))
			hl = *f++;
		if (*f == '\0') {
			fputs(spec, stdout);
			return;
		}
		if (*f == '%') {
			putchar('%');
			continue;
		}
		v.n = 0;
		v.s = NULL;
		if ((fs ? fs_value(*f, hl, &v) : file_value(*f, hl, &v)) < 0) {
			putchar('?');
			continue;
		}
		put_value(spec, (hl ? f - 1 : f) - spec, &v);
	}
}

static void
stat_file(const char *path, const char *fmt, int follow, int terse)
{
	char *link = NULL;
	int r, custom = fmt != NULL;

	if (strcmp(path, "-") == 0)
		r = fstat(0, &cur.st);
	else
		r = follow ? stat(path, &cur.st) : lstat(path, &cur.st);
	if (r < 0) {
		warn_errno("%s", path);
		return;
	}
	if (S_ISLNK(cur.st.st_mode))
		link = link_read(AT_FDCWD, path);
	cur.name = path;
	cur.link = link;
	if (fmt == NULL)
		fmt = terse ? file_terse :
		    S_ISCHR(cur.st.st_mode) || S_ISBLK(cur.st.st_mode) ? dev_format : file_format;
	if (fmt == file_format || fmt == dev_format) {
		/* The long form names the file plainly: File: name -> target. */
		printf("  File: %s", path);
		if (link != NULL)
			printf(" -> %s", link);
		fmt = strchr(fmt, '\n');
	}
	format(fmt, 0);
	if (custom)
		putchar('\n');
	free(link);
}

static void
stat_fs(const char *path, const char *fmt, int terse)
{
	if ((strcmp(path, "-") == 0 ? fstatfs(0, &cur.fs) : statfs(path, &cur.fs)) < 0) {
		warn_errno("%s", path);
		return;
	}
	cur.name = path;
	cur.link = NULL;
	format(fmt != NULL ? fmt : terse ? fs_terse : fs_format, 1);
	if (fmt != NULL)
		putchar('\n');
}

static const struct opt_long longs[] = {
	{ "format", 'c' }, { "file-system", 'f' }, { "dereference", 'L' },
	{ "terse", 't' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	const char *fmt = NULL;
	int c, fs = 0, follow = 0, terse = 0;

	o.longs = longs;
	while ((c = opt_next(&o, "c:fLt")) != -1) {
		switch (c) {
		case 'c': fmt = o.arg; break;
		case 'f': fs = 1; break;
		case 'L': follow = 1; break;
		case 't': terse = 1; break;
		default: die_usage(&o);
		}
	}
	if (o.ind == argc)
		die_usage(&o);
	for (int i = o.ind; i < argc; i++) {
		if (fs)
			stat_fs(argv[i], fmt, terse);
		else
			stat_file(argv[i], fmt, follow, terse);
	}
	return cmd_exit();
}
