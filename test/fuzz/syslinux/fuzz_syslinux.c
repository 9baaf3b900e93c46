/*
 * fuzz_syslinux - libFuzzer harness: syslinux_parse on arbitrary bytes, as
 * the config /syslinux.cfg of a filesystem in the (scratch) working
 * directory, where a.cfg (labels, a submenu), loop.cfg (includes itself) and
 * pxelinux.cfg/default wait to be included. Every entry it makes must be
 * whole: a title, an absolute kernel and initrds, a command line, a place.
 */
#include "../../../cmds-src/boot/syslinux.c"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static struct bfs fuzz_fs = { ".", "fuzz", NULL, NULL };

static void
put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f == NULL || fputs(text, f) < 0 || fclose(f) != 0)
		abort();
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	mkdir("pxelinux.cfg", 0755);
	put("a.cfg", "label a\n menu label ^A\n kernel a\n append initrd=x,,y z\nmenu begin m\n"
	    " menu title M\n label b\n  linux /b\n  menu default\nmenu end\n");
	put("loop.cfg", "include loop.cfg\nlabel l\n linux l\n");
	put("pxelinux.cfg/default", "default a\ninclude a.cfg\n");
	return 0;
}

static void
check_entry(const struct bentry *e)
{
	if (!e->title || !e->kernel || e->kernel[0] != '/' || !e->cmdline || !e->config ||
	    e->line < 1 || e->fs != &fuzz_fs || (e->ninitrd && !e->initrd))
		abort();
	for (int i = 0; i < e->ninitrd; i++)
		if (e->initrd[i][0] != '/')
			abort();
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct blist l = { 0 };
	int n;

	l.timeout = -1;
	n = syslinux_parse(&l, &fuzz_fs, size && data[0] == 'P' ? "/pxelinux.cfg/x" : "/syslinux.cfg",
	    (const char *)data, size);
	if (n != l.n || l.def < 0 || (l.n && l.def >= l.n) || l.timeout < -1 || l.timeout > 35996)
		abort();
	for (int i = 0; i < l.n; i++)
		check_entry(&l.e[i]);
	blist_free(&l);
	return 0;
}
