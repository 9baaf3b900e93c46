/* syslinux.c - syslinux, isolinux, extlinux and pxelinux configs on a disk (the parser: lib/syslinux.c) */
#include "boot.h"
#include "syslinux.h"

#define SX_FILE_MAX (1 << 20)

/* Paths in a config: absolute from the filesystem's root, else from the first config's directory. */
struct sx_disk {
	const struct bfs *fs;
	char *wd;
};

static char *
sx_path(void *ctx, const char *p)
{
	const struct sx_disk *d = ctx;
	char *full;

	if (*p == '/')
		return xstrdup(p);
	full = xmalloc(strlen(d->wd) + strlen(p) + 2);
	sprintf(full, "%s/%s", d->wd, p);
	return full;
}

static char *
sx_read(void *ctx, const char *path, size_t *len)
{
	const struct sx_disk *d = ctx;

	return bfs_read(d->fs, path, SX_FILE_MAX, len);
}

/* The parser's entry becomes boot's: its strings move over. */
static int
sx_take(struct blist *l, const struct bfs *fs, struct sx_entry *x)
{
	struct bentry *e = blist_add(l);

	e->title = x->title, e->kernel = x->kernel, e->cmdline = x->cmdline;
	e->initrd = x->initrd, e->ninitrd = x->ninitrd;
	e->config = x->config, e->line = x->line;
	e->fs = fs;
	free(x->name);
	memset(x, 0, sizeof *x);
	return l->n - 1;
}

int
syslinux_parse(struct blist *l, const struct bfs *fs, const char *config, const char *text,
    size_t len)
{
	struct sx_disk d = { fs, syslinux_dir(config) };
	struct sx_ops ops = { &d, sx_path, sx_read };
	struct sx_list x;
	int first = l->n;

	syslinux_read(&x, &ops, config, text, len);
	for (int i = 0; i < x.n; i++) {
		int e = sx_take(l, fs, &x.e[i]);

		if (i == x.def) {
			l->def = e;
			l->have_default = 1;
		}
	}
	if (x.have_timeout) {
		l->timeout = x.timeout;
		l->have_timeout = 1;
	}
	sx_list_free(&x);
	free(d.wd);
	return l->n - first;
}
