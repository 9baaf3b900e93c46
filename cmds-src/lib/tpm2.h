/* tpm2.h - a TPM 2.0 client: PCR read and extend in the SHA-256 bank, the event log */
#ifndef TPM2_H
#define TPM2_H

#include <stddef.h>
#include <stdint.h>

#define TPM2_PCRS 24		/* PCRs 0-23, what a PC Client TPM has */
#define TPM2_EVENTS "/run/tpm/events"	/* the event log: "PCR SHA256HEX description" lines */

/*
 * One open TPM. Every function returns 0, or -1 with the reason in err
 * ("PCR_Read: TPM error 0x184: value out of range (handle 1)"); none prints
 * or exits, so boot, netboot and the builder can call them as well as tpm.
 * The device is a TPM character device or a UNIX socket where a simulator
 * serves the raw command stream (swtpm socket --server type=unixio,path=P).
 */
struct tpm2 {
	int fd;
	const char *events;	/* the event log, TPM2_EVENTS unless the caller changes it */
	uint32_t sha256_pcrs;	/* the PCRs the SHA-256 bank has, once asked */
	int banks_known;
	char err[200];
	size_t clen, rlen;	/* bytes of the command in cmd, of the response in rsp */
	unsigned char cmd[512];
	unsigned char rsp[4096];
};

/* The TPM device node present, /dev/tpmrm0 before /dev/tpm0; NULL if none. */
const char *tpm2_device(void);
/* PATH NULL: tpm2_device()'s. */
int tpm2_open(struct tpm2 *t, const char *path);
void tpm2_close(struct tpm2 *t);

/* PCR_Read of the SHA-256 bank: every PCR in MASK (bit N is PCR N) into
 * out[N]. A TPM returns at most eight a call: asked again for the rest. */
int tpm2_pcr_read(struct tpm2 *t, uint32_t mask, unsigned char out[][32]);
/* PCR_Extend of PCR in the SHA-256 bank: PCR = SHA-256(PCR || DIGEST). */
int tpm2_pcr_extend(struct tpm2 *t, int pcr, const unsigned char digest[32]);
/* GetCapability(PCRS): the PCRs the SHA-256 bank has (bit N is PCR N). */
int tpm2_sha256_pcrs(struct tpm2 *t, uint32_t *mask);

/* Measure: extend PCR with DIGEST and append "PCR HEX DESC" to the event log
 * (its directory made), both under a lock on the log so the log's order is
 * the order of the extends. What boot, netboot and the builder call. */
int tpm2_measure(struct tpm2 *t, int pcr, const unsigned char digest[32], const char *desc);
/* Only the log line, for an extend done elsewhere. */
int tpm2_log(struct tpm2 *t, int pcr, const unsigned char digest[32], const char *desc);

/* The parsers, apart from the I/O so they can be fuzzed: RSP holds N bytes
 * of a response. tpm2_response checks its header and response code. */
int tpm2_response(struct tpm2 *t, const char *what, const unsigned char *rsp, size_t n);
/* A PCR_Read response to a request for ASKED: *GOT the PCRs it holds. */
int tpm2_pcr_read_parse(struct tpm2 *t, const unsigned char *rsp, size_t n, uint32_t asked,
	uint32_t *got, unsigned char out[][32]);
int tpm2_caps_parse(struct tpm2 *t, const unsigned char *rsp, size_t n, uint32_t *mask);

/* What a response code means, for people: NULL if we do not know it. */
const char *tpm2_rc_text(uint32_t rc);

#endif
