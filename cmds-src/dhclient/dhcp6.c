/* dhcp6.c - DHCPv6 messages: build a client's, check and read a server's */
#include "dhcp6.h"
#include <stdio.h>
#include <string.h>

/* Option codes (RFC 8415 21, RFC 3646, RFC 5970). */
enum {
	OPT_CLIENTID = 1, OPT_SERVERID = 2, OPT_IA_NA = 3, OPT_IAADDR = 5, OPT_ORO = 6,
	OPT_PREFERENCE = 7, OPT_ELAPSED_TIME = 8, OPT_STATUS_CODE = 13, OPT_RAPID_COMMIT = 14,
	OPT_DNS_SERVERS = 23, OPT_BOOTFILE_URL = 59, OPT_BOOTFILE_PARAM = 60
};

static unsigned
get16(const unsigned char *p)
{
	return (unsigned)p[0] << 8 | p[1];
}

static uint32_t
get32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static unsigned char *
put16(unsigned char *p, unsigned v)
{
	p[0] = v >> 8;
	p[1] = v;
	return p + 2;
}

static unsigned char *
put32(unsigned char *p, uint32_t v)
{
	put16(p, v >> 16);
	return put16(p + 2, v);
}

/* An option's header, then its N bytes of data from DATA (if not NULL). */
static unsigned char *
put_opt(unsigned char *p, unsigned code, const void *data, size_t n)
{
	p = put16(put16(p, code), n);
	if (data != NULL)
		memcpy(p, data, n);
	return p + n;
}

size_t
dhcp6_build(unsigned char *buf, size_t cap, const struct dhcp6_msg *m)
{
	static const unsigned char oro[] = { 0, OPT_DNS_SERVERS, 0, OPT_BOOTFILE_URL, 0, OPT_BOOTFILE_PARAM };
	unsigned char *p = buf;
	size_t need = 4 + 4 + m->duid_len + 4 + m->server_id_len + 16 + 6 + 4 + sizeof oro + 4;

	if (cap < need || m->duid_len > DHCP6_DUID_MAX || m->server_id_len > DHCP6_DUID_MAX)
		return 0;
	put32(p, (uint32_t)m->type << 24 | (m->xid & 0xffffff));
	p = put_opt(p + 4, OPT_CLIENTID, m->duid, m->duid_len);
	if (m->server_id_len > 0)
		p = put_opt(p, OPT_SERVERID, m->server_id, m->server_id_len);
	if (m->type != DHCP6_INFORMATION_REQUEST) {
		/* No T1 or T2 of our own: 0 leaves them to the server. */
		p = put_opt(p, OPT_IA_NA, NULL, 12);
		put32(p - 12, m->iaid);
		memset(p - 8, 0, 8);
	}
	p = put_opt(p, OPT_ELAPSED_TIME, NULL, 2);
	put16(p - 2, m->elapsed > 0xffff ? 0xffff : m->elapsed);
	p = put_opt(p, OPT_ORO, oro, sizeof oro);
	if (m->type == DHCP6_SOLICIT && m->rapid)
		p = put_opt(p, OPT_RAPID_COMMIT, NULL, 0);
	return p - buf;
}

/* The N bytes at S as a string in OUT (CAP bytes); -1 if too long or not printable ASCII. */
static int
text(char *out, size_t cap, const unsigned char *s, size_t n)
{
	if (n >= cap)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (s[i] < 0x20 || s[i] >= 0x7f)
			return -1;
	memcpy(out, s, n);
	out[n] = '\0';
	return 0;
}

static int
fail(struct dhcp6_reply *out, const char *why)
{
	snprintf(out->error, sizeof out->error, "%s", why);
	return -1;
}

/* A Status Code option's N bytes: the code in *STATUS if it has none yet, its text kept if the first. */
static int
status_code(const unsigned char *p, size_t n, int *status, struct dhcp6_reply *out)
{
	if (n < 2)
		return fail(out, "short status code");
	if (*status == 0)
		*status = get16(p);
	if (out->message[0] == '\0' && get16(p) != 0 && text(out->message, sizeof out->message, p + 2, n - 2) < 0)
		return fail(out, "bad status message");
	return 0;
}

/* Option 60: strings, each after its 2-byte length, joined with spaces. */
static int
boot_params(const unsigned char *p, size_t n, struct dhcp6_reply *out)
{
	char *w = out->bootfile_param, *end = w + sizeof out->bootfile_param;
	size_t len;

	while (n > 0) {
		if (n < 2 || (len = get16(p)) > n - 2)
			return fail(out, "bad boot file parameters");
		if (w != out->bootfile_param)
			*w++ = ' ';
		if (text(w, end - w, p + 2, len) < 0)
			return fail(out, "bad boot file parameters");
		w += len;
		p += 2 + len, n -= 2 + len;
	}
	return 0;
}

/* An IA Address option's N bytes; the first usable one is taken. */
static int
ia_addr(const unsigned char *p, size_t n, struct dhcp6_reply *out)
{
	int st = 0;
	uint32_t pref, valid;

	if (n < 24)
		return fail(out, "short IA address");
	pref = get32(p + 16), valid = get32(p + 20);
	for (size_t i = 24; i < n;) {
		size_t len;

		if (n - i < 4 || (len = get16(p + i + 2)) > n - i - 4)
			return fail(out, "option overruns its IA address");
		if (get16(p + i) == OPT_STATUS_CODE && status_code(p + i + 4, len, &st, out) < 0)
			return -1;
		i += 4 + len;
	}
	if (st != 0 && out->ia_status == 0)
		out->ia_status = st;
	/* RFC 8415 18.2.10.1: a preferred lifetime above the valid one, or a zero valid one, is dropped. */
	if (st != 0 || out->has_addr || valid == 0 || pref > valid)
		return 0;
	/* an address granted: another address's (or IA's) refusal before it is moot */
	out->has_addr = 1;
	out->ia_status = 0;
	memcpy(out->addr, p, 16);
	out->preferred = pref, out->valid = valid;
	return 0;
}

/* An IA_NA option's N bytes, for our IAID; another IA_NA is not ours. */
static int
ia_na(const unsigned char *p, size_t n, uint32_t iaid, struct dhcp6_reply *out)
{
	int st = 0;

	if (n < 12)
		return fail(out, "short IA_NA");
	if (get32(p) != iaid)
		return 0;
	for (size_t i = 12; i < n;) {
		size_t len;
		unsigned code;

		if (n - i < 4 || (len = get16(p + i + 2)) > n - i - 4)
			return fail(out, "option overruns its IA_NA");
		code = get16(p + i);
		if (code == OPT_STATUS_CODE && status_code(p + i + 4, len, &st, out) < 0)
			return -1;
		if (code == OPT_IAADDR && ia_addr(p + i + 4, len, out) < 0)
			return -1;
		i += 4 + len;
	}
	if (st != 0) {
		out->ia_status = st;
		out->has_addr = 0;
	}
	out->t1 = get32(p + 4), out->t2 = get32(p + 8);
	return 0;
}

/* One top-level option, CODE with its N bytes at P. */
static int
option(unsigned code, const unsigned char *p, size_t n, const struct dhcp6_msg *m,
    struct dhcp6_reply *out, int *client_ok)
{
	switch (code) {
	case OPT_CLIENTID:
		if (n != m->duid_len || memcmp(p, m->duid, n) != 0)
			return fail(out, "wrong client ID");
		*client_ok = 1;
		return 0;
	case OPT_SERVERID:
		if (n == 0 || n > sizeof out->server_id || out->server_id_len != 0)
			return fail(out, "bad server ID");
		memcpy(out->server_id, p, n);
		out->server_id_len = n;
		return 0;
	case OPT_IA_NA:
		return ia_na(p, n, m->iaid, out);
	case OPT_PREFERENCE:
		if (n != 1)
			return fail(out, "bad preference");
		out->preference = p[0];
		return 0;
	case OPT_STATUS_CODE:
		return status_code(p, n, &out->status, out);
	case OPT_RAPID_COMMIT:
		out->rapid = 1;
		return 0;
	case OPT_DNS_SERVERS:
		if (n % 16 != 0)
			return fail(out, "bad DNS servers");
		for (size_t i = 0; i < n && out->ndns < 3; i += 16)
			memcpy(out->dns[out->ndns++], p + i, 16);
		return 0;
	case OPT_BOOTFILE_URL:
		if (text(out->bootfile_url, sizeof out->bootfile_url, p, n) < 0)
			return fail(out, "bad boot file URL");
		return 0;
	case OPT_BOOTFILE_PARAM:
		return boot_params(p, n, out);
	}
	return 0;		/* RFC 8415 16: unknown options are ignored */
}

int
dhcp6_parse(const unsigned char *pkt, size_t len, const struct dhcp6_msg *m, struct dhcp6_reply *out)
{
	int client_ok = 0;

	memset(out, 0, sizeof *out);
	if (len < 4)
		return fail(out, "short message");
	out->type = pkt[0];
	out->xid = get32(pkt) & 0xffffff;
	if (out->type != DHCP6_ADVERTISE && out->type != DHCP6_REPLY)
		return fail(out, "not an ADVERTISE or REPLY");
	if (out->xid != (m->xid & 0xffffff))
		return fail(out, "wrong transaction ID");
	for (size_t i = 4; i < len;) {
		size_t n;

		if (len - i < 4 || (n = get16(pkt + i + 2)) > len - i - 4)
			return fail(out, "option overruns the message");
		if (option(get16(pkt + i), pkt + i + 4, n, m, out, &client_ok) < 0)
			return -1;
		i += 4 + n;
	}
	/* RFC 8415 16.3, 16.10: without both IDs the message is discarded. */
	if (!client_ok)
		return fail(out, "no client ID");
	if (out->server_id_len == 0)
		return fail(out, "no server ID");
	if (out->type == DHCP6_REPLY && m->type == DHCP6_SOLICIT && !(m->rapid && out->rapid))
		return fail(out, "REPLY to a SOLICIT without Rapid Commit");
	if (out->type == DHCP6_ADVERTISE && m->type != DHCP6_SOLICIT)
		return fail(out, "ADVERTISE not to a SOLICIT");
	return 0;
}
