/* sum.h - the digests of sha256sum besides the library's SHA-256: MD5 (RFC 1321) and SHA-1 (FIPS 180-4), streaming alike */
#include "cmd.h"

struct md5 {
	uint32_t h[4];
	uint64_t len;
	unsigned char buf[64];
};
void md5_init(struct md5 *s);
void md5_update(struct md5 *s, const void *data, size_t n);
void md5_final(struct md5 *s, unsigned char out[16]);

struct sha1 {
	uint32_t h[5];
	uint64_t len;
	unsigned char buf[64];
};
void sha1_init(struct sha1 *s);
void sha1_update(struct sha1 *s, const void *data, size_t n);
void sha1_final(struct sha1 *s, unsigned char out[20]);
