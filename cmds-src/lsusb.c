/* lsusb - list USB devices, from /sys/bus/usb/devices */
#include "cmd.h"
#include "io.h"
#include "path.h"

static const char usage[] = "lsusb [-t]";

static const char devices[] = "/sys/bus/usb/devices";

struct dev {
	char *name, *manufacturer, *product, *speed;
	unsigned bus, devnum, vendor, product_id;
};

/* Attribute ATTR of device NAME, its newline gone; NULL if it has none. */
static char *
attr(const char *name, const char *attr)
{
	char *dir = path_join(devices, name), *path = path_join(dir, attr), *v;
	size_t n;

	v = read_whole(path, 4096, &n);
	free(dir);
	free(path);
	if (v != NULL)
		v[strcspn(v, "\n")] = '\0';
	return v;
}

static unsigned
attr_num(const char *name, const char *a, int base)
{
	char *v = attr(name, a);
	unsigned n = v ? (unsigned)strtoul(v, NULL, base) : 0;

	free(v);
	return n;
}

static void
load(struct dev *d, const char *name)
{
	d->name = xstrdup(name);
	d->bus = attr_num(name, "busnum", 10);
	d->devnum = attr_num(name, "devnum", 10);
	d->vendor = attr_num(name, "idVendor", 16);
	d->product_id = attr_num(name, "idProduct", 16);
	d->manufacturer = attr(name, "manufacturer");
	d->product = attr(name, "product");
	d->speed = attr(name, "speed");
}

/* Devices, not interfaces ("1-1:1.0"), and not the dot files. */
static int
is_device(const struct dirent *e)
{
	return e->d_name[0] != '.' && strchr(e->d_name, ':') == NULL;
}

static int
by_address(const void *a, const void *b)
{
	const struct dev *x = a, *y = b;

	if (x->bus != y->bus)
		return x->bus < y->bus ? -1 : 1;
	return x->devnum < y->devnum ? -1 : x->devnum > y->devnum;
}

static void
names(const struct dev *d)
{
	if (d->manufacturer != NULL)
		printf(" %s", d->manufacturer);
	if (d->product != NULL)
		printf(" %s", d->product);
}

static void
list(const struct dev *v, int n)
{
	for (int i = 0; i < n; i++) {
		printf("Bus %03u Device %03u: ID %04x:%04x", v[i].bus, v[i].devnum, v[i].vendor,
		    v[i].product_id);
		names(&v[i]);
		putchar('\n');
	}
}

/* The hub a device hangs from: "1-1.2" from "1-1", "1-1" from "usb1". */
static int
is_child(const char *child, const char *parent)
{
	const char *dot = strrchr(child, '.'), *dash = strchr(child, '-');

	if (dash == NULL)
		return 0;
	if (dot != NULL && dot > dash)
		return strlen(parent) == (size_t)(dot - child) && strncmp(child, parent, dot - child) == 0;
	return strncmp(parent, "usb", 3) == 0 && strlen(parent + 3) == (size_t)(dash - child) &&
	    strncmp(child, parent + 3, dash - child) == 0;
}

static void
tree(const struct dev *v, int n, const struct dev *d, int depth)
{
	const char *port = d->name + strcspn(d->name, "-");

	if (depth == 0)
		printf("/:  Bus %03u: Dev %03u, ID %04x:%04x", d->bus, d->devnum, d->vendor,
		    d->product_id);
	else
		printf("%*s|__ Port %s: Dev %03u, ID %04x:%04x", 4 * depth, "",
		    strrchr(port, '.') ? strrchr(port, '.') + 1 : port + 1, d->devnum, d->vendor,
		    d->product_id);
	if (d->speed != NULL)
		printf(", %sM", d->speed);
	names(d);
	putchar('\n');
	for (int i = 0; i < n; i++)
		if (is_child(v[i].name, d->name))
			tree(v, n, &v[i], depth + 1);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, n, as_tree = 0;
	struct dirent **e;
	struct dev *v;

	while ((c = opt_next(&o, "t")) != -1) {
		if (c != 't')
			die_usage(&o);
		as_tree = 1;
	}
	if (o.ind != argc)
		die_usage(&o);
	if ((n = scandir(devices, &e, is_device, alphasort)) < 0)
		die_errno("%s", devices);
	v = xmalloc((n ? n : 1) * sizeof *v);
	for (int i = 0; i < n; i++) {
		load(&v[i], e[i]->d_name);
		free(e[i]);
	}
	free(e);
	qsort(v, n, sizeof *v, by_address);
	if (!as_tree)
		list(v, n);
	for (int i = 0; as_tree && i < n; i++)
		if (strncmp(v[i].name, "usb", 3) == 0)
			tree(v, n, &v[i], 0);
	for (int i = 0; i < n; i++) {
		free(v[i].name);
		free(v[i].manufacturer);
		free(v[i].product);
		free(v[i].speed);
	}
	free(v);
	return cmd_exit();
}
