/* umount - unmount file systems */
#include "cmd.h"
#include "mount.h"
#include <sys/ioctl.h>
#include <sys/mount.h>

static const char usage[] = "umount [-adflnrv] DIR|DEV... | -a";

#define LOOP_CLR_FD 0x4C01

static struct {
	int flags, detach_loop, readonly, verbose;
} u;

struct mnt {
	char *src, *dir;
};

/* The mount table, oldest first; *N entries. */
static struct mnt *
read_mounts(size_t *n)
{
	FILE *f = fopen("/proc/mounts", "r");
	char *line = NULL, *src, *dir, *save;
	struct mnt *v = NULL;
	size_t cap = 0, vcap = 0;

	*n = 0;
	if (f == NULL)
		return NULL;
	while (getline(&line, &cap, f) > 0) {
		save = NULL;
		if ((src = strtok_r(line, " \t\n", &save)) == NULL ||
		    (dir = strtok_r(NULL, " \t\n", &save)) == NULL)
			continue;
		if (*n == vcap)
			v = xrealloc(v, (vcap = vcap ? vcap * 2 : 32) * sizeof *v);
		v[*n].src = xstrdup(mount_unescape(src));
		v[*n].dir = xstrdup(mount_unescape(dir));
		(*n)++;
	}
	free(line);
	fclose(f);
	return v;
}

static void
free_mounts(struct mnt *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].src);
		free(v[i].dir);
	}
	free(v);
}

static void
detach_loop(const char *dev)
{
	int fd;

	if (strncmp(dev, "/dev/loop", 9) != 0 || (fd = open(dev, O_RDONLY | O_CLOEXEC)) < 0)
		return;
	ioctl(fd, LOOP_CLR_FD, 0);	/* autoclear may have done it already */
	close(fd);
}

/* Unmount DIR (mounted from SRC, if known), as ARG names it in messages. */
static int
unmount(const char *dir, const char *src, const char *arg)
{
	if (umount2(dir, u.flags) == 0) {
		if (u.verbose)
			printf("%s: %s unmounted\n", cmd_name, arg);
		if (u.detach_loop && src != NULL)
			detach_loop(src);
		return 0;
	}
	if (errno == EBUSY && u.readonly && mount("none", dir, "none", MS_REMOUNT | MS_RDONLY, NULL) == 0) {
		fprintf(stderr, "%s: %s: busy, remounted read-only\n", cmd_name, arg);
		return 0;
	}
	if (errno == EINVAL)
		warn("%s: not mounted", arg);
	else
		warn_errno("%s", arg);
	return -1;
}

/* Whether loop device DEV is backed by the file FILE (an absolute path). */
static int
backed_by(const char *dev, const char *file)
{
	char path[96], buf[PATH_MAX + 1];
	ssize_t n;
	int fd;

	if (file == NULL || strncmp(dev, "/dev/loop", 9) != 0 || strchr(dev + 9, '/') != NULL)
		return 0;
	snprintf(path, sizeof path, "/sys/block/%s/loop/backing_file", dev + 5);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return strcmp(buf, file) == 0;
}

/* DIR, or a device, source or loop-mounted image whose newest mount is to go. */
static void
umount_one(const char *arg)
{
	char *abs = realpath(arg, NULL);
	struct mnt *v;
	size_t n, i, found;

	v = read_mounts(&n);
	for (found = n, i = n; abs != NULL && i-- > 0;) {
		if (strcmp(v[i].dir, abs) == 0) {
			found = i;
			break;
		}
	}
	if (found < n) {
		unmount(arg, v[found].src, arg);
	} else {
		for (i = n; i-- > 0 && found == n;)
			if (strcmp(v[i].src, arg) == 0 || (abs != NULL && strcmp(v[i].src, abs) == 0) ||
			    backed_by(v[i].src, abs))
				found = i;
		if (found < n)
			unmount(v[found].dir, v[found].src, arg);
		else
			unmount(arg, NULL, arg);
	}
	free_mounts(v, n);
	free(abs);
}

/* -a: everything but /, newest first. */
static void
umount_all(void)
{
	struct mnt *v;
	size_t n;

	if ((v = read_mounts(&n)) == NULL)
		die_errno("/proc/mounts");
	for (size_t i = n; i-- > 0;)
		if (strcmp(v[i].dir, "/") != 0)
			unmount(v[i].dir, v[i].src, v[i].dir);
	free_mounts(v, n);
}

static const struct opt_long longs[] = {
	{ "all", 'a' }, { "detach-loop", 'd' }, { "force", 'f' }, { "lazy", 'l' },
	{ "no-mtab", 'n' }, { "read-only", 'r' }, { "verbose", 'v' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, all = 0;

	memset(&u, 0, sizeof u);
	o.longs = longs;
	while ((c = opt_next(&o, "adflnrv")) != -1) {
		switch (c) {
		case 'a': all = 1; break;
		case 'd': u.detach_loop = 1; break;
		case 'f': u.flags |= MNT_FORCE; break;
		case 'l': u.flags |= MNT_DETACH; break;
		case 'n': break;	/* no mtab */
		case 'r': u.readonly = 1; break;
		case 'v': u.verbose = 1; break;
		default: die_usage(&o);
		}
	}
	if (all) {
		if (o.ind != argc)
			die_usage(&o);
		umount_all();
		return cmd_exit();
	}
	if (o.ind == argc)
		die_usage(&o);
	for (int i = o.ind; i < argc; i++)
		umount_one(argv[i]);
	return cmd_exit();
}
