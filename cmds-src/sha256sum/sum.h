/* sum.h - sha256sum's digests besides the library's SHA-256: MD5 (RFC 1321) and SHA-1 (FIPS 180-4) */
#include "cmd.h"
#include "io.h"
#include "sha256.h"
#include "md.h"

/* What tells them apart: md.c streams both, as it does SHA-256. */
struct md_algo {
	md_block_fn *block;
	const uint32_t *iv;	/* the first state */
	int words;		/* of state, and of digest: 4 for MD5, 5 for SHA-1 */
	int big_endian;		/* the length and the digest's words */
};
extern const struct md_algo md5, sha1;
