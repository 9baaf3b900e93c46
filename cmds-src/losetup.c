/* losetup - attach files to loop devices, detach them, list them */
#include "cmd.h"
#include <sys/ioctl.h>

/* From <linux/loop.h>, a stable ABI (the image ships only the UAPI headers commands need). */
#define LOOP_SET_FD 0x4C00
#define LOOP_CLR_FD 0x4C01
#define LOOP_SET_STATUS64 0x4C04
#define LOOP_GET_STATUS64 0x4C05
#define LOOP_CTL_GET_FREE 0x4C82
#define LO_FLAGS_PARTSCAN 8
#define LO_NAME_SIZE 64
struct loop_info64 {
	uint64_t lo_device, lo_inode, lo_rdevice, lo_offset, lo_sizelimit;
	uint32_t lo_number, lo_encrypt_type, lo_encrypt_key_size, lo_flags;
	uint8_t lo_file_name[LO_NAME_SIZE], lo_crypt_name[LO_NAME_SIZE], lo_encrypt_key[32];
	uint64_t lo_init[2];
};

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
	int fd = open("/dev/loop-control", O_RDWR | O_CLOEXEC), n;

	if (fd < 0)
		die_errno("/dev/loop-control");
	if ((n = ioctl(fd, LOOP_CTL_GET_FREE)) < 0)
		die_errno("no free loop device");
	close(fd);
	snprintf(dev, sizeof dev, "/dev/loop%d", n);
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
	snprintf(out, cap, "%.*s", LO_NAME_SIZE, (const char *)li->lo_file_name);
}

/* "/dev/loop0: [2049]:1234 (/file), offset 512", as util-linux says it. 0, or -1 if not attached. */
static int
show(const char *dev, int quiet)
{
	struct loop_info64 li;
	char name[4096];
	int fd = open(dev, O_RDONLY | O_CLOEXEC), r;

	if (fd < 0) {
		if (!quiet)
			warn_errno("%s", dev);
		return -1;
	}
	r = ioctl(fd, LOOP_GET_STATUS64, &li);
	close(fd);
	if (r < 0) {
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
	struct loop_info64 li;
	int ffd, dfd, mode = lo.readonly ? O_RDONLY : O_RDWR;

	if ((ffd = open(file, mode | O_CLOEXEC)) < 0 && !lo.readonly && (errno == EROFS || errno == EACCES)) {
		mode = O_RDONLY;	/* as util-linux: a file we may only read is attached read-only */
		ffd = open(file, mode | O_CLOEXEC);
	}
	if (ffd < 0)
		die_errno("%s", file);
	if ((dfd = open(dev, mode | O_CLOEXEC)) < 0)
		die_errno("%s", dev);
	if (ioctl(dfd, LOOP_SET_FD, ffd) < 0)
		die("%s: %s", dev, errno == EBUSY ? "already attached" : strerror(errno));
	memset(&li, 0, sizeof li);
	li.lo_offset = lo.offset;
	li.lo_flags = lo.partscan ? LO_FLAGS_PARTSCAN : 0;
	snprintf((char *)li.lo_file_name, LO_NAME_SIZE, "%s", file);
	if (ioctl(dfd, LOOP_SET_STATUS64, &li) < 0) {
		int err = errno;

		ioctl(dfd, LOOP_CLR_FD, 0);	/* half set up is worse than not at all */
		errno = err;
		die_errno("%s: setting the offset", dev);
	}
	close(dfd);
	close(ffd);
	if (lo.show)
		puts(dev);
}

static void
detach(const char *dev)
{
	int fd = open(dev, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		warn_errno("%s", dev);
		return;
	}
	if (ioctl(fd, LOOP_CLR_FD, 0) < 0)
		warn("%s: %s", dev, errno == ENXIO ? "not attached" : strerror(errno));
	close(fd);
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
		attach(first_free(), argv[o.ind]);
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
