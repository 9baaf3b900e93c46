/* diff - compare files line by line */
#include "cmd.h"
#include "path.h"
#include <ctype.h>

static const char usage[] =
    "diff [-abBiNqrsTtw] [-c | -C N | -e | -u | -U N] FILE1 FILE2";

struct line {
	const char *s;
	size_t len;		/* without the newline */
	int nl;			/* it had one */
	unsigned hash;
	long id;		/* equal lines, by the -b -w -i rules, share an id */
};

struct file {
	const char *name;
	struct stat st;
	char *data;
	size_t size;
	struct line *v;
	long n;
	char *changed;		/* per line, with a 0 before and after */
};

static struct {
	int fmt;		/* 0 normal, 'u', 'c', 'e', 'q' */
	long context;
	int text, space_change, all_space, icase, blank_lines, new_file, recurse, same;
	char *switches;		/* the options as typed, for "diff -r" headers */
} f;

/* ---- reading ---- */

static int
read_all(int fd, char **data, size_t *size)
{
	size_t cap = 65536, n = 0;
	char *p = xmalloc(cap);
	ssize_t r;

	for (;;) {
		if (n == cap)
			p = xrealloc(p, cap *= 2);
		r = read(fd, p + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			free(p);
			return -1;
		}
		if (r == 0)
			break;
		n += r;
	}
	*data = p;
	*size = n;
	return 0;
}

static void
split_lines(struct file *fl)
{
	const char *p = fl->data, *e = fl->data + fl->size, *nl;
	long cap = 1024;

	fl->v = xmalloc(cap * sizeof *fl->v);
	fl->n = 0;
	for (; p < e; p = nl + 1) {
		if (fl->n == cap)
			fl->v = xrealloc(fl->v, (cap *= 2) * sizeof *fl->v);
		if ((nl = memchr(p, '\n', e - p)) == NULL)
			nl = e;
		fl->v[fl->n].s = p;
		fl->v[fl->n].len = nl - p;
		fl->v[fl->n].nl = nl < e;
		fl->n++;
	}
	fl->changed = calloc(fl->n + 2, 1);
	if (fl->changed == NULL)
		die("out of memory");
	fl->changed++;
}

/* Load NAME ("-" is standard input; NULL is an absent file for -N). */
static int
load(struct file *fl, const char *name, int absent)
{
	int fd = 0, r;

	memset(fl, 0, sizeof *fl);
	fl->name = name;
	if (absent) {
		fl->data = xmalloc(1);
	} else {
		if (strcmp(name, "-") != 0 && (fd = open(name, O_RDONLY | O_CLOEXEC)) < 0)
			return -1;
		if (fstat(fd, &fl->st) < 0 || (r = read_all(fd, &fl->data, &fl->size)) < 0) {
			r = errno;
			if (fd != 0)
				close(fd);
			errno = r;
			return -1;
		}
		if (fd != 0)
			close(fd);
	}
	split_lines(fl);
	return 0;
}

static void
unload(struct file *fl)
{
	free(fl->data);
	free(fl->v);
	if (fl->changed != NULL)
		free(fl->changed - 1);
}

/* ---- equal lines ---- */

static int
is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r';
}

/*
 * The next byte of a line as -b, -w and -i see it: -w drops white space, -b
 * makes a run of it one space and drops it at the end, -i folds case.
 * Returns -1 at the end.
 */
static int
next_byte(const struct line *l, size_t *i)
{
	int c;

	if (f.all_space || f.space_change) {
		size_t j = *i;

		while (j < l->len && is_space((unsigned char)l->s[j]))
			j++;
		if (j > *i && (f.all_space || j == l->len)) {
			*i = j;
		} else if (j > *i) {
			*i = j;
			return ' ';
		}
	}
	if (*i >= l->len)
		return -1;
	c = (unsigned char)l->s[(*i)++];
	return f.icase ? tolower(c) : c;
}

static int
same_line(const struct line *a, const struct line *b)
{
	size_t i = 0, j = 0;
	int x, y;

	if (a->nl != b->nl)
		return 0;
	if (!f.all_space && !f.space_change && !f.icase)
		return a->len == b->len && memcmp(a->s, b->s, a->len) == 0;
	do {
		x = next_byte(a, &i);
		y = next_byte(b, &j);
	} while (x == y && x != -1);
	return x == y;
}

static unsigned
hash_line(const struct line *l)
{
	unsigned h = 2166136261u + l->nl;
	size_t i = 0;
	int c;

	while ((c = next_byte(l, &i)) != -1)
		h = (h ^ (unsigned)c) * 16777619u;
	return h;
}

/* Give equal lines of both files the same id, through a hash table. */
static void
assign_ids(struct file *a, struct file *b)
{
	size_t nb = 1, i;
	long *head, *next, ids = 0;
	struct line **rep;
	struct file *fl;
	long total = a->n + b->n, k;

	while (nb < (size_t)total * 2)
		nb <<= 1;
	head = xmalloc(nb * sizeof *head);
	next = xmalloc((total + 1) * sizeof *next);
	rep = xmalloc((total + 1) * sizeof *rep);
	for (i = 0; i < nb; i++)
		head[i] = -1;
	for (fl = a; fl != NULL; fl = fl == a ? b : NULL) {
		for (k = 0; k < fl->n; k++) {
			struct line *l = &fl->v[k];
			long *p;

			l->hash = hash_line(l);
			for (p = &head[l->hash & (nb - 1)]; *p >= 0; p = &next[*p])
				if (rep[*p]->hash == l->hash && same_line(rep[*p], l))
					break;
			if (*p < 0) {
				*p = ids;
				next[ids] = -1;
				rep[ids++] = l;
			}
			l->id = *p;
		}
	}
	free(head);
	free(next);
	free(rep);
}

/* ---- the shortest edit script: Myers' O(ND), in linear space ---- */

static long *ida, *idb, *vf, *vb;
static char *cha, *chb;

/* The middle snake of A[a0..a0+N) against B[b0..b0+M): from (*sx,*sy) to (*ex,*ey). */
static void
middle_snake(long a0, long n, long b0, long m, long *sx, long *sy, long *ex, long *ey)
{
	long delta = n - m, maxd = (n + m + 1) / 2, off = maxd + 1, d, k, x, y, x0, y0;
	long limit = maxd > 4096 ? 4096 : maxd, bestx = 0, besty = 0;
	int odd = delta & 1;

	vf[off + 1] = 0;
	vb[off + 1] = 0;
	for (d = 0; d <= maxd; d++) {
		for (k = -d; k <= d; k += 2) {
			x = k == -d || (k != d && vf[off + k - 1] < vf[off + k + 1]) ?
			    vf[off + k + 1] : vf[off + k - 1] + 1;
			y = x - k;
			x0 = x;
			y0 = y;
			while (x < n && y < m && ida[a0 + x] == idb[b0 + y])
				x++, y++;
			vf[off + k] = x;
			if (x + y > bestx + besty && x <= n && y <= m && y >= 0) {
				bestx = x;
				besty = y;
			}
			if (odd && k >= delta - (d - 1) && k <= delta + (d - 1) &&
			    x + vb[off + delta - k] >= n) {
				*sx = x0, *sy = y0, *ex = x, *ey = y;
				return;
			}
		}
		for (k = -d; k <= d; k += 2) {
			x = k == -d || (k != d && vb[off + k - 1] < vb[off + k + 1]) ?
			    vb[off + k + 1] : vb[off + k - 1] + 1;
			y = x - k;
			x0 = x;
			y0 = y;
			while (x < n && y < m && ida[a0 + n - 1 - x] == idb[b0 + m - 1 - y])
				x++, y++;
			vb[off + k] = x;
			if (!odd && delta - k >= -d && delta - k <= d && x + vf[off + delta - k] >= n) {
				*sx = n - x, *sy = m - y, *ex = n - x0, *ey = m - y0;
				return;
			}
		}
		/* Too costly to be exact: split at the furthest point reached. */
		if (d >= limit && bestx + besty > 0 && (bestx < n || besty < m)) {
			*sx = *ex = bestx;
			*sy = *ey = besty;
			return;
		}
	}
	*sx = *ex = n;
	*sy = *ey = m;
}

static void
compare(long a0, long a1, long b0, long b1)
{
	long sx, sy, ex, ey;

	while (a0 < a1 && b0 < b1 && ida[a0] == idb[b0])
		a0++, b0++;
	while (a0 < a1 && b0 < b1 && ida[a1 - 1] == idb[b1 - 1])
		a1--, b1--;
	if (a0 == a1 || b0 == b1) {
		memset(cha + a0, 1, a1 - a0);
		memset(chb + b0, 1, b1 - b0);
		return;
	}
	middle_snake(a0, a1 - a0, b0, b1 - b0, &sx, &sy, &ex, &ey);
	compare(a0, a0 + sx, b0, b0 + sy);
	compare(a0 + ex, a1, b0 + ey, b1);
}

/*
 * As GNU diff: slide each run of changes as far down as it will go, then back
 * up to line up with a run in the other file, so equal edits read the same.
 */
static void
shift_boundaries(struct file *fl, const struct file *other)
{
	char *changed = fl->changed, *oc = other->changed;
	long i = 0, j = 0, end = fl->n, start, run, corr;

	for (;;) {
		while (i < end && !changed[i]) {
			while (oc[j++])
				;
			i++;
		}
		if (i == end)
			break;
		start = i;
		while (changed[++i])
			;
		while (oc[j])
			j++;
		do {
			run = i - start;
			while (start > 0 && fl->v[start - 1].id == fl->v[i - 1].id) {
				changed[--start] = 1;
				changed[--i] = 0;
				while (changed[start - 1])
					start--;
				while (oc[--j])
					;
			}
			corr = oc[j - 1] ? i : end;
			while (i != end && fl->v[start].id == fl->v[i].id) {
				changed[start++] = 0;
				changed[i++] = 1;
				while (changed[i])
					i++;
				while (oc[++j])
					corr = i;
			}
		} while (run != i - start);
		while (corr < i) {
			changed[--start] = 1;
			changed[--i] = 0;
			while (oc[--j])
				;
		}
	}
}

static void
diff_lines(struct file *a, struct file *b)
{
	long k, size = a->n + b->n + 3;

	assign_ids(a, b);
	ida = xmalloc((a->n + 1) * sizeof *ida);
	idb = xmalloc((b->n + 1) * sizeof *idb);
	for (k = 0; k < a->n; k++)
		ida[k] = a->v[k].id;
	for (k = 0; k < b->n; k++)
		idb[k] = b->v[k].id;
	vf = xmalloc(size * sizeof *vf);
	vb = xmalloc(size * sizeof *vb);
	cha = a->changed;
	chb = b->changed;
	compare(0, a->n, 0, b->n);
	shift_boundaries(a, b);
	shift_boundaries(b, a);
	free(ida);
	free(idb);
	free(vf);
	free(vb);
}

/* ---- output ---- */

/* One run of changes: A[a0..a1) became B[b0..b1). */
struct change {
	long a0, a1, b0, b1;
};

static struct change *
changes(const struct file *a, const struct file *b, long *n)
{
	struct change *v = NULL;
	long i = 0, j = 0, cap = 0;

	*n = 0;
	while (i < a->n || j < b->n) {
		if (i < a->n && j < b->n && !a->changed[i] && !b->changed[j]) {
			i++, j++;
			continue;
		}
		if (*n == cap)
			v = xrealloc(v, (cap = cap * 2 + 16) * sizeof *v);
		v[*n].a0 = i;
		v[*n].b0 = j;
		while (i < a->n && a->changed[i])
			i++;
		while (j < b->n && b->changed[j])
			j++;
		v[*n].a1 = i;
		v[*n].b1 = j;
		/* Unchanged lines left on one side only: treat them as changed. */
		if (v[*n].a0 == i && v[*n].b0 == j) {
			if (i < a->n)
				i++;
			else
				j++;
			v[*n].a1 = i;
			v[*n].b1 = j;
		}
		(*n)++;
	}
	return v;
}

/* -B: a change of nothing but blank lines is no change. */
static int
blank_only(const struct file *a, const struct file *b, const struct change *c)
{
	long k;

	for (k = c->a0; k < c->a1; k++)
		if (a->v[k].len != 0)
			return 0;
	for (k = c->b0; k < c->b1; k++)
		if (b->v[k].len != 0)
			return 0;
	return 1;
}

static void
put_line(const char *prefix, const struct line *l)
{
	fputs(prefix, stdout);
	fwrite(l->s, 1, l->len, stdout);
	putchar('\n');
	if (!l->nl)
		puts("\\ No newline at end of file");
}

static void
put_range(long from, long to, int sep)
{
	if (to - from > 1)
		printf("%ld%c%ld", from + 1, sep, to);
	else
		printf("%ld", to > from ? from + 1 : from);
}

static void
normal(const struct file *a, const struct file *b, const struct change *c, long n)
{
	for (long i = 0; i < n; i++, c++) {
		put_range(c->a0, c->a1, ',');
		putchar(c->a0 == c->a1 ? 'a' : c->b0 == c->b1 ? 'd' : 'c');
		put_range(c->b0, c->b1, ',');
		putchar('\n');
		for (long k = c->a0; k < c->a1; k++)
			put_line("< ", &a->v[k]);
		if (c->a0 < c->a1 && c->b0 < c->b1)
			puts("---");
		for (long k = c->b0; k < c->b1; k++)
			put_line("> ", &b->v[k]);
	}
}

static void
ed_script(const struct file *a, const struct file *b, const struct change *c, long n)
{
	for (long i = n - 1; i >= 0; i--) {
		put_range(c[i].a0, c[i].a1, ',');
		puts(c[i].a0 == c[i].a1 ? "a" : c[i].b0 == c[i].b1 ? "d" : "c");
		if (c[i].b0 == c[i].b1)
			continue;
		for (long k = c[i].b0; k < c[i].b1; k++) {
			const struct line *l = &b->v[k];

			/* A lone "." would end the text: write ".." and fix it after. */
			if (l->len == 1 && l->s[0] == '.') {
				puts("..\n.\ns/.//\na");
				continue;
			}
			fwrite(l->s, 1, l->len, stdout);
			putchar('\n');
		}
		puts(".");
	}
	(void)a;
}

/* The header line: -u dates to the nanosecond, -c as date(1) writes them (POSIX). */
static void
put_stamp(const char *mark, const struct file *fl)
{
	char date[64], zone[16];
	time_t t = fl->st.st_mtime;
	struct tm *tm = localtime(&t);

	if (tm == NULL) {
		printf("%s %s\n", mark, fl->name);
	} else if (f.fmt == 'c') {
		strftime(date, sizeof date, "%a %b %e %H:%M:%S %Y", tm);
		printf("%s %s\t%s\n", mark, fl->name, date);
	} else {
		strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S", tm);
		strftime(zone, sizeof zone, "%z", tm);
		printf("%s %s\t%s.%09ld %s\n", mark, fl->name, date, (long)fl->st.st_mtim.tv_nsec, zone);
	}
}

/* The end of a hunk that starts with change C: the last change within 2N lines. */
static long
hunk_end(const struct change *c, long i, long n, long ctx)
{
	while (i + 1 < n && c[i + 1].a0 - c[i].a1 <= 2 * ctx)
		i++;
	return i;
}

static void
unified_range(long from, long to)
{
	if (to - from == 1)
		printf("%ld", from + 1);
	else
		printf("%ld,%ld", to > from ? from + 1 : from, to - from);
}

static void
unified(const struct file *a, const struct file *b, const struct change *c, long n)
{
	long i, last, k, j, a0, a1, b0, b1;

	put_stamp("---", a);
	put_stamp("+++", b);
	for (i = 0; i < n; i = last + 1) {
		last = hunk_end(c, i, n, f.context);
		a0 = c[i].a0 > f.context ? c[i].a0 - f.context : 0;
		b0 = c[i].b0 - (c[i].a0 - a0);
		a1 = c[last].a1 + f.context < a->n ? c[last].a1 + f.context : a->n;
		b1 = c[last].b1 + (a1 - c[last].a1);
		fputs("@@ -", stdout);
		unified_range(a0, a1);
		fputs(" +", stdout);
		unified_range(b0, b1);
		puts(" @@");
		for (k = a0, j = i; j <= last; j++) {
			for (; k < c[j].a0; k++)
				put_line(" ", &a->v[k]);
			for (; k < c[j].a1; k++)
				put_line("-", &a->v[k]);
			for (long m = c[j].b0; m < c[j].b1; m++)
				put_line("+", &b->v[m]);
		}
		for (; k < a1; k++)
			put_line(" ", &a->v[k]);
	}
}

/* One side of a context hunk: its lines, if it has any changes. */
static void
context_side(const struct file *fl, const struct change *c, long i, long last,
    long from, long to, int side)
{
	long k = from, j, c0, c1;
	int any = 0;

	for (j = i; j <= last; j++)
		any |= side == 0 ? c[j].a1 > c[j].a0 : c[j].b1 > c[j].b0;
	if (!any)
		return;
	for (j = i; j <= last; j++) {
		c0 = side == 0 ? c[j].a0 : c[j].b0;
		c1 = side == 0 ? c[j].a1 : c[j].b1;
		for (; k < c0; k++)
			put_line("  ", &fl->v[k]);
		for (; k < c1; k++)
			put_line(c[j].a0 < c[j].a1 && c[j].b0 < c[j].b1 ? "! " : side == 0 ? "- " : "+ ",
			    &fl->v[k]);
	}
	for (; k < to; k++)
		put_line("  ", &fl->v[k]);
}

static void
context_range(long from, long to)
{
	if (to - from > 1)
		printf("%ld,%ld", from + 1, to);
	else
		printf("%ld", to > from ? from + 1 : from);
}

static void
context(const struct file *a, const struct file *b, const struct change *c, long n)
{
	long i, last, a0, a1, b0, b1;

	put_stamp("***", a);
	put_stamp("---", b);
	for (i = 0; i < n; i = last + 1) {
		last = hunk_end(c, i, n, f.context);
		a0 = c[i].a0 > f.context ? c[i].a0 - f.context : 0;
		b0 = c[i].b0 - (c[i].a0 - a0);
		a1 = c[last].a1 + f.context < a->n ? c[last].a1 + f.context : a->n;
		b1 = c[last].b1 + (a1 - c[last].a1);
		puts("***************");
		fputs("*** ", stdout);
		context_range(a0, a1);
		puts(" ****");
		context_side(a, c, i, last, a0, a1, 0);
		fputs("--- ", stdout);
		context_range(b0, b1);
		puts(" ----");
		context_side(b, c, i, last, b0, b1, 1);
	}
}

static int
is_binary(const struct file *fl)
{
	return memchr(fl->data, '\0', fl->size < 65536 ? fl->size : 65536) != NULL;
}

/* The "diff -r a/x b/x" line before each pair of files in a directory. */
static void
pair_header(const char *pa, const char *pb, int in_dir)
{
	if (in_dir && f.fmt != 'q')
		printf("diff%s %s %s\n", f.switches, pa, pb);
}

/* Compare two loaded files; 1 if they differ. */
static int
diff_loaded(struct file *a, struct file *b, int in_dir)
{
	struct change *c;
	long n, k, w;

	if (a->size == b->size && memcmp(a->data, b->data, a->size) == 0)
		return 0;
	if (!f.text && (is_binary(a) || is_binary(b))) {
		pair_header(a->name, b->name, in_dir);
		printf("Binary files %s and %s differ\n", a->name, b->name);
		return 1;
	}
	diff_lines(a, b);
	c = changes(a, b, &n);
	for (k = w = 0; k < n; k++)
		if (!f.blank_lines || !blank_only(a, b, &c[k]))
			c[w++] = c[k];
	n = w;
	if (n > 0 && f.fmt == 'q') {
		printf("Files %s and %s differ\n", a->name, b->name);
	} else if (n > 0) {
		pair_header(a->name, b->name, in_dir);
		switch (f.fmt) {
		case 'u': unified(a, b, c, n); break;
		case 'c': context(a, b, c, n); break;
		case 'e': ed_script(a, b, c, n); break;
		default: normal(a, b, c, n); break;
		}
	}
	free(c);
	return n > 0;
}

/* Compare files PA and PB; ABSENT_A/B for -N. 0 same, 1 differ, 2 trouble. */
static int
diff_files(const char *pa, const char *pb, int absent_a, int absent_b, int in_dir)
{
	struct file a, b;
	int r;

	/* Standard input twice is one file: the same as itself, and read by neither. */
	if (!absent_a && !absent_b && strcmp(pa, "-") == 0 && strcmp(pb, "-") == 0) {
		if (f.same)
			printf("Files %s and %s are identical\n", pa, pb);
		return 0;
	}
	if (load(&a, pa, absent_a) < 0) {
		warn_errno("%s", pa);
		return 2;
	}
	if (load(&b, pb, absent_b) < 0) {
		warn_errno("%s", pb);
		unload(&a);
		return 2;
	}
	if (!absent_a && !absent_b && strcmp(pa, "-") != 0 && strcmp(pb, "-") != 0 &&
	    a.st.st_dev == b.st.st_dev && a.st.st_ino == b.st.st_ino)
		r = 0;
	else
		r = diff_loaded(&a, &b, in_dir);
	if (r == 0 && f.same)
		printf("Files %s and %s are identical\n", pa, pb);
	unload(&a);
	unload(&b);
	return r;
}

static int
by_name(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/* The sorted names in directory PATH; NULL on error (reported). */
static char **
list_dir(const char *path, size_t *n)
{
	DIR *d = opendir(path);
	struct dirent *e;
	size_t cap = 32;
	char **v = xmalloc(cap * sizeof *v);

	*n = 0;
	if (d == NULL) {
		warn_errno("%s", path);
		free(v);
		return NULL;
	}
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (*n == cap)
			v = xrealloc(v, (cap *= 2) * sizeof *v);
		v[(*n)++] = xstrdup(e->d_name);
	}
	closedir(d);
	qsort(v, *n, sizeof *v, by_name);
	return v;
}

static int diff_paths(const char *pa, const char *pb, int in_dir);

/* One name from either directory. */
static int
diff_entry(const char *da, const char *db, const char *name, int in_a, int in_b)
{
	char *pa = path_join(da, name), *pb = path_join(db, name);
	struct stat sa, sb;
	int r = 0;

	if (in_a && in_b) {
		r = diff_paths(pa, pb, 1);
	} else if (f.new_file && (in_a ? stat(pa, &sa) == 0 && S_ISREG(sa.st_mode)
	    : stat(pb, &sb) == 0 && S_ISREG(sb.st_mode))) {
		r = diff_files(pa, pb, !in_a, !in_b, 1);
	} else {
		printf("Only in %s: %s\n", in_a ? da : db, name);
		r = 1;
	}
	free(pa);
	free(pb);
	return r;
}

static int
diff_dirs(const char *da, const char *db)
{
	size_t na, nb, i = 0, j = 0;
	char **a = list_dir(da, &na), **b = list_dir(db, &nb);
	int r = 0, c, s;

	if (a == NULL || b == NULL) {
		r = 2;
		na = a ? na : 0;
		nb = b ? nb : 0;
		i = na;
		j = nb;
	}
	while (i < na || j < nb) {
		c = i == na ? 1 : j == nb ? -1 : strcmp(a[i], b[j]);
		s = diff_entry(da, db, c <= 0 ? a[i] : b[j], c <= 0, c >= 0);
		r = s > r ? s : r;
		i += c <= 0;
		j += c >= 0;
	}
	for (i = 0; i < na; i++)
		free(a[i]);
	for (j = 0; j < nb; j++)
		free(b[j]);
	free(a);
	free(b);
	return r;
}

/* A file's kind, in the words of POSIX's "File %s is a %s while file %s is a %s". */
static const char *
file_type(const struct stat *st)
{
	if (S_ISREG(st->st_mode))
		return st->st_size == 0 ? "regular empty file" : "regular file";
	if (S_ISDIR(st->st_mode))
		return "directory";
	if (S_ISFIFO(st->st_mode))
		return "fifo";
	if (S_ISCHR(st->st_mode))
		return "character special file";
	if (S_ISBLK(st->st_mode))
		return "block special file";
	if (S_ISSOCK(st->st_mode))
		return "socket";
	return "weird file";
}

/*
 * Files that are not compared: a directory against a file, and in a tree
 * anything but regular files (a FIFO would block, a device never end). The
 * same device twice is no difference.
 */
static int
diff_kinds(const char *pa, const struct stat *sa, const char *pb, const struct stat *sb)
{
	if ((S_ISCHR(sa->st_mode) && S_ISCHR(sb->st_mode)) ||
	    (S_ISBLK(sa->st_mode) && S_ISBLK(sb->st_mode)))
		if (sa->st_rdev == sb->st_rdev)
			return 0;
	printf("File %s is a %s while file %s is a %s\n", pa, file_type(sa), pb, file_type(sb));
	return 1;
}

static int
diff_paths(const char *pa, const char *pb, int in_dir)
{
	struct stat sa, sb;
	int da, db;

	if (strcmp(pa, "-") != 0 && stat(pa, &sa) < 0) {
		warn_errno("%s", pa);
		return 2;
	}
	if (strcmp(pb, "-") != 0 && stat(pb, &sb) < 0) {
		warn_errno("%s", pb);
		return 2;
	}
	da = strcmp(pa, "-") != 0 && S_ISDIR(sa.st_mode);
	db = strcmp(pb, "-") != 0 && S_ISDIR(sb.st_mode);
	if ((da || db) && (strcmp(pa, "-") == 0 || strcmp(pb, "-") == 0)) {
		warn("cannot compare '-' to a directory");
		return 2;
	}
	if (in_dir && (!S_ISREG(sa.st_mode) || !S_ISREG(sb.st_mode)) && !(da && db))
		return diff_kinds(pa, &sa, pb, &sb);
	if (da && db) {
		if (in_dir && !f.recurse) {
			printf("Common subdirectories: %s and %s\n", pa, pb);
			return 0;
		}
		return diff_dirs(pa, pb);
	}
	if (da != db)
		return diff_kinds(pa, &sa, pb, &sb);
	return diff_files(pa, pb, 0, 0, in_dir);
}

/* diff FILE DIR compares FILE with DIR/FILE's last component, and the other way round. */
static int
diff_operands(const char *pa, const char *pb)
{
	struct stat sa, sb;
	int da = strcmp(pa, "-") != 0 && stat(pa, &sa) == 0 && S_ISDIR(sa.st_mode);
	int db = strcmp(pb, "-") != 0 && stat(pb, &sb) == 0 && S_ISDIR(sb.st_mode);
	const char *base;
	char *p;
	int r;

	if (da == db || strcmp(pa, "-") == 0 || strcmp(pb, "-") == 0)
		return diff_paths(pa, pb, 0);
	base = strrchr(da ? pb : pa, '/');
	base = base ? base + 1 : da ? pb : pa;
	p = path_join(da ? pa : pb, base);
	r = da ? diff_paths(p, pb, 0) : diff_paths(pa, p, 0);
	free(p);
	return r;
}

static long
number(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*s < '0' || *s > '9' || *end != '\0') {
		warn("%s: invalid context length", s);
		exit(2);
	}
	return v;
}

/* The option words as typed, for the "diff -r a/x b/x" lines. */
static char *
switches(char **argv, int n)
{
	size_t len = 1;
	char *s;

	for (int i = 1; i < n; i++)
		len += strlen(argv[i]) + 1;
	s = xmalloc(len);
	s[0] = '\0';
	for (int i = 1; i < n; i++)
		strcat(strcat(s, " "), argv[i]);
	return s;
}

static const struct opt_long longs[] = {
	{ "text", 'a' }, { "ignore-space-change", 'b' }, { "ignore-blank-lines", 'B' },
	{ "context", 'c' }, { "ed", 'e' }, { "ignore-case", 'i' }, { "new-file", 'N' },
	{ "brief", 'q' }, { "recursive", 'r' }, { "report-identical-files", 's' },
	{ "unified", 'u' }, { "ignore-all-space", 'w' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, r;

	memset(&f, 0, sizeof f);
	f.context = 3;
	o.longs = longs;
	while ((c = opt_next(&o, "abBcC:eiNqrsTtuU:w")) != -1) {
		switch (c) {
		case 'a': f.text = 1; break;
		case 'b': f.space_change = 1; break;
		case 'B': f.blank_lines = 1; break;
		case 'c': f.fmt = 'c'; break;
		case 'C': f.fmt = 'c'; f.context = number(o.arg); break;
		case 'e': f.fmt = 'e'; break;
		case 'i': f.icase = 1; break;
		case 'N': f.new_file = 1; break;
		case 'q': f.fmt = 'q'; break;
		case 'r': f.recurse = 1; break;
		case 's': f.same = 1; break;
		case 'T': case 't': break;
		case 'u': f.fmt = 'u'; break;
		case 'U': f.fmt = 'u'; f.context = number(o.arg); break;
		case 'w': f.all_space = 1; break;
		default:
			fprintf(stderr, "usage: %s\n", usage);
			return 2;
		}
	}
	if (argc - o.ind != 2) {
		fprintf(stderr, "usage: %s\n", usage);
		return 2;
	}
	f.switches = switches(argv, o.ind);
	r = diff_operands(argv[o.ind], argv[o.ind + 1]);
	free(f.switches);
	if (cmd_exit() != 0)
		return 2;
	return r;
}
