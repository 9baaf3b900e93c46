/* tftp.h - tftp's packets and its read transfer's state (pkt.c), free of I/O for the fuzzer */
#include "cmd.h"

/*
 * TFTP (RFC 1350) read transfers, octet mode, with option negotiation (RFC
 * 2347) of blksize (2348), tsize and timeout (2349). Everything here works on
 * bytes in memory; main.c does the sockets, the clock and the file.
 *
 * tftp_rrq writes a read request for FILE asking for the options in ASK (a
 * blksize of 0 or 512, a timeout of 0: not asked; tsize asked if ask->tsize)
 * into BUF: its length, 0 if CAP is too small. tftp_ack and tftp_error write an
 * ACK and an ERROR.
 *
 * tftp_rx_start readies R for a transfer asking ASK, taking at most MAX bytes
 * (0: no limit). tftp_rx_packet takes one packet from the server's port:
 *   RX_DATA   the next block: R->data, R->len to write, then send R->out (an
 *             ACK); R->done if it was the last;
 *   RX_ACKAGAIN  a duplicate of what was last acknowledged (a block or the
 *             OACK): R->out is that ACK again, for the caller to resend if it
 *             has not just done so (RFC 1123 4.2.3.1: no ACK per duplicate);
 *   RX_OACK   options accepted: send R->out (ACK 0); R->blksize, R->tsize set;
 *   RX_IGNORE an old block, or one from the future: nothing to do;
 *   RX_PLAIN  the server refused the options (ERROR 8) before any data: ask
 *             again without them;
 *   RX_FAIL   R->why says why in a line; send R->out first if R->outlen.
 */
#define TFTP_PORT "69"
#define TFTP_BLKSIZE_MIN 8
#define TFTP_BLKSIZE_MAX 65464
#define TFTP_PKT_MAX (4 + TFTP_BLKSIZE_MAX)
enum { OP_RRQ = 1, OP_WRQ, OP_DATA, OP_ACK, OP_ERROR, OP_OACK };
enum { ERR_UNDEF, ERR_NOTFOUND, ERR_ACCESS, ERR_FULL, ERR_ILLEGAL, ERR_TID, ERR_EXISTS,
	ERR_USER, ERR_OPTION };
enum { RX_DATA, RX_ACKAGAIN, RX_OACK, RX_IGNORE, RX_PLAIN, RX_FAIL };

struct tftp_ask {
	unsigned blksize;	/* 0: not asked */
	unsigned timeout;	/* seconds, 1 to 255; 0: not asked */
	int tsize;		/* ask for the size */
};

struct tftp_rx {
	struct tftp_ask ask;
	unsigned long long max;	/* bytes at most; 0: no limit */
	unsigned blksize;	/* 512 unless the OACK said otherwise */
	long long tsize;	/* from the OACK; -1 if not told */
	unsigned long long got;	/* bytes so far */
	unsigned block;		/* the last block acknowledged, 16 bits; 0 is the OACK */
	int started;		/* an OACK or the first block came: options are settled */
	int done;
	const unsigned char *data;
	size_t len;
	unsigned char out[128];	/* what to send back */
	size_t outlen;
	char why[200];
};

size_t tftp_rrq(unsigned char *buf, size_t cap, const char *file, const struct tftp_ask *ask);
size_t tftp_ack(unsigned char *buf, unsigned block);
size_t tftp_error(unsigned char *buf, size_t cap, unsigned code, const char *msg);
void tftp_rx_start(struct tftp_rx *r, const struct tftp_ask *ask, unsigned long long max);
int tftp_rx_packet(struct tftp_rx *r, const unsigned char *p, size_t n);
