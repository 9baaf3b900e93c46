/* fuzz_tftp - libFuzzer harness: tftp's read transfer (pkt.c) fed packets from arbitrary bytes */
#include "../lib/text.h"
#include "tftp.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static const unsigned blksizes[] = { 0, 512, 8, 1468 };

static unsigned
get16(const unsigned char *p)
{
	return (unsigned)p[0] << 8 | p[1];
}

static void
check_ack(const struct tftp_rx *r, unsigned block)
{
	if (r->outlen != 4 || get16(r->out) != OP_ACK || get16(r->out + 2) != (block & 0xffff))
		abort();
}

/* What one packet did to R, checked against what R was before it (OLD). */
static int
check_step(const struct tftp_rx *old, struct tftp_rx *r, const unsigned char *p, size_t n, int rc)
{
	switch (rc) {
	case RX_DATA:
		if (r->data != p + 4 || r->len != n - 4 || r->len > r->blksize || r->got != old->got + r->len)
			abort();
		if ((r->max > 0 && r->got > r->max) || r->block != ((old->block + 1) & 0xffff))
			abort();
		if (r->done != (r->len < r->blksize) || !r->started)
			abort();
		check_ack(r, r->block);
		return 0;
	case RX_OACK:
		/* without blksize in the OACK, RFC 1350's 512; else at most what was asked */
		if (old->started || !r->started || r->blksize < TFTP_BLKSIZE_MIN ||
		    (r->blksize != 512 && r->blksize > r->ask.blksize))
			abort();
		if (r->tsize >= 0 && !r->ask.tsize)
			abort();
		if (r->max > 0 && r->tsize > 0 && (unsigned long long)r->tsize > r->max)
			abort();
		check_ack(r, 0);
		return 0;
	case RX_ACKAGAIN:
		if (!old->started || r->block != old->block || r->got != old->got)
			abort();
		check_ack(r, r->block);
		return 0;
	case RX_IGNORE:
		if (r->outlen != 0 || r->got != old->got || r->block != old->block)
			abort();
		return 0;
	case RX_PLAIN:
		if (old->started || !(r->ask.blksize || r->ask.tsize || r->ask.timeout))
			abort();
		return 1;
	case RX_FAIL:
		check_text(r->why, sizeof r->why, 0);
		if (r->outlen > 0 && (r->outlen < 5 || get16(r->out) != OP_ERROR || r->out[r->outlen - 1] != '\0'))
			abort();
		return 1;
	default:
		abort();
	}
}

/* Packets: each a 2-byte length, then that many bytes (fewer at the end). */
static void
transfer(const struct tftp_ask *ask, unsigned long long max, const unsigned char *p, size_t n)
{
	static struct tftp_rx r, old;

	tftp_rx_start(&r, ask, max);
	while (n >= 2) {
		size_t len = get16(p);
		int rc;

		p += 2, n -= 2;
		if (len > n)
			len = n;
		old = r;
		rc = tftp_rx_packet(&r, p, len);
		if (old.done && rc != RX_IGNORE)
			abort();
		if (check_step(&old, &r, p, len, rc))
			return;
		p += len, n -= len;
	}
}

/* A request for a name from the input reads back as the name, "octet" and
 * the options asked. */
static void
request(const struct tftp_ask *ask, const unsigned char *p, size_t n)
{
	char name[600], want[200] = "", *w = want;
	unsigned char buf[700];
	size_t len, m = n < sizeof name - 1 ? n : sizeof name - 1;

	memcpy(name, p, m);
	name[m] = '\0';
	len = tftp_rrq(buf, sizeof buf, name, ask);
	if (len == 0) {
		if (strlen(name) + 2 + 6 + 40 < sizeof buf)
			abort();
		return;
	}
	if (get16(buf) != OP_RRQ || strcmp((char *)buf + 2, name) != 0)
		abort();
	if (ask->blksize && ask->blksize != 512)
		w += sprintf(w, "blksize%c%u%c", 0, ask->blksize, 0);
	if (ask->tsize)
		w += sprintf(w, "tsize%c0%c", 0, 0);
	if (ask->timeout)
		w += sprintf(w, "timeout%c%u%c", 0, ask->timeout, 0);
	m = 2 + strlen(name) + 1;
	if (len != m + 6 + (size_t)(w - want) || memcmp(buf + m, "octet", 6) != 0 ||
	    memcmp(buf + m + 6, want, w - want) != 0)
		abort();
}

/* An ERROR built from the input reads back as a failure, or as options refused. */
static void
error_round_trip(const struct tftp_ask *ask, const unsigned char *p, size_t n)
{
	static struct tftp_rx r;
	unsigned char buf[300];
	char msg[200];
	size_t m = n < sizeof msg - 1 ? n : sizeof msg - 1, len;
	unsigned code = n > 0 ? p[0] % 10 : 0;
	int rc;

	memcpy(msg, p, m);
	msg[m] = '\0';
	if ((len = tftp_error(buf, sizeof buf, code, msg)) != 4 + strlen(msg) + 1)
		abort();
	tftp_rx_start(&r, ask, 0);
	rc = tftp_rx_packet(&r, buf, len);
	if (code == ERR_OPTION && ((ask->blksize && ask->blksize != 512) || ask->tsize || ask->timeout))
		rc = rc == RX_PLAIN ? RX_FAIL : -1;
	else if (rc == RX_FAIL && strncmp(r.why, "server error ", 13) != 0)
		abort();
	if (rc != RX_FAIL)
		abort();
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct tftp_ask ask = { 0, 0, 0 };
	unsigned long long max;

	if (size < 1)
		return 0;
	ask.blksize = blksizes[data[0] & 3];
	ask.tsize = data[0] >> 2 & 1;
	ask.timeout = data[0] >> 3 & 1;
	max = (data[0] >> 4 & 3) == 0 ? 0 : 100ull << (4 * (data[0] >> 4 & 3));
	transfer(&ask, max, data + 1, size - 1);
	request(&ask, data + 1, size - 1);
	error_round_trip(&ask, data + 1, size - 1);
	return 0;
}
