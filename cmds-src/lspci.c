/* lspci - list PCI devices, from /sys/bus/pci/devices */
#include "cmd.h"
#include "path.h"

static const char usage[] = "lspci [-km]";

static const char devices[] = "/sys/bus/pci/devices";

struct dev {
	char *driver, *slot;
	unsigned class, vendor, device, svendor, sdevice;
};

/* "KEY=a:b" -> a and b in hex. */
static void
hex_pair(const char *s, unsigned *a, unsigned *b)
{
	char *end;

	*a = strtoul(s, &end, 16);
	if (*end == ':')
		*b = strtoul(end + 1, NULL, 16);
}

/* Everything lspci shows is in the device's uevent file. */
static int
read_uevent(const char *name, struct dev *d)
{
	char *path = path_join(devices, name), *file = path_join(path, "uevent");
	char *line = NULL, *v;
	size_t cap = 0;
	FILE *f = fopen(file, "r");

	free(path);
	free(file);
	if (f == NULL)
		return -1;
	while (getline(&line, &cap, f) > 0) {
		line[strcspn(line, "\n")] = '\0';
		if ((v = strchr(line, '=')) == NULL)
			continue;
		*v++ = '\0';
		if (strcmp(line, "DRIVER") == 0)
			d->driver = xstrdup(v);
		else if (strcmp(line, "PCI_CLASS") == 0)
			d->class = strtoul(v, NULL, 16) >> 8;
		else if (strcmp(line, "PCI_ID") == 0)
			hex_pair(v, &d->vendor, &d->device);
		else if (strcmp(line, "PCI_SUBSYS_ID") == 0)
			hex_pair(v, &d->svendor, &d->sdevice);
		else if (strcmp(line, "PCI_SLOT_NAME") == 0)
			d->slot = xstrdup(v);
	}
	free(line);
	fclose(f);
	return 0;
}

static void
show(const char *name, int machine, int driver)
{
	struct dev d;
	const char *slot;

	memset(&d, 0, sizeof d);
	if (read_uevent(name, &d) < 0) {
		warn_errno("%s/%s/uevent", devices, name);
		return;
	}
	slot = d.slot ? d.slot : name;
	if (strlen(slot) > 5 && slot[4] == ':')
		slot += 5;	/* the domain, 0000: on nearly every machine */
	if (machine)
		printf("%s \"Class %04x\" \"%04x\" \"%04x\" \"%04x\" \"%04x\"", slot, d.class,
		    d.vendor, d.device, d.svendor, d.sdevice);
	else
		printf("%s Class %04x: %04x:%04x", slot, d.class, d.vendor, d.device);
	if (driver && d.driver != NULL)
		printf(machine ? " \"%s\"" : " %s", d.driver);
	putchar('\n');
	free(d.driver);
	free(d.slot);
}

static int
visible(const struct dirent *e)
{
	return e->d_name[0] != '.';
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, machine = 0, driver = 0, n;
	struct dirent **v;

	while ((c = opt_next(&o, "kmnv")) != -1) {
		switch (c) {
		case 'k': driver = 1; break;
		case 'm': machine = 1; break;
		case 'n': case 'v': break;	/* numbers are all we have */
		default: die_usage(&o);
		}
	}
	if (o.ind != argc)
		die_usage(&o);
	if ((n = scandir(devices, &v, visible, alphasort)) < 0)
		die_errno("%s", devices);
	for (int i = 0; i < n; i++) {
		show(v[i]->d_name, machine, driver);
		free(v[i]);
	}
	free(v);
	return cmd_exit();
}
