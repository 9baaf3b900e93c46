/* sig_verify.c - an ECDSA P-256 or RSA PKCS#1 v1.5 signature of a SHA-256
 * digest, as `openssl dgst -sha256 -sign` makes them, checked with BearSSL */
#include <string.h>
#include <bearssl/bearssl_ec.h>
#include <bearssl/bearssl_rsa.h>
#include "sigcheck.h"

/* ECDSA's DER form: SEQUENCE { INTEGER r, INTEGER s }, each at most 33 bytes. */
static int
ecdsa_shaped(const unsigned char *sig, size_t len)
{
	size_t r, s;

	if (len < 8 || len > 72 || sig[0] != 0x30 || sig[1] != len - 2 || sig[2] != 2)
		return 0;
	r = sig[3];
	if (r < 1 || r > 33 || 4 + r + 2 > len || sig[4 + r] != 2)
		return 0;
	s = sig[5 + r];
	return s >= 1 && s <= 33 && 6 + r + s == len;
}

static int
ec_verify(const struct pubkey *k, const unsigned char hash[32], const unsigned char *sig, size_t len)
{
	br_ec_public_key pk;

	pk.curve = BR_EC_secp256r1;
	pk.q = (unsigned char *)k->q;
	pk.qlen = k->qlen;
	return br_ecdsa_i31_vrfy_asn1(&br_ec_p256_m31, hash, 32, &pk, sig, len) ? 0 : SIG_UNKNOWN;
}

/* 0 verified; SIG_BAD the key opens it to another digest; SIG_UNKNOWN it does not open. */
static int
rsa_verify(const struct pubkey *k, const unsigned char hash[32], const unsigned char *sig, size_t len)
{
	br_rsa_public_key pk;
	unsigned char out[32];

	if (len != k->nlen)
		return SIG_BAD;
	pk.n = (unsigned char *)k->n;
	pk.nlen = k->nlen;
	pk.e = (unsigned char *)k->e;
	pk.elen = k->elen;
	if (!br_rsa_i31_pkcs1_vrfy(sig, len, BR_HASH_OID_SHA256, sizeof out, &pk, out))
		return SIG_UNKNOWN;
	return memcmp(out, hash, sizeof out) == 0 ? 0 : SIG_BAD;
}

int
sig_verify(const struct pubkey *keys, int n, const unsigned char hash[32],
    const unsigned char *sig, size_t siglen)
{
	int ec = ecdsa_shaped(sig, siglen), fits = 0, r, worst = SIG_UNKNOWN;

	for (int i = 0; i < n; i++) {
		if (keys[i].type == PK_EC_P256 && ec)
			r = ec_verify(&keys[i], hash, sig, siglen);
		else if (keys[i].type == PK_RSA && siglen == keys[i].nlen)
			r = rsa_verify(&keys[i], hash, sig, siglen);
		else
			continue;
		if (r == 0)
			return 0;
		fits = 1;
		if (r == SIG_BAD)
			worst = SIG_BAD;
	}
	/* a signature no key could even read is malformed, or from a key of a
	 * kind or size we do not hold */
	return fits ? worst : ec || siglen >= 256 ? SIG_UNKNOWN : SIG_BAD;
}
