/* test_sigcheck.c - verify's pure parsers: PEM, DER SubjectPublicKeyInfo, sha256sum lines */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "cmd.h"
#include "sigcheck.h"

/* A P-256 public key as openssl pkey -pubout writes it. */
static const char ec_pem[] =
"-----BEGIN PUBLIC KEY-----\n"
"MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE4jya3S9JsW/tpviMHSJXDRk1SRhh\n"
"TC7Fm9H/SDdBcebmfDdO6jBTgwE7upy1WXoByAkPpc7/GLK9nPenbYR45g==\n"
"-----END PUBLIC KEY-----\n";

static long
der_of(const char *pem, unsigned char *der, size_t cap)
{
	return pem_decode(pem, strlen(pem), "PUBLIC KEY", der, cap);
}

static void
pem_ec_key(void **state)
{
	unsigned char der[SIG_DER_MAX];
	struct pubkey k;
	long n = der_of(ec_pem, der, sizeof der);

	(void)state;
	assert_int_equal(n, 91);
	assert_int_equal(spki_parse(der, (size_t)n, &k), 0);
	assert_int_equal(k.type, PK_EC_P256);
	assert_int_equal(k.qlen, 65);
	assert_int_equal(k.q[0], 4);
	/* every shorter prefix of the DER is refused */
	for (long i = 0; i < n; i++)
		assert_int_equal(spki_parse(der, (size_t)i, &k), -1);
	assert_int_equal(der_of(ec_pem, der, 90), -1);	/* no room */
}

static void
pem_malformed(void **state)
{
	unsigned char der[64];

	(void)state;
	assert_int_equal(der_of("", der, sizeof der), -1);
	assert_int_equal(der_of("-----BEGIN PUBLIC KEY-----\naGk=\n", der, sizeof der), -1);
	assert_int_equal(der_of("-----BEGIN PUBLIC KEY-----\naGk=\n-----END PUBLIC KEY-----\n", der, sizeof der), 2);
	assert_int_equal(der_of("-----BEGIN PUBLIC KEY-----\naGk\n-----END PUBLIC KEY-----\n", der, sizeof der), -1);
	assert_int_equal(der_of("-----BEGIN PUBLIC KEY-----\naG=k\n-----END PUBLIC KEY-----\n", der, sizeof der), -1);
	assert_int_equal(der_of("-----BEGIN PUBLIC KEY-----\naGk=aGk=\n-----END PUBLIC KEY-----\n", der, sizeof der), -1);
	assert_int_equal(der_of("-----BEGIN PUBLIC KEY-----\na!k=\n-----END PUBLIC KEY-----\n", der, sizeof der), -1);
	assert_int_equal(der_of("-----BEGIN RSA PUBLIC KEY-----\naGk=\n-----END RSA PUBLIC KEY-----\n", der, sizeof der), -1);
	assert_int_equal(der_of("x-----BEGIN PUBLIC KEY-----\naGk=\n-----END PUBLIC KEY-----\n", der, sizeof der), -1);
}

static void
spki_other_keys(void **state)
{
	/* id-ecPublicKey on P-384 (OID 1.3.132.0.34), a short point */
	static const unsigned char p384[] = { 0x30, 0x1a, 0x30, 0x10, 6, 7, 0x2a, 0x86, 0x48, 0xce,
		0x3d, 2, 1, 6, 5, 0x2b, 0x81, 4, 0, 0x22, 3, 6, 0, 4, 1, 2, 3, 4 };
	/* rsaEncryption, NULL, a 1024-bit modulus (0xc0 then zeros, odd), e = 65537 */
	unsigned char rsa[200] = { 0x30, 0x81, 0x9f, 0x30, 0x0d, 6, 9, 0x2a, 0x86, 0x48, 0x86, 0xf7,
		0x0d, 1, 1, 1, 5, 0, 3, 0x81, 0x8d, 0, 0x30, 0x81, 0x89, 2, 0x81, 0x81, 0 };
	struct pubkey k;

	(void)state;
	assert_int_equal(spki_parse(p384, sizeof p384, &k), -1);
	rsa[29] = 0xc0;
	rsa[29 + 127] = 1;
	memcpy(rsa + 29 + 128, "\x02\x03\x01\x00\x01", 5);
	assert_int_equal(spki_parse(rsa, 162, &k), -2);
	rsa[29 + 127] = 2;	/* an even modulus is no key */
	assert_int_equal(spki_parse(rsa, 162, &k), -1);
}

static const char list[] =
    "11c936696eb7d5ee3192bf53b9d281cecbb40ca9db520de72cb95817ad92ac72  vmlinuz\n"
    "8F7ED204B9DFAA20AA484445F54233C4B407CB80EC0F8C07F1F0A59675FB44CF *initrd.img\n"
    "8062a9b9f6aee6a362c691de1e3ef36bf97c6596ee7baf89bbd617b2e959ce70  boot/grub.cfg";

static void
sumlist_lines(void **state)
{
	const char *p = list, *end = list + strlen(list), *name;
	unsigned char h[32];
	size_t n;

	(void)state;
	assert_int_equal(sumlist_next(&p, end, h, &name, &n), 1);
	assert_int_equal(h[0], 0x11);
	assert_int_equal(n, 7);
	assert_memory_equal(name, "vmlinuz", 7);
	assert_int_equal(sumlist_next(&p, end, h, &name, &n), 1);
	assert_int_equal(h[0], 0x8f);
	assert_memory_equal(name, "initrd.img", n);
	assert_int_equal(sumlist_next(&p, end, h, &name, &n), 1);	/* no newline at the end */
	assert_memory_equal(name, "boot/grub.cfg", n);
	assert_int_equal(sumlist_next(&p, end, h, &name, &n), 0);
	assert_int_equal(sumlist_lookup(list, strlen(list), "initrd.img", h), -1);
	assert_int_equal(sumlist_lookup(list, strlen(list), "boot/grub.cfg", h), 1);
	assert_int_equal(sumlist_lookup(list, strlen(list), "grub.cfg", h), 0);
	assert_int_equal(sumlist_lookup(list, strlen(list), "vmlinu", h), 0);
}

static void
sumlist_malformed(void **state)
{
	static const char *const bad[] = {
		"\n",
		"11c936696eb7d5ee3192bf53b9d281cecbb40ca9db520de72cb95817ad92ac72  \n",
		"11c936696eb7d5ee3192bf53b9d281cecbb40ca9db520de72cb95817ad92ac7  vmlinuz\n",
		"11c936696eb7d5ee3192bf53b9d281cecbb40ca9db520de72cb95817ad92ac7g  vmlinuz\n",
		"11c936696eb7d5ee3192bf53b9d281cecbb40ca9db520de72cb95817ad92ac72 vmlinuz\n",
		"\\11c936696eb7d5ee3192bf53b9d281cecbb40ca9db520de72cb95817ad92ac72  a\\nb\n",
		"11c936696eb7d5ee3192bf53b9d281cecbb40ca9db520de72cb95817ad92ac72  \\vmlinuz\n",
		"SHA256 (vmlinuz) = 11c936696eb7d5ee3192bf53b9d281cecbb40ca9db520de72cb95817ad92ac72\n",
	};
	unsigned char h[32] = { 0 };

	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		assert_int_equal(sumlist_lookup(bad[i], strlen(bad[i]), "vmlinuz", h), -2);
	assert_int_equal(sumlist_lookup("", 0, "vmlinuz", h), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pem_ec_key),
		cmocka_unit_test(pem_malformed),
		cmocka_unit_test(spki_other_keys),
		cmocka_unit_test(sumlist_lines),
		cmocka_unit_test(sumlist_malformed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
