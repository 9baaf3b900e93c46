/* sum.h - the digests of sha256sum besides the library's SHA-256: MD5 (RFC 1321) and SHA-1 (FIPS 180-4) */
#include "cmd.h"

/* Their state, streaming like SHA-256: MD5 uses 4 words of h, SHA-1 all 5. */
struct md {
	uint32_t h[5];
	uint64_t len;
	unsigned char buf[64];
};
void md5_init(struct md *s);
void md5_update(struct md *s, const void *data, size_t n);
void md5_final(struct md *s, unsigned char out[16]);
void sha1_init(struct md *s);
void sha1_update(struct md *s, const void *data, size_t n);
void sha1_final(struct md *s, unsigned char out[20]);
