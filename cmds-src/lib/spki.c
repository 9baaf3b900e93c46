/* spki.c - DER SubjectPublicKeyInfo (RFC 5280, 5480, 8017) to an EC P-256 or RSA key */
#include <string.h>
#include "sigcheck.h"

/* The algorithm identifiers' contents, tag and length included. */
static const unsigned char oid_ec[] = { 6, 7, 0x2a, 0x86, 0x48, 0xce, 0x3d, 2, 1 };
static const unsigned char oid_p256[] = { 6, 8, 0x2a, 0x86, 0x48, 0xce, 0x3d, 3, 1, 7 };
static const unsigned char oid_rsa[] = { 6, 9, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 1, 1, 1 };
static const unsigned char der_null[] = { 5, 0 };

/* One DER element of tag TAG at *P (before END): its contents in *V, *VLEN,
 * and *P moved past it; 0, or -1 if it is not there whole. Lengths in short
 * form or in one or two bytes: nothing here is longer. */
static int
der_take(const unsigned char **p, const unsigned char *end, int tag,
    const unsigned char **v, size_t *vlen)
{
	const unsigned char *q = *p;
	size_t n;

	if (end - q < 2 || *q++ != tag)
		return -1;
	n = *q++;
	if (n == 0x81 || n == 0x82) {
		int bytes = n & 0x7f;
		if (end - q < bytes)
			return -1;
		for (n = 0; bytes-- > 0; )
			n = n << 8 | *q++;
	} else if (n > 0x7f)
		return -1;
	if ((size_t)(end - q) < n)
		return -1;
	*v = q;
	*vlen = n;
	*p = q + n;
	return 0;
}

/* Is the element at P (before END) exactly WANT? Moves past it if so. */
static int
der_is(const unsigned char **p, const unsigned char *end, const unsigned char *want, size_t n)
{
	if ((size_t)(end - *p) < n || memcmp(*p, want, n) != 0)
		return 0;
	*p += n;
	return 1;
}

/* A positive INTEGER, its leading zeros dropped: 0 or -1. */
static int
der_uint(const unsigned char **p, const unsigned char *end, const unsigned char **v, size_t *n)
{
	if (der_take(p, end, 0x02, v, n) < 0 || *n == 0 || (**v & 0x80))
		return -1;
	while (*n > 0 && **v == 0)
		(*v)++, (*n)--;
	return *n > 0 ? 0 : -1;
}

static int
rsa_key(const unsigned char *p, const unsigned char *end, struct pubkey *k)
{
	const unsigned char *seq;
	size_t len, bits;

	if (der_take(&p, end, 0x30, &seq, &len) < 0 || p != end)
		return -1;
	end = seq + len;
	if (der_uint(&seq, end, &k->n, &k->nlen) < 0 || der_uint(&seq, end, &k->e, &k->elen) < 0 ||
	    seq != end)
		return -1;
	bits = k->nlen * 8;
	for (unsigned c = k->n[0]; c < 0x80; c <<= 1)
		bits--;
	if (k->elen > 4 || !(k->n[k->nlen - 1] & 1))
		return -1;
	if (bits < 2048 || bits > 4096)
		return -2;
	k->type = PK_RSA;
	return 0;
}

int
spki_parse(const unsigned char *der, size_t len, struct pubkey *k)
{
	const unsigned char *p = der, *end = der + len, *spki, *alg, *bits, *aend;
	size_t n, alen, blen;

	memset(k, 0, sizeof *k);
	if (der_take(&p, end, 0x30, &spki, &n) < 0 || p != end)
		return -1;
	end = spki + n;
	if (der_take(&spki, end, 0x30, &alg, &alen) < 0 ||
	    der_take(&spki, end, 0x03, &bits, &blen) < 0 || spki != end || blen < 1 || bits[0] != 0)
		return -1;
	aend = alg + alen;
	bits++, blen--;
	if (der_is(&alg, aend, oid_ec, sizeof oid_ec)) {
		if (!der_is(&alg, aend, oid_p256, sizeof oid_p256) || alg != aend ||
		    blen != 65 || bits[0] != 4)
			return -1;
		k->q = bits;
		k->qlen = blen;
		k->type = PK_EC_P256;
		return 0;
	}
	if (!der_is(&alg, aend, oid_rsa, sizeof oid_rsa))
		return -1;
	der_is(&alg, aend, der_null, sizeof der_null);	/* NULL, or absent */
	return alg != aend ? -1 : rsa_key(bits, bits + blen, k);
}
