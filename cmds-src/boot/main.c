/* boot - find the boot entries of installed systems and kexec one (see README) */
#include "boot.h"

static const char usage[] = "boot [-l] [-r DIR] [-c FILE]...";

#define CONFIG_MAX (1 << 20)

/* Which parser a config file's name asks for. */
static int
parse_file(struct blist *l, const struct bfs_set *all, const struct bfs *fs, const char *config)
{
	const char *base = strrchr(config, '/') ? strrchr(config, '/') + 1 : config;
	size_t len, n = strlen(base);
	char *text = bfs_read(fs, config, CONFIG_MAX, &len);
	int added;

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
	return added;
}

/* One field of a -l line: tabs and newlines would break the line's shape. */
static void
put_field(const char *s)
{
	for (; s && *s; s++)
		putchar(*s == '\t' || *s == '\n' ? ' ' : *s);
}

static void
list(const struct blist *l)
{
	for (int i = 0; i < l->n; i++) {
		const struct bentry *e = &l->e[i];

		printf("%d\t%c\t", i + 1, i == l->def ? '*' : '-');
		put_field(e->title);
		putchar('\t');
		put_field(e->fs ? e->fs->dev : "?");
		putchar('\t');
		put_field(e->kernel);
		putchar('\t');
		for (int j = 0; j < e->ninitrd; j++) {
			if (j)
				putchar(' ');
			put_field(e->initrd[j]);
		}
		if (e->ninitrd == 0)
			putchar('-');
		printf("\t%s:%d\t", e->config, e->line);
		put_field(e->cmdline);
		putchar('\n');
	}
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	struct bfs root = { "", "/", NULL, NULL };
	struct bfs_set all = { &root, 1 };
	struct blist l = { 0 };
	const char *configs[16];
	int nconfigs = 0, c, do_list = 0;

	l.timeout = -1;
	while ((c = opt_next(&o, "c:lr:")) != -1) {
		switch (c) {
		case 'c':
			if (nconfigs == 16)
				die("-c: at most 16 config files");
			configs[nconfigs++] = o.arg;
			break;
		case 'l': do_list = 1; break;
		case 'r': root.dir = root.dev = o.arg; break;
		default: die_usage(&o);
		}
	}
	if (o.ind != argc || nconfigs == 0 || !do_list)
		die_usage(&o);
	for (int i = 0; i < nconfigs; i++)
		parse_file(&l, &all, &root, configs[i]);
	if (l.n == 0)
		die("no boot entries");
	list(&l);
	blist_free(&l);
	return cmd_exit();
}
