/* pkt.c - tftp's packets built and read, and a read transfer's steps: no I/O */
#include "tftp.h"
#include <strings.h>

static void
put16(unsigned char *p, unsigned v)
{
	p[0] = v >> 8 & 0xff;
	p[1] = v & 0xff;
}

static unsigned
get16(const unsigned char *p)
{
	return (unsigned)p[0] << 8 | p[1];
}

/* Append S and its NUL at *AT if it fits in CAP: 0, or -1. */
static int
put_str(unsigned char *buf, size_t cap, size_t *at, const char *s)
{
	size_t n = strlen(s) + 1;

	if (n > cap - *at)
		return -1;
	memcpy(buf + *at, s, n);
	*at += n;
	return 0;
}

static int
put_opt(unsigned char *buf, size_t cap, size_t *at, const char *name, unsigned long v)
{
	char num[24];

	snprintf(num, sizeof num, "%lu", v);
	return put_str(buf, cap, at, name) < 0 || put_str(buf, cap, at, num) < 0 ? -1 : 0;
}

size_t
tftp_rrq(unsigned char *buf, size_t cap, const char *file, const struct tftp_ask *ask)
{
	size_t at = 2;

	if (cap < 2)
		return 0;
	put16(buf, OP_RRQ);
	if (put_str(buf, cap, &at, file) < 0 || put_str(buf, cap, &at, "octet") < 0)
		return 0;
	if (ask->blksize != 0 && ask->blksize != 512 && put_opt(buf, cap, &at, "blksize", ask->blksize) < 0)
		return 0;
	if (ask->tsize && put_opt(buf, cap, &at, "tsize", 0) < 0)
		return 0;
	if (ask->timeout != 0 && put_opt(buf, cap, &at, "timeout", ask->timeout) < 0)
		return 0;
	return at;
}

size_t
tftp_ack(unsigned char *buf, unsigned block)
{
	put16(buf, OP_ACK);
	put16(buf + 2, block & 0xffff);
	return 4;
}

size_t
tftp_error(unsigned char *buf, size_t cap, unsigned code, const char *msg)
{
	size_t at = 4;

	if (cap < 4)
		return 0;
	put16(buf, OP_ERROR);
	put16(buf + 2, code);
	return put_str(buf, cap, &at, msg) < 0 ? 0 : at;
}

void
tftp_rx_start(struct tftp_rx *r, const struct tftp_ask *ask, unsigned long long max)
{
	memset(r, 0, sizeof *r);
	r->ask = *ask;
	if (r->ask.blksize == 512)
		r->ask.blksize = 0;	/* the default: not asked, so not to be offered */
	r->max = max;
	r->blksize = 512;
	r->tsize = -1;
}

/* Give up: R->why from FMT; if CODE >= 0, an ERROR with MSG for the server. */
static int
fail(struct tftp_rx *r, int code, const char *msg, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(r->why, sizeof r->why, fmt, ap);
	va_end(ap);
	r->outlen = code < 0 ? 0 : tftp_error(r->out, sizeof r->out, code, msg);
	return RX_FAIL;
}

/* Bytes from the network, made safe for a terminal: printable ASCII kept (a
 * backslash doubled), the rest as \xHH; cut short to fit OUT (CAP > 0). */
static void
escape(char *out, size_t cap, const unsigned char *s, size_t n)
{
	size_t w = 0;

	for (size_t i = 0; i < n && w + 5 <= cap; i++) {
		if (s[i] == '\\')
			w += snprintf(out + w, cap - w, "\\\\");
		else if (s[i] >= 0x20 && s[i] < 0x7f)
			out[w++] = s[i];
		else
			w += snprintf(out + w, cap - w, "\\x%02x", s[i]);
	}
	out[w] = '\0';
}

/* ERROR CODE MSG: the message ends at its NUL, or at the packet's end. */
static int
server_error(struct tftp_rx *r, const unsigned char *p, size_t n)
{
	char msg[100];
	unsigned code = n >= 4 ? get16(p + 2) : 0;
	const unsigned char *end;

	if (n < 4)
		return fail(r, -1, NULL, "server error: short packet");
	end = memchr(p + 4, '\0', n - 4);
	escape(msg, sizeof msg, p + 4, end ? (size_t)(end - p - 4) : n - 4);
	if (code == ERR_OPTION && !r->started && (r->ask.blksize || r->ask.tsize || r->ask.timeout))
		return RX_PLAIN;
	return fail(r, -1, NULL, "server error %u: %s", code, msg);
}

/* Decimal digits only, at most MAX: the value, or -1. */
static long long
number(const char *s, long long max)
{
	long long v = 0;

	if (*s == '\0' || strlen(s) > 19)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || v > (max - (*s - '0')) / 10)
			return -1;
		v = v * 10 + (*s - '0');
	}
	return v;
}

/* Option NAME = VAL from an OACK, checked against what was asked: 0, or RX_FAIL. */
static int
take_option(struct tftp_rx *r, const char *name, const char *val, unsigned *seen)
{
	char n[40], v[40];
	long long x;

	escape(n, sizeof n, (const unsigned char *)name, strlen(name));
	escape(v, sizeof v, (const unsigned char *)val, strlen(val));
	if (strcasecmp(name, "blksize") == 0 && r->ask.blksize && !(*seen & 1)) {
		*seen |= 1;
		if ((x = number(val, TFTP_BLKSIZE_MAX)) < TFTP_BLKSIZE_MIN || (unsigned)x > r->ask.blksize)
			return fail(r, ERR_OPTION, "bad blksize", "server offers blksize %s, not %u or less",
			    v, r->ask.blksize);
		r->blksize = x;
	} else if (strcasecmp(name, "tsize") == 0 && r->ask.tsize && !(*seen & 2)) {
		*seen |= 2;
		if ((x = number(val, LLONG_MAX)) < 0)
			return fail(r, ERR_OPTION, "bad tsize", "server offers a bad tsize %s", v);
		r->tsize = x;
	} else if (strcasecmp(name, "timeout") == 0 && r->ask.timeout && !(*seen & 4)) {
		*seen |= 4;
		if ((x = number(val, 255)) != (long long)r->ask.timeout)
			return fail(r, ERR_OPTION, "bad timeout", "server offers timeout %s, not the %u asked",
			    v, r->ask.timeout);
	} else {
		return fail(r, ERR_OPTION, "option not asked for", "server offers option %s, not asked for", n);
	}
	return 0;
}

/* OACK NAME NUL VALUE NUL ...: every option one that was asked, once, with a
 * value that suits; the size, if told, within the limit. */
static int
oack(struct tftp_rx *r, const unsigned char *p, size_t n)
{
	const char *s = (const char *)p + 2, *end = (const char *)p + n, *name, *val;
	unsigned seen = 0;

	if (r->started && r->block == 0 && r->got == 0) {
		r->outlen = tftp_ack(r->out, 0);	/* our ACK of it was lost */
		return RX_ACKAGAIN;
	}
	if (r->started)
		return RX_IGNORE;
	if (n > 2 && p[n - 1] != '\0')
		return fail(r, ERR_ILLEGAL, "malformed OACK", "malformed OACK");
	while (s < end) {
		name = s;
		s += strlen(s) + 1;
		if (s >= end)
			return fail(r, ERR_ILLEGAL, "malformed OACK", "malformed OACK");
		val = s;
		s += strlen(s) + 1;
		if (take_option(r, name, val, &seen) != 0)
			return RX_FAIL;
	}
	if (r->max > 0 && r->tsize > 0 && (unsigned long long)r->tsize > r->max)
		return fail(r, ERR_FULL, "file too large", "file larger than %llu bytes (tsize %lld)",
		    r->max, r->tsize);
	r->started = 1;
	r->outlen = tftp_ack(r->out, 0);
	return RX_OACK;
}

/* DATA BLOCK BYTES: the next block in sequence, at most blksize bytes; the
 * block number wraps from 65535 to 0. */
static int
data(struct tftp_rx *r, const unsigned char *p, size_t n)
{
	unsigned block;

	if (n < 4)
		return fail(r, ERR_ILLEGAL, "short packet", "short DATA packet");
	block = get16(p + 2);
	if (r->started && block == r->block) {
		r->outlen = tftp_ack(r->out, block);
		return RX_ACKAGAIN;
	}
	if (block != ((r->block + 1) & 0xffff))
		return RX_IGNORE;
	if (n - 4 > r->blksize)
		return fail(r, ERR_ILLEGAL, "block too large", "block %u of %zu bytes, more than blksize %u",
		    block, n - 4, r->blksize);
	if (r->max > 0 && n - 4 > r->max - r->got)
		return fail(r, ERR_FULL, "file too large", "file larger than %llu bytes", r->max);
	r->started = 1;
	r->block = block;
	r->data = p + 4;
	r->len = n - 4;
	r->got += r->len;
	r->done = r->len < r->blksize;
	r->outlen = tftp_ack(r->out, block);
	return RX_DATA;
}

int
tftp_rx_packet(struct tftp_rx *r, const unsigned char *p, size_t n)
{
	r->outlen = 0;
	r->data = NULL;
	r->len = 0;
	if (r->done)
		return RX_IGNORE;
	if (n < 2)
		return fail(r, ERR_ILLEGAL, "short packet", "short packet");
	switch (get16(p)) {
	case OP_DATA:
		return data(r, p, n);
	case OP_OACK:
		return oack(r, p, n);
	case OP_ERROR:
		return server_error(r, p, n);
	default:
		return fail(r, ERR_ILLEGAL, "unexpected packet", "unexpected packet (opcode %u)", get16(p));
	}
}
