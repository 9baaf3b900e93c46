/* fuzz_tpm2 - libFuzzer harness: lib/tpm2.c's response parsers on arbitrary bytes.
 * The first three bytes are the PCRs asked for (bit N is PCR N), the rest the
 * TPM's answer, given to the PCR_Read and GetCapability parsers. */
#include <stdlib.h>
#include <string.h>
#include "tpm2.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

/* A failure names itself: a message, NUL-terminated inside err. */
static void
check_err(const struct tpm2 *t)
{
	if (t->err[0] == 0 || strnlen(t->err, sizeof t->err) == sizeof t->err)
		abort();
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static struct tpm2 t;
	unsigned char out[TPM2_PCRS][32];
	uint32_t asked, got, mask;

	if (size < 3)
		return 0;
	asked = data[0] | data[1] << 8 | (uint32_t)data[2] << 16;
	data += 3, size -= 3;
	memset(&t, 0, sizeof t);
	if (tpm2_pcr_read_parse(&t, data, size, asked, &got, out) < 0)
		check_err(&t);
	else if (got & ~asked)
		abort();
	memset(&t, 0, sizeof t);
	if (tpm2_caps_parse(&t, data, size, &mask) < 0)
		check_err(&t);
	memset(&t, 0, sizeof t);
	if (tpm2_response(&t, "fuzz", data, size) < 0)
		check_err(&t);
	return 0;
}
