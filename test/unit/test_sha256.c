/* test_sha256.c - FIPS 180-4 / NIST example vectors, and chunking */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "cmd.h"
#include "sha256.h"

static void
hex(const void *data, size_t n, char out[65])
{
	struct sha256 s;
	unsigned char d[32];

	sha256_init(&s);
	sha256_update(&s, data, n);
	sha256_final(&s, d);
	for (int i = 0; i < 32; i++)
		sprintf(out + 2 * i, "%02x", d[i]);
}

static void
nist_vectors(void **state)
{
	char h[65];
	const char *m448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";

	(void)state;
	hex("", 0, h);
	assert_string_equal(h, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	hex("abc", 3, h);
	assert_string_equal(h, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	hex(m448, strlen(m448), h);
	assert_string_equal(h, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

static void
million_a_in_odd_chunks(void **state)
{
	struct sha256 s;
	unsigned char d[32], a[997];
	char h[65];
	size_t left = 1000000, n;

	(void)state;
	memset(a, 'a', sizeof a);
	sha256_init(&s);
	for (; left > 0; left -= n) {
		n = left < sizeof a ? left : sizeof a;
		sha256_update(&s, a, n);
	}
	sha256_final(&s, d);
	for (int i = 0; i < 32; i++)
		sprintf(h + 2 * i, "%02x", d[i]);
	assert_string_equal(h, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

static void
padding_boundaries(void **state)
{
	char m[130], h1[65], h2[65];
	struct sha256 s;
	unsigned char d[32];

	(void)state;
	memset(m, 'x', sizeof m);
	for (size_t n = 50; n < sizeof m; n++) {	/* 55, 56, 63, 64, 119, 120... */
		hex(m, n, h1);
		sha256_init(&s);
		for (size_t i = 0; i < n; i++)
			sha256_update(&s, m + i, 1);
		sha256_final(&s, d);
		for (int i = 0; i < 32; i++)
			sprintf(h2 + 2 * i, "%02x", d[i]);
		assert_string_equal(h1, h2);
	}
	hex(m, 64, h1);	/* reference: coreutils sha256sum */
	assert_string_equal(h1, "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(nist_vectors),
		cmocka_unit_test(million_a_in_odd_chunks),
		cmocka_unit_test(padding_boundaries),
	};

	return cmocka_run_group_tests_name("sha256", tests, NULL, NULL);
}
