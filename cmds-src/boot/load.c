/* load.c - an entry's kernel and initrds handed to kexec_file_load */
#include "disk.h"
#include "io.h"
#include "kexec.h"
#include "bootcheck.h"
#include "path.h"
#include <sys/syscall.h>

#ifndef MFD_CLOEXEC
#define MFD_CLOEXEC 1
#endif

double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static int
open_on(const struct bentry *e, const char *what, const char *path)
{
	char *full = bfs_path(e->fs, path);
	int fd = open(full, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		warn("%s:%d: %s %s: %s", e->config, e->line, what, path, strerror(errno));
	free(full);
	return fd;
}

/* kexec_file_load takes one initrd: several are concatenated in memory,
 * as the kernel unpacks cpio archives one after another. FD holds the
 * entry's initrds, open and checked. */
static int
join_initrds(const struct bentry *e, const int *fd)
{
	int out;

	if (e->ninitrd == 0)
		return -1;
	if (e->ninitrd == 1)
		return dup(fd[0]);
	if ((out = (int)syscall(SYS_memfd_create, "initrd", MFD_CLOEXEC)) < 0) {
		warn("%s:%d: memfd_create: %s", e->config, e->line, strerror(errno));
		return -2;
	}
	for (int i = 0; i < e->ninitrd; i++) {
		if (copy_fd(fd[i], out) < 0) {
			warn("%s:%d: initrd %s: %s", e->config, e->line, e->initrd[i], strerror(errno));
			close(out);
			return -2;
		}
	}
	return out;
}

/* The list beside the kernel names each file relative to its directory; a
 * config on another file system cannot be in it and is named DEV:PATH. */
static char *
listed_name(const struct bentry *e, const char *dir, const struct bfs *fs, const char *path)
{
	char *name;

	if (fs == e->fs)
		return rel_path(dir, path);
	name = xmalloc(strlen(fs->dev) + strlen(path) + 2);
	sprintf(name, "%s:%s", fs->dev, path);
	return name;
}

static int
add_configs(struct bootplan *p, const struct bentry *e, const char *dir)
{
	int r = 0;

	for (int i = e->reads_from; i < e->reads_to && r == 0; i++) {
		const struct bread *rd = &bfs_reads[i];
		char *name = listed_name(e, dir, rd->fs, rd->path);
		int seen = 0;

		for (int j = 0; j < p->n && !seen; j++)
			seen = strcmp(p->part[j].name, name) == 0 && memcmp(p->part[j].hash, rd->hash, 32) == 0;
		if (!seen && bootplan_hash(p, "config", name, rd->hash) < 0)
			r = -1;
		free(name);
	}
	if (r < 0)
		warn("%s:%d: more than %d configs and files to boot", e->config, e->line, BOOT_PARTS_MAX);
	return r;
}

/* The plan: configs (which cover the command line unless it was edited), the
 * kernel and each initrd, hashed from the descriptors that will be loaded. */
static int
plan(struct bootplan *p, const struct bentry *e, int kfd, const int *ifd)
{
	char *dir = xstrdup(e->kernel), *slash = strrchr(dir, '/'), *name, err[512];
	int r = 0;

	if (slash == NULL)
		strcpy(dir, "/");
	else
		slash[slash == dir] = '\0';
	p->cmdline = e->cmdline ? e->cmdline : "";
	p->cmdline_from_configs = !e->edited;
	p->list = bfs_path(e->fs, name = path_join(dir, BOOT_LIST));
	free(name);
	p->sig = bfs_path(e->fs, name = path_join(dir, BOOT_SIG));
	free(name);
	if (add_configs(p, e, dir) < 0) {
		free(dir);
		return -1;
	}
	for (int i = -1; i < e->ninitrd && r == 0; i++) {
		name = rel_path(dir, i < 0 ? e->kernel : e->initrd[i]);
		r = bootplan_fd(p, i < 0 ? "kernel" : "initrd", name, i < 0 ? kfd : ifd[i], err, sizeof err);
		free(name);
	}
	if (r < 0)
		warn("%s:%d: %s", e->config, e->line, err);
	free(dir);
	return r;
}

static int
check_and_load(const struct bentry *e, int kfd, const int *ifd)
{
	static struct bootplan p;	/* large: not on the stack */
	int r = -1, joined;

	memset(&p, 0, sizeof p);
	if (plan(&p, e, kfd, ifd) == 0 && boot_check(&p) == 0 && (joined = join_initrds(e, ifd)) != -2) {
		r = kexec_load_fd(kfd, joined, p.cmdline);
		if (r < 0)
			warn("%s:%d: kernel %s: %s", e->config, e->line, e->kernel, kexec_error(errno));
		if (joined >= 0)
			close(joined);
	}
	bootplan_free(&p);
	free((char *)p.list);
	free((char *)p.sig);
	return r;
}

int
load_entry(const struct bentry *e)
{
	int kfd, ifd[BOOT_PARTS_MAX / 2], n = 0, r = -1;

	if (e->kernel == NULL || *e->kernel == '\0') {
		warn("%s:%d: '%s' names no kernel", e->config, e->line, e->title);
		return -1;
	}
	if (e->ninitrd > BOOT_PARTS_MAX / 2) {
		warn("%s:%d: more than %d initrds", e->config, e->line, BOOT_PARTS_MAX / 2);
		return -1;
	}
	if ((kfd = open_on(e, "kernel", e->kernel)) < 0)
		return -1;
	while (n < e->ninitrd && (ifd[n] = open_on(e, "initrd", e->initrd[n])) >= 0)
		n++;
	if (n == e->ninitrd)
		r = check_and_load(e, kfd, ifd);
	while (n > 0)
		close(ifd[--n]);
	close(kfd);
	return r;
}
