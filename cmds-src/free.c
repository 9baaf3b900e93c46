/* free - amount of free and used memory, from /proc/meminfo */
#include "cmd.h"

static const char usage[] = "free [-bkmgh] [-tw]";

/* The fields of /proc/meminfo that free shows, in KiB. */
enum { TOTAL, FREE, AVAIL, BUFFERS, CACHED, SRECLAIM, SHMEM, SWAPTOTAL, SWAPFREE, NMEM };
static const char *const key[NMEM] = {
	"MemTotal", "MemFree", "MemAvailable", "Buffers", "Cached",
	"SReclaimable", "Shmem", "SwapTotal", "SwapFree",
};
static struct {
	unsigned long long kib;
	int seen;
} mem[NMEM];

static int shift = 10;		/* bytes >> shift; -1 for -h */

static void
read_meminfo(void)
{
	FILE *f = fopen("/proc/meminfo", "r");
	char *line = NULL, *colon;
	size_t cap = 0;

	if (f == NULL)
		die_errno("/proc/meminfo");
	while (getline(&line, &cap, f) > 0) {
		if ((colon = strchr(line, ':')) == NULL)
			continue;
		*colon = '\0';
		for (int i = 0; i < NMEM; i++) {
			if (strcmp(line, key[i]) == 0) {
				mem[i].kib = strtoull(colon + 1, NULL, 10);
				mem[i].seen = 1;
			}
		}
	}
	free(line);
	fclose(f);
	if (!mem[TOTAL].seen)
		die("/proc/meminfo: no MemTotal");
}

/* procps's -h: at most 4 characters, else the next unit, "9.3Mi" or "539Mi". */
static const char *
human(char *buf, size_t n, unsigned long long bytes)
{
	static const char up[] = "KMGTPE";
	double div = 1;

	if (snprintf(buf, n, "%lluB", bytes) <= 4)
		return buf;
	for (int i = 0; up[i] != '\0'; i++) {
		div *= 1024;
		if (snprintf(buf, n, "%.1f%ci", (float)(bytes / div), up[i]) <= 5)
			return buf;
		if (snprintf(buf, n, "%llu%ci", (unsigned long long)(bytes / div), up[i]) <= 5)
			return buf;
	}
	return buf;
}

static void
cell(unsigned long long kib)
{
	char buf[64];

	if (shift < 0)
		human(buf, sizeof buf, kib * 1024);
	else
		snprintf(buf, sizeof buf, "%llu", (kib << 10) >> shift);
	printf(" %11s", buf);
}

static void
row(const char *label, const unsigned long long *v, int n)
{
	printf("%-8s", label);
	for (int i = 0; i < n; i++)
		cell(v[i]);
	putchar('\n');
}

static void
show(int wide, int total)
{
	unsigned long long m[7], s[3], t[3];
	unsigned long long cache = mem[CACHED].kib + mem[SRECLAIM].kib;
	unsigned long long avail = mem[AVAIL].seen ? mem[AVAIL].kib : mem[FREE].kib;
	int n = 0;

	if (avail > mem[TOTAL].kib)	/* nonsense: procps takes MemFree then */
		avail = mem[FREE].kib;
	m[n++] = mem[TOTAL].kib;
	m[n++] = mem[TOTAL].kib >= avail ? mem[TOTAL].kib - avail : 0;
	m[n++] = mem[FREE].kib;
	m[n++] = mem[SHMEM].kib;
	if (wide) {
		m[n++] = mem[BUFFERS].kib;
		m[n++] = cache;
	} else {
		m[n++] = mem[BUFFERS].kib + cache;
	}
	m[n++] = avail;
	s[0] = mem[SWAPTOTAL].kib;
	s[2] = mem[SWAPFREE].kib;
	s[1] = s[0] >= s[2] ? s[0] - s[2] : 0;
	printf("%-8s %11s %11s %11s %11s", "", "total", "used", "free", "shared");
	if (wide)
		printf(" %11s %11s", "buffers", "cache");
	else
		printf(" %11s", "buff/cache");
	printf(" %11s\n", "available");
	row("Mem:", m, n);
	row("Swap:", s, 3);
	if (total) {
		t[0] = m[0] + s[0];
		t[1] = m[1] + s[1];
		t[2] = m[2] + s[2];
		row("Total:", t, 3);
	}
}

static const struct opt_long longs[] = {
	{ "bytes", 'b' }, { "kibi", 'k' }, { "mebi", 'm' }, { "gibi", 'g' },
	{ "human", 'h' }, { "total", 't' }, { "wide", 'w' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, wide = 0, total = 0;

	o.longs = longs;
	while ((c = opt_next(&o, "bkmghtw")) != -1) {
		switch (c) {
		case 'b': shift = 0; break;
		case 'k': shift = 10; break;
		case 'm': shift = 20; break;
		case 'g': shift = 30; break;
		case 'h': shift = -1; break;
		case 't': total = 1; break;
		case 'w': wide = 1; break;
		default: die_usage(&o);
		}
	}
	if (o.ind != argc)
		die_usage(&o);
	read_meminfo();
	show(wide, total);
	return cmd_exit();
}
