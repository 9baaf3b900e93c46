/* sha256.h - SHA-256, for sha256sum, the builder and the packer */
#ifndef SHA256_H
#define SHA256_H

#include <stddef.h>
#include <stdint.h>

/* SHA-256 (FIPS 180-4), streaming: init, update any number of times, final. */
struct sha256 {
	uint32_t h[8];
	uint64_t len;
	unsigned char buf[64];
};
void sha256_init(struct sha256 *s);
void sha256_update(struct sha256 *s, const void *data, size_t n);
void sha256_final(struct sha256 *s, unsigned char out[32]);

#endif
