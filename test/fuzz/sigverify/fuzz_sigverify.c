/* fuzz_sigverify - libFuzzer harness: verify's parsers (PEM, DER
 * SubjectPublicKeyInfo, sha256sum lines) and BearSSL's checks under the keys
 * they accept, on arbitrary bytes. Input: two bytes N (big-endian), N bytes
 * of DER key, the rest a signature; the whole input is also read as PEM and
 * as a hash list. */
#include <stdlib.h>
#include <string.h>
#include "sigcheck.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static const unsigned char digest[32] = { 1, 2, 3 };

/* A key that parsed: its parts inside the DER, within bounds and as described. */
static void
check_key(const struct pubkey *k, const unsigned char *der, size_t len)
{
	const unsigned char *end = der + len;

	if (k->type == PK_EC_P256) {
		if (k->qlen != 65 || k->q < der || k->q + k->qlen > end || k->q[0] != 4)
			abort();
	} else if (k->type == PK_RSA) {
		if (k->nlen < 256 || k->nlen > 512 || k->n < der || k->n + k->nlen > end ||
		    k->elen < 1 || k->elen > 4 || k->e < der || k->e + k->elen > end || k->n[0] == 0)
			abort();
	} else
		abort();
}

static void
key_and_sig(const unsigned char *data, size_t size)
{
	struct pubkey k;
	size_t n;
	int r;

	if (size < 2 || (n = (size_t)data[0] << 8 | data[1]) > size - 2)
		return;
	if (spki_parse(data + 2, n, &k) != 0)
		return;
	check_key(&k, data + 2, n);
	r = sig_verify(&k, 1, digest, data + 2 + n, size - 2 - n);
	if (r != 0 && r != SIG_BAD && r != SIG_UNKNOWN)
		abort();
}

static void
pem(const unsigned char *data, size_t size)
{
	unsigned char der[SIG_DER_MAX];
	struct pubkey k;
	long n = pem_decode((const char *)data, size, "PUBLIC KEY", der, sizeof der);

	if (n < -1 || n > (long)sizeof der)
		abort();
	if (n >= 0 && spki_parse(der, (size_t)n, &k) == 0)
		check_key(&k, der, (size_t)n);
}

static void
sums(const unsigned char *data, size_t size)
{
	const char *p = (const char *)data, *end = p + size, *name;
	unsigned char h[32];
	size_t len;
	char want[64];
	int r, found = 0;

	while ((r = sumlist_next(&p, end, h, &name, &len)) == 1) {
		if (name < (const char *)data || name + len > end || len == 0 || p > end)
			abort();
		if (!found && len < sizeof want) {	/* the first name is found */
			memcpy(want, name, len);
			want[len] = '\0';
			found = memchr(want, '\0', len) == NULL;
		}
	}
	if (r != 0 && r != -1)
		abort();
	if (found && r == 0 && (r = sumlist_lookup((const char *)data, size, want, h)) != 1 && r != -1)
		abort();
	sumlist_lookup((const char *)data, size, "vmlinuz", digest);
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	key_and_sig(data, size);
	pem(data, size);
	sums(data, size);
	return 0;
}
