/* mem.c - arenas, the expansion stack and growable strings */
#include "sh.h"

#define ALIGN(n) (((n) + 15) & ~(size_t)15)

struct block {
	struct block *prev;
	size_t size, used;
};

static struct arena xstack;	/* expansion results: mark and release */
static struct block *spare;	/* one freed block of xstack, kept for reuse */

void *
a_alloc(struct arena *a, size_t n)
{
	struct block *b = a->top;
	size_t hdr = ALIGN(sizeof *b), sz;
	void *p;

	n = ALIGN(n);
	if (b == NULL || b->size - b->used < n) {
		sz = n + hdr > 8192 ? n + hdr : 8192;
		if (a == &xstack && spare != NULL && sz == 8192) {
			b = spare;
			spare = NULL;
		} else {
			b = xmalloc(sz);
		}
		b->prev = a->top;
		b->size = sz;
		b->used = hdr;
		a->top = b;
	}
	p = (char *)b + b->used;
	b->used += n;
	return p;
}

/* Grow the most recent allocation P of OLD bytes in place, if it fits. */
static int
a_extend(struct arena *a, void *p, size_t old, size_t n)
{
	struct block *b = a->top;

	if (b == NULL || (char *)p + ALIGN(old) != (char *)b + b->used)
		return 0;
	if ((size_t)((char *)p - (char *)b) + ALIGN(n) > b->size)
		return 0;
	b->used = (size_t)((char *)p - (char *)b) + ALIGN(n);
	return 1;
}

struct arena *
arena_new(void)
{
	struct arena *a = xmalloc(sizeof *a);

	a->top = NULL;
	a->refs = 1;
	return a;
}

void
arena_unref(struct arena *a)
{
	struct block *b;

	if (a == NULL || --a->refs > 0)
		return;
	while ((b = a->top) != NULL) {
		a->top = b->prev;
		free(b);
	}
	free(a);
}

void
st_mark(struct stmark *m)
{
	m->top = xstack.top;
	m->used = xstack.top ? xstack.top->used : 0;
}

void
st_release(const struct stmark *m)
{
	struct block *b;

	while ((b = xstack.top) != m->top) {
		xstack.top = b->prev;
		if (spare == NULL && b->size == 8192)
			spare = b;
		else
			free(b);
	}
	if (b != NULL)
		b->used = m->used;
}

void *
st_alloc(size_t n)
{
	return a_alloc(&xstack, n);
}

char *
st_strndup(const char *s, size_t n)
{
	char *p = st_alloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *
st_strdup(const char *s)
{
	return st_strndup(s, strlen(s));
}
void
sb_init(struct sbuf *b, struct arena *a)
{
	b->s = NULL;
	b->n = b->cap = 0;
	b->a = a ? a : &xstack;
}

void
sb_grow(struct sbuf *b, size_t more)
{
	size_t cap = b->cap ? b->cap * 2 : 32;
	char *s;

	if (b->n + more + 1 <= b->cap)
		return;
	while (cap < b->n + more + 1)
		cap *= 2;
	if (b->s != NULL && a_extend(b->a, b->s, b->cap, cap)) {
		b->cap = cap;
		return;
	}
	s = a_alloc(b->a, cap);
	if (b->n)
		memcpy(s, b->s, b->n);
	b->s = s;
	b->cap = cap;
}

void
sb_addc(struct sbuf *b, int c)
{
	if (b->n + 2 > b->cap)
		sb_grow(b, 1);
	b->s[b->n++] = (char)c;
}

void
sb_addn(struct sbuf *b, const char *s, size_t n)
{
	sb_grow(b, n);
	memcpy(b->s + b->n, s, n);
	b->n += n;
}

void
sb_adds(struct sbuf *b, const char *s)
{
	sb_addn(b, s, strlen(s));
}

char *
sb_str(struct sbuf *b)
{
	sb_grow(b, 0);
	b->s[b->n] = '\0';
	return b->s;
}
