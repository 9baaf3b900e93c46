/* fuzz_grub - libFuzzer harness: grub_parse on arbitrary bytes, over an empty filesystem */
#include "boot.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

/* One empty directory stands for every filesystem: search, configfile and load_env find nothing. */
static struct bfs fs = { NULL, "fuzz", "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", "root" };
static struct bfs_set all = { &fs, 1 };

static void
check(const struct blist *l, int added)
{
	if (added != l->n || l->def < 0 || (l->n && l->def >= l->n) || l->timeout < -1)
		abort();
	for (int i = 0; i < l->n; i++) {
		const struct bentry *e = &l->e[i];

		if (!e->title || !e->kernel || !e->cmdline || !e->config || e->fs != &fs || e->line < 1)
			abort();
		if (e->ninitrd < 0 || (e->ninitrd && !e->initrd))
			abort();
		for (int j = 0; j < e->ninitrd; j++)
			if (!e->initrd[j])
				abort();
	}
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static char dir[] = "/tmp/fuzz-grub.XXXXXX";
	struct blist l = { 0 };

	if (fs.dir == NULL && (fs.dir = mkdtemp(dir)) == NULL)
		abort();
	l.timeout = -1;
	check(&l, grub_parse(&l, &all, &fs, "/boot/grub/grub.cfg", (const char *)data, size));
	blist_free(&l);
	return 0;
}
