/* boot_measure.c - what is about to be booted, measured into the TPM */
#define _GNU_SOURCE 1
#include <stdio.h>
#include <string.h>
#include "bootcheck.h"
#include "sha256.h"
#include "tpm2.h"

/* The command line into PCR 8 (its bytes, no NUL), the files into PCR 9,
 * configs first, in the order of the plan: as GRUB measures, so tools that
 * know GRUB's PCRs read ours. */
int
boot_measure(const struct bootplan *p, char *err, size_t errlen)
{
	struct tpm2 t;
	struct sha256 s;
	unsigned char h[32];
	char desc[1024];
	int r = 0;

	/* No TPM device at all: nothing to measure into, and no error. A device
	 * that is there but fails is an error: a boot the verifier cannot see. */
	if (!tpm2_device())
		return 0;
	if (tpm2_open(&t, NULL) < 0) {
		snprintf(err, errlen, "%s", t.err);
		return -1;
	}
	sha256_init(&s);
	sha256_update(&s, p->cmdline, strlen(p->cmdline));
	sha256_final(&s, h);
	snprintf(desc, sizeof desc, "cmdline %s", p->cmdline);
	r = tpm2_measure(&t, PCR_CMDLINE, h, desc);
	for (int i = 0; i < p->n && r == 0; i++) {
		snprintf(desc, sizeof desc, "%s %s", p->part[i].what, p->part[i].name);
		r = tpm2_measure(&t, PCR_FILES, p->part[i].hash, desc);
	}
	if (r < 0)
		snprintf(err, errlen, "%s", t.err);
	tpm2_close(&t);
	return r;
}
