/*
 * fuzz_bls - libFuzzer harness: BLS entry files and their order. The input
 * is one entry for bls_parse; split at form feeds, up to 6 entries whose
 * order (bls_cmp) must be a consistent one; split at its first NUL, two
 * versions to compare (bls_vercmp must be antisymmetric).
 */
#include "../../../cmds-src/boot/bls.c"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static struct bfs fuzz_fs = { "", "fuzz", NULL, NULL };

static int
sign(int v)
{
	return (v > 0) - (v < 0);
}

/* The spec's examples but two (see bls_vercmp), and a few more: sign of a <=> b. */
static void
check_versions(void)
{
	static const struct { const char *a, *b; int want; } ex[] = {
		{ "11", "11", 0 }, { "systemd-123", "systemd-123", 0 }, { "bar-123", "foo-123", -1 },
		{ "123a", "123", 1 }, { "123.a", "123", 1 }, { "123.a", "123.b", -1 },
		{ "123a", "123.a", 1 }, { "11\xce\xb1", "11\xce\xb2", 0 }, { "A", "a", -1 },
		{ "", "0", -1 }, { "0.", "0", 1 }, { "0.0", "0", 1 }, { "~", "", -1 }, { "~", "0", -1 },
		{ "1_", "1", 0 }, { "_1", "1", 0 }, { "1_", "1.2", -1 }, { "1_2_3", "1.3.3", 1 },
		{ "1+", "1", 0 }, { "+1", "1", 0 }, { "1+", "1.2", -1 }, { "1+2+3", "1.3.3", 1 },
		{ "6.5.10-300.fc39", "6.5.6-300.fc39", 1 }, { "5.10~rc1", "5.10", -1 },
		{ "5.10^git1", "5.10", 1 }, { "007", "7", 0 },
		{ "99999999999999999999999", "99999999999999999999998", 1 },
	};

	for (size_t i = 0; i < sizeof ex / sizeof *ex; i++)
		if (sign(bls_vercmp(ex[i].a, ex[i].b)) != ex[i].want ||
		    sign(bls_vercmp(ex[i].b, ex[i].a)) != -ex[i].want) {
			fprintf(stderr, "vercmp(%s, %s) wrong\n", ex[i].a, ex[i].b);
			abort();
		}
}

static void
put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f == NULL || fputs(text, f) < 0 || fclose(f) != 0)
		abort();
}

/*
 * systemd's test-bootspec entries, plus boot counting: sort-keys first (by
 * key, then newest version), then the rest by file name, newest first as
 * versions ("y+1" > "b" > "a-10" > "a-5"); a bad entry (+0) last. Equal titles get their version; loader.conf's
 * default glob picks the first match, its timeout is in seconds.
 */
static void
check_order(void)
{
	static const char *const want[] = {
		"D", "C (10)", "C (5)", "Y", "B", "A (10)", "A (5)", "Z",
	};
	struct blist l = { 0 };

	mkdir("loader", 0755);
	mkdir("loader/entries", 0755);
	put("loader/loader.conf", "timeout 3\ndefault a-*\n");
	put("loader/entries/a-10.conf", "title A\nversion 10\nmachine-id dd23\nlinux /a\n");
	put("loader/entries/a-5.conf", "title A\nversion 5\nmachine-id dd23\nlinux /a\n");
	put("loader/entries/b.conf", "title B\nversion 3\nmachine-id b754\nlinux /b\n");
	put("loader/entries/c.conf", "title C\nsort-key xxxx\nversion 5\nmachine-id 309d\nlinux c\n");
	put("loader/entries/cx.conf", "title C\nsort-key xxxx\nversion 10\nmachine-id 309d\nlinux c\n");
	put("loader/entries/d.conf", "title D\nsort-key kkkk\nversion 100\nmachine-id 81c6\nlinux d\n");
	put("loader/entries/z+0-3.conf", "title Z\nlinux /z\n");
	put("loader/entries/y+1.conf", "title Y\nlinux /y\n");
	fuzz_fs.dir = ".";
	if (bls_scan(&l, &fuzz_fs, "/loader/entries") != 8 || l.def != 5 || l.timeout != 30)
		abort();
	for (int i = 0; i < 8; i++)
		if (strcmp(l.e[i].title, want[i]) != 0) {
			fprintf(stderr, "entry %d: %s, want %s\n", i, l.e[i].title, want[i]);
			abort();
		}
	blist_free(&l);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	check_versions();
	check_order();
	return 0;
}

static void
check_entry(const struct bentry *e)
{
	if (!e->title || !e->kernel || e->kernel[0] != '/' || !e->cmdline || !e->config ||
	    e->fs != &fuzz_fs || (e->ninitrd && !e->initrd))
		abort();
	for (int i = 0; i < e->ninitrd; i++)
		if (e->initrd[i][0] != '/')
			abort();
}

static void
check_parse(const char *data, size_t size)
{
	struct blist l = { 0 };
	int n = bls_parse(&l, &fuzz_fs, "/loader/entries/fuzz+0-1.conf", data, size);

	if (n != l.n || n > 1)
		abort();
	for (int i = 0; i < l.n; i++)
		check_entry(&l.e[i]);
	blist_free(&l);
}

/* Up to 6 entries split at form feeds: the order is antisymmetric, and sorting keeps them all. */
static void
check_sort(const char *data, size_t size)
{
	struct bls_item it[6];
	char name[32];
	int n = 0;

	for (size_t i = 0; i < size && n < 6; n++) {
		const char *ff = memchr(data + i, '\f', size - i);
		size_t len = ff ? (size_t)(ff - data - i) : size - i;

		snprintf(name, sizeof name, "/e/%.*s.conf", (int)(len < 8 ? len : 8), data + i);
		bls_read_item(&it[n], &fuzz_fs, name, data + i, len);
		i += len + 1;
	}
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			if (sign(bls_cmp(&it[i], &it[j])) != -sign(bls_cmp(&it[j], &it[i])))
				abort();
	qsort(it, n, sizeof *it, bls_cmp);
	for (int i = 1; i < n; i++)
		if (bls_cmp(&it[i - 1], &it[i]) > 0)
			abort();
	bls_untie(it, n);
	for (int i = 0; i < n; i++)
		bls_item_free(&it[i]);
}

static void
check_vercmp(const char *data, size_t size)
{
	char *a = xmalloc(size + 1), *b;

	memcpy(a, data, size);
	a[size] = '\0';
	b = a + strlen(a) + (strlen(a) < size);
	if (bls_vercmp(a, a) != 0 || bls_vercmp(b, b) != 0 ||
	    sign(bls_vercmp(a, b)) != -sign(bls_vercmp(b, a)))
		abort();
	free(a);
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	fuzz_fs.dir = "";
	check_parse((const char *)data, size);
	check_sort((const char *)data, size);
	check_vercmp((const char *)data, size);
	return 0;
}
