/* switch_root - leave the initramfs for the real root file system, as PID 1 */
#include "cmd.h"
#include "path.h"
#include <sys/mount.h>
#include <sys/statfs.h>

static const char usage[] = "switch_root [-c CONSOLE] NEWROOT INIT [ARG...]";

#define RAMFS_MAGIC 0x858458f6
#define TMPFS_MAGIC 0x01021994

/* Mounts that go along to the new root, as util-linux's switch_root moves them. */
static const char *const moved[] = { "/dev", "/proc", "/sys", "/run" };

/* Whether PATH is DIR or inside it. */
static int
under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return strncmp(path, dir, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

/* The mount points, oldest first, from /proc/mounts (read before /proc moves). */
static char **
mount_points(size_t *n)
{
	FILE *f = fopen("/proc/mounts", "r");
	char *line = NULL, *dir, *save;
	char **v = NULL;
	size_t cap = 0;

	*n = 0;
	if (f == NULL)
		return NULL;
	while (getline(&line, &cap, f) > 0) {
		save = NULL;
		if (strtok_r(line, " ", &save) == NULL || (dir = strtok_r(NULL, " ", &save)) == NULL)
			continue;
		v = xrealloc(v, (*n + 1) * sizeof *v);
		v[(*n)++] = xstrdup(dir);
	}
	free(line);
	fclose(f);
	return v;
}

static int
is_mounted(char **v, size_t n, const char *dir)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i], dir) == 0)
			return 1;
	return 0;
}

/* /dev, /proc, /sys and /run move into NEWROOT where it has the directory;
 * every other mount outside NEWROOT is let go. */
static void
move_mounts(const char *newroot)
{
	struct stat st;
	size_t n, i, j;
	char **v = mount_points(&n), *to;

	for (i = 0; i < sizeof moved / sizeof moved[0]; i++) {
		if (!is_mounted(v, n, moved[i]))
			continue;
		to = path_join(newroot, moved[i] + 1);
		if (stat(to, &st) < 0 || !S_ISDIR(st.st_mode) ||
		    mount(moved[i], to, "none", MS_MOVE, NULL) < 0) {
			warn_errno("cannot move %s to %s; unmounting", moved[i], to);
			umount2(moved[i], MNT_DETACH);
		}
		free(to);
	}
	for (i = n; i-- > 0;) {
		int keep = strcmp(v[i], "/") == 0 || under(v[i], newroot) || under(newroot, v[i]);

		for (j = 0; j < sizeof moved / sizeof moved[0]; j++)
			keep |= under(v[i], moved[j]);
		if (!keep)
			umount2(v[i], MNT_DETACH);
	}
	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* Everything in directory DFD on device DEV; other file systems are left alone. */
static void
delete_contents(int dfd, dev_t dev)
{
	DIR *d = fdopendir(dfd);
	struct dirent *e;
	struct stat st;
	int sub;

	if (d == NULL) {
		close(dfd);
		return;
	}
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0 || st.st_dev != dev)
			continue;
		if (S_ISDIR(st.st_mode)) {
			sub = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (sub >= 0)
				delete_contents(sub, dev);
			unlinkat(dirfd(d), e->d_name, AT_REMOVEDIR);
		} else {
			unlinkat(dirfd(d), e->d_name, 0);
		}
	}
	closedir(d);
}

/* INIT, as the new root will see it: executable, or a link we cannot follow from here. */
static void
check_init(const char *init)
{
	char *path = path_join(".", init + strspn(init, "/"));
	struct stat st;

	if (access(path, X_OK) < 0 && !(lstat(path, &st) == 0 && S_ISLNK(st.st_mode)))
		die_errno("%s", init);
	free(path);
}

/* Every check that can fail comes before anything is deleted. */
static void
check(const char *newroot, const char *init, struct stat *root)
{
	struct stat st, up;
	struct statfs sf;

	if (chdir(newroot) < 0 || stat(".", &st) < 0 || stat("..", &up) < 0)
		die_errno("%s", newroot);
	if (stat("/", root) < 0)
		die_errno("/");
	if (st.st_dev == root->st_dev || st.st_dev == up.st_dev)
		die("%s: not a mount point", newroot);
	if (getpid() != 1)
		die("not PID 1");
	if (statfs("/", &sf) < 0)
		die_errno("/");
	if ((unsigned long)sf.f_type != RAMFS_MAGIC && (unsigned long)sf.f_type != TMPFS_MAGIC)
		die("/: not an initramfs (ramfs or tmpfs)");
	check_init(init);
}

static void
use_console(const char *tty)
{
	int fd = open(tty, O_RDWR | O_CLOEXEC);

	if (fd < 0) {
		warn_errno("%s", tty);
		return;
	}
	dup2(fd, 0);
	dup2(fd, 1);
	dup2(fd, 2);
	close(fd);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	const char *console = NULL;
	char *newroot;
	struct stat root;
	int c, fd;

	while ((c = opt_next(&o, "+c:")) != -1) {
		if (c == 'c')
			console = o.arg;
		else
			die_usage(&o);
	}
	if (argc - o.ind < 2)
		die_usage(&o);
	check(argv[o.ind], argv[o.ind + 1], &root);
	if ((newroot = realpath(".", NULL)) == NULL)
		die_errno("%s", argv[o.ind]);
	move_mounts(newroot);
	if ((fd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0)
		delete_contents(fd, root.st_dev);
	if (mount(".", "/", "none", MS_MOVE, NULL) < 0)
		die_errno("moving %s to /", newroot);
	if (chroot(".") < 0 || chdir("/") < 0)
		die_errno("chroot %s", newroot);
	if (console != NULL)
		use_console(console);
	execv(argv[o.ind + 1], argv + o.ind + 1);
	warn_errno("%s", argv[o.ind + 1]);
	return 127;
}
