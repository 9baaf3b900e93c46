/*
 * measure.c - in multicall mode nothing is compiled on the board: what runs
 * is the box binary, so init measures it once, at start, into the source
 * PCR (14: why, in runtime/measure.c), logged as "box /bin/ubox" for
 * pack/attest. In source mode there is no box and the builder measures what
 * it compiles. No TPM: nothing. A TPM that fails: one warning, and init
 * carries on (it never exits).
 */
#include <sys/stat.h>
#include <errno.h>
#include <string.h>
#include "init.h"
#include "sha256.h"
#include "sigcheck.h"
#include "tpm2.h"

#define BOX "/bin/ubox"
#define SOURCE_PCR 14

void
measure_box(void)
{
	unsigned char d[32];
	struct stat st;
	struct tpm2 t;

	if (stat(BOX, &st) < 0 || !tpm2_device())
		return;
	if (sha256_file(BOX, d) < 0) {
		say(1, "%s: not measured: %s", BOX, strerror(errno));
		return;
	}
	if (tpm2_open(&t, NULL) < 0 || tpm2_measure(&t, SOURCE_PCR, d, "box " BOX) < 0)
		say(1, "%s: not measured into PCR %d: %s", BOX, SOURCE_PCR, t.err);
	tpm2_close(&t);
}
