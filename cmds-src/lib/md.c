/* md.c - what MD5, SHA-1 and SHA-256 share: 64-byte blocks and the padding */
#include <string.h>
#include "md.h"

void
md_update(uint32_t *h, unsigned char buf[64], uint64_t *len, const void *data, size_t n,
    md_block_fn *block)
{
	const unsigned char *p = data;
	size_t used = *len % 64, take;

	*len += n;
	for (; used == 0 && n >= 64; p += 64, n -= 64)
		block(h, p);	/* whole blocks straight from the input */
	while (n > 0) {
		take = 64 - used < n ? 64 - used : n;
		memcpy(buf + used, p, take);
		used += take;
		p += take;
		n -= take;
		if (used == 64) {
			block(h, buf);
			used = 0;
			for (; n >= 64; p += 64, n -= 64)
				block(h, p);
		}
	}
}

void
md_final(uint32_t *h, unsigned char buf[64], uint64_t *len, int big_endian, md_block_fn *block)
{
	uint64_t bits = *len * 8;
	unsigned char pad[72] = { 0x80 };
	size_t padlen = (*len % 64 < 56 ? 56 : 120) - *len % 64;

	for (int i = 0; i < 8; i++)
		pad[padlen + i] = bits >> (big_endian ? 56 - 8 * i : 8 * i);
	md_update(h, buf, len, pad, padlen + 8, block);
}
