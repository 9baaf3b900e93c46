/* tar - create, list and extract ustar archives (pax and GNU long names read) */
#include "cmd.h"
#include "io.h"
#include "path.h"
#include "attr.h"
#include "zio.h"
#include "xt.h"
#include <fnmatch.h>
#include <sys/sysmacros.h>

/*
 * Extraction stays beneath the target (. or -C DIR), whatever the archive:
 * ".." members are refused, leading slashes dropped, and every member is
 * made through its directory opened with openat2(RESOLVE_BENEATH), so no
 * symlink (from the archive, or already there, by any spelling) leads out;
 * on kernels before 5.6 no symlink is followed on the way at all. Symlinks
 * come last, over empty placeholders, as GNU tar makes them.
 * Policy as root: owners and modes are restored by default; set-user-id and
 * set-group-id bits only stay on a file whose owner was restored (so never
 * with -o / --no-same-owner, nor as another user), and with -o device nodes
 * are not made at all (fifos are).
 */

static const char usage[] =
    "tar -c|-t|-x [-vzmOpo] [--zstd] [-f ARCHIVE] [-C DIR] [-X FILE] [--strip-components N] [FILE...]";

/* The long options without a short one. */
#define OPT_ZSTD '\001'
#define OPT_STRIP '\002'
#define OPT_OWNER '\003'
#define OPT_NO_OWNER '\004'
#define OPT_EXCLUDE '\005'
#define OPT_OVERWRITE '\006'

struct ustar {
	char name[100], mode[8], uid[8], gid[8], size[12], mtime[12], chksum[8];
	char type, linkname[100], magic[6], version[2], uname[32], gname[32];
	char devmajor[8], devminor[8], prefix[155], pad[12];
};

static struct {
	int mode, verbose, fmt, to_stdout;
	const char *archive, *dir;
	struct zio *z;
	long long written;	/* archive bytes, before compression */
	long long nread;	/* archive bytes read */
	char **excl;		/* -X and --exclude patterns */
	size_t nexcl;
	FILE *vout;		/* -v goes here: stderr when the archive is stdout */
	dev_t adev;		/* the archive, not to be put in itself */
	ino_t aino;
	struct hl { dev_t dev; ino_t ino; char *name; } *hl;	/* hard links seen */
	size_t nhl;
	char **want;		/* -t, -x operands, and whether each was found */
	char *found;
	int nwant;
	struct xt xt;
	int broken;		/* the archive ended early or is damaged: stop */
	char **args;		/* the argument vector expand_args made: one block */
} tar;

/* ---- writing ---- */

static _Noreturn void
write_failed(void)
{
	if (errno == EPIPE)
		exit(1);
	if (strcmp(tar.archive, "-") == 0)
		die("write error: %s", zio_error(tar.z));
	die("%s: %s", tar.archive, zio_error(tar.z));
}

static void
put(const void *p, size_t n)
{
	if (zio_write(tar.z, p, n) < 0)
		write_failed();
	tar.written += n;
}

static void
pad_to(long long unit)
{
	static const char zero[512];
	long long n = (unit - tar.written % unit) % unit;

	for (; n > 0; n -= n > 512 ? 512 : n)
		put(zero, n > 512 ? 512 : n);
}

/* Octal in W-1 digits and a NUL; -1 if it does not fit. */
static int
num(char *f, size_t w, long long v)
{
	if (v < 0 || (w < 12 && v >= 1LL << 3 * (w - 1)) || (w >= 12 && v >= 1LL << 33))
		return -1;
	f[w - 1] = '\0';
	for (size_t i = w - 1; i-- > 0; v >>= 3)
		f[i] = '0' + (v & 7);
	return 0;
}

static void
checksum(struct ustar *h)
{
	unsigned sum = 0;

	memset(h->chksum, ' ', sizeof h->chksum);
	for (size_t i = 0; i < sizeof *h; i++)
		sum += ((unsigned char *)h)[i];
	snprintf(h->chksum, sizeof h->chksum, "%06o", sum);
}

/* A pax record "LEN key=value\n" onto *P. */
static void
pax_add(char **p, size_t *n, const char *key, const char *val)
{
	size_t body = strlen(key) + strlen(val) + 3, len = body + 1, d;
	char tmp[24];

	while ((d = snprintf(tmp, sizeof tmp, "%zu", len)) + body != len)
		len = d + body;
	*p = xrealloc(*p, *n + len + 1);
	snprintf(*p + *n, len + 1, "%zu %s=%s\n", len, key, val);
	*n += len;
}

/* NAME into name and prefix, split at a slash; -1 if it cannot be. */
static int
split_name(struct ustar *h, const char *name)
{
	size_t n = strlen(name);

	if (n <= sizeof h->name) {
		memcpy(h->name, name, n);
		return 0;
	}
	for (size_t i = n - 1; i > 0; i--) {
		if (name[i] == '/' && i <= sizeof h->prefix && n - i - 1 <= sizeof h->name && n - i > 1) {
			memcpy(h->prefix, name, i);
			memcpy(h->name, name + i + 1, n - i - 1);
			return 0;
		}
	}
	return -1;
}

static void
put_header(const char *name, const char *link, const struct stat *st, int type, long long size)
{
	struct ustar h, x;
	char *pax = NULL, buf[24];
	size_t npax = 0;
	const char *un = uid_name(st->st_uid), *gn = gid_name(st->st_gid);

	memset(&h, 0, sizeof h);
	if (split_name(&h, name) < 0) {
		pax_add(&pax, &npax, "path", name);
		memcpy(h.name, name, sizeof h.name);
	}
	if (link && strlen(link) > sizeof h.linkname)
		pax_add(&pax, &npax, "linkpath", link);
	if (link)
		strncpy(h.linkname, link, sizeof h.linkname);
	num(h.mode, sizeof h.mode, st->st_mode & 07777);
	if (num(h.uid, sizeof h.uid, st->st_uid) < 0)
		snprintf(buf, sizeof buf, "%u", (unsigned)st->st_uid), pax_add(&pax, &npax, "uid", buf);
	if (num(h.gid, sizeof h.gid, st->st_gid) < 0)
		snprintf(buf, sizeof buf, "%u", (unsigned)st->st_gid), pax_add(&pax, &npax, "gid", buf);
	if (num(h.size, sizeof h.size, size) < 0)
		snprintf(buf, sizeof buf, "%lld", size), pax_add(&pax, &npax, "size", buf);
	if (num(h.mtime, sizeof h.mtime, st->st_mtime) < 0)
		snprintf(buf, sizeof buf, "%lld", (long long)st->st_mtime), pax_add(&pax, &npax, "mtime", buf);
	h.type = type;
	memcpy(h.magic, "ustar", 6);
	memcpy(h.version, "00", 2);
	/* Names only for ids that have them here. */
	if (*un < '0' || *un > '9')
		strncpy(h.uname, un, sizeof h.uname - 1);
	if (*gn < '0' || *gn > '9')
		strncpy(h.gname, gn, sizeof h.gname - 1);
	if (type == '3' || type == '4') {
		num(h.devmajor, sizeof h.devmajor, major(st->st_rdev));
		num(h.devminor, sizeof h.devminor, minor(st->st_rdev));
	}
	checksum(&h);
	if (npax > 0) {
		const char *base = strrchr(name, '/');

		memset(&x, 0, sizeof x);
		snprintf(x.name, sizeof x.name, "PaxHeaders/%.80s", base && base[1] ? base + 1 : name);
		memcpy(x.mode, h.mode, sizeof x.mode);
		memcpy(x.mtime, h.mtime, sizeof x.mtime);
		num(x.uid, sizeof x.uid, 0);
		num(x.gid, sizeof x.gid, 0);
		num(x.size, sizeof x.size, npax);
		x.type = 'x';
		memcpy(x.magic, "ustar", 6);
		memcpy(x.version, "00", 2);
		checksum(&x);
		put(&x, sizeof x);
		put(pax, npax);
		pad_to(512);
		free(pax);
	}
	put(&h, sizeof h);
}

/* A regular file's data: SIZE bytes, whatever happens to the file meanwhile. */
static void
put_data(int fd, const char *path, long long size)
{
	static char buf[65536];
	long long left = size;
	ssize_t r;

	while (left > 0) {
		r = read(fd, buf, left < (long long)sizeof buf ? left : (long long)sizeof buf);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			if (r < 0)
				warn_errno("%s", path);
			else
				warn("%s: file shrank by %lld bytes; padding with zeros", path, left);
			memset(buf, 0, sizeof buf);
			while (left > 0) {
				r = left < (long long)sizeof buf ? left : (long long)sizeof buf;
				put(buf, r);
				left -= r;
			}
			break;
		}
		put(buf, r);
		left -= r;
	}
	pad_to(512);
}

static const char *
first_link(const struct stat *st, const char *name)
{
	for (size_t i = 0; i < tar.nhl; i++)
		if (tar.hl[i].dev == st->st_dev && tar.hl[i].ino == st->st_ino)
			return tar.hl[i].name;
	tar.hl = xrealloc(tar.hl, (tar.nhl + 1) * sizeof *tar.hl);
	tar.hl[tar.nhl].dev = st->st_dev;
	tar.hl[tar.nhl].ino = st->st_ino;
	tar.hl[tar.nhl++].name = xstrdup(name);
	return NULL;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names in directory PATH, sorted: the same tree gives the same archive. */
static char **
sorted_names(const char *path, size_t *n)
{
	DIR *d = opendir(path);
	struct dirent *e;
	char **v = NULL;

	*n = 0;
	if (d == NULL) {
		warn_errno("%s", path);
		return NULL;
	}
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		v = xrealloc(v, (*n + 1) * sizeof *v);
		v[(*n)++] = xstrdup(e->d_name);
	}
	closedir(d);
	if (*n > 0)
		qsort(v, *n, sizeof *v, by_name);
	return v;
}

/* Is NAME excluded: a pattern matching it or a directory above it, at its
 * start or after any slash in it (GNU tar's unanchored default)? */
static int
excluded(const char *name)
{
	for (const char *s = name; s != NULL; s = strchr(s, '/') ? strchr(s, '/') + 1 : NULL)
		for (size_t i = 0; i < tar.nexcl; i++)
			if (*s != '\0' && fnmatch(tar.excl[i], s, FNM_LEADING_DIR) == 0)
				return 1;
	return 0;
}

static void add(const char *path);

static void
add_dir(const char *path, const char *name, const struct stat *st)
{
	size_t n = strlen(name), count;
	char *dname = xmalloc(n + 2), **v, *child;

	snprintf(dname, n + 2, "%s%s", name, n > 0 && name[n - 1] == '/' ? "" : "/");
	put_header(dname, NULL, st, '5', 0);
	free(dname);
	v = sorted_names(path, &count);
	for (size_t i = 0; i < count; i++) {
		child = path_join(path, v[i]);
		add(child);
		free(child);
		free(v[i]);
	}
	free(v);
}

/* One file, and a directory's tree, into the archive. Its name loses its
 * leading slashes and, as GNU tar and BusyBox do, everything through its last
 * ".." component (said on stderr): the archive extracts beneath its target. */
static void
add(const char *path)
{
	struct stat st;
	size_t lead = xt_lead(path, 1);
	const char *name = path[lead] ? path + lead : ".", *first;
	char *target = NULL;
	int fd;

	if (excluded(name))
		return;
	if (lstat(path, &st) < 0) {
		warn_errno("%s", path);
		return;
	}
	if (st.st_dev == tar.adev && st.st_ino == tar.aino) {
		warn("%s: file is the archive; not dumped", path);
		return;
	}
	xt_say_lead(&tar.xt.said, path, lead);
	if (tar.verbose)
		fprintf(tar.vout, "%s%s\n", name, S_ISDIR(st.st_mode) && name[strlen(name) - 1] != '/' ? "/" : "");
	if (!S_ISDIR(st.st_mode) && st.st_nlink > 1 && (first = first_link(&st, name)) != NULL) {
		put_header(name, first, &st, '1', 0);
	} else if (S_ISREG(st.st_mode)) {
		if ((fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)) < 0) {
			warn_errno("%s", path);
			return;
		}
		put_header(name, NULL, &st, '0', st.st_size);
		put_data(fd, path, st.st_size);
		close(fd);
	} else if (S_ISDIR(st.st_mode)) {
		add_dir(path, name, &st);
	} else if (S_ISLNK(st.st_mode)) {
		target = xmalloc(PATH_MAX);
		ssize_t r = readlink(path, target, PATH_MAX - 1);
		if (r < 0) {
			warn_errno("%s", path);
		} else {
			target[r] = '\0';
			put_header(name, target, &st, '2', 0);
		}
		free(target);
	} else if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) || S_ISFIFO(st.st_mode)) {
		put_header(name, NULL, &st, S_ISCHR(st.st_mode) ? '3' : S_ISBLK(st.st_mode) ? '4' : '6', 0);
	} else {
		warn("%s: socket ignored", path);
	}
}

static void
create(char **files, int n)
{
	static const char zero[1024];

	for (int i = 0; i < n; i++)
		add(files[i]);
	put(zero, sizeof zero);
	pad_to(10240);
	if (zio_finish(tar.z) < 0)
		write_failed();
}

/* ---- reading ---- */

struct entry {
	char *name, *link;	/* malloc'd */
	int type;
	long long size;
	struct xt_member m;
};

/* Exactly N bytes of the archive: 0; 1 at its very end if EOF_OK; else -1
 * (reported, and the archive is broken). */
static int
get(void *p, size_t n, int eof_ok)
{
	size_t got = 0;
	ssize_t r;

	while (got < n) {
		r = zio_read(tar.z, (char *)p + got, n - got);
		if (r <= 0 && tar.nread + got == 0 &&
		    (r == 0 || strcmp(zio_error(tar.z), "truncated input") == 0)) {
			/* Empty, or a compressed stream of nothing: no archive at all. */
			warn("short read");
			tar.broken = 1;
			return -1;
		}
		if (r < 0) {
			warn("%s: %s", tar.archive, zio_error(tar.z));
			tar.broken = 1;
			return -1;
		}
		if (r == 0) {
			if (eof_ok && got == 0)
				return 1;
			warn("%s: truncated archive", tar.archive);
			tar.broken = 1;
			return -1;
		}
		got += r;
	}
	tar.nread += got;
	return 0;
}

/* A number field: octal (spaces and NULs around it), or GNU's base 256;
 * -1 for a negative one or one past LLONG_MAX. */
static long long
field(const char *f, size_t w)
{
	const unsigned char *u = (const unsigned char *)f;
	long long v = 0;
	size_t i = 0;

	if (u[0] & 0x80) {
		if (u[0] & 0x40)
			return -1;
		v = u[0] & 0x3f;
		for (i = 1; i < w; i++) {
			if (v > LLONG_MAX >> 8)
				return -1;
			v = v << 8 | u[i];
		}
		return v;
	}
	while (i < w && (f[i] == ' ' || f[i] == '\0'))
		i++;
	for (; i < w && f[i] >= '0' && f[i] <= '7'; i++)
		v = v * 8 + (f[i] - '0');
	return v;
}

static int
checksum_ok(const struct ustar *h)
{
	unsigned long sum = 0;
	long ssum = 0;

	for (size_t i = 0; i < sizeof *h; i++) {
		int c = i >= offsetof(struct ustar, chksum) && i < offsetof(struct ustar, chksum) + 8 ?
		    ' ' : ((const unsigned char *)h)[i];
		sum += (unsigned char)c;
		ssum += (signed char)c;
	}
	return field(h->chksum, sizeof h->chksum) == (long long)sum ||
	    field(h->chksum, sizeof h->chksum) == ssum;
}

static char *
strn(const char *s, size_t n)
{
	size_t l = strnlen(s, n);
	char *p = xmalloc(l + 1);

	memcpy(p, s, l);
	p[l] = '\0';
	return p;
}

/* The data of a member, whole (for long names and pax headers). */
static char *
get_blob(long long size)
{
	char *p;
	long long padded = (size + 511) / 512 * 512;

	if (size < 0 || size > (1 << 24)) {
		warn("%s: header too large", tar.archive);
		return NULL;
	}
	p = xmalloc(padded + 1);
	if (get(p, padded, 0) != 0) {
		free(p);
		return NULL;
	}
	p[size] = '\0';
	return p;
}

/* A pax decimal (a time's fraction dropped): -1 (none) if negative, and
 * LLONG_MAX if too large, which a size check then refuses. */
static long long
pax_number(const char *s)
{
	long long v = strtoll(s, NULL, 10);

	return v < 0 ? -1 : v;
}

/* pax records over E's fields. */
static void
pax_apply(struct entry *e, char *p, long long n)
{
	char *end = p + n, *key, *val;
	long long len;

	while (p < end) {
		len = strtoll(p, &key, 10);
		if (len <= 0 || *key != ' ' || len > end - p)
			return;
		p += len;
		key++;
		p[-1] = '\0';
		if ((val = strchr(key, '=')) == NULL)
			continue;
		*val++ = '\0';
		if (strcmp(key, "path") == 0)
			free(e->name), e->name = xstrdup(val);
		else if (strcmp(key, "linkpath") == 0)
			free(e->link), e->link = xstrdup(val);
		else if (strcmp(key, "size") == 0)
			e->size = pax_number(val);
		else if (strcmp(key, "mtime") == 0)
			e->m.mtime = pax_number(val);
		else if (strcmp(key, "uid") == 0)
			e->m.uid = strtoul(val, NULL, 10);
		else if (strcmp(key, "gid") == 0)
			e->m.gid = strtoul(val, NULL, 10);
		else if (strcmp(key, "uname") == 0)
			snprintf(e->m.uname, sizeof e->m.uname, "%s", val);
		else if (strcmp(key, "gname") == 0)
			snprintf(e->m.gname, sizeof e->m.gname, "%s", val);
	}
}

static const mode_t types[] = {
	['0'] = S_IFREG, ['1'] = S_IFREG, ['2'] = S_IFLNK, ['3'] = S_IFCHR,
	['4'] = S_IFBLK, ['5'] = S_IFDIR, ['6'] = S_IFIFO, ['7'] = S_IFREG,
};

/* R, after freeing the names long-name and pax headers gave for a member
 * that never came (the archive ended, or is damaged). */
static int
drop_over(struct entry *over, int r)
{
	free(over->name);
	free(over->link);
	return r;
}

/* The next member into E: 1, 0 at the end, -1 on errors (reported). */
static int
next_entry(struct entry *e)
{
	static const char zero[512];
	struct ustar h;
	struct entry over;	/* what GNU L/K and pax x headers say about the next one */
	char *blob;
	int have_over = 0, r;

	memset(&over, 0, sizeof over);
	over.size = -1;
	over.m.mtime = -1;
	for (;;) {
		if ((r = get(&h, sizeof h, !have_over)) != 0)
			return drop_over(&over, r == 1 ? 0 : -1);
		if (memcmp(&h, zero, sizeof zero) == 0)
			return drop_over(&over, 0);
		if (!checksum_ok(&h)) {
			warn("%s: bad header checksum", tar.archive);
			tar.broken = 1;
			return drop_over(&over, -1);
		}
		memset(e, 0, sizeof *e);
		e->type = h.type ? h.type : '0';
		e->size = field(h.size, sizeof h.size);
		if (e->type == 'L' || e->type == 'K' || e->type == 'x' || e->type == 'g') {
			if ((blob = get_blob(e->size)) == NULL)
				return drop_over(&over, -1);
			if (e->type == 'L')
				free(over.name), over.name = xstrdup(blob);
			else if (e->type == 'K')
				free(over.link), over.link = xstrdup(blob);
			else if (e->type == 'x')
				pax_apply(&over, blob, e->size);
			free(blob);
			have_over = 1;
			continue;
		}
		break;
	}
	if (over.name)
		e->name = over.name;
	else if (h.prefix[0] && memcmp(h.magic, "ustar", 6) == 0) {
		char *p = strn(h.prefix, sizeof h.prefix), *n = strn(h.name, sizeof h.name);
		e->name = path_join(p, n);
		free(p), free(n);
	} else
		e->name = strn(h.name, sizeof h.name);
	e->link = over.link ? over.link : strn(h.linkname, sizeof h.linkname);
	e->m.mode = (field(h.mode, sizeof h.mode) & 07777) |
	    ((unsigned char)e->type < sizeof types / sizeof *types && types[e->type] ? types[e->type] : S_IFREG);
	e->m.hardlink = e->type == '1';
	e->m.uid = field(h.uid, sizeof h.uid);
	e->m.gid = field(h.gid, sizeof h.gid);
	e->m.mtime = field(h.mtime, sizeof h.mtime);
	e->m.major = field(h.devmajor, sizeof h.devmajor);
	e->m.minor = field(h.devminor, sizeof h.devminor);
	memcpy(e->m.uname, h.uname, sizeof h.uname);
	memcpy(e->m.gname, h.gname, sizeof h.gname);
	if (over.size >= 0)
		e->size = over.size;
	/* Past this, rounding up to whole blocks overflows: no archive is that big. */
	if (e->size < 0 || e->size > LLONG_MAX - 512) {
		warn("%s: %s: bad size", tar.archive, e->name);
		free(e->name), free(e->link);
		tar.broken = 1;
		return -1;
	}
	if (over.m.mtime >= 0)
		e->m.mtime = over.m.mtime;
	if (over.m.uname[0])
		memcpy(e->m.uname, over.m.uname, sizeof e->m.uname);
	if (over.m.gname[0])
		memcpy(e->m.gname, over.m.gname, sizeof e->m.gname);
	if (over.m.uid)
		e->m.uid = over.m.uid;
	if (over.m.gid)
		e->m.gid = over.m.gid;
	/* Links, directories and devices carry no data, whatever the size says. */
	if (e->type == '1' || e->type == '2' || e->type == '3' || e->type == '4' ||
	    e->type == '5' || e->type == '6')
		e->size = 0;
	if (strchr("01234567", e->type) == NULL)
		warn("%s: unknown file type '%c', extracted as a file", e->name, e->type);
	return 1;
}

/* The data of the member at hand to FD (-1: nowhere). 0, or -1 (reported). */
static int
copy_data(long long size, int fd, const char *path)
{
	static char buf[65536];
	long long left = (size + 511) / 512 * 512, data = size;
	size_t n;

	while (left > 0) {
		n = left < (long long)sizeof buf ? (size_t)left : sizeof buf;
		if (get(buf, n, 0) != 0)
			return -1;
		if (fd >= 0 && data > 0 && write_all(fd, buf, data < (long long)n ? data : (long long)n) < 0) {
			if (fd == 1)
				die_errno("write error");
			warn_errno("%s", path);
			fd = -1;
		}
		data -= n;
		left -= n;
	}
	return 0;
}

/* Is NAME among the operands, or inside one? */
static int
wanted(const char *name)
{
	size_t n;

	if (tar.nwant == 0)
		return 1;
	for (int i = 0; i < tar.nwant; i++) {
		n = strlen(tar.want[i]);
		while (n > 1 && tar.want[i][n - 1] == '/')
			n--;
		if (strncmp(name, tar.want[i], n) == 0 && (name[n] == '\0' || name[n] == '/')) {
			tar.found[i] = 1;
			return 1;
		}
	}
	return 0;
}

static void
list_entry(const struct entry *e, FILE *out)
{
	char mode[11], when[32], size[48], ug[80];
	static int width = 19;
	time_t t = e->m.mtime;
	struct tm *tm;
	int pad;

	if (!tar.verbose) {
		fprintf(out, "%s\n", e->name);
		return;
	}
	mode_str(mode, e->m.mode);
	if (e->m.hardlink)
		mode[0] = 'h';
	if ((tm = localtime(&t)) != NULL)
		strftime(when, sizeof when, "%Y-%m-%d %H:%M", tm);
	else	/* a year past int: the seconds, as GNU tar shows them */
		snprintf(when, sizeof when, "%lld", e->m.mtime);
	if (e->type == '3' || e->type == '4')
		snprintf(size, sizeof size, "%u,%u", e->m.major, e->m.minor);
	else
		snprintf(size, sizeof size, "%lld", e->size);
	snprintf(ug, sizeof ug, "%s/%s", e->m.uname[0] ? e->m.uname : uid_name(e->m.uid),
	    e->m.gname[0] ? e->m.gname : gid_name(e->m.gid));
	pad = strlen(ug) + 1 + strlen(size);
	if (pad > width)
		width = pad;
	fprintf(out, "%s %s %*s %s %s", mode, ug, width - (int)strlen(ug) - 1, size, when, e->name);
	if (e->type == '1')
		fprintf(out, " link to %s", e->link);
	else if (e->type == '2')
		fprintf(out, " -> %s", e->link);
	fputc('\n', out);
}

static void
extract_entry(struct entry *e)
{
	char *path = xt_path(&tar.xt, e->name), *link = NULL;
	int fd = -1;

	if (path == NULL || !wanted(path) || excluded(path)) {
		free(path);
		copy_data(e->size, -1, NULL);
		return;
	}
	if (tar.verbose)
		fprintf(tar.vout, "%s\n", e->name);
	if (tar.to_stdout) {
		copy_data(e->size, S_ISREG(e->m.mode) && !e->m.hardlink ? 1 : -1, NULL);
		free(path);
		return;
	}
	if (e->m.hardlink && (link = xt_path(&tar.xt, e->link)) == NULL) {
		free(path);
		copy_data(e->size, -1, NULL);
		return;
	}
	e->m.link = link ? link : e->link;
	fd = xt_create(&tar.xt, path, &e->m);
	if (!S_ISREG(e->m.mode) || e->m.hardlink)
		fd = -1;
	if (copy_data(e->size, fd, path) == 0 && fd >= 0)
		xt_done(&tar.xt, path, fd, &e->m);
	else if (fd >= 0)
		close(fd);
	free(link);
	free(path);
}

/* The name -t shows: no leading slashes, no stripped components; NULL if none. */
static char *
list_name(const char *name)
{
	size_t lead = xt_lead(name, 0);
	const char *p = name + lead;

	xt_say_lead(&tar.xt.said, name, lead);
	for (int i = 0; i < tar.xt.strip && *p; i++) {
		p += strcspn(p, "/");
		p += strspn(p, "/");
	}
	return *p ? xstrdup(p) : NULL;
}

static void
read_archive(void)
{
	struct entry e;
	char *name;
	int r;

	while ((r = next_entry(&e)) > 0) {
		if (tar.mode == 'x') {
			extract_entry(&e);
		} else {
			name = list_name(e.name);
			if (name != NULL && wanted(name) && !excluded(name)) {
				free(e.name);
				e.name = name;
				name = NULL;
				list_entry(&e, stdout);
			}
			free(name);
			copy_data(e.size, -1, NULL);
		}
		free(e.name);
		free(e.link);
		if (tar.broken)
			break;
	}
	/* Read to the end, so that nothing upstream sees a broken pipe. */
	if (r == 0) {
		char buf[4096];
		while (zio_read(tar.z, buf, sizeof buf) > 0)
			;
	}
	if (tar.mode == 'x')
		xt_finish(&tar.xt);
	for (int i = 0; i < tar.nwant; i++)
		if (!tar.found[i])
			warn("%s: not found in archive", tar.want[i]);
}

/* ---- options ---- */

/* Old style "tar xzf a.tgz": the first argument's letters, each an option.
 * The vector and those options' strings are one block: tar.args. */
static char **
expand_args(int *argc, char **argv)
{
	size_t nl = *argc > 1 && argv[1][0] != '-' ? strlen(argv[1]) : 0;
	size_t nv = 2 * *argc + nl + 2;
	char **v = xmalloc(nv * sizeof *v + 3 * nl), *o = (char *)(v + nv);
	int n = 0, i = 1, j;

	v[n++] = argv[0];
	if (nl > 0) {
		j = 2;
		for (const char *p = argv[1]; *p; p++, o += 3) {
			o[0] = '-', o[1] = *p, o[2] = '\0';
			v[n++] = o;
			if (strchr("fCX", *p) && j < *argc)
				v[n++] = argv[j++];
		}
		i = j;
	}
	while (i < *argc)
		v[n++] = argv[i++];
	v[n] = NULL;
	*argc = n;
	return v;
}

static const struct opt_long longs[] = {
	{ "create", 'c' }, { "list", 't' }, { "extract", 'x' }, { "get", 'x' },
	{ "file", 'f' }, { "verbose", 'v' }, { "directory", 'C' }, { "gzip", 'z' },
	{ "gunzip", 'z' }, { "zstd", OPT_ZSTD }, { "to-stdout", 'O' },
	{ "touch", 'm' }, { "preserve-permissions", 'p' }, { "same-permissions", 'p' },
	{ "strip-components", OPT_STRIP }, { "same-owner", OPT_OWNER },
	{ "no-same-owner", OPT_NO_OWNER }, { "exclude", OPT_EXCLUDE }, { "exclude-from", 'X' },
	{ "overwrite", OPT_OVERWRITE }, { NULL, 0 },
};

static void
exclude(const char *pattern)
{
	tar.excl = xrealloc(tar.excl, (tar.nexcl + 1) * sizeof *tar.excl);
	tar.excl[tar.nexcl++] = xstrdup(pattern);
}

/* -X FILE: a pattern a line (empty lines mean nothing). */
static void
exclude_from(const char *path)
{
	FILE *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	if (fp == NULL)
		die_errno("%s", path);
	while ((n = getline(&line, &cap, fp)) > 0) {
		if (line[n - 1] == '\n')
			line[--n] = '\0';
		if (n > 0)
			exclude(line);
	}
	if (ferror(fp))
		die_errno("%s", path);
	free(line);
	if (fp != stdin)
		fclose(fp);
}

static void
parse_options(struct opt *o)
{
	int c;
	char *end;

	o->longs = longs;
	while ((c = opt_next(o, "ctxf:vC:zOmpoX:\001\002:\003\004\005:\006")) != -1) {
		switch (c) {
		case 'c': case 't': case 'x':
			if (tar.mode && tar.mode != c)
				die("only one of -c, -t, -x");
			tar.mode = c;
			break;
		case 'f': tar.archive = o->arg; break;
		case 'v': tar.verbose = 1; break;
		case 'C': tar.dir = o->arg; break;
		case 'z': tar.fmt = ZIO_GZIP; break;
		case OPT_ZSTD: tar.fmt = ZIO_ZSTD; break;
		case 'O': tar.to_stdout = 1; break;
		case 'm': tar.xt.mtime = 0; break;
		case 'p': tar.xt.perms = 1; break;
		case 'o': case OPT_NO_OWNER: tar.xt.owner = 0; break;
		case OPT_OWNER: tar.xt.owner = 1; break;
		case 'X': exclude_from(o->arg); break;
		case OPT_EXCLUDE: exclude(o->arg); break;
		case OPT_OVERWRITE: tar.xt.overwrite = 1; break;
		case OPT_STRIP:
			tar.xt.strip = strtol(o->arg, &end, 10);
			if (*o->arg == '\0' || *end != '\0' || tar.xt.strip < 0)
				die("%s: invalid number of components", o->arg);
			break;
		default:
			die_usage(o);
		}
	}
	if (!tar.mode)
		die_usage(o);
}

int
main(int argc, char *argv[])
{
	struct opt o;
	struct stat st;
	int fd, root = geteuid() == 0;

	memset(&tar, 0, sizeof tar);
	cmd_setname(argv[0]);
	argv = tar.args = expand_args(&argc, argv);
	o = (struct opt)OPT_INIT(argc, argv, usage);
	tar.archive = "-";
	tar.fmt = ZIO_AUTO;
	tar.xt.mtime = 1;
	tar.xt.owner = root;
	tar.xt.perms = root;
	tar.xt.mkdirs = 1;
	tar.xt.mask = umask(0);
	umask(tar.xt.mask);
	parse_options(&o);
	if (tar.mode == 'c' && o.ind == argc)
		die("cowardly refusing to create an empty archive");
	if (strcmp(tar.archive, "-") == 0) {
		fd = tar.mode == 'c' ? 1 : 0;
		if (tar.mode == 'c' && isatty(1))
			die("refusing to write archive contents to a terminal");
	} else if ((fd = tar.mode == 'c' ?
	    open(tar.archive, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666) :
	    open(tar.archive, O_RDONLY | O_CLOEXEC)) < 0) {
		die_errno("%s", tar.archive);
	}
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
		tar.adev = st.st_dev, tar.aino = st.st_ino;
	if (tar.dir && chdir(tar.dir) < 0)
		die_errno("%s", tar.dir);
	tar.vout = (tar.mode == 'c' && fd == 1) || tar.to_stdout ? stderr : stdout;
	if (tar.mode == 'c') {
		tar.z = zio_writer(fd, tar.fmt, 0);
		create(argv + o.ind, argc - o.ind);
	} else {
		tar.want = argv + o.ind;
		tar.nwant = argc - o.ind;
		tar.found = xmalloc(tar.nwant + 1);
		memset(tar.found, 0, tar.nwant + 1);
		tar.z = zio_reader(fd, tar.fmt);
		read_archive();
	}
	if (fd > 1 && close(fd) < 0)
		warn_errno("%s", tar.archive);
	free(tar.found);
	free(tar.args);
	for (size_t i = 0; i < tar.nexcl; i++)
		free(tar.excl[i]);
	free(tar.excl);
	free(tar.xt.said.prefix);
	return cmd_exit();
}
