/* cpio - copy files into and out of cpio archives (newc, odc) */
#include "cmd.h"
#include "io.h"
#include "attr.h"
#include "zio.h"
#include "xt.h"
#include <fnmatch.h>
#include <sys/sysmacros.h>

/*
 * -i stays beneath the current directory as tar -x does (see lib/xtract.c):
 * no "..", no leading slash, no symlink leading out, symlinks made last. As
 * root, owners are restored and so set-id bits (not on devices and fifos)
 * and device nodes are too; as another user, set-id bits are dropped. A
 * file's later names link only to a first name that was made. -p copies
 * the names read beneath DIR the same way, as if through an archive.
 */

static const char usage[] =
    "cpio -o [-v] [-H newc|odc] [-F ARCHIVE] [-R OWNER[:GROUP]] <names"
    " | cpio -i [-dmtuv] [-F ARCHIVE] [-R OWNER[:GROUP]] [PATTERN...]"
    " | cpio -p [-dmuv] [-R OWNER[:GROUP]] DIR <names (newc by default)";

struct member {
	char *name, *link;
	unsigned long long ino, dev, size;
	mode_t mode;
	unsigned uid, gid, nlink, rmajor, rminor;
	long long mtime;
};

static struct {
	int mode, verbose, odc;
	const char *archive;
	struct zio *z;
	long long bytes;	/* archive bytes so far, before compression */
	int broken;
	char **pat;
	int npat;
	struct xt xt;
	/* -o: inode numbers given out in order; newc links kept till their last name */
	struct link { dev_t dev; ino_t ino; unsigned long long num; int left; char **names; int n; } *links;
	size_t nlinks;
	unsigned long long next_ino;
	/* -i: the first name extracted for each (dev, ino) with several links */
	struct seen { unsigned long long dev, ino; char *path; } *seen;
	size_t nseen;
	int src;		/* -p: the file being copied */
	int set_uid, set_gid;	/* -R: these owners, not the files' or the archive's */
	uid_t uid;
	gid_t gid;
} cp;

/* -R's owner on M. */
static void
set_owner(struct member *m)
{
	if (cp.set_uid)
		m->uid = cp.uid;
	if (cp.set_gid)
		m->gid = cp.gid;
}

/* ---- writing ---- */

static _Noreturn void
write_failed(void)
{
	if (errno == EPIPE)
		exit(1);
	if (strcmp(cp.archive, "-") == 0)
		die("write error: %s", zio_error(cp.z));
	die("%s: %s", cp.archive, zio_error(cp.z));
}

static void
put(const void *p, size_t n)
{
	if (zio_write(cp.z, p, n) < 0)
		write_failed();
	cp.bytes += n;
}

static void
pad(unsigned unit)
{
	static const char zero[512];

	put(zero, (unit - cp.bytes % unit) % unit);
}

static void
put_header(const struct member *m, unsigned long long size)
{
	char h[128];
	size_t namesize = strlen(m->name) + 1;

	if (cp.odc) {
		snprintf(h, sizeof h, "070707%06o%06llo%06o%06o%06o%06o%06o%011llo%06o%011llo",
		    0, m->ino & 0777777, (unsigned)m->mode & 0777777, m->uid & 0777777,
		    m->gid & 0777777, m->nlink & 0777777,
		    (unsigned)makedev(m->rmajor, m->rminor) & 0777777,
		    (unsigned long long)m->mtime & 077777777777ULL, (unsigned)namesize & 0777777, size);
		put(h, 76);
		put(m->name, namesize);
		return;
	}
	snprintf(h, sizeof h, "070701%08llX%08X%08X%08X%08X%08llX%08llX%08X%08X%08X%08X%08X%08X",
	    m->ino, (unsigned)m->mode, m->uid, m->gid, m->nlink,
	    (unsigned long long)m->mtime & 0xffffffffULL, size, 0, 0, m->rmajor, m->rminor,
	    (unsigned)namesize, 0);
	put(h, 110);
	put(m->name, namesize);
	pad(4);
}

/* The data of PATH, SIZE bytes whatever the file does meanwhile. */
static void
put_file(const char *path, unsigned long long size)
{
	static char buf[65536];
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	ssize_t r = 0;
	size_t n;

	if (fd < 0)
		warn_errno("%s", path);
	while (size > 0) {
		n = size < sizeof buf ? size : sizeof buf;
		if (fd >= 0 && (r = read(fd, buf, n)) <= 0) {
			if (r < 0)
				warn_errno("%s", path);
			else
				warn("%s: file shrank; padding with zeros", path);
			close(fd);
			fd = -1;
		}
		if (fd < 0)
			memset(buf, 0, r = n);
		put(buf, r);
		size -= r;
	}
	if (fd >= 0)
		close(fd);
	if (!cp.odc)
		pad(4);
}

static void
put_member(struct member *m, const char *path, int with_data)
{
	unsigned long long size = with_data ? m->size : 0;

	if (S_ISLNK(m->mode)) {
		put_header(m, strlen(m->link));
		put(m->link, strlen(m->link));
		if (!cp.odc)
			pad(4);
		return;
	}
	put_header(m, size);
	if (size > 0 || S_ISREG(m->mode))
		put_file(path, size);
}

/* Inode numbers from 1 in the order met: the same tree, the same archive. */
static struct link *
link_of(const struct stat *st)
{
	for (size_t i = 0; i < cp.nlinks; i++)
		if (cp.links[i].dev == st->st_dev && cp.links[i].ino == st->st_ino)
			return &cp.links[i];
	cp.links = xrealloc(cp.links, (cp.nlinks + 1) * sizeof *cp.links);
	memset(&cp.links[cp.nlinks], 0, sizeof *cp.links);
	cp.links[cp.nlinks].dev = st->st_dev;
	cp.links[cp.nlinks].ino = st->st_ino;
	cp.links[cp.nlinks].num = ++cp.next_ino;
	cp.links[cp.nlinks].left = st->st_nlink;
	return &cp.links[cp.nlinks++];
}

/* newc: all names of a file but the last without data, the last with it. */
static void
flush_links(struct link *l, const struct stat *st)
{
	struct member m;
	struct stat cur;

	for (int i = 0; i < l->n; i++) {
		memset(&m, 0, sizeof m);
		if (lstat(l->names[i], &cur) < 0)
			cur = *st;
		m.name = l->names[i];
		m.ino = l->num;
		m.mode = cur.st_mode;
		m.uid = cur.st_uid;
		m.gid = cur.st_gid;
		m.nlink = cur.st_nlink;
		m.mtime = cur.st_mtime;
		m.size = cur.st_size;
		set_owner(&m);
		put_member(&m, l->names[i], i == l->n - 1);
		free(l->names[i]);
	}
	l->n = 0;
}

/* A member for file NAME as ST describes it (its contents still to read). */
static void
member_of(struct member *m, char *name, const struct stat *st)
{
	memset(m, 0, sizeof *m);
	m->name = name;
	m->mode = st->st_mode;
	m->uid = st->st_uid;
	m->gid = st->st_gid;
	m->nlink = st->st_nlink;
	m->mtime = st->st_mtime;
	m->size = S_ISREG(st->st_mode) ? st->st_size : 0;
	m->rmajor = major(st->st_rdev);
	m->rminor = minor(st->st_rdev);
}

static void
add(const char *name)
{
	struct member m;
	struct stat st;
	struct link *l;
	char target[PATH_MAX];
	ssize_t r;

	if (lstat(name, &st) < 0) {
		warn_errno("%s", name);
		return;
	}
	if (S_ISSOCK(st.st_mode)) {
		warn("%s: socket ignored", name);
		return;
	}
	member_of(&m, (char *)name, &st);
	set_owner(&m);
	if (cp.odc && (m.size > 077777777777ULL || m.mtime < 0)) {
		warn("%s: too large for odc", name);
		return;
	}
	if (S_ISLNK(st.st_mode)) {
		if ((r = readlink(name, target, sizeof target - 1)) < 0) {
			warn_errno("%s", name);
			return;
		}
		target[r] = '\0';
		m.link = target;
	}
	l = link_of(&st);
	m.ino = l->num;
	if (cp.verbose)
		fprintf(stderr, "%s\n", name);
	if (cp.odc || S_ISDIR(st.st_mode) || st.st_nlink < 2) {
		put_member(&m, name, 1);
		return;
	}
	l->names = xrealloc(l->names, (l->n + 1) * sizeof *l->names);
	l->names[l->n++] = xstrdup(name);
	if (--l->left <= 0)
		flush_links(l, &st);
}

static void
create(void)
{
	struct member t = { .name = "TRAILER!!!", .nlink = 1 };
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	struct stat st;

	while ((n = getline(&line, &cap, stdin)) > 0) {
		if (line[n - 1] == '\n')
			line[--n] = '\0';
		if (n > 0)
			add(line);
	}
	free(line);
	/* Files whose other names never came: the data goes with the last one seen. */
	for (size_t i = 0; i < cp.nlinks; i++) {
		if (cp.links[i].n > 0 && lstat(cp.links[i].names[cp.links[i].n - 1], &st) == 0)
			flush_links(&cp.links[i], &st);
		free(cp.links[i].names);
	}
	put_header(&t, 0);
	pad(512);
	if (zio_finish(cp.z) < 0)
		write_failed();
	fprintf(stderr, "%lld block%s\n", cp.bytes / 512, cp.bytes == 512 ? "" : "s");
}

/* ---- reading ---- */

/* N bytes of the archive: 0, or -1 (reported) at its end or an error. */
static int
get(void *p, size_t n)
{
	size_t got = 0;
	ssize_t r;

	while (got < n) {
		if ((r = zio_read(cp.z, (char *)p + got, n - got)) <= 0) {
			if (r < 0)
				warn("%s: %s", cp.archive, zio_error(cp.z));
			else
				warn("%s: truncated archive", cp.archive);
			cp.broken = 1;
			return -1;
		}
		got += r;
	}
	cp.bytes += n;
	return 0;
}

static int
skip_pad(unsigned unit)
{
	char buf[4];

	return cp.odc ? 0 : get(buf, (unit - cp.bytes % unit) % unit);
}

/* A number of W digits in BASE; -1 if any is not one. */
static long long
number(const char *s, int w, int base)
{
	long long v = 0;
	int d;

	for (int i = 0; i < w; i++) {
		if (s[i] >= '0' && s[i] <= '9')
			d = s[i] - '0';
		else if (base == 16 && s[i] >= 'a' && s[i] <= 'f')
			d = s[i] - 'a' + 10;
		else if (base == 16 && s[i] >= 'A' && s[i] <= 'F')
			d = s[i] - 'A' + 10;
		else
			return -1;
		if (d >= base)
			return -1;
		v = v * base + d;
	}
	return v;
}

/* A member cut short: what was read of it goes. */
static int
drop(struct member *m)
{
	free(m->name);
	free(m->link);
	m->name = m->link = NULL;
	return -1;
}

/* The next member: 1, 0 at the trailer, -1 on errors (reported). */
static int
next_member(struct member *m)
{
	static const int newc_w[13] = { 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8 };
	static const int odc_w[10] = { 6, 6, 6, 6, 6, 6, 6, 11, 6, 11 };
	char h[110];
	long long f[13];
	const int *w;
	int nf, off = 6;

	if (get(h, 6) < 0)
		return -1;
	if (memcmp(h, "070701", 6) == 0 || memcmp(h, "070702", 6) == 0)
		cp.odc = 0, w = newc_w, nf = 13;
	else if (memcmp(h, "070707", 6) == 0)
		cp.odc = 1, w = odc_w, nf = 10;
	else {
		warn("%s: not a cpio archive (newc or odc)", cp.archive);
		cp.broken = 1;
		return -1;
	}
	if (get(h + 6, cp.odc ? 70 : 104) < 0)
		return -1;
	for (int i = 0; i < nf; off += w[i++]) {
		if ((f[i] = number(h + off, w[i], cp.odc ? 8 : 16)) < 0) {
			warn("%s: bad header", cp.archive);
			cp.broken = 1;
			return -1;
		}
	}
	memset(m, 0, sizeof *m);
	if (cp.odc) {
		m->dev = f[0], m->ino = f[1], m->mode = f[2], m->uid = f[3], m->gid = f[4];
		m->nlink = f[5], m->rmajor = major(f[6]), m->rminor = minor(f[6]);
		m->mtime = f[7], m->size = f[9];
	} else {
		m->ino = f[0], m->mode = f[1], m->uid = f[2], m->gid = f[3], m->nlink = f[4];
		m->mtime = f[5], m->size = f[6], m->dev = makedev(f[7], f[8]);
		m->rmajor = f[9], m->rminor = f[10];
	}
	f[0] = cp.odc ? f[8] : f[11];	/* the name's size */
	if (f[0] < 1 || f[0] > 65536) {
		warn("%s: bad header", cp.archive);
		cp.broken = 1;
		return -1;
	}
	m->name = xmalloc(f[0] + 1);
	if (get(m->name, f[0]) < 0 || skip_pad(4) < 0)
		return drop(m);
	m->name[f[0]] = '\0';
	if (strcmp(m->name, "TRAILER!!!") == 0)
		return 0;
	if (S_ISLNK(m->mode)) {
		if (m->size > PATH_MAX) {
			warn("%s: bad header", cp.archive);
			cp.broken = 1;
			return drop(m);
		}
		m->link = xmalloc(m->size + 1);
		if (get(m->link, m->size) < 0 || skip_pad(4) < 0)
			return drop(m);
		m->link[m->size] = '\0';
		m->size = 0;
	}
	return 1;
}

/* -p: SIZE bytes of the file being copied (cp.src) to FD; with no FD (not
 * made), none read. The blocks said at the end count the bytes copied. */
static int
copy_file(unsigned long long size, int fd, const char *path)
{
	static char buf[65536];
	ssize_t r;

	while (size > 0 && cp.src >= 0 && fd >= 0) {
		if ((r = read(cp.src, buf, size < sizeof buf ? size : sizeof buf)) <= 0) {
			if (r < 0)
				warn_errno("%s", path);
			else
				warn("%s: file shrank", path);
			return -1;
		}
		if (write_all(fd, buf, r) < 0) {
			warn_errno("%s", path);
			return -1;
		}
		cp.bytes += r;
		size -= r;
	}
	return 0;
}

/* The data of the member at hand to FD (-1: nowhere). */
static int
copy_data(unsigned long long size, int fd, const char *path)
{
	static char buf[65536];
	size_t n;

	if (cp.mode == 'p')
		return copy_file(size, fd, path);
	while (size > 0) {
		n = size < sizeof buf ? size : sizeof buf;
		if (get(buf, n) < 0)
			return -1;
		if (fd >= 0 && write_all(fd, buf, n) < 0) {
			warn_errno("%s", path);
			fd = -1;
		}
		size -= n;
	}
	return skip_pad(4);
}

static int
wanted(const char *name)
{
	if (cp.npat == 0)
		return 1;
	for (int i = 0; i < cp.npat; i++)
		if (fnmatch(cp.pat[i], name, 0) == 0)
			return 1;
	return 0;
}

static void
list(const struct member *m)
{
	char mode[11], when[32], size[48];
	time_t t = m->mtime, now = time(NULL);

	if (!cp.verbose) {
		printf("%s\n", m->name);
		return;
	}
	mode_str(mode, m->mode);
	strftime(when, sizeof when, t > now || now - t > 15552000 ? "%b %e  %Y" : "%b %e %H:%M",
	    localtime(&t));
	if (S_ISCHR(m->mode) || S_ISBLK(m->mode))
		snprintf(size, sizeof size, "%3u, %3u", m->rmajor, m->rminor);
	else
		snprintf(size, sizeof size, "%8llu", S_ISLNK(m->mode) ? strlen(m->link) : m->size);
	printf("%s %3u %-8s %-8s %s %s %s%s%s\n", mode, m->nlink, uid_name(m->uid),
	    gid_name(m->gid), size, when, m->name, m->link ? " -> " : "", m->link ? m->link : "");
}

/* The first name made of a file with several links, if any. */
static struct seen *
seen_of(const struct member *m)
{
	for (size_t i = 0; i < cp.nseen; i++)
		if (cp.seen[i].dev == m->dev && cp.seen[i].ino == m->ino)
			return &cp.seen[i];
	return NULL;
}

static void
add_seen(const struct member *m, const char *path)
{
	cp.seen = xrealloc(cp.seen, (cp.nseen + 1) * sizeof *cp.seen);
	cp.seen[cp.nseen].dev = m->dev;
	cp.seen[cp.nseen].ino = m->ino;
	cp.seen[cp.nseen++].path = xstrdup(path);
}

static void
extract(struct member *m)
{
	struct xt_member x;
	struct seen *s = NULL;
	char *path = xt_path(&cp.xt, m->name);
	int fd = -1, several = S_ISREG(m->mode) && m->nlink > 1;

	if (path == NULL) {
		copy_data(m->size, -1, NULL);
		return;
	}
	memset(&x, 0, sizeof x);
	x.mode = m->mode;
	x.uid = m->uid;
	x.gid = m->gid;
	x.mtime = m->mtime;
	x.major = m->rmajor;
	x.minor = m->rminor;
	x.link = m->link;
	if (several && (s = seen_of(m)) != NULL) {
		/* Another name: a link to the first; the data, if here, goes to both. */
		x.hardlink = 1;
		x.link = s->path;
		if (xt_create(&cp.xt, path, &x) == 0 && m->size > 0)
			fd = xt_reopen(&cp.xt, path);
		x.hardlink = 0;
	} else {
		fd = xt_create(&cp.xt, path, &x);
		if (!S_ISREG(m->mode))
			fd = -1;
		else if (several && fd >= 0)
			add_seen(m, path);	/* only a name made is linked to later */
	}
	if (cp.verbose)
		fprintf(stderr, "%s\n", path);
	if (copy_data(m->size, fd, path) == 0 && fd >= 0)
		xt_done(&cp.xt, path, fd, &x);
	else if (fd >= 0)
		close(fd);
	free(path);
}

static void
read_archive(void)
{
	struct member m;
	int r;
	char buf[4096];

	while ((r = next_member(&m)) > 0) {
		set_owner(&m);
		if (!wanted(m.name))
			copy_data(m.size, -1, NULL);
		else if (cp.mode == 't')
			list(&m), copy_data(m.size, -1, NULL);
		else
			extract(&m);
		free(m.name);
		free(m.link);
		if (cp.broken)
			break;
	}
	if (r == 0) {
		free(m.name);
		fflush(stdout);
		fprintf(stderr, "%lld block%s\n", (cp.bytes + 511) / 512, cp.bytes <= 512 ? "" : "s");
		while (zio_read(cp.z, buf, sizeof buf) > 0)
			;
	}
	if (cp.mode == 'i')
		xt_finish(&cp.xt);
	for (size_t i = 0; i < cp.nseen; i++)
		free(cp.seen[i].path);
}

/* -p: NAME, relative to SRC or absolute, copied beneath the target (.). */
static void
pass_one(int src, char *name)
{
	struct member m;
	struct stat st;
	char target[PATH_MAX];
	ssize_t r;

	if (fstatat(src, name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		warn_errno("%s", name);
		return;
	}
	member_of(&m, name, &st);
	m.dev = st.st_dev;
	m.ino = st.st_ino;
	set_owner(&m);
	if (S_ISLNK(st.st_mode)) {
		if ((r = readlinkat(src, name, target, sizeof target - 1)) < 0) {
			warn_errno("%s", name);
			return;
		}
		target[r] = '\0';
		m.link = target;
	}
	/* A later name of a file copied already is a link to it: no data. */
	if (S_ISREG(st.st_mode) && st.st_nlink > 1 && seen_of(&m) != NULL)
		m.size = 0;
	cp.src = -1;
	if (m.size > 0 && (cp.src = openat(src, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)) < 0) {
		warn_errno("%s", name);
		return;
	}
	extract(&m);
	if (cp.src >= 0)
		close(cp.src);
	m.link = NULL;
}

/* DIR and the directories above it that are missing, as mkdir -p. */
static int
make_path(const char *dir)
{
	char *p = xstrdup(dir), *c = p;
	int r = 0;

	while (r == 0 && c != NULL) {
		c = strchr(c + 1, '/');
		if (c != NULL)
			*c = '\0';
		if (mkdir(p, 0777) < 0 && errno != EEXIST)
			r = -1;
		if (c != NULL)
			*c = '/';
	}
	free(p);
	return r;
}

/* -p DIR: the names read, copied beneath DIR (made first with -d, as GNU cpio does). */
static void
pass_through(const char *dir)
{
	int src = open(".", O_PATH | O_DIRECTORY | O_CLOEXEC);
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	long long blocks;

	if (src < 0)
		die_errno(".");
	if (chdir(dir) < 0 && (errno != ENOENT || !cp.xt.mkdirs || make_path(dir) < 0 || chdir(dir) < 0))
		die_errno("%s", dir);
	cp.xt.said.slash = 1;	/* dropped silently, as GNU cpio does */
	while ((n = getline(&line, &cap, stdin)) > 0) {
		if (line[n - 1] == '\n')
			line[--n] = '\0';
		if (n > 0)
			pass_one(src, line);
	}
	free(line);
	close(src);
	xt_finish(&cp.xt);
	for (size_t i = 0; i < cp.nseen; i++)
		free(cp.seen[i].path);
	blocks = (cp.bytes + 511) / 512;
	fprintf(stderr, "%lld block%s\n", blocks, blocks == 1 ? "" : "s");
}

static const struct opt_long longs[] = {
	{ "create", 'o' }, { "extract", 'i' }, { "pass-through", 'p' }, { "list", 't' },
	{ "verbose", 'v' }, { "make-directories", 'd' }, { "preserve-modification-time", 'm' },
	{ "unconditional", 'u' }, { "format", 'H' }, { "file", 'F' }, { "owner", 'R' },
	{ NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, fd, tflag = 0;

	memset(&cp, 0, sizeof cp);
	cp.archive = "-";
	cp.xt.owner = cp.xt.perms = geteuid() == 0;
	cp.xt.keep_newer = 1;
	o.longs = longs;
	while ((c = opt_next(&o, "oiptvdmuH:F:R:")) != -1) {
		switch (c) {
		case 'o': case 'i': case 'p':
			if (cp.mode && cp.mode != c)
				die("only one of -o, -i, -p");
			cp.mode = c;
			break;
		case 'R':
			owner_parse(o.arg, &cp.uid, &cp.gid);
			cp.set_uid = cp.uid != (uid_t)-1;
			cp.set_gid = cp.gid != (gid_t)-1;
			break;
		case 't': tflag = 1; break;
		case 'v': cp.verbose = 1; break;
		case 'd': cp.xt.mkdirs = 1; break;
		case 'm': cp.xt.mtime = 1; break;
		case 'u': cp.xt.keep_newer = 0; break;
		case 'F': cp.archive = o.arg; break;
		case 'H':
			if (strcmp(o.arg, "newc") != 0 && strcmp(o.arg, "odc") != 0)
				die("%s: unsupported format (newc or odc)", o.arg);
			cp.odc = strcmp(o.arg, "odc") == 0;
			break;
		default:
			die_usage(&o);
		}
	}
	if (tflag && cp.mode != 'o' && cp.mode != 'p')
		cp.mode = 't';
	if (!cp.mode || (tflag && (cp.mode == 'o' || cp.mode == 'p')) || (cp.mode == 'o' && o.ind != argc) ||
	    (cp.mode == 'p' && o.ind != argc - 1))
		die_usage(&o);
	if (cp.set_uid || cp.set_gid)
		cp.xt.owner = 1;	/* -R: these owners, whoever extracts */
	cp.xt.mask = umask(0);
	umask(cp.xt.mask);
	if (cp.mode == 'p') {
		pass_through(argv[o.ind]);
		return cmd_exit();
	}
	if (strcmp(cp.archive, "-") == 0)
		fd = cp.mode == 'o' ? 1 : 0;
	else if ((fd = cp.mode == 'o' ?
	    open(cp.archive, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666) :
	    open(cp.archive, O_RDONLY | O_CLOEXEC)) < 0)
		die_errno("%s", cp.archive);
	if (cp.mode == 'o') {
		cp.z = zio_writer(fd, ZIO_NONE, 0);
		create();
	} else {
		cp.pat = argv + o.ind;
		cp.npat = argc - o.ind;
		cp.z = zio_reader(fd, ZIO_AUTO);
		read_archive();
	}
	zio_free(cp.z);
	if (fd > 1 && close(fd) < 0)
		warn_errno("%s", cp.archive);
	return cmd_exit();
}
