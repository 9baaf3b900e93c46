/* probe.c - find the file systems on block devices, mount them read-only, collect their configs */
#include "disk.h"
#include "fsprobe.h"
#include "modules.h"
#include "path.h"
#include <sys/mount.h>
#include "proc.h"

#define RUN_DIR "/run/boot"

/* Every module the image carries but NIC drivers: the image's list is the
 * board's choice of disk controllers, file systems and what they need. */
static int
not_nic(const char *path)
{
	return strstr(path, "/drivers/net/") == NULL;
}

void
load_block_modules(void)
{
	char **argv = modules_argv(not_nic);

	if (argv && run_wait(argv) != 0)
		warn("modprobe failed; going on with the drivers loaded");
	modules_free(argv);
}

/* Block devices worth probing, in name order: with a size, not RAM or loop. */
static int
block_names(char ***names)
{
	struct dirent **v;
	char path[PATH_MAX], size[32];
	int m = scandir("/sys/class/block", &v, NULL, alphasort), n = 0, fd;
	ssize_t r;

	*names = NULL;
	for (int i = 0; i < m; i++) {
		const char *d = v[i]->d_name;

		snprintf(path, sizeof path, "/sys/class/block/%s/size", d);
		fd = d[0] == '.' || !strncmp(d, "loop", 4) || !strncmp(d, "ram", 3) || !strncmp(d, "zram", 4) ?
		    -1 : open(path, O_RDONLY | O_CLOEXEC);
		r = fd >= 0 ? read(fd, size, sizeof size - 1) : -1;
		if (fd >= 0)
			close(fd);
		if (r > 0 && (size[r] = '\0', strtoull(size, NULL, 10) > 0)) {
			*names = xrealloc(*names, (n + 1) * sizeof **names);
			(*names)[n++] = xstrdup(d);
		}
		free(v[i]);
	}
	if (m >= 0)
		free(v);
	return n;
}

static void
free_names(char **names, int n)
{
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

static int
wanted(const char *name, char **only, int nonly)
{
	for (int i = 0; i < nonly; i++) {
		const char *o = strncmp(only[i], "/dev/", 5) == 0 ? only[i] + 5 : only[i];

		if (strcmp(o, name) == 0)
			return 1;
	}
	return nonly == 0;
}

/* Drivers find their disks asynchronously: wait until the wanted ones are
 * there (any disk, without -d) and the list has been still for half a second. */
static void
settle(char **only, int nonly)
{
	char **names;
	int n, last = -1, still = 0, found;

	for (int tick = 0; tick < 100 && still < 5; tick++) {	/* 10 s at most */
		n = block_names(&names);
		found = 0;
		for (int i = 0; i < n; i++)
			found += wanted(names[i], only, nonly);
		free_names(names, n);
		still = found >= (nonly ? nonly : 1) && n == last ? still + 1 : 0;
		last = n;
		if (still < 5)
			usleep(100000);
	}
}

/* The mount type and options that cannot write: ext4's noload skips the journal's replay. */
static const char *
mount_opts(const char *type, const char **fstype)
{
	*fstype = type;
	if (!strcmp(type, "ext2") || !strcmp(type, "ext3") || !strcmp(type, "ext4")) {
		*fstype = "ext4";
		return "noload";
	}
	if (!strcmp(type, "xfs"))
		return "norecovery";
	if (!strcmp(type, "btrfs"))
		return "rescue=nologreplay";
	if (!strcmp(type, "vfat") || !strcmp(type, "iso9660") || !strcmp(type, "squashfs") ||
	    !strcmp(type, "erofs"))
		return "";
	return NULL;	/* swap, LUKS, a journal device: nothing to read configs from */
}

static int
mount_one(struct bfs *fs, const char *name)
{
	char *dev = path_join("/dev", name), *dir = path_join(RUN_DIR, name);
	const char *fstype, *opts;
	struct fsid id;
	int r = -1;

	if (fsprobe(dev, &id) > 0 && (opts = mount_opts(id.type, &fstype)) != NULL) {
		mkdir(RUN_DIR, 0755);
		mkdir(dir, 0755);
		if (mount(dev, dir, fstype, MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, opts) == 0) {
			fs->dir = dir;
			fs->dev = xstrdup(name);
			fs->uuid = id.uuid[0] ? xstrdup(id.uuid) : NULL;
			fs->label = id.label[0] ? xstrdup(id.label) : NULL;
			dir = NULL;
			r = 0;
		} else {
			warn("%s: mount %s read-only: %s", dev, id.type, strerror(errno));
			rmdir(dir);
		}
	}
	free(dev);
	free(dir);
	return r;
}

int
probe_disks(struct bfs_set *all, char **only, int nonly)
{
	char **names;
	int n;

	settle(only, nonly);
	n = block_names(&names);
	all->fs = xmalloc(MAX_FS * sizeof *all->fs);
	all->n = 0;
	for (int i = 0; i < n && all->n < MAX_FS; i++)
		if (wanted(names[i], only, nonly) && mount_one(&all->fs[all->n], names[i]) == 0)
			all->n++;
	free_names(names, n);
	return all->n;
}

void
unmount_all(const struct bfs_set *all)
{
	for (int i = 0; i < all->n; i++) {
		if (strncmp(all->fs[i].dir, RUN_DIR "/", sizeof RUN_DIR) != 0)
			continue;
		if (umount2(all->fs[i].dir, MNT_DETACH) == 0)
			rmdir(all->fs[i].dir);
	}
}
