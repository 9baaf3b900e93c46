/* ls - list directory contents */
#include "cmd.h"
#include "io.h"
#include "path.h"
#include "num.h"
#include "attr.h"

static const char usage[] = "ls [-1ACFRSadhilnprst] [--color[=WHEN]] [FILE...]";

#define SIX_MONTHS (365L * 24 * 60 * 60 / 2)

enum layout { ONE_PER_LINE, COLUMNS, LONG };

static struct {
	int all;		/* 2: -a, 1: -A, 0: no dot files */
	int dir_as_file;	/* -d */
	int mark;		/* 'F', 'p' or 0 */
	int color;		/* --color: names in the usual colours by type */
	enum layout layout;
	int numeric;		/* -n */
	int recurse;		/* -R */
	int reverse;		/* -r */
	int sort;		/* 't', 'S' or 0 for names */
	int inode, blocks, human;
	int tty;		/* show control characters as '?' */
	int width;		/* line width for columns */
	time_t now;
	int printed;		/* a later directory needs a blank line first */
} ls;

struct ent {
	char *name;
	char *link;		/* symlink target, with -l */
	struct stat st;
};

struct list {
	struct ent *v;
	size_t n, cap;
};

/* Column widths in one listing. */
struct widths {
	int inode, blocks, nlink, user, group, size;
};

static void
list_add(struct list *l, const char *name, const struct stat *st, char *link)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 16;
		l->v = xrealloc(l->v, l->cap * sizeof *l->v);
	}
	l->v[l->n].name = xstrdup(name);
	l->v[l->n].link = link;
	l->v[l->n].st = *st;
	l->n++;
}

static void
list_free(struct list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->v[i].name);
		free(l->v[i].link);
	}
	free(l->v);
	l->v = NULL;
	l->n = l->cap = 0;
}

static int
cmp_ent(const void *pa, const void *pb)
{
	const struct ent *a = pa, *b = pb;
	int r = 0;

	if (ls.sort == 't') {
		if (a->st.st_mtim.tv_sec != b->st.st_mtim.tv_sec)
			r = a->st.st_mtim.tv_sec < b->st.st_mtim.tv_sec ? 1 : -1;
		else if (a->st.st_mtim.tv_nsec != b->st.st_mtim.tv_nsec)
			r = a->st.st_mtim.tv_nsec < b->st.st_mtim.tv_nsec ? 1 : -1;
	} else if (ls.sort == 'S' && a->st.st_size != b->st.st_size) {
		r = a->st.st_size < b->st.st_size ? 1 : -1;
	}
	if (r == 0)
		r = strcmp(a->name, b->name);
	return ls.reverse ? -r : r;
}

static void
list_sort(struct list *l)
{
	if (l->n > 1)
		qsort(l->v, l->n, sizeof *l->v, cmp_ent);
}

static int
hidden(const char *name)
{
	if (name[0] != '.')
		return 0;
	if (ls.all == 2)
		return 0;
	if (ls.all == 1)
		return name[1] == '\0' || (name[1] == '.' && name[2] == '\0');
	return 1;
}

/* Read directory PATH into L, stat'ing each entry; -1 if it cannot be opened. */
static int
read_dir(const char *path, struct list *l)
{
	struct dirent *e;
	struct stat st;
	DIR *d = opendir(path);
	char *link;

	if (d == NULL)
		return -1;
	while (errno = 0, (e = readdir(d)) != NULL) {
		if (hidden(e->d_name))
			continue;
		if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
			warn_errno("%s/%s", path, e->d_name);
			continue;
		}
		link = NULL;
		if (ls.layout == LONG && S_ISLNK(st.st_mode))
			link = link_read(dirfd(d), e->d_name);
		list_add(l, e->d_name, &st, link);
	}
	if (errno != 0)
		warn_errno("%s", path);
	closedir(d);
	return 0;
}

/* Linux's dev_t layout; <sys/sysmacros.h> is not in every libc's default set. */
static unsigned
dev_major(dev_t d)
{
	return ((d >> 32) & 0xfffff000) | ((d >> 8) & 0xfff);
}

static unsigned
dev_minor(dev_t d)
{
	return ((d >> 12) & 0xffffff00) | (d & 0xff);
}

static void
size_string(char *buf, size_t n, const struct stat *st)
{
	char h[HUMAN_LEN];

	if (S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode))
		snprintf(buf, n, "%u, %3u", dev_major(st->st_rdev), dev_minor(st->st_rdev));
	else if (ls.human)
		snprintf(buf, n, "%s", human_size(h, st->st_size));
	else
		snprintf(buf, n, "%lld", (long long)st->st_size);
}

/* Allocated size in 1K blocks, or for people with -h. */
static void
blocks_string(char *buf, size_t n, unsigned long long blocks512)
{
	char h[HUMAN_LEN];

	if (ls.human)
		snprintf(buf, n, "%s", human_size(h, blocks512 * 512));
	else
		snprintf(buf, n, "%llu", (blocks512 + 1) / 2);
}

static void
time_string(char *buf, size_t n, time_t t)
{
	struct tm *tm = localtime(&t);
	int recent = t > ls.now - SIX_MONTHS && t <= ls.now;

	if (tm == NULL || strftime(buf, n, recent ? "%b %e %H:%M" : "%b %e  %Y", tm) == 0)
		snprintf(buf, n, "%lld", (long long)t);
}

static const char *
user_string(char *buf, size_t n, uid_t uid)
{
	if (!ls.numeric)
		return uid_name(uid);
	snprintf(buf, n, "%u", (unsigned)uid);
	return buf;
}

static const char *
group_string(char *buf, size_t n, gid_t gid)
{
	if (!ls.numeric)
		return gid_name(gid);
	snprintf(buf, n, "%u", (unsigned)gid);
	return buf;
}

/* The -F or -p mark after a name, or 0; -l shows links with their targets instead. */
static int
indicator(const struct ent *e)
{
	mode_t m = e->st.st_mode;

	if (ls.mark == 0)
		return 0;
	if (S_ISDIR(m))
		return '/';
	if (ls.mark != 'F')
		return 0;
	if (S_ISLNK(m))
		return ls.layout == LONG ? 0 : '@';
	if (S_ISFIFO(m))
		return '|';
	if (S_ISSOCK(m))
		return '=';
	if (S_ISREG(m) && (m & 0111))
		return '*';
	return 0;
}

/* Display width: bytes that do not continue a UTF-8 sequence. */
static int
name_width(const char *s)
{
	int w = 0;

	for (; *s; s++)
		w += (*s & 0xc0) != 0x80;
	return w;
}

static int
ent_width(const struct ent *e)
{
	return name_width(e->name) + (indicator(e) != 0);
}

/* The usual colours (dircolors' defaults) by type; NULL for none. */
static const char *
color_of(mode_t m)
{
	if (S_ISDIR(m))
		return "01;34";
	if (S_ISLNK(m))
		return "01;36";
	if (S_ISFIFO(m))
		return "40;33";
	if (S_ISSOCK(m))
		return "01;35";
	if (S_ISBLK(m) || S_ISCHR(m))
		return "40;33;01";
	if (S_ISREG(m) && (m & 0111))
		return "01;32";
	return NULL;
}

/* A name, control characters shown as '?' on terminals, then its mark. */
static void
put_name(const struct ent *e)
{
	const char *color = ls.color ? color_of(e->st.st_mode) : NULL;
	int c;

	if (color != NULL)
		printf("\033[%sm", color);
	for (const char *p = e->name; *p; p++) {
		c = (unsigned char)*p;
		putchar(ls.tty && (c < 0x20 || c == 0x7f) ? '?' : c);
	}
	if (color != NULL)
		fputs("\033[0m", stdout);
	if ((c = indicator(e)) != 0)
		putchar(c);
}

static int
max(int a, int b)
{
	return a > b ? a : b;
}

/* Widths of the columns that line up: -i, -s, and those of -l. */
static void
measure(const struct list *l, struct widths *w)
{
	char buf[64];

	memset(w, 0, sizeof *w);
	for (size_t i = 0; i < l->n; i++) {
		const struct stat *st = &l->v[i].st;

		w->inode = max(w->inode, snprintf(buf, sizeof buf, "%llu", (unsigned long long)st->st_ino));
		blocks_string(buf, sizeof buf, st->st_blocks);
		w->blocks = max(w->blocks, (int)strlen(buf));
		if (ls.layout != LONG)
			continue;
		w->nlink = max(w->nlink, snprintf(buf, sizeof buf, "%lu", (unsigned long)st->st_nlink));
		w->user = max(w->user, (int)strlen(user_string(buf, sizeof buf, st->st_uid)));
		w->group = max(w->group, (int)strlen(group_string(buf, sizeof buf, st->st_gid)));
		size_string(buf, sizeof buf, st);
		w->size = max(w->size, (int)strlen(buf));
	}
}

/* The -i and -s columns that lead every layout. */
static void
put_prefix(const struct ent *e, const struct widths *w)
{
	char buf[64];

	if (ls.inode)
		printf("%*llu ", w->inode, (unsigned long long)e->st.st_ino);
	if (ls.blocks) {
		blocks_string(buf, sizeof buf, e->st.st_blocks);
		printf("%*s ", w->blocks, buf);
	}
}

static int
prefix_width(const struct widths *w)
{
	return (ls.inode ? w->inode + 1 : 0) + (ls.blocks ? w->blocks + 1 : 0);
}

static void
put_long(const struct ent *e, const struct widths *w)
{
	char mode[11], size[64], date[64], ubuf[24], gbuf[24];

	mode_str(mode, e->st.st_mode);
	size_string(size, sizeof size, &e->st);
	time_string(date, sizeof date, e->st.st_mtim.tv_sec);
	printf("%s %*lu %-*s %-*s %*s %s ", mode, w->nlink, (unsigned long)e->st.st_nlink,
	    w->user, user_string(ubuf, sizeof ubuf, e->st.st_uid),
	    w->group, group_string(gbuf, sizeof gbuf, e->st.st_gid), w->size, size, date);
	put_name(e);
	if (e->link != NULL)
		printf(" -> %s", e->link);
	putchar('\n');
}

/* Columns filled downwards, as many as fit in ls.width; returns the count. */
static size_t
fit_columns(const struct list *l, int pre, int *colw)
{
	size_t cols, rows, c, i;
	int total;

	/* Each column takes at least one character and two spaces. */
	cols = l->n < (size_t)ls.width / 3 + 1 ? l->n : (size_t)ls.width / 3 + 1;
	for (; cols > 1; cols--) {
		rows = (l->n + cols - 1) / cols;
		if ((cols - 1) * rows >= l->n)
			continue;
		total = 0;
		for (c = 0; c < cols; c++) {
			colw[c] = 0;
			for (i = c * rows; i < (c + 1) * rows && i < l->n; i++)
				colw[c] = max(colw[c], pre + ent_width(&l->v[i]));
			total += colw[c] + (c + 1 < cols ? 2 : 0);
		}
		if (total < ls.width)
			return cols;
	}
	return 1;
}

static void
put_columns(const struct list *l, const struct widths *w)
{
	int *colw = xmalloc((l->n + 1) * sizeof *colw);
	int pre = prefix_width(w);
	size_t cols = fit_columns(l, pre, colw), rows = (l->n + cols - 1) / cols;

	for (size_t r = 0; r < rows; r++) {
		for (size_t c = 0, i = r; c < cols && i < l->n; c++, i += rows) {
			put_prefix(&l->v[i], w);
			put_name(&l->v[i]);
			if (c + 1 < cols && i + rows < l->n)
				printf("%*s", colw[c] + 2 - pre - ent_width(&l->v[i]), "");
		}
		putchar('\n');
	}
	free(colw);
}

/* One listing: the entries of a directory (with a total), or the file operands. */
static void
put_list(const struct list *l, int is_dir)
{
	struct widths w;
	unsigned long long total = 0;
	char buf[64];

	measure(l, &w);
	if (is_dir && (ls.layout == LONG || ls.blocks)) {
		for (size_t i = 0; i < l->n; i++)
			total += l->v[i].st.st_blocks;
		blocks_string(buf, sizeof buf, total);
		printf("total %s\n", buf);
	}
	if (ls.layout == COLUMNS && l->n > 0) {
		put_columns(l, &w);
		return;
	}
	for (size_t i = 0; i < l->n; i++) {
		put_prefix(&l->v[i], &w);
		if (ls.layout == LONG) {
			put_long(&l->v[i], &w);
			continue;
		}
		put_name(&l->v[i]);
		putchar('\n');
	}
}

static void
list_dir(const char *path, int header)
{
	struct list l = { NULL, 0, 0 };

	if (read_dir(path, &l) < 0) {
		warn_errno("%s", path);
		return;
	}
	if (ls.printed)
		putchar('\n');
	if (header)
		printf("%s:\n", path);
	ls.printed = 1;
	list_sort(&l);
	put_list(&l, 1);
	for (size_t i = 0; ls.recurse && i < l.n; i++) {
		const char *name = l.v[i].name;

		if (S_ISDIR(l.v[i].st.st_mode) && strcmp(name, ".") != 0 && strcmp(name, "..") != 0) {
			char *sub = path_join(path, name);

			list_dir(sub, 1);
			free(sub);
		}
	}
	list_free(&l);
}

/*
 * Operands name symlinks' targets, except with -d, -F or -l, which show the
 * link itself; a dangling link is shown as a link either way.
 */
static int
stat_operand(const char *path, struct stat *st)
{
	if (!ls.dir_as_file && ls.mark != 'F' && ls.layout != LONG && stat(path, st) == 0)
		return 0;
	return lstat(path, st);
}

static void
sort_operands(int n, char **args, struct list *files, struct list *dirs)
{
	struct stat st;
	char *link;

	for (int i = 0; i < n; i++) {
		if (stat_operand(args[i], &st) < 0) {
			warn_errno("%s", args[i]);
			continue;
		}
		if (S_ISDIR(st.st_mode) && !ls.dir_as_file) {
			list_add(dirs, args[i], &st, NULL);
			continue;
		}
		link = NULL;
		if (ls.layout == LONG && S_ISLNK(st.st_mode))
			link = link_read(AT_FDCWD, args[i]);
		list_add(files, args[i], &st, link);
	}
}

enum { OPT_COLOR = 1 };

/* --color[=WHEN]: always, never or auto (a terminal), with GNU's other spellings. */
static int
color_when(const char *when)
{
	static const char *const words[] = {
		"always", "yes", "force", "never", "no", "none", "auto", "tty", "if-tty",
	};

	if (when == NULL)
		return 1;
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		if (strcmp(when, words[i]) == 0)
			return i < 3 ? 1 : i < 6 ? 0 : ls.tty;
	die("%s: invalid argument for --color (always, never or auto)", when);
	return 0;	/* not reached; tcc does not know that die() never returns */
}

static const struct opt_long longs[] = {
	{ "all", 'a' }, { "almost-all", 'A' }, { "classify", 'F' }, { "directory", 'd' },
	{ "human-readable", 'h' }, { "inode", 'i' }, { "numeric-uid-gid", 'n' },
	{ "recursive", 'R' }, { "reverse", 'r' }, { "size", 's' }, { "color", OPT_COLOR },
	{ "colour", OPT_COLOR }, { NULL, 0 },
};

static void
parse_options(struct opt *o)
{
	int c;

	o->longs = longs;
	while ((c = opt_next(o, "1ACFRSadhilnprst\001::")) != -1) {
		switch (c) {
		case '1': ls.layout = ONE_PER_LINE; break;
		case 'C': ls.layout = COLUMNS; break;
		case 'l': ls.layout = LONG; break;
		case 'n': ls.layout = LONG; ls.numeric = 1; break;
		case 'a': ls.all = 2; break;
		case 'A': ls.all = 1; break;
		case 'd': ls.dir_as_file = 1; break;
		case 'F': case 'p': ls.mark = c; break;
		case 'R': ls.recurse = 1; break;
		case 'r': ls.reverse = 1; break;
		case 'S': case 't': ls.sort = c; break;
		case 'h': ls.human = 1; break;
		case 'i': ls.inode = 1; break;
		case 's': ls.blocks = 1; break;
		case OPT_COLOR: ls.color = color_when(o->arg); break;
		default: die_usage(o);
		}
	}
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	struct list files = { NULL, 0, 0 }, dirs = { NULL, 0, 0 };
	static char *dot[] = { ".", NULL };
	char **args;
	int n;

	memset(&ls, 0, sizeof ls);
	ls.tty = isatty(1);
	ls.layout = ls.tty ? COLUMNS : ONE_PER_LINE;
	parse_options(&o);
	ls.width = term_cols(1);
	ls.now = time(NULL);
	n = argc - o.ind;
	args = n > 0 ? argv + o.ind : dot;
	sort_operands(n > 0 ? n : 1, args, &files, &dirs);
	list_sort(&files);
	list_sort(&dirs);
	if (files.n > 0) {
		put_list(&files, 0);
		ls.printed = 1;
	}
	for (size_t i = 0; i < dirs.n; i++)
		list_dir(dirs.v[i].name, n > 1 || ls.recurse);
	list_free(&files);
	list_free(&dirs);
	return cmd_exit();
}
