/* test_fdt.c - fdt_chosen: /chosen's boot arguments and initrd rewritten, the rest kept */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "fdt.h"

/* A blob built by hand: big-endian words, names in a strings block. */
struct blob {
	unsigned char b[1024];
	size_t len;
};

static void
word(struct blob *x, uint32_t v)
{
	x->b[x->len++] = v >> 24;
	x->b[x->len++] = v >> 16;
	x->b[x->len++] = v >> 8;
	x->b[x->len++] = v;
}

static void
bytes(struct blob *x, const void *p, size_t n)
{
	memcpy(x->b + x->len, p, n);
	x->len += n;
	while (x->len % 4)
		x->b[x->len++] = 0;
}

/* Names at these offsets of the strings block below. */
static const char strings[] = "compatible\0bootargs\0linux,initrd-start\0stdout-path";
enum { S_COMPAT = 0, S_ARGS = 11, S_START = 20, S_STDOUT = 39 };

static void
prop(struct blob *x, uint32_t name, const char *val)
{
	word(x, 3);
	word(x, (uint32_t)strlen(val) + 1);
	word(x, name);
	bytes(x, val, strlen(val) + 1);
}

/* / { compatible; [chosen { bootargs; linux,initrd-start; stdout-path; sub { } }] } */
static size_t
make(unsigned char *out, int with_chosen)
{
	struct blob s = { .len = 0 }, f = { .len = 0 };
	uint32_t off_struct = 40 + 16;

	word(&s, 1), bytes(&s, "", 1);
	prop(&s, S_COMPAT, "linux,dummy-virt");
	if (with_chosen) {
		word(&s, 1), bytes(&s, "chosen", 7);
		prop(&s, S_ARGS, "old arguments");
		prop(&s, S_START, "12345678");
		prop(&s, S_STDOUT, "/pl011@9000000");
		word(&s, 1), bytes(&s, "sub", 4);
		prop(&s, S_ARGS, "a subnode's, kept");
		word(&s, 2);
		word(&s, 2);
	}
	word(&s, 2);
	word(&s, 9);
	/* header: magic, totalsize, struct, strings, rsvmap, version 17, 16, cpu, sizes */
	word(&f, 0xd00dfeed), word(&f, (uint32_t)(off_struct + s.len + sizeof strings));
	word(&f, off_struct), word(&f, (uint32_t)(off_struct + s.len)), word(&f, 40);
	word(&f, 17), word(&f, 16), word(&f, 0), word(&f, sizeof strings), word(&f, (uint32_t)s.len);
	word(&f, 0), word(&f, 0), word(&f, 0), word(&f, 0);	/* no memory reservations */
	memcpy(out, f.b, f.len);
	memcpy(out + f.len, s.b, s.len);
	memcpy(out + f.len + s.len, strings, sizeof strings);
	return f.len + s.len + sizeof strings;
}

static uint32_t
be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* The value of property NAME of node PATH ("/" or "/chosen" or "/chosen/sub"), its length in *LEN. */
static const unsigned char *
find(const unsigned char *f, const char *path, const char *name, uint32_t *len)
{
	const unsigned char *s = f + be32(f + 8);
	const char *str = (const char *)f + be32(f + 12);
	char at[64] = "";
	size_t i = 0;
	uint32_t tok;

	while ((tok = be32(s + i)) != 9) {
		i += 4;
		if (tok == 1) {
			const char *n = (const char *)s + i;

			if (*n != '\0' || at[0] != '\0')
				strcat(strcat(at, "/"), n);
			i += (strlen(n) + 4) / 4 * 4;
		} else if (tok == 2) {
			*(strrchr(at, '/') ? strrchr(at, '/') : at) = '\0';
		} else if (tok == 3) {
			uint32_t l = be32(s + i);

			if (strcmp(at[0] ? at : "/", path) == 0 && strcmp(str + be32(s + i + 4), name) == 0) {
				*len = l;
				return s + i + 8;
			}
			i += 8 + (l + 3) / 4 * 4;
		}
	}
	return NULL;
}

static void
check_chosen(unsigned char *in, size_t len, uint64_t start, uint64_t end)
{
	size_t outlen;
	uint32_t l;
	unsigned char *out = fdt_chosen(in, len, "console=ttyAMA0 new", start, end, &outlen);
	const unsigned char *v;

	assert_non_null(out);
	assert_int_equal(be32(out + 4), outlen);
	v = find(out, "/chosen", "bootargs", &l);
	assert_non_null(v);
	assert_string_equal((const char *)v, "console=ttyAMA0 new");
	v = find(out, "/chosen", "linux,initrd-start", &l);
	if (end > start) {
		assert_non_null(v);
		assert_int_equal(l, 8);
		assert_memory_equal(v, "\0\0\0\0\x48\0\0\0", 8);
		v = find(out, "/chosen", "linux,initrd-end", &l);
		assert_non_null(v);
		assert_memory_equal(v, "\0\0\0\0\x48\x10\0\0", 8);
	} else {
		assert_null(v);		/* the old one is gone too */
	}
	v = find(out, "/", "compatible", &l);
	assert_non_null(v);
	assert_string_equal((const char *)v, "linux,dummy-virt");
	free(out);
}

static void
test_rewrites(void **state)
{
	unsigned char in[1024], *out;
	size_t len = make(in, 1), outlen;
	uint32_t l;

	(void)state;
	check_chosen(in, len, 0x48000000, 0x48100000);
	check_chosen(in, len, 0, 0);
	out = fdt_chosen(in, len, "x", 1, 2, &outlen);
	assert_non_null(out);
	assert_string_equal((const char *)find(out, "/chosen", "stdout-path", &l), "/pl011@9000000");
	assert_string_equal((const char *)find(out, "/chosen/sub", "bootargs", &l), "a subnode's, kept");
	free(out);
}

static void
test_adds_chosen(void **state)
{
	unsigned char in[1024], *again;
	size_t len = make(in, 0), outlen, againlen;
	unsigned char *out = fdt_chosen(in, len, "console=ttyAMA0 new", 0x48000000, 0x48100000, &outlen);

	(void)state;
	assert_non_null(out);
	check_chosen(in, len, 0x48000000, 0x48100000);
	/* its own output in again: one /chosen, the new values */
	again = fdt_chosen(out, outlen, "console=ttyAMA0 new", 0x48000000, 0x48100000, &againlen);
	assert_non_null(again);
	check_chosen(out, outlen, 0x48000000, 0x48100000);
	free(again);
	free(out);
}

static void
test_refuses(void **state)
{
	unsigned char in[1024];
	size_t len = make(in, 1), outlen;

	(void)state;
	in[0] ^= 1;
	errno = 0;
	assert_null(fdt_chosen(in, len, "x", 0, 0, &outlen));
	assert_int_equal(errno, EINVAL);
	in[0] ^= 1;
	assert_null(fdt_chosen(in, 39, "x", 0, 0, &outlen));
	in[4 * 9 + 3] += 64;	/* the struct block past the blob */
	assert_null(fdt_chosen(in, len, "x", 0, 0, &outlen));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rewrites),
		cmocka_unit_test(test_adds_chosen),
		cmocka_unit_test(test_refuses),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
