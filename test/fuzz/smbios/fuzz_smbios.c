/* fuzz_smbios.c - libFuzzer target for lib/smbios.c and dmidecode's decoders:
 * the input's first 32 bytes are an entry point, the rest a structure table.
 * Checks that the walk stays inside the table and always moves on, that every
 * string it gives lies in its structure's string set; then runs dmidecode on
 * the two as files (in the scratch directory), whole and with -s. */
#define main dmidecode_main
#include "../../../cmds-src/dmidecode.c"
#undef main
#include "../lib/incmd.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static void
check_strings(const struct smbios_struct *s)
{
	const char *lo = (const char *)s->data + s->len, *hi = (const char *)s->data + s->size;

	for (unsigned i = 0; i <= 256; i++) {
		const char *p = smbios_string(s, i);

		if (p == NULL)
			continue;
		if (i == 0 || p < lo || p + strlen(p) >= hi)
			abort();
	}
}

static void
check_walk(const unsigned char *t, size_t n)
{
	struct smbios_struct s;
	size_t off = 0, before;
	const char *why = NULL;
	int r;

	memset(&s, 0, sizeof s);
	for (;;) {
		before = off;
		if ((r = smbios_next(t, n, &off, &s, &why)) <= 0)
			break;
		if (off <= before || off > n || s.size < s.len || s.len < 4 ||
		    s.data != t + before || before + s.size != off)
			abort();
		check_strings(&s);
	}
	if (r < 0 && (why == NULL || off != before))
		abort();
}

static void
put(const char *path, const unsigned char *p, size_t n)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0 || write(fd, p, n) != (ssize_t)n)
		abort();
	close(fd);
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static char a0[] = "dmidecode", a1[] = "-d", a2[] = "d", a3[] = "-s", a4[] = "system-uuid";
	char *whole[] = { a0, a1, a2, NULL }, *uuid[] = { a0, a1, a2, a3, a4, NULL };
	size_t head = size < 32 ? size : 32, n = size - head;
	unsigned char *t;
	struct smbios e;

	smbios_entry(data, head, &e);
	/* A copy of its own size, so that ASan sees any read past the table. */
	t = malloc(n ? n : 1);
	memcpy(t, data + head, n);
	check_walk(t, n);
	free(t);
	mkdir("d", 0755);
	put("d/smbios_entry_point", data, head);
	put("d/DMI", data + head, n);
	incmd_run(dmidecode_main, 3, whole);
	incmd_run(dmidecode_main, 5, uuid);
	return 0;
}
