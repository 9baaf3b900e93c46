/* grub.c - GRUB 2 grub.cfg: menu entries as grub-mkconfig and distributions write them */
#include "grub.h"
#include "path.h"

/*
 * The config runs as a GRUB script would, one command at a time, but only
 * what decides entries is done: set, search, linux, initrd, configfile,
 * source, load_env, blscfg, menuentry, submenu. Conditions this side of the
 * firmware can tell ([ ], test, true, false) are evaluated; any other
 * command as a condition counts as true (then-branch). GRUB's feature_*
 * variables are y, grub_platform is efi. Loops and function bodies are
 * skipped. A menu entry's body runs where it is defined, in a copy of the
 * variables. configfile reads the file like source does.
 */

#define CONFIG_MAX (1 << 20)
#define DEPTH_MAX 8		/* configfile and source within each other */
#define NEST_MAX 64		/* blocks within blocks */
/* GRUB's name for the CPU it runs on: configs test it to pick a kernel. */
#if defined(__aarch64__)
#define GRUB_CPU "arm64"
#else
#define GRUB_CPU "x86_64"
#endif

enum { T_EOF = 1, T_RBRACE, T_FI, T_ELSE, T_ELIF, T_DONE };

/* The menu as GRUB numbers it, for "set default": entries without a kernel count too. */
struct mnode {
	char *title, *id;
	int parent;		/* index of the submenu it is in, -1 at the top */
	int entry;		/* index into blist, -1 for a submenu or an entry not kept */
};

struct grub {
	struct blist *l;
	const struct bfs_set *all;
	const struct bfs *cfs;		/* the file's own filesystem */
	const struct bfs *rootfs;	/* what $root stands for */
	const char *config;
	struct glex x;
	struct gcmd cmd;
	struct gvars vars;
	struct mnode *menu;
	int nmenu;
	int parent;			/* the submenu being read, -1 at the top */
	char *path;			/* submenu titles so far, "A > B", or NULL */
	struct bentry *e;		/* the entry whose body runs, or NULL */
	int depth, nest, stop;
	int again;			/* next() hands back the command read last */
	char *defconfig;		/* where default was last set */
	int defline;
};

static int run(struct grub *g, int skip);

/* A device name: one of ours by dev ("vda1", with or without parentheses), else NULL. */
static const struct bfs *
find_dev(struct grub *g, const char *name, size_t n)
{
	if (n >= 2 && name[0] == '(' && name[n - 1] == ')')
		name++, n -= 2;
	for (int i = 0; g->all && i < g->all->n; i++)
		if (strlen(g->all->fs[i].dev) == n && strncmp(g->all->fs[i].dev, name, n) == 0)
			return &g->all->fs[i];
	if (strlen(g->cfs->dev) == n && strncmp(g->cfs->dev, name, n) == 0)
		return g->cfs;
	return NULL;
}

/* "(dev)/path" or "/path": the filesystem (unknown devices are $root's) and the path on it. */
static char *
resolve(struct grub *g, const char *p, const struct bfs **fs)
{
	const char *end;

	*fs = g->rootfs;
	if (*p == '(' && (end = strchr(p, ')')) != NULL) {
		const struct bfs *d = find_dev(g, p, end - p + 1);

		if (d)
			*fs = d;
		p = end + 1;
	}
	return xstrdup(*p ? p : "/");
}

static void
set_var(struct grub *g, const char *name, const char *value)
{
	const struct bfs *fs;

	gvar_set(&g->vars, name, value);
	if (strcmp(name, "root") == 0 && (fs = find_dev(g, value, strlen(value))) != NULL)
		g->rootfs = fs;
	if (strcmp(name, "default") == 0) {
		free(g->defconfig);
		g->defconfig = xstrdup(g->config);
		g->defline = g->cmd.line;
	}
}

/* "name=value" words, as set takes them and as a bare command. */
static void
assign(struct grub *g, const char *word)
{
	const char *eq = strchr(word, '=');
	char *name;

	if (eq == NULL || eq == word)
		return;
	name = xmalloc(eq - word + 1);
	memcpy(name, word, eq - word);
	name[eq - word] = '\0';
	set_var(g, name, eq + 1);
	free(name);
}

/* grubenv: "# GRUB Environment Block", key=value lines, '#' padding. */
static void
load_env(struct grub *g, const struct bfs *fs, const char *path)
{
	size_t len;
	char *text = bfs_read(fs, path, 65536, &len), *line, *next;

	if (text == NULL)
		return;
	for (line = text; line; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		if (*line != '#')
			assign(g, line);
	}
	free(text);
}

static void
cmd_load_env(struct grub *g, int argc, char **argv)
{
	const char *file = NULL, *prefix = gvar_get(&g->vars, "prefix");
	const struct bfs *fs;
	char *path, *p;

	for (int i = 1; i < argc; i++)
		if ((strcmp(argv[i], "-f") == 0 || strcmp(argv[i], "--file") == 0) && i + 1 < argc)
			file = argv[++i];
	p = file ? xstrdup(file) : path_join(prefix ? prefix : "/", "grubenv");
	path = resolve(g, p, &fs);
	load_env(g, fs, path);
	free(path);
	free(p);
}

/* search [--fs-uuid|--label|--file] [--set[=VAR]] NAME, and search.fs_uuid NAME [VAR]. */
static void
cmd_search(struct grub *g, int argc, char **argv)
{
	const char *kind = "file", *var = NULL, *name = NULL;
	const struct bfs *fs;
	int i = 1;

	if (strcmp(argv[0], "search.fs_uuid") == 0 || strcmp(argv[0], "search.fs_label") == 0 ||
	    strcmp(argv[0], "search.file") == 0) {
		kind = argv[0][7] == 'f' && argv[0][8] == 's' ? (argv[0][10] == 'u' ? "uuid" : "label") :
		    "file";
		name = argc > 1 ? argv[1] : NULL;
		var = argc > 2 ? argv[2] : "root";
		i = argc;
	}
	for (; i < argc; i++) {
		const char *a = argv[i];

		if (strcmp(a, "--fs-uuid") == 0 || strcmp(a, "-u") == 0)
			kind = "uuid";
		else if (strcmp(a, "--label") == 0 || strcmp(a, "-l") == 0)
			kind = "label";
		else if (strcmp(a, "--file") == 0 || strcmp(a, "-f") == 0)
			kind = "file";
		else if (strcmp(a, "--set") == 0 || strcmp(a, "-s") == 0)
			var = "root";
		else if (strncmp(a, "--set=", 6) == 0)
			var = a + 6;
		else if (*a != '-')
			name = a;
	}
	if (name && (fs = bfs_find(g->all, kind, name)) != NULL && var)
		set_var(g, var, fs->dev);
}

static void
add_path(char ***v, int *n, char *p)
{
	*v = xrealloc(*v, (*n + 1) * sizeof **v);
	(*v)[(*n)++] = p;
}

/* The kernel's arguments joined by blanks; one with a blank in it is quoted as the kernel reads it. */
static char *
join_args(int argc, char **argv)
{
	size_t n = 1;
	char *s, *p;

	for (int i = 0; i < argc; i++)
		n += strlen(argv[i]) + 3;
	p = s = xmalloc(n);
	*p = '\0';
	for (int i = 0; i < argc; i++) {
		const char *eq = strchr(argv[i], '=');
		int quote = strpbrk(argv[i], " \t\n") != NULL;

		if (i)
			*p++ = ' ';
		if (quote && eq)
			p += sprintf(p, "%.*s\"%s\"", (int)(eq - argv[i] + 1), argv[i], eq + 1);
		else
			p += sprintf(p, quote ? "\"%s\"" : "%s", argv[i]);
	}
	return s;
}

static void
cmd_linux(struct grub *g, int argc, char **argv)
{
	struct bentry *e = g->e;

	if (e == NULL || argc < 2)
		return;
	free(e->kernel);
	free(e->cmdline);
	e->kernel = resolve(g, argv[1], &e->fs);
	e->cmdline = join_args(argc - 2, argv + 2);
}

static void
cmd_initrd(struct grub *g, int argc, char **argv)
{
	struct bentry *e = g->e;
	const struct bfs *fs;

	if (e == NULL)
		return;
	for (int i = 0; i < e->ninitrd; i++)
		free(e->initrd[i]);
	e->ninitrd = 0;
	for (int i = 1; i < argc; i++)
		add_path(&e->initrd, &e->ninitrd, resolve(g, argv[i], &fs));
}

/* A file of commands read in place: configfile and source. */
static void
read_file(struct grub *g, const char *name)
{
	const struct bfs *fs, *cfs = g->cfs;
	char *path = resolve(g, name, &fs), *text;
	const char *config = g->config;
	struct glex x = g->x;
	size_t len;

	if (g->depth >= DEPTH_MAX) {
		warn("%s:%d: %s: configfile nesting too deep", g->config, g->cmd.line, path);
	} else if ((text = bfs_read(fs, path, CONFIG_MAX, &len)) == NULL) {
		warn("%s:%d: %s: %s", g->config, g->cmd.line, path, strerror(errno));
	} else {
		g->depth++;
		g->cfs = fs;
		g->config = path;
		g->x.p = text, g->x.end = text + len, g->x.line = 1;
		while (run(g, 0) != T_EOF)
			warn("%s:%d: unexpected %s", g->config, g->cmd.line, g->cmd.argv[0]);
		g->stop = 0;
		g->x = x, g->config = config, g->cfs = cfs;
		g->depth--;
		free(text);
	}
	free(path);
}

static int
menu_add(struct grub *g, const char *title, const char *id, int entry)
{
	g->menu = xrealloc(g->menu, (g->nmenu + 1) * sizeof *g->menu);
	g->menu[g->nmenu].title = xstrdup(title);
	g->menu[g->nmenu].id = xstrdup(id ? id : "");
	g->menu[g->nmenu].parent = g->parent;
	g->menu[g->nmenu].entry = entry;
	return g->nmenu++;
}

/* blscfg: the Boot Loader Spec entries, as Fedora's GRUB reads them, on $root. */
static void
cmd_blscfg(struct grub *g)
{
	const char *dir = gvar_get(&g->vars, "blsdir");
	char *p = bfs_path(g->rootfs, "/loader/entries");
	struct stat st;
	int from = g->l->n;

	if (dir == NULL)
		dir = stat(p, &st) == 0 ? "/loader/entries" : "/boot/loader/entries";
	free(p);
	bls_scan(g->l, g->rootfs, dir);
	for (int i = from; i < g->l->n; i++) {
		const char *c = g->l->e[i].config ? g->l->e[i].config : "";
		const char *base = strrchr(c, '/') ? strrchr(c, '/') + 1 : c;
		char *id = xstrdup(base);

		if (strlen(id) > 5 && strcmp(id + strlen(id) - 5, ".conf") == 0)
			id[strlen(id) - 5] = '\0';
		menu_add(g, g->l->e[i].title ? g->l->e[i].title : "", id, i);
		free(id);
	}
}

static int eval(struct grub *g, int argc, char **argv);

static void
simple(struct grub *g, int argc, char **argv)
{
	const char *c = argv[0];

	if (strcmp(c, "set") == 0 || strcmp(c, "export") == 0) {
		for (int i = 1; i < argc; i++)
			assign(g, argv[i]);
	} else if (strcmp(c, "unset") == 0) {
		for (int i = 1; i < argc; i++)
			gvar_unset(&g->vars, argv[i]);
	} else if (strncmp(c, "search", 6) == 0)
		cmd_search(g, argc, argv);
	else if (strcmp(c, "linux") == 0 || strcmp(c, "linuxefi") == 0 || strcmp(c, "linux16") == 0)
		cmd_linux(g, argc, argv);
	else if (strcmp(c, "initrd") == 0 || strcmp(c, "initrdefi") == 0 ||
	    strcmp(c, "initrd16") == 0)
		cmd_initrd(g, argc, argv);
	else if ((strcmp(c, "configfile") == 0 || strcmp(c, "source") == 0) && argc > 1)
		read_file(g, argv[1]);
	else if (strcmp(c, "load_env") == 0)
		cmd_load_env(g, argc, argv);
	else if (strcmp(c, "blscfg") == 0)
		cmd_blscfg(g);
	else if (strchr(c, '=') && c[0] != '=' && c[0] != '-')
		assign(g, c);
	/* anything else (insmod, echo, load_video, terminal_output, font, ...) does not matter here */
}

/* The words of a command, owned by the caller: running a block lexes over g->cmd. */
static char **
take_words(struct grub *g, int *argc)
{
	char **v = xmalloc((g->cmd.argc + 1) * sizeof *v);

	*argc = g->cmd.argc;
	for (int i = 0; i < g->cmd.argc; i++)
		v[i] = g->cmd.argv[i];
	v[g->cmd.argc] = NULL;
	g->cmd.argc = 0;
	return v;
}

static void
free_words(int argc, char **argv)
{
	for (int i = 0; i < argc; i++)
		free(argv[i]);
	free(argv);
}

/* A file test on a GRUB path: -e, -f, -d, -s. */
static int
file_test(struct grub *g, const char *op, const char *name)
{
	const struct bfs *fs;
	char *path = resolve(g, name, &fs), *full = bfs_path(fs, path);
	struct stat st;
	int ok = stat(full, &st) == 0;

	free(path);
	free(full);
	if (!ok)
		return 0;
	if (op[1] == 'f')
		return S_ISREG(st.st_mode);
	if (op[1] == 'd')
		return S_ISDIR(st.st_mode);
	return op[1] == 's' ? st.st_size > 0 : 1;
}

static int
compare(const char *a, const char *op, const char *b)
{
	long x = strtol(a, NULL, 10), y = strtol(b, NULL, 10);

	if (strcmp(op, "=") == 0 || strcmp(op, "==") == 0)
		return strcmp(a, b) == 0;
	if (strcmp(op, "!=") == 0)
		return strcmp(a, b) != 0;
	if (strcmp(op, "-eq") == 0)
		return x == y;
	if (strcmp(op, "-ne") == 0)
		return x != y;
	if (strcmp(op, "-lt") == 0)
		return x < y;
	if (strcmp(op, "-le") == 0)
		return x <= y;
	if (strcmp(op, "-gt") == 0)
		return x > y;
	if (strcmp(op, "-ge") == 0)
		return x >= y;
	return 0;
}

/* test's expression: -o binds loosest, then -a, then !, then the primaries. */
static int
test(struct grub *g, int n, char **v)
{
	for (int i = 0; i < n; i++)
		if (strcmp(v[i], "-o") == 0)
			return test(g, i, v) || test(g, n - i - 1, v + i + 1);
	for (int i = 0; i < n; i++)
		if (strcmp(v[i], "-a") == 0)
			return test(g, i, v) && test(g, n - i - 1, v + i + 1);
	if (n > 0 && strcmp(v[0], "!") == 0)
		return !test(g, n - 1, v + 1);
	if (n == 1)
		return v[0][0] != '\0';
	if (n == 2 && strcmp(v[0], "-n") == 0)
		return v[1][0] != '\0';
	if (n == 2 && strcmp(v[0], "-z") == 0)
		return v[1][0] == '\0';
	if (n == 2 && v[0][0] == '-' && strchr("efds", v[0][1]) && v[0][1] && !v[0][2])
		return file_test(g, v[0], v[1]);
	if (n == 3)
		return compare(v[0], v[1], v[2]);
	return 0;
}

/* An if's or elif's condition; a command that is not a test runs and counts as true. */
static int
eval(struct grub *g, int argc, char **argv)
{
	if (argc == 0)
		return 1;
	if (strcmp(argv[0], "!") == 0)
		return !eval(g, argc - 1, argv + 1);
	if (strcmp(argv[0], "[") == 0)
		return test(g, argc - 1 - (strcmp(argv[argc - 1], "]") == 0), argv + 1);
	if (strcmp(argv[0], "test") == 0)
		return test(g, argc - 1, argv + 1);
	if (strcmp(argv[0], "false") == 0)
		return 0;
	simple(g, argc, argv);
	return 1;
}

static const char *const keywords[] = { "}", "fi", "else", "elif", "done" };

/* The next command; a terminator (T_RBRACE ...) is returned, not run. */
static int
next(struct grub *g)
{
	if (g->stop)
		return T_EOF;
	if (g->again)
		g->again = 0;
	else if (!glex_next(&g->x, &g->vars, &g->cmd))
		return T_EOF;
	if (g->cmd.bad) {
		warn("%s:%d: %s", g->config, g->cmd.line, g->cmd.bad);
		g->stop = 1;
		return T_EOF;
	}
	for (int i = 0; g->cmd.argc && i < 5; i++)
		if (strcmp(g->cmd.argv[0], keywords[i]) == 0)
			return T_RBRACE + i;
	return 0;
}

/* A { } body; 1 if it closed. */
static int
body(struct grub *g, int skip, int line, const char *what)
{
	int t;

	while ((t = run(g, skip)) != T_RBRACE && t != T_EOF)
		warn("%s:%d: unexpected %s", g->config, g->cmd.line, g->cmd.argv[0]);
	if (t == T_EOF && !g->stop) {
		warn("%s:%d: %s without closing }", g->config, line, what);
		g->stop = 1;
	}
	return t == T_RBRACE;
}

/* menuentry TITLE [--class C] [--id ID] ...: the title, and the id if one. */
static const char *
entry_title(int argc, char **argv, const char **id)
{
	const char *title = NULL;

	*id = NULL;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--id") == 0 && i + 1 < argc)
			*id = argv[++i];
		else if ((strcmp(argv[i], "--class") == 0 || strcmp(argv[i], "--users") == 0 ||
		    strcmp(argv[i], "--hotkey") == 0) && i + 1 < argc)
			i++;
		else if (strncmp(argv[i], "--", 2) != 0 && title == NULL)
			title = argv[i];
	}
	return title ? title : "";
}

static char *
sub_title(struct grub *g, const char *title)
{
	char *s;

	if (g->path == NULL)
		return xstrdup(title);
	s = xmalloc(strlen(g->path) + strlen(title) + 4);
	sprintf(s, "%s > %s", g->path, title);
	return s;
}

static void
entry_free(struct bentry *e)
{
	free(e->kernel);
	for (int i = 0; i < e->ninitrd; i++)
		free(e->initrd[i]);
	free(e->initrd);
	free(e->cmdline);
}

/* A menu entry: its body runs now, in a copy of the variables; kept if it loads a kernel. */
static void
menuentry(struct grub *g, int argc, char **argv, int line)
{
	const char *id, *title = entry_title(argc, argv, &id);
	struct bentry e = { 0 }, *outer = g->e, *b;
	const struct bfs *rootfs = g->rootfs;
	struct gvars saved;
	int closed, index = -1;

	gvars_copy(&saved, &g->vars);
	g->e = &e;
	closed = body(g, 0, line, "menuentry");
	g->e = outer;
	gvars_free(&g->vars);
	g->vars = saved;
	g->rootfs = rootfs;
	if (closed && e.kernel) {
		b = blist_add(g->l);
		*b = e;
		b->title = sub_title(g, title);
		b->config = xstrdup(g->config);
		b->line = line;
		index = g->l->n - 1;
	} else
		entry_free(&e);
	menu_add(g, title, id, index);
}

static void
submenu(struct grub *g, int argc, char **argv, int line)
{
	const char *id, *title = entry_title(argc, argv, &id);
	char *path = g->path;
	int parent = g->parent;
	const struct bfs *rootfs = g->rootfs;
	struct gvars saved;

	gvars_copy(&saved, &g->vars);
	g->parent = menu_add(g, title, id, -1);
	g->path = sub_title(g, title);
	body(g, 0, line, "submenu");
	free(g->path);
	g->path = path;
	g->parent = parent;
	gvars_free(&g->vars);
	g->vars = saved;
	g->rootfs = rootfs;
}

static void
block(struct grub *g, int skip, int argc, char **argv)
{
	int line = g->cmd.line;

	if (argc && !skip && strcmp(argv[0], "menuentry") == 0)
		menuentry(g, argc, argv, line);
	else if (argc && !skip && strcmp(argv[0], "submenu") == 0)
		submenu(g, argc, argv, line);
	else	/* function bodies, and blocks of commands not known */
		body(g, skip || argc > 0, line, argc ? argv[0] : "{");
}

/* if COND; then ... [elif COND; then ...] [else ...] fi */
static void
if_block(struct grub *g, int skip, int argc, char **argv)
{
	int line = g->cmd.line, taken = !skip && eval(g, argc - 1, argv + 1);
	int t = run(g, skip || !taken), in_else = 0;
	char **v;
	int n;

	for (;;) {
		if (t == T_ELIF && !in_else) {
			v = take_words(g, &n);
			int c = !skip && !taken && eval(g, n - 1, v + 1);
			free_words(n, v);
			t = run(g, skip || taken || !c);
			taken |= c;
		} else if (t == T_ELSE && !in_else) {
			in_else = 1;
			t = run(g, skip || taken);
		} else if (t == T_ELSE || t == T_ELIF || t == T_DONE) {
			warn("%s:%d: unexpected %s", g->config, g->cmd.line, g->cmd.argv[0]);
			t = run(g, 1);
		} else
			break;
	}
	if (t == T_FI)
		return;
	if (!g->stop)
		warn("%s:%d: if without fi", g->config, line);
	g->again = t == T_RBRACE;	/* the } closes the block around the if */
}

/* while/until/for ... do ... done: skipped (no config decides entries in a loop). */
static void
loop_block(struct grub *g)
{
	int line = g->cmd.line, t;

	while ((t = run(g, 1)) != T_DONE && t != T_EOF && t != T_RBRACE)
		;
	if (t != T_DONE && !g->stop)
		warn("%s:%d: %s without done", g->config, line, "loop");
	g->again = t == T_RBRACE;
}

static int
run_one(struct grub *g, int skip)
{
	int t = next(g), argc;
	char **argv;

	if (t)
		return t;
	argv = take_words(g, &argc);
	if (g->cmd.brace)
		block(g, skip, argc, argv);
	else if (strcmp(argv[0], "if") == 0)
		if_block(g, skip, argc, argv);
	else if (strcmp(argv[0], "while") == 0 || strcmp(argv[0], "until") == 0 ||
	    strcmp(argv[0], "for") == 0)
		loop_block(g);
	else if (!skip && strcmp(argv[0], "then") != 0 && strcmp(argv[0], "do") != 0)
		simple(g, argc, argv);
	free_words(argc, argv);
	return 0;
}

/* Commands until a terminator (returned, left in g->cmd) or the end; skip: read, do nothing. */
static int
run(struct grub *g, int skip)
{
	int t;

	if (++g->nest > NEST_MAX) {
		if (!g->stop)
			warn("%s:%d: blocks nested too deeply", g->config, g->cmd.line);
		g->stop = 1;
	}
	while ((t = run_one(g, skip)) == 0)
		;
	g->nest--;
	return t;
}

/* One step of a default: an index, a title or an id among parent's children. */
static int
find_child(struct grub *g, int parent, const char *name)
{
	int k = -1, index = name[0] ? 0 : -1;

	for (const char *p = name; *p; p++)
		if (*p < '0' || *p > '9' || p - name > 6)
			index = -1;
	if (name[0] && index == 0)
		index = atoi(name);
	for (int i = 0; i < g->nmenu; i++) {
		if (g->menu[i].parent != parent)
			continue;
		k++;
		if (index >= 0 ? k == index : strcmp(g->menu[i].title, name) == 0 ||
		    strcmp(g->menu[i].id, name) == 0)
			return i;
	}
	return -1;
}

/* "1>2", "Advanced options for Debian GNU/Linux>Debian GNU/Linux, with Linux 6.1": an entry's index, or -1. */
static int
find_default(struct grub *g, const char *def)
{
	char *copy = xstrdup(def), *part, *rest;
	int node = -1, parent = -1;

	for (part = copy; part; part = rest) {
		if ((rest = strchr(part, '>')) != NULL)
			*rest++ = '\0';
		if ((node = find_child(g, parent, part)) < 0)
			break;
		parent = node;
	}
	free(copy);
	return node < 0 ? -1 : g->menu[node].entry;
}

/* "saved": grubenv beside the config names it; next_entry (boot once) wins. */
static const char *
saved_default(struct grub *g, const char *config)
{
	const char *next, *slash = strrchr(config, '/');
	char *dir = xstrdup(config), *env;

	dir[slash ? slash - config : 0] = '\0';
	env = path_join(*dir ? dir : "/", "grubenv");
	load_env(g, g->cfs, env);
	free(env);
	free(dir);
	next = gvar_get(&g->vars, "next_entry");
	return next && *next ? next : gvar_get(&g->vars, "saved_entry");
}

static void
settle(struct grub *g, const char *config)
{
	const char *def = gvar_get(&g->vars, "default"), *t = gvar_get(&g->vars, "timeout");
	char *end;
	long n;
	int i;

	if (t && *t && ((n = strtol(t, &end, 10)), *end == '\0')) {
		g->l->timeout = n < 0 ? -1 : n > 1000000 ? 10000000 : (int)n * 10;
		g->l->have_timeout = 1;
	}
	if (def && strcmp(def, "saved") == 0)
		def = saved_default(g, config);
	if (def == NULL || *def == '\0' || g->l->have_default)
		return;
	if ((i = find_default(g, def)) < 0) {
		warn("%s:%d: default \"%s\": no such entry", g->defconfig ? g->defconfig : config,
		    g->defline, def);
		return;
	}
	g->l->def = i;
	g->l->have_default = 1;
}

/* What GRUB has set when it reads grub.cfg: $root is the config's filesystem. */
static void
preset(struct grub *g, const struct bfs *fs, const char *config)
{
	static const char *const features[] = { "feature_menuentry_id", "feature_platform_search_hint",
		"feature_default_font_path", "feature_all_video_module", "feature_timeout_style",
		"feature_nativedisk_cmd", "feature_chainloader_bpb", "feature_ntldr", "feature_200_final" };
	const char *slash = strrchr(config, '/');
	char *prefix = xmalloc(strlen(fs->dev) + strlen(config) + 4);

	for (size_t i = 0; i < sizeof features / sizeof *features; i++)
		gvar_set(&g->vars, features[i], "y");
	gvar_set(&g->vars, "grub_platform", "efi");
	gvar_set(&g->vars, "grub_cpu", GRUB_CPU);
	gvar_set(&g->vars, "root", fs->dev);
	sprintf(prefix, "(%s)%.*s", fs->dev, slash ? (int)(slash - config) : 0, config);
	gvar_set(&g->vars, "prefix", prefix);
	gvar_set(&g->vars, "config_directory", prefix);
	free(prefix);
}

int
grub_parse(struct blist *l, const struct bfs_set *all, const struct bfs *fs, const char *config,
    const char *text, size_t len)
{
	struct grub g = { 0 };
	int from = l->n;

	g.l = l, g.all = all, g.cfs = g.rootfs = fs, g.config = config;
	g.parent = -1;
	g.x.p = text, g.x.end = text + len, g.x.line = 1;
	preset(&g, fs, config);
	while (run(&g, 0) != T_EOF)
		warn("%s:%d: unexpected %s", config, g.cmd.line, g.cmd.argv[0]);
	settle(&g, config);
	gcmd_clear(&g.cmd);
	free(g.cmd.argv);
	gvars_free(&g.vars);
	for (int i = 0; i < g.nmenu; i++) {
		free(g.menu[i].title);
		free(g.menu[i].id);
	}
	free(g.menu);
	free(g.defconfig);
	return l->n - from;
}
