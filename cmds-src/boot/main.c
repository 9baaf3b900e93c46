/* boot - find the boot entries of installed systems and kexec one (see README) */
#include "disk.h"
#include "modules.h"
#include "num.h"
#include <sys/reboot.h>

static const char usage[] =
    "boot [-lLv] [-n N | -t TITLE] [-w SECONDS] [-d DEV]... [-r DIR] [-c FILE]...";

#define MAX_ARGS 16
#define DEFAULT_TIMEOUT 50	/* tenths: when no config sets one */

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

struct boot {
	struct bfs root;
	struct bfs_set all;
	struct blist l;
	const char *configs[MAX_ARGS], *title;
	char *only[MAX_ARGS];
	int nconfigs, nonly, do_list, verbose, pick, wait, load_only;
	double started;
};

/* The configs named with -c, those under -r DIR, or those on every disk. */
static void
find_entries(struct boot *b)
{
	if (b->nconfigs > 0 || *b->root.dir) {
		b->all.fs = &b->root;
		b->all.n = 1;
		for (int i = 0; i < b->nconfigs; i++) {
			struct blist one = { 0 };

			one.timeout = -1;
			parse_file(&one, &b->all, &b->root, b->configs[i]);
			merge(&b->l, &one);
		}
		if (b->nconfigs == 0)
			collect(&b->l, &b->all, &b->root);
		return;
	}
	load_block_modules();
	probe_disks(&b->all, b->only, b->nonly);
	for (int i = 0; i < b->all.n; i++)
		collect(&b->l, &b->all, &b->all.fs[i]);
}

/* Load entry I and reboot into it; returns only if that failed. */
static void
boot_entry(struct boot *b, int i)
{
	const struct bentry *e = &b->l.e[i];
	double t0 = now();

	printf("boot: booting '%s' from %s: %s\n", e->title, e->fs->dev, e->kernel);
	fflush(stdout);
	if (load_entry(e) < 0)
		return;
	if (b->load_only) {
		printf("boot: loaded '%s'; not executing (-L): kexec -e boots it\n", e->title);
		unmount_all(&b->all);
		exit(cmd_exit());
	}
	if (b->verbose)
		printf("boot: kexec %.2f s after boot started (kexec_file_load took %.2f s), %.2f s after the kernel\n",
		    now() - b->started, now() - t0, uptime());
	fflush(stdout);
	unmount_all(&b->all);
	sync();
	reboot(RB_KEXEC);
	warn_errno("reboot(RB_KEXEC)");
}

/* The entry -n or -t names; -1 if none. */
static int
picked(const struct boot *b)
{
	if (b->title == NULL && b->pick > b->l.n)
		warn("no entry %d (there are %d)", b->pick, b->l.n);
	if (b->title == NULL)
		return b->pick <= b->l.n ? b->pick - 1 : -1;
	for (int i = 0; i < b->l.n; i++)
		if (b->l.e[i].title && strcmp(b->l.e[i].title, b->title) == 0)
			return i;
	warn("no entry titled '%s'", b->title);
	return -1;
}

/* The menu until an entry boots; a failed default gives way to the next entry. */
static int
run_menu(struct boot *b)
{
	char *failed = xmalloc(b->l.n);
	int i, left;

	memset(failed, 0, b->l.n);
	for (;;) {
		if ((i = menu(&b->l, failed)) < 0) {
			printf("boot: to the shell\n");
			return 0;
		}
		boot_entry(b, i);
		failed[i] = 1;
		for (left = 0; left < b->l.n && failed[(b->l.def + left) % b->l.n]; left++)
			;
		if (left == b->l.n)
			b->l.timeout = -1;	/* nothing left to try unasked */
		else
			b->l.def = (b->l.def + left) % b->l.n;
	}
}

static void
options(struct boot *b, struct opt *o)
{
	unsigned long long v;
	int c;

	while ((c = opt_next(o, "c:d:lLn:r:t:vw:")) != -1) {
		switch (c) {
		case 'c':
			if (b->nconfigs == MAX_ARGS)
				die("-c: at most %d config files", MAX_ARGS);
			b->configs[b->nconfigs++] = o->arg;
			break;
		case 'd':
			if (b->nonly == MAX_ARGS)
				die("-d: at most %d devices", MAX_ARGS);
			b->only[b->nonly++] = o->arg;
			break;
		case 'l': b->do_list = 1; break;
		case 'L': b->load_only = 1; break;
		case 'n':
			if (parse_uint(o->arg, 9999, &v) < 0 || v < 1)
				die("-n %s: not an entry number", o->arg);
			b->pick = (int)v;
			break;
		case 'r': b->root.dir = b->root.dev = o->arg; break;
		case 't': b->title = o->arg; break;
		case 'v': b->verbose = 1; break;
		case 'w':
			if (parse_uint(o->arg, 86400, &v) < 0)
				die("-w %s: not a number of seconds", o->arg);
			b->wait = (int)v * 10;
			break;
		default: die_usage(o);
		}
	}
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	static struct boot b;
	int i;

	memset(&b, 0, sizeof b);
	b.started = now();
	b.root.dir = "", b.root.dev = "/";
	b.l.timeout = -1;
	b.wait = -1;
	options(&b, &o);
	if (o.ind != argc)
		die_usage(&o);
	find_entries(&b);
	if (b.l.n == 0) {
		unmount_all(&b.all);
		die("no boot entries");
	}
	if (b.do_list) {
		list(&b.l);
	} else if (b.pick || b.title) {
		if ((i = picked(&b)) >= 0)
			boot_entry(&b, i);
	} else {
		if (b.wait >= 0 || !b.l.have_timeout)
			b.l.timeout = b.wait >= 0 ? b.wait : DEFAULT_TIMEOUT;
		run_menu(&b);
	}
	unmount_all(&b.all);
	blist_free(&b.l);
	return !b.do_list && (b.pick || b.title) ? 1 : cmd_exit();	/* -n, -t: the kexec failed */
}
