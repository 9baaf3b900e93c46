/* tsort - order the items of a partial order, given as pairs */
#include "cmd.h"
#include "io.h"
#include <ctype.h>

static const char usage[] = "tsort [FILE]";

struct item {
	char *name;
	int count;		/* predecessors not yet written */
	int done;
	int *suc, nsuc;		/* successors in input order; -1 for a relation taken out */
};

static struct {
	struct item *v;
	int n, cap;
	int *hash;		/* indexes into v, -1 empty; size hcap, a power of two */
	size_t hcap;
	const char *file;
} ts;

static size_t
hash_of(const char *s)
{
	size_t h = 5381;

	while (*s != '\0')
		h = h * 33 + (unsigned char)*s++;
	return h;
}

static void
rehash(void)
{
	ts.hcap = ts.hcap ? ts.hcap * 2 : 1024;
	free(ts.hash);
	ts.hash = xmalloc(ts.hcap * sizeof *ts.hash);
	memset(ts.hash, -1, ts.hcap * sizeof *ts.hash);
	for (int i = 0; i < ts.n; i++) {
		size_t h = hash_of(ts.v[i].name) & (ts.hcap - 1);

		while (ts.hash[h] >= 0)
			h = (h + 1) & (ts.hcap - 1);
		ts.hash[h] = i;
	}
}

/* The item called NAME, made if new. */
static int
item(const char *name)
{
	size_t h;

	if ((size_t)ts.n * 2 >= ts.hcap)
		rehash();
	for (h = hash_of(name) & (ts.hcap - 1); ts.hash[h] >= 0; h = (h + 1) & (ts.hcap - 1))
		if (strcmp(ts.v[ts.hash[h]].name, name) == 0)
			return ts.hash[h];
	if (ts.n == ts.cap)
		ts.v = xrealloc(ts.v, (ts.cap = ts.cap ? ts.cap * 2 : 256) * sizeof *ts.v);
	memset(&ts.v[ts.n], 0, sizeof ts.v[ts.n]);
	ts.v[ts.n].name = xstrdup(name);
	ts.hash[h] = ts.n;
	return ts.n++;
}

/* A before B; "A A" only says that A is an item. */
static void
relate(const char *a, const char *b)
{
	int i = item(a), j = item(b);
	struct item *p = &ts.v[i];

	if (i == j)
		return;
	if ((p->nsuc & (p->nsuc - 1)) == 0)	/* 0, 1, 2, 4, ...: full, or empty */
		p->suc = xrealloc(p->suc, (p->nsuc ? p->nsuc * 2 : 1) * sizeof *p->suc);
	p->suc[p->nsuc++] = j;
	ts.v[j].count++;
}

/* The next blank-separated word of F into *BUF; 0 at the end. */
static int
word(FILE *f, char **buf, size_t *cap)
{
	size_t n = 0;
	int c;

	while ((c = getc(f)) != EOF && isspace(c))
		;
	for (; c != EOF && !isspace(c); c = getc(f)) {
		if (n + 1 >= *cap)
			*buf = xrealloc(*buf, *cap = *cap ? *cap * 2 : 64);
		(*buf)[n++] = (char)c;
	}
	if (n > 0)
		(*buf)[n] = '\0';
	return n > 0;
}

static void
read_pairs(FILE *f)
{
	char *a = NULL, *b = NULL;
	size_t acap = 0, bcap = 0;

	while (word(f, &a, &acap)) {
		if (!word(f, &b, &bcap))
			die("%s: input contains an odd number of tokens", ts.file);
		relate(a, b);
	}
	if (ferror(f))
		die_errno("%s", ts.file);
	free(a);
	free(b);
}

static int
by_name(const void *x, const void *y)
{
	return strcmp(ts.v[*(const int *)x].name, ts.v[*(const int *)y].name);
}

/*
 * Write every item that nothing unwritten precedes, and what that frees in
 * turn: first those free now, by name, then each item's successors, the
 * last given first (the order GNU tsort writes). Returns how many it wrote.
 */
static int
write_free(const int *sorted, int *queue)
{
	int head = 0, tail = 0;

	for (int i = 0; i < ts.n; i++)
		if (!ts.v[sorted[i]].done && ts.v[sorted[i]].count == 0)
			queue[tail++] = sorted[i], ts.v[sorted[i]].done = 1;
	while (head < tail) {
		struct item *p = &ts.v[queue[head++]];

		puts(p->name);
		for (int k = p->nsuc - 1; k >= 0; k--)
			if (p->suc[k] >= 0 && --ts.v[p->suc[k]].count == 0)
				queue[tail++] = p->suc[k], ts.v[p->suc[k]].done = 1;
	}
	return tail;
}

/* NAME the members of the loop that closes at STACK[DEPTH] -> NEXT, and take
 * that relation (the K'th of the last member) out. */
static void
cut_loop(const int *stack, int depth, int next, int k)
{
	int i = 0;

	while (stack[i] != next)
		i++;
	for (; i <= depth; i++)
		warn("%s", ts.v[stack[i]].name);
	ts.v[stack[depth]].suc[k] = -1;
	ts.v[next].count--;
}

/* Depth first from START along unwritten items; 1 if it found (and cut) a
 * loop. SEEN: 1 on the path, 2 known to lead to no loop. */
static int
find_loop(int start, int *stack, int *edge, char *seen)
{
	int depth = 0;

	if (seen[start] != 0)
		return 0;
	stack[0] = start, edge[0] = 0, seen[start] = 1;
	while (depth >= 0) {
		struct item *p = &ts.v[stack[depth]];
		int k = edge[depth]++, next;

		if (k >= p->nsuc) {
			seen[stack[depth--]] = 2;
			continue;
		}
		if ((next = p->suc[k]) < 0 || ts.v[next].done || seen[next] == 2)
			continue;
		if (seen[next] == 1) {
			cut_loop(stack, depth, next, k);
			return 1;
		}
		depth++;
		stack[depth] = next, edge[depth] = 0, seen[next] = 1;
	}
	return 0;
}

/* Write them all; each time only loops are left, report one and cut it. */
static void
tsort(void)
{
	int *sorted = xmalloc((ts.n + 1) * sizeof *sorted), *queue = xmalloc((ts.n + 1) * sizeof *queue);
	int *stack = xmalloc((ts.n + 1) * sizeof *stack), *edge = xmalloc((ts.n + 1) * sizeof *edge);
	char *seen = xmalloc(ts.n + 1);
	int left = ts.n;

	for (int i = 0; i < ts.n; i++)
		sorted[i] = i;
	qsort(sorted, ts.n, sizeof *sorted, by_name);
	while ((left -= write_free(sorted, queue)) > 0) {
		warn("%s: input contains a loop:", ts.file);
		memset(seen, 0, ts.n);
		for (int i = 0; i < ts.n && !find_loop(sorted[i], stack, edge, seen); i++)
			;
	}
	free(sorted), free(queue), free(stack), free(edge), free(seen);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	FILE *f;

	if (opt_next(&o, "") != -1)
		die_usage(&o);
	if (argc - o.ind > 1)
		die_usage(&o);
	ts.file = o.ind < argc ? argv[o.ind] : "-";
	if ((f = fopen_in(ts.file)) == NULL)
		die_errno("%s", ts.file);
	read_pairs(f);
	fclose_in(f);
	tsort();
	return cmd_exit();
}
