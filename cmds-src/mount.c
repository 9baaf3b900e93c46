/* mount - mount file systems, or list the mounted ones */
#include "cmd.h"
#include "mount.h"
#include <sys/mount.h>
#include <sys/statvfs.h>

static const char usage[] =
    "mount [-afnrvw] [-t TYPE] [-o OPT[,OPT...]] [--bind|--rbind|--move] [DEV] [DIR]";

/* Option words that are flags for mount(2); the others go to the file system. */
static const struct word {
	const char *name;
	unsigned long set, clear;
} words[] = {
	{ "defaults", 0, 0 }, { "ro", MS_RDONLY, 0 }, { "rw", 0, MS_RDONLY },
	{ "nosuid", MS_NOSUID, 0 }, { "suid", 0, MS_NOSUID },
	{ "nodev", MS_NODEV, 0 }, { "dev", 0, MS_NODEV },
	{ "noexec", MS_NOEXEC, 0 }, { "exec", 0, MS_NOEXEC },
	{ "sync", MS_SYNCHRONOUS, 0 }, { "async", 0, MS_SYNCHRONOUS },
	{ "dirsync", MS_DIRSYNC, 0 }, { "remount", MS_REMOUNT, 0 },
	{ "bind", MS_BIND, 0 }, { "rbind", MS_BIND | MS_REC, 0 }, { "move", MS_MOVE, 0 },
	{ "noatime", MS_NOATIME, 0 }, { "atime", 0, MS_NOATIME },
	{ "nodiratime", MS_NODIRATIME, 0 }, { "diratime", 0, MS_NODIRATIME },
	{ "relatime", MS_RELATIME, 0 }, { "norelatime", 0, MS_RELATIME },
	{ "strictatime", MS_STRICTATIME, 0 }, { "nostrictatime", 0, MS_STRICTATIME },
	{ "lazytime", MS_LAZYTIME, 0 }, { "nolazytime", 0, MS_LAZYTIME },
	{ "mand", MS_MANDLOCK, 0 }, { "nomand", 0, MS_MANDLOCK },
	{ "iversion", MS_I_VERSION, 0 }, { "noiversion", 0, MS_I_VERSION },
	{ "nosymfollow", MS_NOSYMFOLLOW, 0 }, { "silent", MS_SILENT, 0 }, { "loud", 0, MS_SILENT },
	{ "shared", MS_SHARED, 0 }, { "rshared", MS_SHARED | MS_REC, 0 },
	{ "slave", MS_SLAVE, 0 }, { "rslave", MS_SLAVE | MS_REC, 0 },
	{ "private", MS_PRIVATE, 0 }, { "rprivate", MS_PRIVATE | MS_REC, 0 },
	{ "unbindable", MS_UNBINDABLE, 0 }, { "runbindable", MS_UNBINDABLE | MS_REC, 0 },
	/* for fstab and mount(8), not for the kernel */
	{ "auto", 0, 0 }, { "noauto", 0, 0 }, { "user", 0, 0 }, { "nouser", 0, 0 },
	{ "users", 0, 0 }, { "owner", 0, 0 }, { "group", 0, 0 }, { "_netdev", 0, 0 },
	{ "nofail", 0, 0 },
};

#define PROPAGATION (MS_SHARED | MS_SLAVE | MS_PRIVATE | MS_UNBINDABLE)
/* What a bind mount takes only from a remount. */
#define PER_MOUNT (MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC | MS_NOATIME | \
	MS_NODIRATIME | MS_RELATIME | MS_STRICTATIME | MS_NOSYMFOLLOW)

struct req {
	char *src, *dir, *type;
	unsigned long flags;
	char *data;		/* what the kernel flags do not cover, comma-separated */
	int loop;
	int noauto, nofail;
};

static struct {
	int fake, verbose;
} m;

static void
append(char **list, const char *word, size_t len)
{
	size_t have = *list ? strlen(*list) : 0;

	*list = xrealloc(*list, have + len + 2);
	if (have > 0)
		(*list)[have++] = ',';
	memcpy(*list + have, word, len);
	(*list)[have + len] = '\0';
}

/* Fold "ro,nosuid,size=1m" into R's flags and data. */
static void
parse_opts(struct req *r, const char *opts)
{
	const char *w = opts, *end;
	size_t len, i;

	for (; *w; w = *end ? end + 1 : end) {
		end = strchrnul(w, ',');
		len = end - w;
		if (len == 0)
			continue;
		if ((len == 4 && strncmp(w, "loop", 4) == 0) || strncmp(w, "loop=", 5) == 0) {
			r->loop = 1;
			continue;
		}
		if (strncmp(w, "x-", 2) == 0 || strncmp(w, "comment=", 8) == 0)
			continue;
		r->noauto |= len == 6 && strncmp(w, "noauto", 6) == 0;
		r->nofail |= len == 6 && strncmp(w, "nofail", 6) == 0;
		for (i = 0; i < sizeof words / sizeof words[0]; i++) {
			if (strlen(words[i].name) == len && strncmp(w, words[i].name, len) == 0) {
				r->flags = (r->flags & ~words[i].clear) | words[i].set;
				break;
			}
		}
		if (i == sizeof words / sizeof words[0])
			append(&r->data, w, len);
	}
}

/* The first N fields of a mount table line: how many there were, 0 for a comment. */
static int
split(char *line, char **f, int n)
{
	char *save = NULL, *w;
	int i = 0;

	if (line[strspn(line, " \t")] == '#')
		return 0;
	for (w = strtok_r(line, " \t\n", &save); w && i < n; w = strtok_r(NULL, " \t\n", &save))
		f[i++] = mount_unescape(w);
	for (int j = i; j < n; j++)
		f[j] = "";
	return i;
}

static void
list(const char *type)
{
	FILE *f = fopen("/proc/mounts", "r");
	char *line = NULL, *fld[4];
	size_t cap = 0;

	if (f == NULL)
		die_errno("/proc/mounts");
	while (getline(&line, &cap, f) > 0) {
		if (split(line, fld, 4) < 4)
			continue;
		if (type == NULL || strcmp(type, fld[2]) == 0)
			printf("%s on %s type %s (%s)\n", fld[0], fld[1], fld[2], fld[3]);
	}
	free(line);
	fclose(f);
}

/* mount(2); a type the call ignores (bind, move, remount) is "none", not NULL. */
static int
sys_mount(const char *src, const char *dir, const char *type, unsigned long flags, const char *data)
{
	if (m.fake)
		return 0;
	return mount(src, dir, type ? type : "none", flags, data);
}

/* Without -t: each type in /proc/filesystems that needs a device, until one fits. */
static int
mount_any(const struct req *r, const char *src, unsigned long flags)
{
	FILE *f = fopen("/proc/filesystems", "r");
	char *line = NULL, *type;
	size_t cap = 0;
	int err = ENODEV, ret = -1;

	if (f == NULL)
		return -1;
	while (ret < 0 && getline(&line, &cap, f) > 0) {
		if (strncmp(line, "nodev", 5) == 0)
			continue;
		type = line + strspn(line, " \t");
		type[strcspn(type, " \t\n")] = '\0';
		if (*type == '\0')
			continue;
		if ((ret = sys_mount(src, r->dir, type, flags, r->data)) < 0 && errno != EINVAL)
			err = errno;	/* the one that fit but failed says more */
	}
	free(line);
	fclose(f);
	errno = err;
	return ret;
}

static int
mount_fs(const struct req *r, const char *src, unsigned long flags)
{
	if (r->type != NULL && strcmp(r->type, "auto") != 0)
		return sys_mount(src, r->dir, r->type, flags, r->data);
	return mount_any(r, src, flags);
}

/* An image file to go through a loop device: a regular file, unless TYPE
 * needs no device (as tmpfs or proc, whose source is only a name). */
static int
wants_loop(const char *src, const char *type)
{
	struct stat st;
	FILE *f;
	char *line = NULL;
	size_t cap = 0, n = type ? strlen(type) : 0;
	int nodev = 0;

	if (src == NULL || stat(src, &st) < 0 || !S_ISREG(st.st_mode))
		return 0;
	if (type == NULL || (f = fopen("/proc/filesystems", "r")) == NULL)
		return 1;
	while (!nodev && getline(&line, &cap, f) > 0)
		nodev = strncmp(line, "nodev\t", 6) == 0 && strncmp(line + 6, type, n) == 0 &&
		    line[6 + n] == '\n';
	free(line);
	fclose(f);
	return !nodev;
}

/* A new mount of SRC: through a loop device for an image file; read-only if it must be. */
static int
mount_new(struct req *r)
{
	unsigned long flags = r->flags & ~PROPAGATION;
	char dev[32];
	const char *src = r->src;
	int lfd = -1, ro = (flags & MS_RDONLY) != 0, ret;

	if ((r->loop || wants_loop(r->src, r->type)) && !m.fake) {
		dev[0] = '\0';
		if ((lfd = loop_attach(r->src, &ro, 0, LOOP_AUTOCLEAR, dev, sizeof dev)) < 0)
			return -1;
		src = dev;
		if (ro)
			flags |= MS_RDONLY;
	}
	ret = mount_fs(r, src, flags);
	if (ret < 0 && (errno == EROFS || errno == EACCES) && !(flags & MS_RDONLY)) {
		fprintf(stderr, "%s: %s is write-protected, mounting read-only\n", cmd_name, r->src);
		ret = mount_fs(r, src, flags | MS_RDONLY);
	}
	if (lfd >= 0)
		close(lfd);	/* mounted, the device stays; else autoclear frees it */
	return ret;
}

/* The per-mount flags DIR has now, which a remount must repeat to keep. */
static unsigned long
current_flags(const char *dir)
{
	static const unsigned long map[][2] = {
		{ ST_RDONLY, MS_RDONLY }, { ST_NOSUID, MS_NOSUID }, { ST_NODEV, MS_NODEV },
		{ ST_NOEXEC, MS_NOEXEC }, { ST_NOATIME, MS_NOATIME },
		{ ST_NODIRATIME, MS_NODIRATIME }, { ST_RELATIME, MS_RELATIME },
	};
	struct statvfs sv;
	unsigned long flags = 0;

	if (m.fake || statvfs(dir, &sv) < 0)
		return 0;
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (sv.f_flag & map[i][0])
			flags |= map[i][1];
	return flags;
}

/* Returns 0, or -1 with the reason reported. */
static int
do_mount(struct req *r)
{
	unsigned long prop = r->flags & (PROPAGATION | MS_REC);
	unsigned long flags = r->flags & ~PROPAGATION;
	struct stat st;
	int ret = 0;

	if (stat(r->dir, &st) < 0) {
		warn_errno("%s", r->dir);
		return -1;
	}
	if (flags & MS_REMOUNT)
		ret = sys_mount(r->src ? r->src : "none", r->dir, r->type, flags & ~MS_REC, r->data);
	else if (flags & (MS_BIND | MS_MOVE)) {
		ret = sys_mount(r->src, r->dir, NULL, flags & (MS_BIND | MS_MOVE | MS_REC), NULL);
		if (ret == 0 && (flags & MS_BIND) && (flags & PER_MOUNT))
			ret = sys_mount("none", r->dir, NULL,
			    MS_REMOUNT | MS_BIND | (flags & PER_MOUNT) | current_flags(r->dir), NULL);
	} else if (r->src != NULL) {
		ret = mount_new(r);
	}
	if (ret == 0 && (prop & PROPAGATION))
		ret = sys_mount("none", r->dir, NULL, prop, NULL);
	if (ret < 0) {
		warn("mounting %s on %s failed: %s", r->src ? r->src : "none", r->dir, strerror(errno));
		return -1;
	}
	if (m.verbose)
		printf("%s: %s mounted on %s\n", cmd_name, r->src ? r->src : "none", r->dir);
	return 0;
}

/* A line of /etc/fstab as a request; options from the command line come after its own. */
static int
from_fstab(char **fld, struct req *r, const char *opts)
{
	memset(r, 0, sizeof *r);
	r->src = xstrdup(fld[0]);
	r->dir = xstrdup(fld[1]);
	r->type = xstrdup(fld[2]);
	parse_opts(r, fld[3]);
	if (opts != NULL)
		parse_opts(r, opts);
	return 0;
}

static void
req_free(struct req *r)
{
	free(r->src);
	free(r->dir);
	free(r->type);
	free(r->data);
}

static int
mounted(const char *dir)
{
	FILE *f = fopen("/proc/mounts", "r");
	char *line = NULL, *fld[2];
	size_t cap = 0;
	int found = 0;

	if (f == NULL)
		return 0;
	while (!found && getline(&line, &cap, f) > 0)
		found = split(line, fld, 2) == 2 && strcmp(fld[1], dir) == 0;
	free(line);
	fclose(f);
	return found;
}

/* "ext4,vfat" or "nonfs,tmpfs": whether TYPE is one the -t list asks for. */
static int
type_wanted(const char *list, const char *type)
{
	int neg = strncmp(list, "no", 2) == 0;
	const char *p = list + (neg ? 2 : 0), *end;

	for (; *p; p = *end ? end + 1 : end) {
		end = strchrnul(p, ',');
		if (strncmp(p, "no", 2) == 0 && neg)
			p += 2;
		if ((size_t)(end - p) == strlen(type) && strncmp(p, type, end - p) == 0)
			return !neg;
	}
	return neg;
}

/* -a: every fstab entry not noauto, not swap, not mounted already. */
static void
mount_all(const char *types, const char *opts)
{
	FILE *f = fopen("/etc/fstab", "r");
	char *line = NULL, *fld[4];
	size_t cap = 0;
	struct req r;
	int status;

	if (f == NULL)
		die_errno("/etc/fstab");
	while (getline(&line, &cap, f) > 0) {
		if (split(line, fld, 4) < 3)
			continue;
		from_fstab(fld, &r, opts);
		status = cmd_status;
		if (!r.noauto && strcmp(r.type, "swap") != 0 && strcmp(r.dir, "none") != 0 &&
		    (types == NULL || type_wanted(types, r.type)) && !mounted(r.dir) &&
		    do_mount(&r) < 0 && r.nofail)
			cmd_status = status;	/* nofail: said, but not a failure */
		req_free(&r);
	}
	free(line);
	fclose(f);
}

/* "mount DIR" or "mount DEV": the rest comes from /etc/fstab. */
static int
find_fstab(const char *what, struct req *r, const char *opts)
{
	FILE *f = fopen("/etc/fstab", "r");
	char *line = NULL, *fld[4];
	size_t cap = 0;
	int found = 0;

	if (f == NULL)
		return 0;
	while (!found && getline(&line, &cap, f) > 0) {
		if (split(line, fld, 4) >= 3 && (strcmp(fld[1], what) == 0 || strcmp(fld[0], what) == 0))
			found = from_fstab(fld, r, opts) == 0;
	}
	free(line);
	fclose(f);
	return found;
}

/* util-linux's long options; the --make-* ones stand for an option word. */
static const char *const make_words[] = {
	NULL, "shared", "rshared", "slave", "rslave", "private", "rprivate",
	"unbindable", "runbindable",
};
static const struct opt_long longs[] = {
	{ "all", 'a' }, { "fake", 'f' }, { "no-mtab", 'n' }, { "read-only", 'r' },
	{ "rw", 'w' }, { "read-write", 'w' }, { "verbose", 'v' }, { "types", 't' },
	{ "options", 'o' }, { "bind", 'B' }, { "rbind", 'R' }, { "move", 'M' },
	{ "make-shared", 1 }, { "make-rshared", 2 }, { "make-slave", 3 },
	{ "make-rslave", 4 }, { "make-private", 5 }, { "make-rprivate", 6 },
	{ "make-unbindable", 7 }, { "make-runbindable", 8 }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	char *opts = NULL, *type = NULL;
	struct opt o;
	struct req r;
	int c, all = 0, nops = 0;

	o = (struct opt)OPT_INIT(argc, argv, usage);
	o.longs = longs;
	memset(&m, 0, sizeof m);
	/* Options may follow the operands, as util-linux allows: "mount a b -o ro". */
	while ((c = opt_next(&o, "afnrvwt:o:BRM\001\002\003\004\005\006\007\010")) != -1) {
		switch (c) {
		case 'a': all = 1; break;
		case 'f': m.fake = 1; break;
		case 'n': break;	/* there is no mtab to leave alone */
		case 'r': append(&opts, "ro", 2); break;
		case 'w': append(&opts, "rw", 2); break;
		case 'v': m.verbose = 1; break;
		case 't': type = o.arg; break;
		case 'o': append(&opts, o.arg, strlen(o.arg)); break;
		case 'B': append(&opts, "bind", 4); break;
		case 'R': append(&opts, "rbind", 5); break;
		case 'M': append(&opts, "move", 4); break;
		default:
			if (c < 1 || c > 8)
				die_usage(&o);
			append(&opts, make_words[c], strlen(make_words[c]));
		}
	}
	nops = argc - o.ind;
	memmove(argv + 1, argv + o.ind, (size_t)nops * sizeof *argv);
	o.ind = 1;
	if (all) {
		if (nops != 0)
			die_usage(&o);
		mount_all(type, opts);
		free(opts);
		return cmd_exit();
	}
	if (nops == 0 && opts == NULL) {
		list(type);
		return cmd_exit();
	}
	memset(&r, 0, sizeof r);
	if (nops == 2) {
		r.src = xstrdup(argv[o.ind]);
		r.dir = xstrdup(argv[o.ind + 1]);
		r.type = type ? xstrdup(type) : NULL;
		if (opts != NULL)
			parse_opts(&r, opts);
	} else if (nops == 1) {
		parse_opts(&r, opts ? opts : "");
		if (r.flags & (MS_REMOUNT | PROPAGATION)) {
			r.dir = xstrdup(argv[o.ind]);	/* remounts and --make-* need no source */
			r.type = type ? xstrdup(type) : NULL;
		} else {
			free(r.data);
			if (!find_fstab(argv[o.ind], &r, opts))
				die("%s: not in /etc/fstab", argv[o.ind]);
			if (type != NULL) {
				free(r.type);
				r.type = xstrdup(type);
			}
		}
	} else {
		die_usage(&o);
	}
	do_mount(&r);
	req_free(&r);
	free(opts);
	return cmd_exit();
}
