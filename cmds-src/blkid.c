/* blkid - identify file systems by their superblocks: type, label and UUID */
#include "cmd.h"
#include "fsprobe.h"
#include "path.h"

static const char usage[] =
    "blkid [-c FILE] [-o full|value|export|device] [-s TAG]... [-L LABEL | -U UUID] [DEVICE...]";

static struct {
	const char *format;	/* "full", "value", "export" or "device" */
	const char *tags[8];
	int ntags;
	int shown;		/* devices printed so far */
} bk;

static int
wanted(const char *tag)
{
	if (bk.ntags == 0)
		return 1;
	for (int i = 0; i < bk.ntags; i++)
		if (strcasecmp(bk.tags[i], tag) == 0)
			return 1;
	return 0;
}

/* VALUE between double quotes, or with blanks escaped for export. */
static void
put_value(const char *v, int shell)
{
	for (; *v; v++) {
		if (shell ? strchr(" \t\"'`$\\;&|<>(){}*?[]#~!", *v) != NULL : (*v == '"' || *v == '\\'))
			putchar('\\');
		putchar(*v);
	}
}

static void
show(const char *path, const struct fsid *id)
{
	const char *name[] = { "LABEL", "UUID", "TYPE" };
	const char *val[] = { id->label, id->uuid, id->type };
	int full = strcmp(bk.format, "full") == 0, value = strcmp(bk.format, "value") == 0;
	int i, any = 0;

	for (i = 0; i < 3; i++)
		any |= val[i][0] != '\0' && wanted(name[i]);
	if (strcmp(bk.format, "device") == 0) {
		printf("%s\n", path);
		return;
	}
	if (!any)
		return;
	if (strcmp(bk.format, "export") == 0)
		printf("%sDEVNAME=%s\n", bk.shown++ ? "\n" : "", path);
	else if (full)
		printf("%s:", path);
	for (i = 0; i < 3; i++) {
		if (val[i][0] == '\0' || !wanted(name[i]))
			continue;
		if (value) {
			printf("%s\n", val[i]);
			continue;
		}
		printf(full ? " %s=\"" : "%s=", name[i]);
		put_value(val[i], !full);
		printf(full ? "\"" : "\n");
	}
	if (full)
		putchar('\n');
}

/* Every block device with a size, in name order: "/dev/NAME", malloc'd. */
static char **
all_devices(int *n)
{
	struct dirent **v;
	char **dev = NULL, path[PATH_MAX], size[32];
	int m = scandir("/sys/class/block", &v, NULL, alphasort), fd;
	ssize_t r;

	*n = 0;
	for (int i = 0; i < m; i++) {
		if (v[i]->d_name[0] != '.') {
			snprintf(path, sizeof path, "/sys/class/block/%s/size", v[i]->d_name);
			fd = open(path, O_RDONLY | O_CLOEXEC);
			r = fd >= 0 ? read(fd, size, sizeof size - 1) : -1;
			if (fd >= 0)
				close(fd);
			if (r > 0 && strtoull(size, NULL, 10) > 0) {
				dev = xrealloc(dev, (*n + 1) * sizeof *dev);
				dev[(*n)++] = path_join("/dev", v[i]->d_name);
			}
		}
		free(v[i]);
	}
	if (m >= 0)
		free(v);
	return dev;
}

/* -L and -U: the first device whose TAG is VALUE. */
static int
find(const char *tag, const char *value)
{
	struct fsid id;
	char **dev;
	int n, found = 0;

	dev = all_devices(&n);
	for (int i = 0; i < n; i++) {
		if (!found && fsprobe(dev[i], &id) > 0 &&
		    strcmp(tag[0] == 'L' ? id.label : id.uuid, value) == 0) {
			printf("%s\n", dev[i]);
			found = 1;
		}
		free(dev[i]);
	}
	free(dev);
	return found;
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	const char *label = NULL, *uuid = NULL;
	struct fsid id;
	char **dev = NULL;
	int c, n, r, found = 0;

	memset(&bk, 0, sizeof bk);
	bk.format = "full";
	while ((c = opt_next(&o, "c:o:s:L:U:gp")) != -1) {
		switch (c) {
		case 'c': case 'g': case 'p': break;	/* no cache to keep */
		case 'o':
			if (strcmp(o.arg, "full") && strcmp(o.arg, "value") && strcmp(o.arg, "export") &&
			    strcmp(o.arg, "device"))
				die("%s: unknown output format", o.arg);
			bk.format = o.arg;
			break;
		case 's':
			if (bk.ntags == (int)(sizeof bk.tags / sizeof bk.tags[0]))
				die("too many -s");
			bk.tags[bk.ntags++] = o.arg;
			break;
		case 'L': label = o.arg; break;
		case 'U': uuid = o.arg; break;
		default: die_usage(&o);
		}
	}
	if (label != NULL || uuid != NULL) {
		if (o.ind != argc || (label && uuid))
			die_usage(&o);
		found = find(label ? "LABEL" : "UUID", label ? label : uuid);
		return cmd_exit() ? 1 : found ? 0 : 2;
	}
	if (o.ind == argc)
		dev = all_devices(&n);
	for (int i = 0; i < (dev ? n : argc - o.ind); i++) {
		const char *path = dev ? dev[i] : argv[o.ind + i];

		if ((r = fsprobe(path, &id)) > 0) {
			show(path, &id);
			found = 1;
		} else if (r < 0 && dev == NULL) {
			warn_errno("%s", path);
		}
		if (dev)
			free(dev[i]);
	}
	free(dev);
	return cmd_exit() ? 1 : found ? 0 : 2;
}
