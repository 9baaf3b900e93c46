/* fuzz_ptable.c - libFuzzer target for lib/ptable.c: the input is a disk image,
 * read with 512-byte sectors, 4096-byte ones and the guess. Checks that every
 * read stays inside the image, that what comes back is sane for each kind of
 * table, and that the names print. */
#include "cmd.h"
#include "ptable.h"

struct img {
	const unsigned char *p;
	size_t n;
};

static int
reader(void *ctx, void *buf, size_t n, uint64_t off)
{
	struct img *m = ctx;

	if (off > m->n || n > m->n - off) {
		errno = EIO;
		return -1;
	}
	memcpy(buf, m->p + off, n);
	return 0;
}

static void
check(const struct ptable *pt, int r, const char *why)
{
	char g[37];

	if (r < 0 && why == NULL)
		abort();
	if (r <= 0) {
		if (pt->nparts != 0 || pt->parts != NULL)
			abort();
		return;
	}
	if ((pt->kind != PT_GPT && pt->kind != PT_MBR) || (pt->ss != 512 && pt->ss != 4096))
		abort();
	guid_str(pt->disk_guid, g);
	for (unsigned i = 0; i < pt->nparts; i++) {
		const struct part *p = &pt->parts[i];

		if (strlen(p->name) >= sizeof p->name || strlen(guid_str(p->type, g)) != 36)
			abort();
		if (pt->kind == PT_MBR && (p->num == 0 || pt->nparts > 4 + 128))
			abort();
		(void)gpt_type_name(p->type);
		(void)mbr_type_name(p->mbr_type);
	}
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static const unsigned sizes[] = { 0, 512, 4096 };
	unsigned char *copy = malloc(size ? size : 1);
	struct img m = { copy, size };
	struct ptable pt;

	memcpy(copy, data, size);
	for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		const char *why = NULL;
		int r = ptable_read(reader, &m, size, sizes[i], &pt, &why);

		check(&pt, r, why);
		ptable_free(&pt);
	}
	free(copy);
	return 0;
}
