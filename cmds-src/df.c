/* df - report file system space usage */
#include "cmd.h"
#include "path.h"
#include "num.h"
#include <mntent.h>
#include <sys/statvfs.h>

static const char usage[] = "df [-ahkPT] [FILE...]";

struct mount {
	char *fsname, *dir, *type;
};

static struct {
	int all, human, posix, types;
	unsigned long long unit;
	struct mount *mnt;
	size_t nmnt;
	char **cell;		/* the table, row by row, NCOL cells each */
	size_t ncell, cellcap;
} df;

#define NCOL 7

static void
add_cell(char *s)
{
	if (df.ncell == df.cellcap) {
		df.cellcap = df.cellcap ? df.cellcap * 2 : 64;
		df.cell = xrealloc(df.cell, df.cellcap * sizeof *df.cell);
	}
	df.cell[df.ncell++] = s;
}

/* The mount table: /proc/mounts, else /etc/mtab; -1 if neither reads. */
static int
read_mounts(void)
{
	FILE *f = setmntent("/proc/mounts", "r");
	struct mntent *e;
	size_t cap = 0;

	if (f == NULL && (f = setmntent("/etc/mtab", "r")) == NULL)
		return -1;
	while ((e = getmntent(f)) != NULL) {
		if (df.nmnt == cap) {
			cap = cap ? cap * 2 : 32;
			df.mnt = xrealloc(df.mnt, cap * sizeof *df.mnt);
		}
		df.mnt[df.nmnt].fsname = xstrdup(e->mnt_fsname);
		df.mnt[df.nmnt].dir = xstrdup(e->mnt_dir);
		df.mnt[df.nmnt].type = xstrdup(e->mnt_type);
		df.nmnt++;
	}
	endmntent(f);
	return 0;
}

static char *
number(unsigned long long bytes)
{
	char buf[32], h[HUMAN_LEN];

	if (df.human)
		return xstrdup(human_size(h, bytes));
	snprintf(buf, sizeof buf, "%llu", (bytes + df.unit - 1) / df.unit);
	return xstrdup(buf);
}

/* One row: blocks, used, available, and used as a share of used + available, rounded up. */
static void
add_row(const char *fsname, const char *type, const char *dir, const struct statvfs *sv)
{
	unsigned long long fr = sv->f_frsize ? sv->f_frsize : sv->f_bsize;
	unsigned long long total = sv->f_blocks * fr, freeb = sv->f_bfree * fr;
	unsigned long long avail = sv->f_bavail * fr, used = total - freeb;
	char pct[8];

	if (used + avail == 0)
		strcpy(pct, "-");
	else
		snprintf(pct, sizeof pct, "%llu%%", (used * 100 + used + avail - 1) / (used + avail));
	add_cell(xstrdup(fsname));
	add_cell(xstrdup(type));
	add_cell(number(total));
	add_cell(number(used));
	add_cell(number(avail));
	add_cell(xstrdup(pct));
	add_cell(xstrdup(dir));
}

static void
add_header(void)
{
	char buf[32];

	add_cell(xstrdup("Filesystem"));
	add_cell(xstrdup("Type"));
	if (df.human)
		strcpy(buf, "Size");
	else if (df.unit == 1024 && !df.posix)
		strcpy(buf, "1K-blocks");
	else
		snprintf(buf, sizeof buf, "%llu-blocks", df.unit);
	add_cell(xstrdup(buf));
	add_cell(xstrdup("Used"));
	add_cell(xstrdup(df.human && !df.posix ? "Avail" : "Available"));
	add_cell(xstrdup(df.posix ? "Capacity" : "Use%"));
	add_cell(xstrdup("Mounted on"));
}

/* Columns lined up: names to the left, numbers to the right. */
static void
put_table(void)
{
	size_t rows = df.ncell / NCOL, r, c;
	int w[NCOL] = { 0 }, n;

	for (r = 0; r < rows; r++)
		for (c = 0; c < NCOL; c++)
			if ((n = strlen(df.cell[r * NCOL + c])) > w[c])
				w[c] = n;
	for (r = 0; r < rows; r++) {
		for (c = 0; c < NCOL; c++) {
			const char *s = df.cell[r * NCOL + c];

			if (c == 1 && !df.types)
				continue;
			if (c == 0 || c == 1)
				printf("%-*s ", w[c], s);
			else if (c == NCOL - 1)
				printf("%s\n", s);
			else
				printf("%*s ", w[c], s);
		}
	}
}

static void
show_all(void)
{
	struct statvfs sv;
	struct stat st;
	dev_t *shown = xmalloc((df.nmnt + 1) * sizeof *shown);
	size_t nshown = 0, i, j;

	for (i = 0; i < df.nmnt; i++) {
		if (statvfs(df.mnt[i].dir, &sv) < 0 || stat(df.mnt[i].dir, &st) < 0)
			continue;
		if (!df.all) {
			if (sv.f_blocks == 0)
				continue;
			for (j = 0; j < nshown && shown[j] != st.st_dev; j++)
				;
			if (j < nshown)
				continue;
			shown[nshown++] = st.st_dev;
		}
		add_row(df.mnt[i].fsname, df.mnt[i].type, df.mnt[i].dir, &sv);
	}
	free(shown);
}

/* Where the file system holding PATH is mounted, found by climbing to its top. */
static char *
climb(const char *path, dev_t dev)
{
	struct stat st;
	char *p = path_canon(path, 0), *parent;
	size_t n;

	if (p == NULL)
		return xstrdup("-");
	parent = xmalloc(strlen(p) + 1);
	while (strcmp(p, "/") != 0) {
		n = strrchr(p, '/') - p;
		n += n == 0;
		memcpy(parent, p, n);
		parent[n] = '\0';
		if (stat(parent, &st) < 0 || st.st_dev != dev)
			break;
		strcpy(p, parent);
	}
	free(parent);
	return p;
}

/* Is mount point DIR the same as PATH or above it? */
static size_t
covers(const char *dir, const char *path)
{
	size_t n = strlen(dir);

	if (strcmp(dir, "/") == 0)
		return 1;
	return strncmp(dir, path, n) == 0 && (path[n] == '/' || path[n] == '\0') ? n : 0;
}

/*
 * The mount holding PATH: on its device, the deepest mount point above it
 * (the last one mounted, if several). Without a mount table, or when the
 * table knows nothing of it, climb to the top of its file system.
 */
static void
show_file(const char *path)
{
	struct statvfs sv;
	struct stat st, mst;
	const struct mount *m = NULL;
	size_t best = 0, n;
	char *real, *dir;

	if (stat(path, &st) < 0 || statvfs(path, &sv) < 0) {
		warn_errno("%s", path);
		return;
	}
	real = path_canon(path, 0);
	for (size_t i = 0; real != NULL && i < df.nmnt; i++) {
		if ((n = covers(df.mnt[i].dir, real)) >= best && n > 0 &&
		    stat(df.mnt[i].dir, &mst) == 0 && mst.st_dev == st.st_dev) {
			m = &df.mnt[i];
			best = n;
		}
	}
	free(real);
	if (m != NULL) {
		add_row(m->fsname, m->type, m->dir, &sv);
		return;
	}
	dir = climb(path, st.st_dev);
	add_row("-", "-", dir, &sv);
	free(dir);
}

static const struct opt_long longs[] = {
	{ "all", 'a' }, { "human-readable", 'h' }, { "portability", 'P' },
	{ "print-type", 'T' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c;

	memset(&df, 0, sizeof df);
	/* 1K blocks as GNU and BusyBox count; POSIX's 512 under POSIXLY_CORRECT, as GNU's. */
	df.unit = getenv("POSIXLY_CORRECT") != NULL ? 512 : 1024;
	o.longs = longs;
	while ((c = opt_next(&o, "ahkPT")) != -1) {
		switch (c) {
		case 'a': df.all = 1; break;
		case 'h': df.human = 1; break;
		case 'k': df.unit = 1024; df.human = 0; break;
		case 'P': df.posix = 1; break;
		case 'T': df.types = 1; break;
		default: die_usage(&o);
		}
	}
	if (read_mounts() < 0 && o.ind == argc)
		die_errno("/proc/mounts");
	add_header();
	if (o.ind == argc)
		show_all();
	for (int i = o.ind; i < argc; i++)
		show_file(argv[i]);
	if (df.ncell > NCOL)
		put_table();
	for (size_t i = 0; i < df.ncell; i++)
		free(df.cell[i]);
	for (size_t i = 0; i < df.nmnt; i++) {
		free(df.mnt[i].fsname);
		free(df.mnt[i].dir);
		free(df.mnt[i].type);
	}
	free(df.cell);
	free(df.mnt);
	return cmd_exit();
}
