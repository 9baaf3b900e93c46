/* collect.c - the configs on a file system, parsed into one list */
#include "disk.h"
#include <strings.h>
#include "path.h"

static const char *const grub_cfgs[] = {
	"/boot/grub/grub.cfg", "/grub/grub.cfg", "/boot/grub2/grub.cfg", "/grub2/grub.cfg",
};
static const char *const bls_dirs[] = { "/loader/entries", "/boot/loader/entries" };
static const char *const syslinux_cfgs[] = {
	"/boot/extlinux/extlinux.conf", "/extlinux/extlinux.conf", "/extlinux.conf",
	"/boot/syslinux/syslinux.cfg", "/syslinux/syslinux.cfg", "/syslinux.cfg",
	"/isolinux/isolinux.cfg", "/boot/isolinux/isolinux.cfg",
};

#define N(a) (int)(sizeof a / sizeof a[0])

/* The entries from FIRST on came from the files read since read FROM: each
 * could have set what an entry holds (a variable, grubenv, an INCLUDE). */
static void
mark_reads(struct blist *l, int first, int from)
{
	for (int i = first; i < l->n; i++) {
		l->e[i].reads_from = from;
		l->e[i].reads_to = bfs_nreads;
	}
}

/* Which parser a config file's name asks for. */
int
parse_file(struct blist *l, const struct bfs_set *all, const struct bfs *fs, const char *config)
{
	const char *base = strrchr(config, '/') ? strrchr(config, '/') + 1 : config;
	int added, first = l->n, from = bfs_nreads;
	size_t len, n = strlen(base);
	char *text = bfs_read(fs, config, CONFIG_MAX, &len);

	if (text == NULL) {
		warn("%s: %s", config, strerror(errno));
		return -1;
	}
	if (n > 5 && strcmp(base + n - 5, ".conf") == 0 && strstr(config, "/entries/"))
		added = bls_parse(l, fs, config, text, len);
	else if (strcasecmp(base, "grub.cfg") == 0 || (n > 4 && strcmp(base + n - 4, ".cfg") == 0 &&
	    strstr(config, "grub")))
		added = grub_parse(l, all, fs, config, text, len);
	else
		added = syslinux_parse(l, fs, config, text, len);
	free(text);
	mark_reads(l, first, from);
	return added;
}

static int
same_str(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "") == 0;
}

/* The same kernel, initrds and command line on the same file system: an
 * ESP's grub.cfg that hands over to /boot's, or BLS entries a grub.cfg read. */
static int
same_entry(const struct bentry *a, const struct bentry *b)
{
	if (a->fs != b->fs || !same_str(a->kernel, b->kernel) || !same_str(a->cmdline, b->cmdline) ||
	    a->ninitrd != b->ninitrd)
		return 0;
	for (int i = 0; i < a->ninitrd; i++)
		if (!same_str(a->initrd[i], b->initrd[i]))
			return 0;
	return 1;
}

static void
free_entry(struct bentry *e)
{
	struct blist one = { 0 };

	*blist_add(&one) = *e;	/* blist_free frees what the entry owns */
	blist_free(&one);
}

/* Configs an entry came from on file systems other than its kernel's: the
 * signed list beside the kernel cannot name them. */
static int
foreign_reads(const struct bentry *e)
{
	int n = 0;

	for (int i = e->reads_from; i < e->reads_to; i++)
		n += bfs_reads[i].fs != e->fs;
	return n;
}

/* Of two alike entries, the one kept comes from the configs a signed list can
 * cover: an ESP's grub.cfg that hands over to /boot's gives the same entries
 * as /boot's own grub.cfg, which alone is on the kernel's file system. */
static void
keep_closer_reads(struct bentry *kept, const struct bentry *dup)
{
	if (foreign_reads(dup) < foreign_reads(kept)) {
		kept->reads_from = dup->reads_from;
		kept->reads_to = dup->reads_to;
	}
}

/*
 * Move FROM's entries onto TO, but those TO had from another config; the first
 * default and timeout set hold. Entries alike within one config stay: GRUB's
 * "Advanced options" repeats the first entry under another title on purpose.
 */
void
merge(struct blist *to, struct blist *from)
{
	int had = to->n;

	for (int i = 0; i < from->n; i++) {
		int dup = -1;

		for (int j = 0; j < had && dup < 0; j++)
			if (same_entry(&to->e[j], &from->e[i]))
				dup = j;
		if (from->have_default && !to->have_default && i == from->def) {
			to->def = dup >= 0 ? dup : to->n;
			to->have_default = 1;
		}
		if (dup >= 0) {
			keep_closer_reads(&to->e[dup], &from->e[i]);
			free_entry(&from->e[i]);
		}
		else
			*blist_add(to) = from->e[i];
	}
	if (from->have_timeout && !to->have_timeout) {
		to->timeout = from->timeout;
		to->have_timeout = 1;
	}
	free(from->e);
	memset(from, 0, sizeof *from);
}

static int
exists(const struct bfs *fs, const char *path, int dir)
{
	char *p = bfs_path(fs, path);
	struct stat st;
	int r = stat(p, &st) == 0 && (dir ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode));

	free(p);
	return r;
}

static void
take(struct blist *l, const struct bfs_set *all, const struct bfs *fs, const char *config)
{
	struct blist one = { 0 };

	one.timeout = -1;
	if (exists(fs, config, 0))
		parse_file(&one, all, fs, config);
	merge(l, &one);
}

/* GRUB configs an EFI system partition holds: /EFI/<vendor>/grub.cfg. */
static void
take_efi(struct blist *l, const struct bfs_set *all, const struct bfs *fs)
{
	char *dir = bfs_path(fs, "/EFI"), cfg[PATH_MAX];
	struct dirent **v;
	int n = scandir(dir, &v, NULL, alphasort);

	for (int i = 0; i < n; i++) {
		if (v[i]->d_name[0] != '.') {
			snprintf(cfg, sizeof cfg, "/EFI/%s/grub.cfg", v[i]->d_name);
			take(l, all, fs, cfg);
		}
		free(v[i]);
	}
	if (n >= 0)
		free(v);
	free(dir);
}

void
collect(struct blist *l, const struct bfs_set *all, const struct bfs *fs)
{
	struct blist one;
	int from;

	for (int i = 0; i < N(grub_cfgs); i++)
		take(l, all, fs, grub_cfgs[i]);
	take_efi(l, all, fs);
	for (int i = 0; i < N(bls_dirs); i++) {
		if (!exists(fs, bls_dirs[i], 1))
			continue;
		memset(&one, 0, sizeof one);
		one.timeout = -1;
		from = bfs_nreads;
		bls_scan(&one, fs, bls_dirs[i]);
		mark_reads(&one, 0, from);
		merge(l, &one);
	}
	for (int i = 0; i < N(syslinux_cfgs); i++)
		take(l, all, fs, syslinux_cfgs[i]);
}
