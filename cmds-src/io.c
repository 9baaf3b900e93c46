/* io - read and write I/O ports (/dev/port) and physical memory (/dev/mem) */
#include "cmd.h"
#include "num.h"

static const char usage[] =
    "io {inb|inw|inl PORT | outb|outw|outl PORT VALUE | rb|rw|rl ADDR | wb|ww|wl ADDR VALUE}...";

static const struct op {
	char name[5];
	unsigned char size, write, mem;
} ops[] = {
	{ "inb", 1, 0, 0 }, { "inw", 2, 0, 0 }, { "inl", 4, 0, 0 },
	{ "outb", 1, 1, 0 }, { "outw", 2, 1, 0 }, { "outl", 4, 1, 0 },
	{ "rb", 1, 0, 1 }, { "rw", 2, 0, 1 }, { "rl", 4, 0, 1 },
	{ "wb", 1, 1, 1 }, { "ww", 2, 1, 1 }, { "wl", 4, 1, 1 },
};

/* A number as strtoull reads it with base 0 (0x..., 0..., decimal), up to MAX. */
static unsigned long long
number(const char *s, unsigned long long max, const char *what)
{
	unsigned long long v;

	if (parse_ubase(s, 0, max, &v) < 0)
		die("%s: bad %s", s, what);
	return v;
}

static const struct op *
find(const char *name)
{
	size_t i = 0;

	while (i < sizeof ops / sizeof *ops && strcmp(ops[i].name, name) != 0)
		i++;
	if (i == sizeof ops / sizeof *ops)
		die("%s: unknown operation", name);
	return &ops[i];
}

/* One access of SIZE bytes at OFF of the device: the kernel's /dev/port does a
 * port access per byte, so a word or long is read a byte at a time there too. */
static void
run(const struct op *op, unsigned long long off, unsigned long long v)
{
	const char *dev = op->mem ? "/dev/mem" : "/dev/port";
	unsigned char b[4];
	ssize_t r;
	int fd = open(dev, (op->write ? O_WRONLY : O_RDONLY) | O_CLOEXEC);

	if (fd < 0)
		die_errno("%s", dev);
	for (int i = 0; i < op->size; i++)
		b[i] = (unsigned char)(v >> 8 * i);	/* x86 is little-endian */
	r = op->write ? pwrite(fd, b, op->size, (off_t)off) : pread(fd, b, op->size, (off_t)off);
	if (r != op->size)
		die_errno("%s: 0x%llx", dev, off);
	close(fd);
	if (op->write)
		return;
	v = 0;
	for (int i = 0; i < op->size; i++)
		v |= (unsigned long long)b[i] << 8 * i;
	printf("0x%0*llx\n", 2 * op->size, v);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, i;

	while ((c = opt_next(&o, "+")) != -1)
		die_usage(&o);
	if (o.ind == argc)
		die_usage(&o);
	/* Check every operation before doing any. */
	for (int pass = 0; pass < 2; pass++) {
		for (i = o.ind; i < argc;) {
			const struct op *op = find(argv[i]);
			unsigned long long off, v = 0, max = op->size == 4 ? 0xffffffffULL :
			    (1ULL << 8 * op->size) - 1;

			if (argc - i < 2 + op->write)
				die_usage(&o);
			off = number(argv[i + 1], op->mem ? ~0ULL >> 1 : 0xffff, op->mem ? "address" : "port");
			if (op->write)
				v = number(argv[i + 2], max, "value");
			if (pass == 1)
				run(op, off, v);
			i += 2 + op->write;
		}
	}
	return cmd_exit();
}
