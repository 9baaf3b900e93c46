/* fdt_chosen.c - a device tree blob with /chosen's boot arguments and initrd set */
#define _GNU_SOURCE 1
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "fdt.h"

enum { BEGIN_NODE = 1, END_NODE = 2, PROP = 3, NOP = 4, END = 9, HDR = 40 };

/* The names this writes, appended to the strings block: offsets into it. */
static const char names[] = "bootargs\0linux,initrd-start\0linux,initrd-end";
enum { NAME_ARGS = 0, NAME_START = 9, NAME_END = 28 };

struct out {
	unsigned char *p;
	size_t len;
};

static uint32_t
be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void
put(struct out *o, const void *src, size_t n)
{
	memcpy(o->p + o->len, src, n);
	o->len += n;
	while (o->len % 4)
		o->p[o->len++] = 0;
}

static void
put32(struct out *o, uint32_t v)
{
	unsigned char b[4] = { v >> 24, v >> 16, v >> 8, v };

	put(o, b, 4);
}

static void
put_prop(struct out *o, uint32_t name, const void *val, uint32_t len)
{
	put32(o, PROP);
	put32(o, len);
	put32(o, name);
	put(o, val, len);
}

static void
put64_prop(struct out *o, uint32_t name, uint64_t v)
{
	unsigned char b[8];

	for (int i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> (56 - 8 * i));
	put_prop(o, name, b, 8);
}

/* /chosen's properties this sets, named at STRINGS (the appended names). */
static void
put_chosen(struct out *o, uint32_t strings, const char *args, uint64_t start, uint64_t end)
{
	put_prop(o, strings + NAME_ARGS, args, (uint32_t)strlen(args) + 1);
	if (end > start) {
		put64_prop(o, strings + NAME_START, start);
		put64_prop(o, strings + NAME_END, end);
	}
}

/* Is the property at P (after its token) one put_chosen writes? */
static int
replaced(const unsigned char *p, const char *str, size_t strsize)
{
	uint32_t off = be32(p + 4);

	if (off >= strsize)
		return 0;
	return strcmp(str + off, "bootargs") == 0 || strcmp(str + off, "linux,initrd-start") == 0 ||
	    strcmp(str + off, "linux,initrd-end") == 0;
}

struct walk {
	const unsigned char *s;	/* the struct block */
	size_t size, at;
	const char *str;	/* the strings block */
	size_t strsize;
	int depth;
	int chosen;		/* the node open at depth 2 (under the root) is /chosen */
	int had_chosen;
};

/* Copy one token at W->at into O, rewriting /chosen; 1 at the end, 0 to go
 * on, -1 for a malformed blob. */
static int
step(struct walk *w, struct out *o, const char *args, uint64_t start, uint64_t end)
{
	const unsigned char *p = w->s + w->at;
	uint32_t tok, len;
	size_t n;

	if (w->at + 4 > w->size)
		return -1;
	tok = be32(p);
	if (tok == BEGIN_NODE) {
		n = strnlen((const char *)p + 4, w->size - w->at - 4);
		if (w->at + 4 + n >= w->size)
			return -1;
		if (++w->depth == 2) {
			w->chosen = strcmp((const char *)p + 4, "chosen") == 0;
			w->had_chosen |= w->chosen;
		}
		put32(o, tok);
		put(o, p + 4, n + 1);
		w->at += 4 + (n + 4) / 4 * 4;
	} else if (tok == PROP) {
		if (w->at + 12 > w->size || (len = be32(p + 4)) > w->size - w->at - 12)
			return -1;
		if (!(w->depth == 2 && w->chosen && replaced(p + 4, w->str, w->strsize)))
			put(o, p, 12 + len);
		w->at += 12 + (len + 3) / 4 * 4;
	} else if (tok == END_NODE) {
		if (w->depth == 0)
			return -1;
		if (w->depth == 2 && w->chosen)
			put_chosen(o, (uint32_t)w->strsize, args, start, end);
		if (w->depth == 1 && !w->had_chosen) {
			put32(o, BEGIN_NODE);
			put(o, "chosen", 7);
			put_chosen(o, (uint32_t)w->strsize, args, start, end);
			put32(o, END_NODE);
		}
		w->depth--;
		put32(o, tok);
		w->at += 4;
	} else if (tok == NOP) {
		w->at += 4;
	} else {
		return tok == END ? 1 : -1;
	}
	return 0;
}

/* The header's fields, in the order the blob has them. */
enum { MAGIC, TOTAL, OFF_STRUCT, OFF_STRINGS, OFF_RSV, VERSION, LAST_COMP, CPUID, SIZE_STRINGS, SIZE_STRUCT };

static int
check(const unsigned char *f, size_t len, uint32_t *h)
{
	if (len < HDR)
		return -1;
	for (int i = 0; i < 10; i++)
		h[i] = be32(f + 4 * i);
	return h[MAGIC] == 0xd00dfeed && h[TOTAL] <= len && h[VERSION] >= 17 &&
	    h[OFF_STRUCT] <= h[TOTAL] && h[SIZE_STRUCT] <= h[TOTAL] - h[OFF_STRUCT] &&
	    h[OFF_STRINGS] <= h[TOTAL] && h[SIZE_STRINGS] <= h[TOTAL] - h[OFF_STRINGS] &&
	    h[OFF_RSV] % 8 == 0 && h[OFF_RSV] <= h[OFF_STRUCT] && h[OFF_STRUCT] % 4 == 0 ? 0 : -1;
}

static void
header(unsigned char *p, const uint32_t *h)
{
	for (int i = 0; i < 10; i++) {
		p[4 * i] = h[i] >> 24;
		p[4 * i + 1] = h[i] >> 16;
		p[4 * i + 2] = h[i] >> 8;
		p[4 * i + 3] = h[i];
	}
}

void *
fdt_chosen(const void *fdt, size_t len, const char *args, uint64_t start, uint64_t end, size_t *outlen)
{
	const unsigned char *f = fdt;
	uint32_t h[10];
	struct out o;
	struct walk w = { 0 };
	size_t rsv;
	int r = 0;

	if (check(f, len, h) < 0) {
		errno = EINVAL;
		return NULL;
	}
	rsv = h[OFF_STRUCT] - h[OFF_RSV];	/* the memory reservations, copied whole */
	/* at most: the blob, a /chosen node and its three properties */
	o.p = malloc(HDR + rsv + h[SIZE_STRUCT] + h[SIZE_STRINGS] + sizeof names + strlen(args) + 128);
	if (o.p == NULL)
		return NULL;
	memcpy(o.p + HDR, f + h[OFF_RSV], rsv);
	o.len = HDR + rsv;
	w.s = f + h[OFF_STRUCT];
	w.size = h[SIZE_STRUCT];
	w.str = (const char *)f + h[OFF_STRINGS];
	w.strsize = h[SIZE_STRINGS];
	while (r == 0)
		r = step(&w, &o, args, start, end);
	if (r < 0 || w.depth != 0) {
		free(o.p);
		errno = EINVAL;
		return NULL;
	}
	put32(&o, END);
	h[OFF_RSV] = HDR;
	h[OFF_STRUCT] = HDR + (uint32_t)rsv;
	h[SIZE_STRUCT] = (uint32_t)o.len - h[OFF_STRUCT];
	h[OFF_STRINGS] = (uint32_t)o.len;
	memcpy(o.p + o.len, w.str, w.strsize);
	memcpy(o.p + o.len + w.strsize, names, sizeof names);
	h[SIZE_STRINGS] += sizeof names;
	o.len += h[SIZE_STRINGS];
	h[TOTAL] = (uint32_t)o.len;
	header(o.p, h);
	*outlen = o.len;
	return o.p;
}
