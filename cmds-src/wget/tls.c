/* tls.c - wget's https: a TLS 1.2 client (BearSSL) over a connected socket */
#include "http.h"
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <poll.h>
#include <bearssl/bearssl_ssl.h>
#include <bearssl/bearssl_pem.h>
#include "sha256.h"

/*
 * The validity dates of certificates are checked against the real-time
 * clock, unless it reads earlier than the image's build time (BUILD_TIME,
 * written by pack/build-time.sh): a board without a battery-backed clock
 * boots in 1970, and then the build time stands in. TLS_TIME_FLOOR, a time
 * no image of this source can have been built before (2026-12-01 UTC), is
 * the floor where that file is missing. A certificate that expired after
 * the build but before the real date passes on such a board: that is the
 * price of no clock.
 */
#define BUILD_TIME "/etc/build-time"
#define TLS_TIME_FLOOR 1796083200LL
#define LEAF_MAX 16384		/* the server certificate is kept to pin and match it */
#define TLS_ERR_PIN 1001	/* past BearSSL's own error numbers */

/* The x509 engine BearSSL calls: x509_minimal, plus the key pin and a host
 * that is an IP address (x509_minimal matches DNS names only). */
struct x509 {
	const br_x509_class *vtable;
	br_x509_minimal_context m;
	const struct tls_conf *conf;
	int anchors;		/* how many trust anchors; 0: the pin alone */
	int certs;		/* certificates seen so far in the chain */
	unsigned char leaf[LEAF_MAX];
	size_t leaf_len;	/* > LEAF_MAX: too long to keep */
	int ip_len;		/* 4 or 16 if the host is an IP address */
	unsigned char ip[16];
};

struct tls {
	br_ssl_client_context cc;
	struct x509 x;
	int fd;
	tls_wait *wait;
	void *ctx;
	int eof;		/* the peer closed TCP (without close_notify if the engine is not closed) */
	unsigned char buf[BR_SSL_BUFSIZE_BIDI];
};

/* ---- trust anchors: a PEM bundle, read once ---- */

static br_x509_trust_anchor *tas;
static size_t n_tas;
static const char *tas_path;

/* Bytes a BearSSL decoder hands over piece by piece (a DN, a PEM object). */
struct bytes {
	unsigned char *p;
	size_t len;
};

static void
add_bytes(void *ctx, const void *buf, size_t len)
{
	struct bytes *o = ctx;

	o->p = xrealloc(o->p, o->len + len);
	memcpy(o->p + o->len, buf, len);
	o->len += len;
}

static unsigned char *
dup_bytes(const unsigned char *p, size_t n)
{
	unsigned char *q = xmalloc(n ? n : 1);

	memcpy(q, p, n);
	return q;
}

/* One certificate's DER as a trust anchor; 0, or -1 if it does not decode. */
static int
add_anchor(const unsigned char *der, size_t len)
{
	br_x509_decoder_context d;
	br_x509_trust_anchor *ta;
	br_x509_pkey *k;
	struct bytes dn = { NULL, 0 };

	br_x509_decoder_init(&d, add_bytes, &dn);
	br_x509_decoder_push(&d, der, len);
	if ((k = br_x509_decoder_get_pkey(&d)) == NULL) {
		free(dn.p);
		return -1;
	}
	tas = xrealloc(tas, (n_tas + 1) * sizeof *tas);
	ta = &tas[n_tas++];
	ta->dn.data = dn.p;
	ta->dn.len = dn.len;
	ta->flags = br_x509_decoder_isCA(&d) ? BR_X509_TA_CA : 0;
	ta->pkey = *k;
	if (k->key_type == BR_KEYTYPE_RSA) {
		ta->pkey.key.rsa.n = dup_bytes(k->key.rsa.n, k->key.rsa.nlen);
		ta->pkey.key.rsa.e = dup_bytes(k->key.rsa.e, k->key.rsa.elen);
	} else {
		ta->pkey.key.ec.q = dup_bytes(k->key.ec.q, k->key.ec.qlen);
	}
	return 0;
}

/* The CERTIFICATE blocks of TEXT as trust anchors; NULL, or why not. */
static const char *
parse_pem(const unsigned char *text, size_t n)
{
	br_pem_decoder_context pc;
	struct bytes o = { NULL, 0 };
	int cert = 0;
	size_t k;

	br_pem_decoder_init(&pc);
	while (n > 0) {
		k = br_pem_decoder_push(&pc, text, n);
		text += k;
		n -= k;
		switch (br_pem_decoder_event(&pc)) {
		case BR_PEM_BEGIN_OBJ:
			cert = strcmp(br_pem_decoder_name(&pc), "CERTIFICATE") == 0;
			o.len = 0;
			br_pem_decoder_setdest(&pc, cert ? add_bytes : NULL, &o);
			break;
		case BR_PEM_END_OBJ:
			if (cert && add_anchor(o.p, o.len) < 0) {
				free(o.p);
				return "a certificate does not decode";
			}
			break;
		case BR_PEM_ERROR:
			free(o.p);
			return "not a PEM file";
		}
	}
	free(o.p);
	return NULL;
}

/* The whole of file FD, at most 8 MiB (a full CA bundle is 0.2 MiB); NULL and errno. */
static unsigned char *
slurp(int fd, size_t *n)
{
	size_t cap = 65536;
	unsigned char *p = xmalloc(cap);
	ssize_t r;

	*n = 0;
	while ((r = read(fd, p + *n, cap - *n)) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 || (*n += r) == 8 << 20) {
			errno = r < 0 ? errno : EFBIG;
			free(p);
			return NULL;
		}
		if (*n == cap)
			p = xrealloc(p, cap *= 2);
	}
	return p;
}

/* Read the trust anchors of PATH once; NULL, or why not (in ERR). A missing
 * default file is no error: it only means there are none. */
static const char *
load_anchors(const char *path, int given, char *err, size_t errlen)
{
	unsigned char *text;
	const char *e = NULL;
	size_t n;
	int fd;

	if (tas_path != NULL && strcmp(tas_path, path) == 0)
		return NULL;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		if (errno == ENOENT && !given) {
			tas_path = path;
			return NULL;
		}
		e = strerror(errno);
	} else {
		if ((text = slurp(fd, &n)) == NULL)
			e = strerror(errno);
		close(fd);
		if (e == NULL) {
			e = parse_pem(text, n);
			free(text);
		}
	}
	if (e != NULL) {
		snprintf(err, errlen, "%s: %s", path, e);
		return err;
	}
	tas_path = path;
	return NULL;
}

/* ---- the server's certificate: DER walked by hand for its key and addresses ---- */

/* The element at *P (before END): tag, contents V and VLEN, *P moved past it; -1 if malformed. */
static int
der_next(const unsigned char **p, const unsigned char *end, int *tag,
    const unsigned char **v, size_t *vlen)
{
	const unsigned char *q = *p;
	size_t n, k;

	if (end - q < 2)
		return -1;
	*tag = q[0];
	n = q[1];
	q += 2;
	if (n & 0x80) {
		k = n & 0x7f;
		if (k == 0 || k > 3 || (size_t)(end - q) < k)
			return -1;
		for (n = 0; k > 0; k--)
			n = n << 8 | *q++;
	}
	if ((size_t)(end - q) < n)
		return -1;
	*v = q;
	*vlen = n;
	*p = q + n;
	return 0;
}

/* Step into the SEQUENCE at P..END: its contents in *P and *END; -1 if not one. */
static int
der_enter(const unsigned char **p, const unsigned char **end)
{
	const unsigned char *v;
	size_t n;
	int tag;

	if (der_next(p, *end, &tag, &v, &n) < 0 || tag != 0x30)
		return -1;
	*p = v;
	*end = v + n;
	return 0;
}

/* Certificate's SubjectPublicKeyInfo (whole, tag and length included) and
 * extensions' contents (NULL if none); -1 if malformed. */
static int
leaf_parts(const unsigned char *der, size_t len, const unsigned char **spki, size_t *spki_len,
    const unsigned char **ext, size_t *ext_len)
{
	const unsigned char *p = der, *end = der + len, *v, *at;
	size_t n;
	int tag, i;

	*ext = *spki = NULL;
	*ext_len = *spki_len = 0;
	if (der_enter(&p, &end) < 0 || der_enter(&p, &end) < 0)
		return -1;
	/* [0] version, serial, signature, issuer, validity, subject, then the key */
	for (i = 0; i < 7; i++) {
		at = p;
		if (der_next(&p, end, &tag, &v, &n) < 0)
			return -1;
		if (i == 0 && tag != 0xa0)
			i++;
		if (i == 6) {
			*spki = at;
			*spki_len = p - at;
		}
	}
	while (p < end) {
		if (der_next(&p, end, &tag, &v, &n) < 0)
			return -1;
		if (tag == 0xa3) {
			*ext = v;
			*ext_len = n;
		}
	}
	return 0;
}

/* Does the subjectAltName among extensions EXT name the address IP (LEN bytes)? */
static int
san_has_ip(const unsigned char *ext, size_t len, const unsigned char *ip, size_t iplen)
{
	static const unsigned char san[] = { 0x55, 0x1d, 0x11 };	/* 2.5.29.17 */
	const unsigned char *p = ext, *end = ext + len, *e, *eend, *v, *g, *gend;
	size_t n;
	int tag;

	if (der_enter(&p, &end) < 0)
		return 0;
	while (p < end) {
		if (der_next(&p, end, &tag, &e, &n) < 0 || tag != 0x30)
			return 0;
		eend = e + n;
		if (der_next(&e, eend, &tag, &v, &n) < 0 || tag != 6 ||
		    n != sizeof san || memcmp(v, san, n) != 0)
			continue;
		do {	/* the critical flag, then the value */
			if (der_next(&e, eend, &tag, &v, &n) < 0)
				return 0;
		} while (tag == 1);
		g = v;
		gend = v + n;
		if (tag != 4 || der_enter(&g, &gend) < 0)
			return 0;
		while (g < gend) {
			if (der_next(&g, gend, &tag, &v, &n) < 0)
				return 0;
			if (tag == 0x87 && n == iplen && memcmp(v, ip, n) == 0)
				return 1;	/* [7] iPAddress */
		}
	}
	return 0;
}

/* What the chain's checks leave to us: the pin and an IP address host. */
static unsigned
leaf_check(struct x509 *x)
{
	const unsigned char *spki, *ext;
	size_t spki_len, ext_len;
	struct sha256 s;
	unsigned char h[32];

	if (x->ip_len == 0 && !x->conf->pinned)
		return 0;
	if (x->leaf_len > LEAF_MAX ||
	    leaf_parts(x->leaf, x->leaf_len, &spki, &spki_len, &ext, &ext_len) < 0)
		return BR_ERR_X509_UNSUPPORTED;
	if (x->ip_len > 0 && (ext == NULL || !san_has_ip(ext, ext_len, x->ip, x->ip_len)))
		return BR_ERR_X509_BAD_SERVER_NAME;
	if (x->conf->pinned) {
		sha256_init(&s);
		sha256_update(&s, spki, spki_len);
		sha256_final(&s, h);
		if (memcmp(h, x->conf->pin, sizeof h) != 0)
			return TLS_ERR_PIN;
	}
	return 0;
}

#define X(ctx) ((struct x509 *)(void *)(ctx))

static void
x_start_chain(const br_x509_class **ctx, const char *server_name)
{
	struct x509 *x = X(ctx);

	x->certs = 0;
	x->leaf_len = 0;
	x->m.vtable->start_chain(&x->m.vtable, server_name);
}

static void
x_start_cert(const br_x509_class **ctx, uint32_t length)
{
	struct x509 *x = X(ctx);

	x->m.vtable->start_cert(&x->m.vtable, length);
}

static void
x_append(const br_x509_class **ctx, const unsigned char *buf, size_t len)
{
	struct x509 *x = X(ctx);

	if (x->certs == 0) {
		if (x->leaf_len + len <= LEAF_MAX)
			memcpy(x->leaf + x->leaf_len, buf, len);
		x->leaf_len += len;
	}
	x->m.vtable->append(&x->m.vtable, buf, len);
}

static void
x_end_cert(const br_x509_class **ctx)
{
	struct x509 *x = X(ctx);

	x->certs++;
	x->m.vtable->end_cert(&x->m.vtable);
}

/* x509_minimal's verdict, then ours. Without trust anchors the pin alone
 * vouches for the key (the handshake then proves the server holds it). */
static unsigned
x_end_chain(const br_x509_class **ctx)
{
	struct x509 *x = X(ctx);
	unsigned err = x->m.vtable->end_chain(&x->m.vtable);

	if (err == BR_ERR_X509_NOT_TRUSTED && x->anchors == 0 && x->conf->pinned)
		err = 0;
	return err != 0 ? err : leaf_check(x);
}

static const br_x509_pkey *
x_get_pkey(const br_x509_class *const *ctx, unsigned *usages)
{
	const struct x509 *x = (const struct x509 *)(const void *)ctx;

	return x->m.vtable->get_pkey(&x->m.vtable, usages);
}

static const br_x509_class x509_vtable = {
	sizeof(struct x509), x_start_chain, x_start_cert, x_append, x_end_cert,
	x_end_chain, x_get_pkey
};

/* ---- the engine ---- */

/* The latest of the clock, the build time and TLS_TIME_FLOOR. */
static long long
cert_time(void)
{
	long long t = time(NULL), b = 0;
	char line[32];
	FILE *f = fopen(BUILD_TIME, "r");

	if (f != NULL) {
		if (fgets(line, sizeof line, f) != NULL)
			b = strtoll(line, NULL, 10);
		fclose(f);
	}
	if (b < TLS_TIME_FLOOR)
		b = TLS_TIME_FLOOR;
	return t > b ? t : b;
}

static void
x509_init(struct x509 *x, const struct tls_conf *c, const char *host)
{
	long long t = cert_time();

	x->vtable = &x509_vtable;
	x->conf = c;
	x->anchors = n_tas;
	br_x509_minimal_init(&x->m, &br_sha256_vtable, tas, n_tas);
	br_x509_minimal_set_hash(&x->m, br_sha256_ID, &br_sha256_vtable);
	br_x509_minimal_set_hash(&x->m, br_sha384_ID, &br_sha384_vtable);
	br_x509_minimal_set_hash(&x->m, br_sha512_ID, &br_sha512_vtable);
	br_x509_minimal_set_rsa(&x->m, br_rsa_i31_pkcs1_vrfy);
	br_x509_minimal_set_ecdsa(&x->m, &br_ec_all_m31, br_ecdsa_i31_vrfy_asn1);
	/* days since 1 January of year 0; 719528 of them to 1970 */
	br_x509_minimal_set_time(&x->m, (uint32_t)(t / 86400 + 719528), (uint32_t)(t % 86400));
	x->ip_len = inet_pton(AF_INET, host, x->ip) == 1 ? 4 :
	    inet_pton(AF_INET6, host, x->ip) == 1 ? 16 : 0;
}

/*
 * A small client profile instead of br_ssl_client_init_full, which links
 * every algorithm BearSSL has. TLS 1.2 only (BearSSL has no TLS 1.3);
 * ECDHE key exchange (P-256, x25519, P-384) signed with ECDSA or RSA; AES-GCM
 * or ChaCha20-Poly1305 in their constant-time portable code.
 */
static const uint16_t suites[] = {
	BR_TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,
	BR_TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,
	BR_TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384,
	BR_TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384,
	BR_TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256,
	BR_TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,
};

static void
engine_init(struct tls *t)
{
	br_ssl_engine_context *e = &t->cc.eng;

	br_ssl_client_zero(&t->cc);
	br_ssl_engine_set_versions(e, BR_TLS12, BR_TLS12);
	br_ssl_engine_set_suites(e, suites, sizeof suites / sizeof suites[0]);
	br_ssl_engine_set_x509(e, &t->x.vtable);
	br_ssl_engine_set_hash(e, br_sha256_ID, &br_sha256_vtable);
	br_ssl_engine_set_hash(e, br_sha384_ID, &br_sha384_vtable);
	br_ssl_engine_set_prf_sha256(e, br_tls12_sha256_prf);
	br_ssl_engine_set_prf_sha384(e, br_tls12_sha384_prf);
	br_ssl_engine_set_ec(e, &br_ec_all_m31);
	br_ssl_engine_set_ecdsa(e, br_ecdsa_i31_vrfy_asn1);
	br_ssl_engine_set_rsavrfy(e, br_rsa_i31_pkcs1_vrfy);
	br_ssl_engine_set_gcm(e, &br_sslrec_in_gcm_vtable, &br_sslrec_out_gcm_vtable);
	br_ssl_engine_set_aes_ctr(e, &br_aes_ct_ctr_vtable);
	br_ssl_engine_set_ghash(e, br_ghash_ctmul);
	br_ssl_engine_set_chapol(e, &br_sslrec_in_chapol_vtable, &br_sslrec_out_chapol_vtable);
	br_ssl_engine_set_chacha20(e, br_chacha20_ct_run);
	br_ssl_engine_set_poly1305(e, br_poly1305_ctmul_run);
	br_ssl_engine_set_buffer(e, t->buf, sizeof t->buf, 1);
}

/* Why the engine stopped, in words. */
static void
describe(int err, char *out, size_t n)
{
	static const struct { int err; const char *why; } words[] = {
		{ BR_ERR_X509_NOT_TRUSTED, "certificate not trusted (unknown CA)" },
		{ BR_ERR_X509_BAD_SERVER_NAME, "certificate is not for this host name" },
		{ BR_ERR_X509_EXPIRED, "certificate expired or not yet valid" },
		{ TLS_ERR_PIN, "server key does not match --pin" },
		{ BR_ERR_X509_UNSUPPORTED, "unsupported certificate" },
		{ BR_ERR_X509_BAD_SIGNATURE, "bad certificate signature" },
		{ BR_ERR_X509_NOT_CA, "certificate issuer is not a CA" },
		{ BR_ERR_X509_WEAK_PUBLIC_KEY, "weak certificate key" },
		{ BR_ERR_UNSUPPORTED_VERSION, "server does not speak TLS 1.2" },
		{ BR_ERR_BAD_CIPHER_SUITE, "no common cipher suite" },
		{ BR_ERR_BAD_SIGNATURE, "bad key exchange signature" },
		{ BR_ERR_BAD_MAC, "bad record MAC" },
		{ BR_ERR_IO, "connection lost" },
		{ BR_ERR_NO_RANDOM, "no random source (getrandom, /dev/urandom)" },
	};

	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (words[i].err == err) {
			snprintf(out, n, "TLS: %s", words[i].why);
			return;
		}
	if (err >= BR_ERR_RECV_FATAL_ALERT && err < BR_ERR_SEND_FATAL_ALERT)
		snprintf(out, n, "TLS: handshake failed (server sent alert %d)", err - BR_ERR_RECV_FATAL_ALERT);
	else if (err >= BR_ERR_SEND_FATAL_ALERT)
		snprintf(out, n, "TLS: handshake failed (sent alert %d)", err - BR_ERR_SEND_FATAL_ALERT);
	else
		snprintf(out, n, "TLS: handshake failed (BearSSL error %d)", err);
}

/* The engine's outgoing records to the socket, as much as it takes; 0 or -1 (errno). */
static int
send_records(struct tls *t)
{
	size_t len;
	unsigned char *b = br_ssl_engine_sendrec_buf(&t->cc.eng, &len);
	ssize_t r;

	if (t->wait(t->ctx, t->fd, POLLOUT) < 0)
		return -1;
	r = send(t->fd, b, len, MSG_NOSIGNAL);
	if (r < 0 && errno != EINTR && errno != EAGAIN)
		return -1;
	if (r > 0)
		br_ssl_engine_sendrec_ack(&t->cc.eng, r);
	return 0;
}

/* Bytes from the socket into the engine; 0, or -1 (errno; 0 and t->eof at the end of TCP). */
static int
recv_records(struct tls *t)
{
	size_t len;
	unsigned char *b = br_ssl_engine_recvrec_buf(&t->cc.eng, &len);
	ssize_t r;

	if (t->wait(t->ctx, t->fd, POLLIN) < 0)
		return -1;
	r = recv(t->fd, b, len, 0);
	if (r < 0 && (errno == EINTR || errno == EAGAIN))
		return 0;
	if (r <= 0) {
		t->eof = r == 0;
		errno = r == 0 ? 0 : errno;
		return -1;
	}
	br_ssl_engine_recvrec_ack(&t->cc.eng, r);
	return 0;
}

/* Move records between engine and socket until the engine's state has a
 * bit of WANT; 0, or -1 when it closed (errno 0) or the socket failed. */
static int
pump(struct tls *t, unsigned want)
{
	unsigned st;

	for (;;) {
		st = br_ssl_engine_current_state(&t->cc.eng);
		if (st & BR_SSL_CLOSED) {
			errno = 0;
			return -1;
		}
		if (st & BR_SSL_SENDREC) {
			if (send_records(t) < 0)
				return -1;
		} else if (st & want) {
			return 0;
		} else if (st & BR_SSL_RECVAPP) {
			errno = EPROTO;	/* data before our request is out: no HTTP server does that */
			return -1;
		} else if (!(st & BR_SSL_RECVREC)) {
			br_ssl_engine_flush(&t->cc.eng, 0);
		} else if (recv_records(t) < 0) {
			return -1;
		}
	}
}

/* After pump failed: why, into ERR; whether trying again might help. */
static int
pump_error(struct tls *t, char *err, size_t n)
{
	int e = br_ssl_engine_last_error(&t->cc.eng);

	if (e != 0) {
		describe(e, err, n);
		return e == BR_ERR_IO;
	}
	if (t->eof || errno == 0)
		snprintf(err, n, "TLS: connection closed during the handshake");
	else
		snprintf(err, n, "%s", strerror(errno));
	return 1;
}

int
tls_ready(const struct tls_conf *c, char *err, size_t n)
{
	const char *path = c->ca != NULL ? c->ca : TLS_CA;

	if (load_anchors(path, c->ca != NULL, err, n) != NULL)
		return -1;
	if (n_tas == 0 && !c->pinned) {
		snprintf(err, n, "no CA certificates (%s): pass --ca FILE or --pin", path);
		return -1;
	}
	return 0;
}

struct tls *
tls_open(const struct tls_conf *c, const char *host, int fd, tls_wait *wait, void *ctx,
    char *err, size_t n, int *retry)
{
	unsigned char seed[32];
	struct tls *t;

	*retry = 0;
	if (tls_ready(c, err, n) < 0)
		return NULL;
	t = xmalloc(sizeof *t);
	memset(t, 0, offsetof(struct tls, buf));
	/* TLS writes in small records, each awaited: Nagle's algorithm would hold
	 * one back for the peer's delayed ACK, 40 ms a fetch (bench/https.sh) */
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &(int){ 1 }, sizeof(int));
	t->fd = fd;
	t->wait = wait;
	t->ctx = ctx;
	x509_init(&t->x, c, host);
	engine_init(t);
	/* getrandom first, and blocking: keys from an unseeded pool would be
	 * guessable; /dev/urandom (BearSSL's own seeder) may not exist yet */
	if (getrandom(seed, sizeof seed, 0) == (ssize_t)sizeof seed)
		br_ssl_engine_inject_entropy(&t->cc.eng, seed, sizeof seed);
	if (!br_ssl_client_reset(&t->cc, t->x.ip_len > 0 ? NULL : host, 0) ||
	    pump(t, BR_SSL_SENDAPP) < 0) {
		*retry = pump_error(t, err, n);
		free(t);
		return NULL;
	}
	return t;
}

int
tls_write(struct tls *t, const void *p, size_t n, char *err, size_t errlen)
{
	const unsigned char *s = p;
	unsigned char *b;
	size_t len;

	while (n > 0) {
		if (pump(t, BR_SSL_SENDAPP) < 0)
			return pump_error(t, err, errlen), -1;
		b = br_ssl_engine_sendapp_buf(&t->cc.eng, &len);
		len = len < n ? len : n;
		memcpy(b, s, len);
		br_ssl_engine_sendapp_ack(&t->cc.eng, len);
		s += len;
		n -= len;
	}
	br_ssl_engine_flush(&t->cc.eng, 0);
	return 0;
}

long
tls_read(struct tls *t, void *p, size_t n, int *clean, char *err, size_t errlen)
{
	unsigned char *b;
	size_t len;

	*clean = 0;
	if (pump(t, BR_SSL_RECVAPP) < 0) {
		if (t->eof) {
			return 0;	/* end of TCP without close_notify: the caller judges */
		} else if (br_ssl_engine_current_state(&t->cc.eng) & BR_SSL_CLOSED &&
		    br_ssl_engine_last_error(&t->cc.eng) == 0) {
			*clean = 1;
			return 0;
		}
		pump_error(t, err, errlen);
		return -1;
	}
	b = br_ssl_engine_recvapp_buf(&t->cc.eng, &len);
	len = len < n ? len : n;
	memcpy(p, b, len);
	br_ssl_engine_recvapp_ack(&t->cc.eng, len);
	return len;
}

void
tls_close(struct tls *t)
{
	free(t);
}
