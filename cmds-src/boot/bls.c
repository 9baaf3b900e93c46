/* bls.c - Boot Loader Specification type #1 entries, /loader/entries/ *.conf */
#include <dirent.h>
#include <fnmatch.h>
#include "boot.h"
#include <strings.h>
#include "path.h"

#define BLS_FILE_MAX (1 << 20)
#define BLS_FILES_MAX 1024

/* The EFI name of the architecture this runs on: `architecture` is matched against it. */
#if defined(__x86_64__)
#define BLS_ARCH "x64"
#elif defined(__i386__)
#define BLS_ARCH "ia32"
#elif defined(__aarch64__)
#define BLS_ARCH "aa64"
#elif defined(__arm__)
#define BLS_ARCH "arm"
#elif defined(__riscv) && __riscv_xlen == 64
#define BLS_ARCH "riscv64"
#else
#define BLS_ARCH ""
#endif

/* One entry file: the boot entry and what the spec sorts by. */
struct bls_item {
	struct bentry e;
	char *name;		/* the file name without ".conf" */
	char *version, *machine_id, *sort_key;
	int bad;		/* boot counting: no tries left */
	int efi;		/* an efi key: a program kexec cannot run */
	int hidden;		/* for another architecture */
	int ok;			/* bootable by kexec (has linux, right architecture) */
	int tie;		/* another entry has the same title */
};

static void
bls_item_free(struct bls_item *it)
{
	free(it->e.title), free(it->e.kernel), free(it->e.cmdline), free(it->e.config);
	for (int i = 0; i < it->e.ninitrd; i++)
		free(it->e.initrd[i]);
	free(it->e.initrd);
	free(it->name), free(it->version), free(it->machine_id), free(it->sort_key);
	memset(it, 0, sizeof *it);
}

static int
bls_isalpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int
bls_isdigit(int c)
{
	return c >= '0' && c <= '9';
}

static int
bls_isverchar(int c)
{
	return bls_isalpha(c) || bls_isdigit(c) || (c && strchr("-.~^", c));
}

/* Compare numeric prefixes of any length (no overflow): leading zeroes skipped. */
static int
bls_numcmp(const char **pa, const char **pb)
{
	const char *a = *pa, *b = *pb;
	size_t na = 0, nb = 0;
	int r;

	while (*a == '0')
		a++;
	while (*b == '0')
		b++;
	while (bls_isdigit(a[na]))
		na++;
	while (bls_isdigit(b[nb]))
		nb++;
	*pa = a + na, *pb = b + nb;
	if (na != nb)
		return na < nb ? -1 : 1;
	r = memcmp(a, b, na);
	return r < 0 ? -1 : r > 0;
}

static int
bls_alphacmp(const char **pa, const char **pb)
{
	const char *a = *pa, *b = *pb;

	for (; bls_isalpha(*a) && bls_isalpha(*b); a++, b++)
		if (*a != *b)	/* ASCII: 'A' < 'a' as the spec wants */
			return *a < *b ? -1 : 1;
	*pa = a, *pb = b;
	return bls_isalpha(*a) - bls_isalpha(*b);
}

/* A separator (-, ^ or .) where the other string has none decides; low: the one with it is lower. */
static int
bls_sepcmp(const char **a, const char **b, int c, int low)
{
	if (**a != c && **b != c)
		return 0;
	if (**a != **b)
		return (**a == c) == low ? -1 : 1;
	(*a)++, (*b)++;
	return 0;
}

/*
 * The Version Format Specification's comparison. Its steps test for the end
 * of a string before "~", which would put "5.10~rc1" after "5.10", against its
 * own rule that "~ starts a suffix that always sorts lower" (and rpm, dpkg
 * and systemd): "~" is tested first here, as systemd does, so "~" < "" (the
 * spec's examples "" < "~" and "0" < "~" follow neither order). Every turn
 * of the loop consumes a byte.
 */
static int
bls_vercmp(const char *a, const char *b)
{
	int r;

	for (;;) {
		while (*a && !bls_isverchar((unsigned char)*a))
			a++;
		while (*b && !bls_isverchar((unsigned char)*b))
			b++;
		if ((r = bls_sepcmp(&a, &b, '~', 1)) != 0)
			return r;
		if (!*a || !*b)
			return (*a != 0) - (*b != 0);
		if ((r = bls_sepcmp(&a, &b, '-', 1)) != 0 || (r = bls_sepcmp(&a, &b, '^', 0)) != 0 ||
		    (r = bls_sepcmp(&a, &b, '.', 1)) != 0)
			return r;
		if (bls_isdigit(*a) || bls_isdigit(*b))
			r = bls_numcmp(&a, &b);
		else
			r = bls_alphacmp(&a, &b);
		if (r)
			return r;
	}
}

/* The spec's alphanumerical order: strcmp, an unset or empty string lower. */
static int
bls_strcmp(const char *a, const char *b)
{
	int ea = a == NULL || *a == '\0', eb = b == NULL || *b == '\0';

	if (ea || eb)
		return eb - ea;
	return strcmp(a, b);
}

/* The spec's order: bad last; sort-key, machine-id, version newest first; file name newest first. */
static int
bls_cmp(const void *pa, const void *pb)
{
	const struct bls_item *a = pa, *b = pb;
	int r;

	if (a->bad != b->bad)
		return a->bad - b->bad;
	if (a->sort_key && b->sort_key) {
		if ((r = bls_strcmp(a->sort_key, b->sort_key)) != 0 ||
		    (r = bls_strcmp(a->machine_id, b->machine_id)) != 0 ||
		    (r = bls_vercmp(b->version ? b->version : "", a->version ? a->version : "")) != 0)
			return r;
	} else if (a->sort_key || b->sort_key)
		return a->sort_key ? -1 : 1;
	if ((r = bls_vercmp(b->name, a->name)) != 0)
		return r;
	return strcmp(a->name, b->name);	/* "1_" and "1" compare equal as versions */
}

static void
bls_set(char **field, const char *v)
{
	free(*field);
	*field = xstrdup(v);
}

/* Paths are relative to the root of the entry's filesystem, a leading "/" optional. */
static char *
bls_rooted(const char *v)
{
	char *p = xmalloc(strlen(v) + 2);

	p[0] = '/';
	strcpy(p + (*v == '/' ? 0 : 1), v);
	return p;
}

static void
bls_add_option(struct bentry *e, const char *v)
{
	size_t n = e->cmdline ? strlen(e->cmdline) : 0;

	if (*v == '\0')
		return;
	e->cmdline = xrealloc(e->cmdline, n + strlen(v) + 2);
	if (n)
		e->cmdline[n++] = ' ';
	strcpy(e->cmdline + n, v);
}

/* One "key value" line. Keys the spec leaves to others (grub_users, devicetree...) are ignored. */
static void
bls_key(struct bls_item *it, const char *key, const char *v)
{
	struct bentry *e = &it->e;

	if (strcmp(key, "title") == 0)
		bls_set(&e->title, v);
	else if (strcmp(key, "version") == 0)
		bls_set(&it->version, v);
	else if (strcmp(key, "machine-id") == 0)
		bls_set(&it->machine_id, v);
	else if (strcmp(key, "sort-key") == 0)
		bls_set(&it->sort_key, v);
	else if (strcmp(key, "linux") == 0) {
		free(e->kernel);
		e->kernel = bls_rooted(v);
	} else if (strcmp(key, "initrd") == 0) {
		e->initrd = xrealloc(e->initrd, (e->ninitrd + 1) * sizeof *e->initrd);
		e->initrd[e->ninitrd++] = bls_rooted(v);
	} else if (strcmp(key, "options") == 0)
		bls_add_option(e, v);
	else if (strcmp(key, "efi") == 0)
		it->efi = 1;
	else if (strcmp(key, "architecture") == 0)
		it->hidden = strcasecmp(v, BLS_ARCH) != 0;
}

/* Split "key value" in place: the value is the rest after blanks, trailing blanks cut. 0 if none. */
static int
bls_split(char *s, char **key, char **val)
{
	char *v, *end;

	while (*s == ' ' || *s == '\t')
		s++;
	if (*s == '#' || *s == '\0')
		return 0;
	for (v = s; *v && *v != ' ' && *v != '\t'; v++)
		;
	end = v + strlen(v);
	if (*v)
		*v++ = '\0';
	while (*v == ' ' || *v == '\t')
		v++;
	while (end > v && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
		*--end = '\0';
	*key = s, *val = v;
	return 1;
}

/* Boot counting: a name ending "+LEFT" or "+LEFT-DONE" with LEFT 0 is a bad entry. */
static int
bls_bad(const char *name)
{
	const char *p = strrchr(name, '+');
	size_t n;

	if (p == NULL)
		return 0;
	n = strspn(++p, "0123456789");
	if (n == 0 || strspn(p, "0") != n)
		return 0;
	p += n;
	if (*p == '-') {
		if (!bls_isdigit(*++p))
			return 0;
		p += strspn(p, "0123456789");
	}
	return *p == '\0';
}

/* The file name without directory and ".conf". */
static void
bls_name(struct bls_item *it, const char *config)
{
	const char *base = strrchr(config, '/') ? strrchr(config, '/') + 1 : config;
	size_t n = strlen(base);

	if (n > 5 && strcmp(base + n - 5, ".conf") == 0)
		n -= 5;
	it->name = xmalloc(n + 1);
	memcpy(it->name, base, n);
	it->name[n] = '\0';
	it->bad = bls_bad(it->name);
}

/* Parse one entry file into it; warns and leaves it->ok 0 if it cannot be booted. */
static void
bls_read_item(struct bls_item *it, const struct bfs *fs, const char *config, const char *text,
    size_t len)
{
	char line[CFG_LINE_MAX + 1], *key, *val;
	size_t pos = 0;
	int lineno = 0, r;

	memset(it, 0, sizeof *it);
	bls_name(it, config);
	while ((r = cfg_line(config, text, len, &pos, &lineno, line)) >= 0)
		if (r && bls_split(line, &key, &val))
			bls_key(it, key, val);
	it->e.fs = fs;
	it->e.config = xstrdup(config);
	it->e.line = 1;
	if (it->e.cmdline == NULL)
		it->e.cmdline = xstrdup("");
	if (it->e.title == NULL)
		it->e.title = xstrdup(it->version ? it->version : it->name);
	/* An efi program cannot be kexec'd, and a foreign architecture is hidden: both quietly. */
	if (it->e.kernel == NULL && !it->efi && !it->hidden)
		warn("%s: no linux key, entry ignored", config);
	it->ok = it->e.kernel != NULL && !it->hidden;
}

/* Move an item's entry onto the list (the list owns its strings from now on). */
static void
bls_take(struct blist *l, struct bls_item *it)
{
	*blist_add(l) = it->e;
	memset(&it->e, 0, sizeof it->e);
	bls_item_free(it);
}

int
bls_parse(struct blist *l, const struct bfs *fs, const char *config, const char *text, size_t len)
{
	struct bls_item it;

	bls_read_item(&it, fs, config, text, len);
	if (!it.ok) {
		bls_item_free(&it);
		return 0;
	}
	bls_take(l, &it);
	return 1;
}

/* Entries with the same title show more, as the spec suggests: "TITLE (VERSION)", else the file name. */
static void
bls_untie(struct bls_item *it, int n)
{
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n && !it[i].tie; j++)
			it[i].tie = j != i && strcmp(it[i].e.title, it[j].e.title) == 0;
	for (int i = 0; i < n; i++) {
		const char *more = it[i].version ? it[i].version : it[i].name;
		char *t;

		if (!it[i].tie || strcmp(it[i].e.title, more) == 0)
			continue;
		t = xmalloc(strlen(it[i].e.title) + strlen(more) + 4);
		sprintf(t, "%s (%s)", it[i].e.title, more);
		free(it[i].e.title);
		it[i].e.title = t;
	}
}

static int
bls_namecmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The *.conf names in dir, sorted (so warnings come in a stable order); NULL if none or no dir. */
static char **
bls_list(const struct bfs *fs, const char *dir, int *n)
{
	char *full = bfs_path(fs, dir), **names = NULL;
	DIR *d = opendir(full);
	struct dirent *de;
	size_t len;

	*n = 0;
	if (d == NULL && errno != ENOENT)
		warn("%s: %s", dir, strerror(errno));
	free(full);
	while (d && (de = readdir(d)) != NULL && *n < BLS_FILES_MAX) {
		len = strlen(de->d_name);
		if (de->d_name[0] == '.' || len < 6 || strcmp(de->d_name + len - 5, ".conf") != 0)
			continue;
		names = xrealloc(names, (*n + 1) * sizeof *names);
		names[(*n)++] = xstrdup(de->d_name);
	}
	if (d)
		closedir(d);
	if (*n)
		qsort(names, *n, sizeof *names, bls_namecmp);
	return names;
}

/* Read and parse dir/name; 1 if it is a bootable entry. */
static int
bls_load(struct bls_item *it, const struct bfs *fs, const char *dir, const char *name)
{
	char *config = path_join(dir, name), *text;
	size_t len;

	text = bfs_read(fs, config, BLS_FILE_MAX, &len);
	if (text == NULL) {
		warn("%s: %s", config, strerror(errno));
		free(config);
		return 0;
	}
	bls_read_item(it, fs, config, text, len);
	free(text);
	free(config);
	if (!it->ok)
		bls_item_free(it);
	return it->ok;
}

/* systemd-boot's timeout: seconds, or words for "wait" and "boot at once". */
static void
bls_timeout(struct blist *l, const char *v, const char *config, int line)
{
	char *end;
	long t = strtol(v, &end, 10);

	if (strcmp(v, "menu-force") == 0)
		t = -1;
	else if (strcmp(v, "menu-hidden") == 0 || strcmp(v, "menu-disabled") == 0)
		t = 0;
	else if (end == v || *end || t < 0 || t > 100000) {
		warn("%s:%d: bad timeout '%s'", config, line, v);
		return;
	} else
		t *= 10;
	l->timeout = (int)t;
	l->have_timeout = 1;
}

/*
 * loader.conf beside the entries directory (systemd-boot's, optional):
 * `timeout`, and `default`, a glob over entry file names; returns it malloc'd.
 * Other keys, and "@saved" (an EFI variable), are not ours.
 */
static char *
bls_loader_conf(struct blist *l, const struct bfs *fs, const char *dir)
{
	size_t n = strlen(dir), len;
	char *config, *text, *line, *next, *key, *val, *def = NULL;
	int lineno = 0;

	if (n < 8 || strcmp(dir + n - 8, "/entries") != 0)
		return NULL;
	config = xmalloc(n + 8);
	sprintf(config, "%.*s/loader.conf", (int)(n - 8), dir);
	text = bfs_read(fs, config, BLS_FILE_MAX, &len);
	for (line = text; line && line < text + len; line = next) {
		if ((next = memchr(line, '\n', text + len - line)) != NULL)
			*next++ = '\0';
		lineno++;
		if (strlen(line) > CFG_LINE_MAX || !bls_split(line, &key, &val))
			continue;
		if (strcmp(key, "timeout") == 0)
			bls_timeout(l, val, config, lineno);
		else if (strcmp(key, "default") == 0 && *val != '@')
			bls_set(&def, val);
	}
	free(text);
	free(config);
	return def;
}

/* The first entry (newest first) whose file name, with or without ".conf", the glob matches. */
static int
bls_default(const struct bls_item *it, int n, const char *glob)
{
	char buf[300];

	for (int i = 0; glob && i < n; i++) {
		snprintf(buf, sizeof buf, "%s.conf", it[i].name);
		if (fnmatch(glob, it[i].name, 0) == 0 || fnmatch(glob, buf, 0) == 0)
			return i;
	}
	return -1;
}

int
bls_scan(struct blist *l, const struct bfs *fs, const char *dir)
{
	int nnames, n = 0, def;
	char **names = bls_list(fs, dir, &nnames), *glob;
	struct bls_item *it = xmalloc((nnames + 1) * sizeof *it);

	for (int i = 0; i < nnames; i++) {
		n += bls_load(&it[n], fs, dir, names[i]);
		free(names[i]);
	}
	free(names);
	qsort(it, n, sizeof *it, bls_cmp);
	bls_untie(it, n);
	glob = n ? bls_loader_conf(l, fs, dir) : NULL;
	if ((def = bls_default(it, n, glob)) >= 0) {
		l->def = l->n + def;
		l->have_default = 1;
	}
	free(glob);
	for (int i = 0; i < n; i++)
		bls_take(l, &it[i]);
	free(it);
	return n;
}
