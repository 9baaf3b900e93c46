/* msr - read and write model-specific registers through /dev/cpu/N/msr */
#include "cmd.h"
#include "num.h"

static const char usage[] = "msr [-c CPU] read REG | [-c CPU] write REG VALUE";

static unsigned long long
number(const char *s, unsigned long long max, const char *what)
{
	unsigned long long v;

	if (parse_ubase(s, 0, max, &v) < 0)
		die("%s: bad %s", s, what);
	return v;
}

/* The msr device of CPU, opened; a missing one says how to get it. */
static int
open_msr(unsigned cpu, int flags)
{
	char path[40];
	int fd;

	snprintf(path, sizeof path, "/dev/cpu/%u/msr", cpu);
	if ((fd = open(path, flags | O_CLOEXEC)) < 0) {
		if (errno == ENOENT || errno == ENXIO || errno == ENODEV)
			warn("%s: %s (modprobe msr?)", path, strerror(errno));
		else
			warn_errno("%s", path);
	}
	return fd;
}

static void
one(unsigned cpu, unsigned long reg, int write, unsigned long long v, int label)
{
	int fd = open_msr(cpu, write ? O_WRONLY : O_RDONLY);
	unsigned char b[8];
	ssize_t r;

	if (fd < 0)
		return;
	for (int i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> 8 * i);
	r = write ? pwrite(fd, b, 8, reg) : pread(fd, b, 8, reg);
	close(fd);
	if (r != 8) {
		/* EIO: the CPU refused (no such register, or #GP on the write) */
		warn("cpu %u: 0x%lx: %s", cpu, reg, r < 0 ? strerror(errno) : "short transfer");
		return;
	}
	if (write)
		return;
	v = 0;
	for (int i = 0; i < 8; i++)
		v |= (unsigned long long)b[i] << 8 * i;
	label ? printf("cpu%u: 0x%016llx\n", cpu, v) : printf("0x%016llx\n", v);
}

static int
is_cpu(const struct dirent *e)
{
	return e->d_name[0] >= '0' && e->d_name[0] <= '9';
}

static int
by_number(const struct dirent **a, const struct dirent **b)
{
	unsigned long x = strtoul((*a)->d_name, NULL, 10), y = strtoul((*b)->d_name, NULL, 10);

	return x < y ? -1 : x > y;
}

/* Every CPU in /dev/cpu; none at all is CPU 0's msr missing. */
static void
all(unsigned long reg, int write, unsigned long long v)
{
	struct dirent **d;
	int n = scandir("/dev/cpu", &d, is_cpu, by_number);

	if (n <= 0) {
		errno = n < 0 ? errno : ENOENT;
		open_msr(0, O_RDONLY);
		return;
	}
	for (int i = 0; i < n; i++) {
		one((unsigned)strtoul(d[i]->d_name, NULL, 10), reg, write, v, 1);
		free(d[i]);
	}
	free(d);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	unsigned long long cpu = 0, reg, v = 0;
	int c, some = 0, write;

	while ((c = opt_next(&o, "+c:")) != -1) {
		if (c != 'c')
			die_usage(&o);
		cpu = number(o.arg, 1 << 20, "CPU");
		some = 1;
	}
	if (argc - o.ind < 2)
		die_usage(&o);
	if (strcmp(argv[o.ind], "read") == 0 || strcmp(argv[o.ind], "r") == 0)
		write = 0;
	else if (strcmp(argv[o.ind], "write") == 0 || strcmp(argv[o.ind], "w") == 0)
		write = 1;
	else
		die("%s: unknown operation", argv[o.ind]);
	if (argc - o.ind != 2 + write)
		die_usage(&o);
	reg = number(argv[o.ind + 1], 0xffffffff, "register");
	if (write)
		v = number(argv[o.ind + 2], ~0ULL, "value");
	if (some)
		one((unsigned)cpu, (unsigned long)reg, write, v, 0);
	else
		all((unsigned long)reg, write, v);
	return cmd_exit();
}
