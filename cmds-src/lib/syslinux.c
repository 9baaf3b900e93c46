/* syslinux.c - syslinux, isolinux, extlinux and pxelinux configs (and u-boot's extlinux.conf) */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "cfg.h"
#include "err.h"
#include "syslinux.h"

#define SX_INCLUDE_MAX 16	/* INCLUDE nesting: deeper is a loop, most likely */
#define SX_FILES_MAX 64		/* INCLUDEs in all: two a file, 16 deep, would be 65535 reads */
#define SX_MENU_MAX 8		/* MENU BEGIN nesting shown in titles */

/* A LABEL as the config wrote it; entries are made of them once every file is read. */
struct sx_label {
	char *name, *title;	/* LABEL's name; MENU LABEL, "^" (the hotkey mark) removed */
	char *menu;		/* the submenus it is in, "A > B"; NULL at the top */
	char *kernel;		/* KERNEL or LINUX, as written */
	int is_kernel;	/* a Linux kernel, not a COM32 module, boot sector, LOCALBOOT... */
	char *append;		/* NULL: the global APPEND holds */
	char *initrd;		/* INITRD's comma-separated list */
	char *config;
	int line;
	int menu_default, hide;
};

struct sx {
	const struct sx_ops *ops;
	struct sx_label *lab;
	int n, cur;		/* cur: the label being read; -1 none */
	int in_label;		/* after a LABEL, even an ignored one: APPEND is not global */
	int in_text;		/* inside TEXT HELP ... ENDTEXT */
	char *def, *def_config, *append, *ontimeout;
	int def_line;
	char *menus[SX_MENU_MAX];
	int depth;		/* MENU BEGIN nesting */
	int naming;		/* after MENU BEGIN, before a LABEL: MENU LABEL/TITLE name the submenu */
	int named_by_label;
	int ui, prompt, timeout, have_timeout;
	int files;		/* INCLUDEs read so far */
};

typedef void sx_fn(struct sx *s, char *arg, const char *config, int line, int depth);

static void sx_file(struct sx *s, const char *config, const char *text, size_t len, int depth);

static void
sx_set(char **field, const char *v)
{
	free(*field);
	*field = xstrdup(v);
}

static char *
sx_word(char *arg)
{
	char *end = arg + strcspn(arg, " \t");

	if (*end)	/* not at the end: arg may be a literal */
		*end = '\0';
	return arg;
}

static struct sx_label *
sx_cur(struct sx *s)
{
	return s->cur >= 0 ? &s->lab[s->cur] : NULL;
}

/* "A > B" for the submenus we are in, or NULL at the top. */
static char *
sx_menu_path(const struct sx *s)
{
	size_t len = 0;
	char *p;
	int n = s->depth < SX_MENU_MAX ? s->depth : SX_MENU_MAX;

	for (int i = 0; i < n; i++)
		len += strlen(s->menus[i]) + 3;
	if (len == 0)
		return NULL;
	p = xmalloc(len + 1);
	*p = '\0';
	for (int i = 0; i < n; i++)
		strcat(strcat(p, i ? " > " : ""), s->menus[i]);
	return p;
}

static void
sx_label(struct sx *s, char *arg, const char *config, int line, int depth)
{
	struct sx_label *lb;

	(void)depth;
	s->in_label = 1;
	s->naming = 0;
	s->cur = -1;
	if (*arg == '\0') {
		warn("%s:%d: LABEL without a name, ignored", config, line);
		return;
	}
	s->lab = xrealloc(s->lab, (s->n + 1) * sizeof *s->lab);
	lb = &s->lab[s->cur = s->n++];
	memset(lb, 0, sizeof *lb);
	lb->name = xstrdup(sx_word(arg));
	lb->menu = sx_menu_path(s);
	lb->config = xstrdup(config);
	lb->line = line;
}

/* What syslinux runs a KERNEL file as, by its extension: only a Linux kernel is ours. */
static int
sx_is_linux(const char *file)
{
	static const char *const other[] = { ".c32", ".cbt", ".com", ".bs", ".bss", ".bin", ".0", ".img" };
	const char *dot = strrchr(file, '.');

	for (size_t i = 0; dot && !strchr(dot, '/') && i < sizeof other / sizeof *other; i++)
		if (strcasecmp(dot, other[i]) == 0)
			return 0;
	return 1;
}

static void
sx_kernel(struct sx *s, char *arg, const char *config, int line, int is_kernel)
{
	struct sx_label *lb = sx_cur(s);

	(void)config, (void)line;
	if (lb == NULL)
		return;
	sx_set(&lb->kernel, sx_word(arg));
	lb->is_kernel = is_kernel && *lb->kernel;
}

static void
sx_k_kernel(struct sx *s, char *arg, const char *config, int line, int depth)
{
	(void)depth;
	sx_kernel(s, arg, config, line, sx_is_linux(arg));
}

static void
sx_k_linux(struct sx *s, char *arg, const char *config, int line, int depth)
{
	(void)depth;
	sx_kernel(s, arg, config, line, 1);
}

/* COM32, BOOT, LOCALBOOT, CONFIG...: a label kexec cannot boot. */
static void
sx_k_other(struct sx *s, char *arg, const char *config, int line, int depth)
{
	(void)depth;
	sx_kernel(s, *arg ? arg : "-", config, line, 0);
}

/* In a label, its own ("APPEND -" for none); before the first label, every label's. */
static void
sx_k_append(struct sx *s, char *arg, const char *config, int line, int depth)
{
	(void)config, (void)line, (void)depth;
	if (strcmp(arg, "-") == 0)
		arg = "";
	if (sx_cur(s))
		sx_set(&sx_cur(s)->append, arg);
	else if (!s->in_label)
		sx_set(&s->append, arg);
}

static void
sx_k_initrd(struct sx *s, char *arg, const char *config, int line, int depth)
{
	(void)config, (void)line, (void)depth;
	if (sx_cur(s))
		sx_set(&sx_cur(s)->initrd, sx_word(arg));
}

static void
sx_k_default(struct sx *s, char *arg, const char *config, int line, int depth)
{
	(void)depth;
	sx_set(&s->def, arg);
	sx_set(&s->def_config, config);
	s->def_line = line;
}

static void
sx_k_ontimeout(struct sx *s, char *arg, const char *config, int line, int depth)
{
	(void)config, (void)line, (void)depth;
	sx_set(&s->ontimeout, arg);
}

static void
sx_k_ui(struct sx *s, char *arg, const char *config, int line, int depth)
{
	(void)arg, (void)config, (void)line, (void)depth;
	s->ui = 1;
}

/* A number of tenths of a second (or 0/1 for PROMPT); syslinux caps TIMEOUT at an hour. */
static int
sx_number(const char *arg, const char *config, int line, int *v)
{
	char *end;
	long n = strtol(arg, &end, 10);

	if (end == arg || *end || n < 0) {
		warn("%s:%d: bad number '%s'", config, line, arg);
		return -1;
	}
	*v = n > 35996 ? 35996 : (int)n;
	return 0;
}

static void
sx_k_timeout(struct sx *s, char *arg, const char *config, int line, int depth)
{
	(void)depth;
	if (sx_number(sx_word(arg), config, line, &s->timeout) == 0)
		s->have_timeout = 1;
}

static void
sx_k_prompt(struct sx *s, char *arg, const char *config, int line, int depth)
{
	int v;

	(void)depth;
	if (sx_number(sx_word(arg), config, line, &v) == 0)
		s->prompt = v != 0;
}

static void
sx_k_text(struct sx *s, char *arg, const char *config, int line, int depth)
{
	(void)arg, (void)config, (void)line, (void)depth;
	s->in_text = 1;
}

/* Where a path in a config points: the caller says. */
static char *
sx_path(const struct sx *s, const char *p)
{
	return s->ops->path(s->ops->ctx, p);
}

static void
sx_k_include(struct sx *s, char *arg, const char *config, int line, int depth)
{
	char *path, *text;
	size_t len;

	if (*arg == '\0')
		return;
	if (depth + 1 >= SX_INCLUDE_MAX) {
		warn("%s:%d: INCLUDE nested over %d deep, ignored", config, line, SX_INCLUDE_MAX);
		return;
	}
	if (++s->files > SX_FILES_MAX) {
		warn("%s:%d: over %d INCLUDEs, ignored", config, line, SX_FILES_MAX);
		return;
	}
	path = sx_path(s, sx_word(arg));
	if ((text = s->ops->read(s->ops->ctx, path, &len)) == NULL)
		warn("%s:%d: %s: %s", config, line, path, strerror(errno));
	else
		sx_file(s, path, text, len, depth + 1);
	free(text);
	free(path);
}

/* MENU LABEL: a label's title, or, right after MENU BEGIN, the submenu's. "^" marks a hotkey. */
static void
sx_m_label(struct sx *s, char *arg)
{
	char *p = arg, *q = arg;

	for (; *p; p++)
		if (*p != '^')
			*q++ = *p;
	*q = '\0';
	if (sx_cur(s))
		sx_set(&sx_cur(s)->title, arg);
	else if (s->naming && s->depth <= SX_MENU_MAX) {
		sx_set(&s->menus[s->depth - 1], arg);
		s->named_by_label = 1;
	}
}

static void
sx_m_begin(struct sx *s, char *arg)
{
	s->depth++;
	if (s->depth <= SX_MENU_MAX)
		s->menus[s->depth - 1] = xstrdup(sx_word(arg));
	s->naming = 1;
	s->named_by_label = 0;
	s->cur = -1;
}

static void
sx_m_end(struct sx *s, const char *config, int line)
{
	if (s->depth == 0) {
		warn("%s:%d: MENU END without MENU BEGIN", config, line);
		return;
	}
	if (s->depth <= SX_MENU_MAX) {
		free(s->menus[s->depth - 1]);
		s->menus[s->depth - 1] = NULL;
	}
	s->depth--;
	s->naming = 0;
	s->cur = -1;
}

/* The MENU lines that matter to what boots; colours, layout and the rest do not. */
static void
sx_k_menu(struct sx *s, char *arg, const char *config, int line, int depth)
{
	char *sub = arg, *rest = arg + strcspn(arg, " \t");
	struct sx_label *lb = sx_cur(s);

	if (*rest)
		*rest++ = '\0';
	rest += strspn(rest, " \t");
	if (strcasecmp(sub, "label") == 0)
		sx_m_label(s, rest);
	else if (strcasecmp(sub, "title") == 0 && !lb && s->naming && !s->named_by_label &&
	    s->depth <= SX_MENU_MAX)
		sx_set(&s->menus[s->depth - 1], rest);
	else if (strcasecmp(sub, "default") == 0 && lb)
		lb->menu_default = 1;
	else if ((strcasecmp(sub, "hide") == 0 || strcasecmp(sub, "disable") == 0) && lb)
		lb->hide = 1;
	else if (strcasecmp(sub, "begin") == 0)
		sx_m_begin(s, rest);
	else if (strcasecmp(sub, "end") == 0)
		sx_m_end(s, config, line);
	else if (strcasecmp(sub, "include") == 0)
		sx_k_include(s, rest, config, line, depth);
}

static void
sx_k_textblock(struct sx *s, char *arg, const char *config, int line, int depth)
{
	if (strcasecmp(sx_word(arg), "help") == 0)
		sx_k_text(s, arg, config, line, depth);
}

/* Keywords are case-insensitive; the rest (IPAPPEND, SERIAL, SAY, F1...) changes nothing we boot. */
static const struct {
	const char *name;
	sx_fn *fn;
} sx_keys[] = {
	{ "label", sx_label }, { "kernel", sx_k_kernel }, { "linux", sx_k_linux },
	{ "boot", sx_k_other }, { "bss", sx_k_other }, { "pxe", sx_k_other },
	{ "fdimage", sx_k_other }, { "comboot", sx_k_other }, { "com32", sx_k_other },
	{ "config", sx_k_other }, { "localboot", sx_k_other }, { "append", sx_k_append },
	{ "initrd", sx_k_initrd }, { "default", sx_k_default }, { "ui", sx_k_ui },
	{ "timeout", sx_k_timeout }, { "prompt", sx_k_prompt }, { "include", sx_k_include },
	{ "menu", sx_k_menu }, { "text", sx_k_textblock }, { "ontimeout", sx_k_ontimeout },
};

static void
sx_line(struct sx *s, char *p, const char *config, int line, int depth)
{
	char *kw, *end;

	p += strspn(p, " \t");
	if (*p == '\0' || (*p == '#' && !s->in_text))
		return;
	kw = p;
	p += strcspn(p, " \t");
	if (*p)
		*p++ = '\0';
	p += strspn(p, " \t");
	for (end = p + strlen(p); end > p && strchr(" \t\r", end[-1]); )
		*--end = '\0';
	if (s->in_text) {
		s->in_text = strcasecmp(kw, "endtext") != 0;
		return;
	}
	for (size_t i = 0; i < sizeof sx_keys / sizeof *sx_keys; i++)
		if (strcasecmp(kw, sx_keys[i].name) == 0) {
			sx_keys[i].fn(s, p, config, line, depth);
			return;
		}
}

static void
sx_file(struct sx *s, const char *config, const char *text, size_t len, int depth)
{
	char line[CFG_LINE_MAX + 1];
	size_t pos = 0;
	int lineno = 0, r;

	while ((r = cfg_line(config, text, len, &pos, &lineno, line)) >= 0)
		if (r)
			sx_line(s, line, config, lineno, depth);
}

static void
sx_add_initrd(struct sx *s, struct sx_entry *e, const char *list, size_t len)
{
	while (len > 0) {
		size_t n = 0;
		char *one;

		while (n < len && list[n] != ',')
			n++;
		if (n > 0) {
			one = xmalloc(n + 1);
			memcpy(one, list, n);
			one[n] = '\0';
			e->initrd = xrealloc(e->initrd, (e->ninitrd + 1) * sizeof *e->initrd);
			e->initrd[e->ninitrd++] = sx_path(s, one);
			free(one);
		}
		list += n + (n < len), len -= n + (n < len);
	}
}

/* Initrds: those of "initrd=A,B" words in the command line (left in it, as syslinux does), then INITRD's. */
static void
sx_initrds(struct sx *s, struct sx_entry *e, const char *initrd)
{
	const char *p = e->cmdline;

	while (*p) {
		size_t n;

		p += strspn(p, " \t");
		n = strcspn(p, " \t");
		if (n > 7 && strncmp(p, "initrd=", 7) == 0)
			sx_add_initrd(s, e, p + 7, n - 7);
		p += n;
	}
	if (initrd)
		sx_add_initrd(s, e, initrd, strlen(initrd));
}

static struct sx_entry *
sx_add(struct sx_list *l)
{
	struct sx_entry *e;

	l->e = xrealloc(l->e, (l->n + 1) * sizeof *l->e);
	e = &l->e[l->n++];
	memset(e, 0, sizeof *e);
	return e;
}

static int
sx_entry(struct sx *s, struct sx_list *l, const struct sx_label *lb)
{
	struct sx_entry *e = sx_add(l);
	const char *t = lb->title && *lb->title ? lb->title : lb->name;
	const char *append = lb->append ? lb->append : s->append ? s->append : "";

	e->title = xmalloc((lb->menu ? strlen(lb->menu) + 3 : 0) + strlen(t) + 1);
	sprintf(e->title, "%s%s%s", lb->menu ? lb->menu : "", lb->menu ? " > " : "", t);
	e->name = xstrdup(lb->name);
	e->kernel = sx_path(s, lb->kernel);
	e->cmdline = xstrdup(append);
	sx_initrds(s, e, lb->initrd);
	e->config = xstrdup(lb->config);
	e->line = lb->line;
	return l->n - 1;
}

/* The label NAME (up to the first blank); -1 if none. */
static int
sx_find(const struct sx *s, const char *name)
{
	size_t n = name ? strcspn(name, " \t") : 0;

	for (int i = 0; n && i < s->n; i++)
		if (strlen(s->lab[i].name) == n && strncmp(s->lab[i].name, name, n) == 0)
			return i;
	return -1;
}

/* The label booted by default: MENU DEFAULT's, else the one DEFAULT names; -1 if none. */
static int
sx_default_label(const struct sx *s)
{
	for (int i = 0; i < s->n; i++)
		if (s->lab[i].menu_default)
			return i;
	return sx_find(s, s->def);
}

/* DEFAULT naming no label is a command line: a kernel and its options (and the global APPEND). */
static int
sx_default_line(struct sx *s, struct sx_list *l)
{
	size_t n = strcspn(s->def, " \t");
	const char *opts = s->def + n + strspn(s->def + n, " \t");
	const char *app = s->append ? s->append : "";
	char *kernel = xmalloc(n + 1);
	struct sx_entry *e;

	memcpy(kernel, s->def, n);
	kernel[n] = '\0';
	e = sx_add(l);
	e->title = xstrdup(s->def);
	e->name = xstrdup(s->def);
	e->kernel = sx_path(s, kernel);
	e->cmdline = xmalloc(strlen(opts) + strlen(app) + 2);
	sprintf(e->cmdline, "%s%s%s", opts, *opts && *app ? " " : "", app);
	sx_initrds(s, e, NULL);
	e->config = xstrdup(s->def_config);
	e->line = s->def_line;
	free(kernel);
	return l->n - 1;
}

/*
 * TIMEOUT is in tenths of a second, 0 waits for ever. Without a menu (UI, or
 * DEFAULT naming a module such as vesamenu.c32), PROMPT 0 shows no prompt:
 * the default boots at once.
 */
static void
sx_timeout(const struct sx *s, struct sx_list *l)
{
	if (s->prompt == 0 && !s->ui)
		l->timeout = 0;
	else if (s->have_timeout)
		l->timeout = s->timeout ? s->timeout : -1;
	else if (s->prompt == 1)
		l->timeout = -1;
	else
		return;
	l->have_timeout = 1;
}

/* Entries of the labels a kexec can boot, in menu order; hidden ones only if the default. */
static void
sx_finish(struct sx *s, struct sx_list *l)
{
	int dl = sx_default_label(s), tl = sx_find(s, s->ontimeout);
	char *k = s->def ? xstrdup(s->def) : NULL;
	int line_default = k && *sx_word(k) && dl < 0 && sx_is_linux(k);

	s->ui |= k && *k && !sx_is_linux(k);
	free(k);
	for (int i = 0; i < s->n; i++) {
		const struct sx_label *lb = &s->lab[i];
		int e;

		if (lb->kernel == NULL || !lb->is_kernel || (lb->hide && i != dl))
			continue;
		e = sx_entry(s, l, lb);
		if (i == dl)
			l->def = e;
		if (i == tl)
			l->ontimeout = e;
	}
	if (line_default)
		l->def = sx_default_line(s, l);
	sx_timeout(s, l);
}

static void
sx_free(struct sx *s)
{
	for (int i = 0; i < s->n; i++) {
		struct sx_label *lb = &s->lab[i];

		free(lb->name), free(lb->title), free(lb->menu), free(lb->kernel);
		free(lb->append), free(lb->initrd), free(lb->config);
	}
	for (int i = 0; i < SX_MENU_MAX; i++)
		free(s->menus[i]);
	free(s->lab), free(s->def), free(s->def_config), free(s->append), free(s->ontimeout);
}

char *
syslinux_dir(const char *config)
{
	const char *slash = strrchr(config, '/');
	size_t n = slash ? (size_t)(slash - config) : 0;
	char *wd = xmalloc(n + 1);

	memcpy(wd, config, n);
	wd[n] = '\0';
	if (n >= 13 && strcmp(wd + n - 13, "/pxelinux.cfg") == 0)
		wd[n - 13] = '\0';
	else if (strcmp(wd, "pxelinux.cfg") == 0)
		wd[0] = '\0';
	return wd;
}

int
syslinux_read(struct sx_list *l, const struct sx_ops *ops, const char *config,
    const char *text, size_t len)
{
	struct sx s;

	memset(l, 0, sizeof *l);
	l->def = l->ontimeout = l->timeout = -1;
	memset(&s, 0, sizeof s);
	s.ops = ops;
	s.cur = -1;
	s.prompt = -1;
	sx_file(&s, config, text, len, 0);
	sx_finish(&s, l);
	sx_free(&s);
	return l->n;
}

void
sx_list_free(struct sx_list *l)
{
	for (int i = 0; i < l->n; i++) {
		struct sx_entry *e = &l->e[i];

		for (int j = 0; j < e->ninitrd; j++)
			free(e->initrd[j]);
		free(e->initrd), free(e->title), free(e->name), free(e->kernel);
		free(e->cmdline), free(e->config);
	}
	free(l->e);
	memset(l, 0, sizeof *l);
	l->def = l->ontimeout = l->timeout = -1;
}
