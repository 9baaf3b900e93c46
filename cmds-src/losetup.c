/* losetup - attach files to loop devices, detach them, list them */
#include "cmd.h"
#include "num.h"
#include "mount.h"

static const char usage[] =
    "losetup [-a] | -f | [-rP] [-o OFFSET] [--show] -f FILE | [-rP] [-o OFFSET] LOOPDEV FILE"
    " | -d LOOPDEV... | LOOPDEV";

static struct {
	int readonly, partscan, show;
	unsigned long long offset;
} lo;

/* The first free loop device, made by the kernel if need be: "/dev/loopN". */
static char *
first_free(void)
{
	static char dev[32];

	if (loop_free(dev, sizeof dev) < 0)
		die_errno("no free loop device: /dev/loop-control");
	return dev;
}

/* The backing file's whole name from sysfs; the kernel's 64-byte copy if not. */
static void
backing_name(const char *dev, const struct loop_info64 *li, char *out, size_t cap)
{
	const char *base = strrchr(dev, '/') ? strrchr(dev, '/') + 1 : dev;
	char path[128];
	FILE *f;

	snprintf(path, sizeof path, "/sys/block/%s/loop/backing_file", base);
	if ((f = fopen(path, "r")) != NULL && fgets(out, cap, f) != NULL) {
		out[strcspn(out, "\n")] = '\0';
		fclose(f);
		return;
	}
	if (f != NULL)
		fclose(f);
	snprintf(out, cap, "%.*s", LOOP_NAME_MAX, (const char *)li->lo_file_name);
}

/* "/dev/loop0: [2049]:1234 (/file), offset 512", as util-linux says it. 0, or -1 if not attached. */
static int
show(const char *dev, int quiet)
{
	struct loop_info64 li;
	char name[4096];

	if (loop_status(dev, &li) < 0) {
		if (!quiet)
			warn("%s: %s", dev, errno == ENXIO ? "not attached" : strerror(errno));
		return -1;
	}
	backing_name(dev, &li, name, sizeof name);
	printf("%s: [%04llu]:%llu (%s)", dev, (unsigned long long)li.lo_device,
	    (unsigned long long)li.lo_inode, name);
	if (li.lo_offset != 0)
		printf(", offset %llu", (unsigned long long)li.lo_offset);
	putchar('\n');
	return 0;
}

/* Every attached loop device, in number order. */
static void
show_all(void)
{
	struct dirent **v;
	char dev[300];
	int n = scandir("/sys/block", &v, NULL, versionsort);

	for (int i = 0; i < n; i++) {
		if (strncmp(v[i]->d_name, "loop", 4) == 0) {
			snprintf(dev, sizeof dev, "/dev/%s", v[i]->d_name);
			show(dev, 1);
		}
		free(v[i]);
	}
	if (n >= 0)
		free(v);
}

static void
attach(const char *dev, const char *file)
{
	char name[32];
	int ro = lo.readonly, fd;
	struct stat st;

	if (stat(file, &st) < 0)	/* so that an error names the right one */
		die_errno("%s", file);
	snprintf(name, sizeof name, "%s", dev);
	fd = loop_attach(file, &ro, lo.offset, lo.partscan ? LOOP_PARTSCAN : 0, name, sizeof name);
	if (fd < 0 && errno == EBUSY)
		die("%s: already attached", dev);
	if (fd < 0)
		die_errno("%s", *dev ? dev : "/dev/loop-control");
	close(fd);
	if (lo.show)
		puts(name);
}

static void
detach(const char *dev)
{
	if (loop_detach(dev) < 0)
		warn("%s: %s", dev, errno == ENXIO ? "not attached" : strerror(errno));
}

int
main(int argc, char *argv[])
{
	struct opt o;
	int c, all = 0, find = 0, del = 0, rest;

	lo.show = opt_late(&argc, argv, 1, "--show");	/* before the parser counts the arguments */
	o = (struct opt)OPT_INIT(argc, argv, usage);
	while ((c = opt_next(&o, "adfPro:")) != -1) {
		switch (c) {
		case 'a': all = 1; break;
		case 'd': del = 1; break;
		case 'f': find = 1; break;
		case 'P': lo.partscan = 1; break;
		case 'r': lo.readonly = 1; break;
		case 'o':
			if (parse_size(o.arg, 0, &lo.offset) < 0)
				die("%s: invalid offset", o.arg);
			break;
		default: die_usage(&o);
		}
	}
	rest = argc - o.ind;
	if (all + find + del > 1 || (all && rest > 0) || (del && rest == 0) || (find && rest > 1) ||
	    (!all && !find && !del && rest > 2))
		die_usage(&o);
	if (del) {
		for (int i = o.ind; i < argc; i++)
			detach(argv[i]);
	} else if (find && rest == 1) {
		attach("", argv[o.ind]);
	} else if (find) {
		puts(first_free());
	} else if (rest == 2) {
		attach(argv[o.ind], argv[o.ind + 1]);
	} else if (rest == 1) {
		if (show(argv[o.ind], 0) < 0)
			return 1;
	} else {
		show_all();
	}
	return cmd_exit();
}
