/* dhcp.c - DHCPv4 messages (RFC 2131, 2132): build requests, check replies, wrap them in IPv4/UDP */
#include "dhcp.h"
#include <arpa/inet.h>

/* Offsets in the fixed BOOTP part (RFC 951), then the cookie and the options. */
enum {
	OP = 0, HTYPE = 1, HLEN = 2, XID = 4, SECS = 8, FLAGS = 10, YIADDR = 16,
	SIADDR = 20, CHADDR = 28, SNAME = 44, BOOTFILE = 108, COOKIE = 236, OPTIONS = 240
};
#define SNAME_LEN 64
#define BOOTFILE_LEN 128
#define BOOTP_MIN 300		/* some servers drop shorter requests */
#define BOOTREQUEST 1
#define BOOTREPLY 2

/* The options a reply may carry that we read. */
enum {
	O_PAD = 0, O_MASK = 1, O_ROUTER = 3, O_DNS = 6, O_HOSTNAME = 12, O_DOMAIN = 15,
	O_BROADCAST = 28, O_REQIP = 50, O_LEASE = 51, O_OVERLOAD = 52, O_TYPE = 53,
	O_SERVER = 54, O_PARAMS = 55, O_MESSAGE = 56, O_CLIENTID = 61, O_TFTP = 66,
	O_BOOTFILE = 67, O_END = 255
};
static const unsigned char wanted[] = {
	O_MASK, O_ROUTER, O_DNS, O_HOSTNAME, O_DOMAIN, O_BROADCAST, O_LEASE,
	O_OVERLOAD, O_TYPE, O_SERVER, O_MESSAGE, O_TFTP, O_BOOTFILE
};
#define NWANTED (sizeof wanted / sizeof *wanted)
static const unsigned char params[] = { 1, 3, 6, 12, 15, 28, 51, 54, 66, 67 };
static const unsigned char cookie[4] = { 99, 130, 83, 99 };

/* Each wanted option's value; repeats are concatenated (RFC 3396). */
struct opts {
	struct {
		int seen;
		size_t len;
		unsigned char v[255];
	} o[NWANTED];
};

static void
put16(unsigned char *p, unsigned v)
{
	p[0] = v >> 8;
	p[1] = v;
}

static void
put32(unsigned char *p, uint32_t v)
{
	p[0] = v >> 24;
	p[1] = v >> 16;
	p[2] = v >> 8;
	p[3] = v;
}

static uint32_t
get32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* An address as it was on the wire: network byte order in memory. */
static uint32_t
get_addr(const unsigned char *p)
{
	uint32_t a;

	memcpy(&a, p, 4);
	return a;
}

/* Option CODE at *AT, leaving room for the end option; 0 if it does not fit. */
static int
put_opt(unsigned char *buf, size_t cap, size_t *at, int code, const void *data, size_t n)
{
	if (n > 255 || *at + 2 + n + 1 > cap)
		return 0;
	buf[*at] = code;
	buf[*at + 1] = n;
	memcpy(buf + *at + 2, data, n);
	*at += 2 + n;
	return 1;
}

size_t
dhcp_build(unsigned char *buf, size_t cap, const struct dhcp_msg *m)
{
	unsigned char type = m->type;
	size_t at = OPTIONS;
	int ok;

	if (cap < BOOTP_MIN)
		return 0;
	memset(buf, 0, BOOTP_MIN);
	buf[OP] = BOOTREQUEST;
	buf[HTYPE] = 1;		/* Ethernet */
	buf[HLEN] = 6;
	put32(buf + XID, m->xid);
	put16(buf + SECS, m->secs);
	put16(buf + FLAGS, 0x8000);	/* broadcast: we have no address to be sent to */
	memcpy(buf + CHADDR, m->mac, 6);
	memcpy(buf + COOKIE, cookie, 4);
	ok = put_opt(buf, cap, &at, O_TYPE, &type, 1);
	if (m->client_id != NULL)
		ok = ok && put_opt(buf, cap, &at, O_CLIENTID, m->client_id, m->client_id_len);
	if (m->ip != 0)
		ok = ok && put_opt(buf, cap, &at, O_REQIP, &m->ip, 4);
	if (m->server != 0)
		ok = ok && put_opt(buf, cap, &at, O_SERVER, &m->server, 4);
	if (m->hostname != NULL)
		ok = ok && put_opt(buf, cap, &at, O_HOSTNAME, m->hostname, strlen(m->hostname));
	ok = ok && put_opt(buf, cap, &at, O_PARAMS, params, sizeof params);
	if (!ok)
		return 0;
	buf[at++] = O_END;
	if (at < BOOTP_MIN)
		return BOOTP_MIN;
	return at;
}

static int
bad(struct dhcp_lease *l, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(l->error, sizeof l->error, fmt, ap);
	va_end(ap);
	return -1;
}

static int
slot(int code)
{
	for (size_t i = 0; i < NWANTED; i++)
		if (wanted[i] == code)
			return i;
	return -1;
}

/* Walk the options in P (N bytes) into O: bounds checked, an end option required. */
static int
walk_opts(const unsigned char *p, size_t n, struct opts *o, int main_area, struct dhcp_lease *l)
{
	size_t i = 0, len;
	int code, k;

	while (i < n) {
		code = p[i];
		if (code == O_PAD) {
			i++;
			continue;
		}
		if (code == O_END)
			return 0;
		if (i + 1 >= n)
			return bad(l, "option %d truncated", code);
		len = p[i + 1];
		if (len > n - i - 2)
			return bad(l, "option %d runs past the end", code);
		k = slot(code);
		if (k >= 0 && (main_area || code != O_OVERLOAD)) {
			if (o->o[k].len + len > sizeof o->o[k].v)
				return bad(l, "option %d too long", code);
			memcpy(o->o[k].v + o->o[k].len, p + i + 2, len);
			o->o[k].len += len;
			o->o[k].seen = 1;
		}
		i += 2 + len;
	}
	return bad(l, "no end option");
}

/* A string option or field of N bytes into OUT: up to a NUL, NVT ASCII (RFC
 * 2132) without controls, so that it is safe to print on a terminal. */
static int
text(const unsigned char *p, size_t n, char out[256], struct dhcp_lease *l, int code)
{
	size_t i;

	for (i = 0; i < n && i < 255 && p[i] != '\0'; i++) {
		if (p[i] < 0x20 || p[i] == 0x7f)
			return bad(l, "option %d holds control characters", code);
		if (p[i] > 0x7f)
			return bad(l, "option %d is not ASCII", code);
		out[i] = p[i];
	}
	out[i] = '\0';
	return 0;
}

/* The value of option CODE if it is there: UNIT bytes long, or a list of them. */
static const unsigned char *
value(const struct opts *o, int code, size_t unit, int list, size_t *n, struct dhcp_lease *l,
    int *err)
{
	int k = slot(code);

	if (!o->o[k].seen)
		return NULL;
	*n = o->o[k].len;
	if (list ? *n == 0 || *n % unit != 0 : *n != unit) {
		*err = bad(l, "option %d has a bad length", code);
		return NULL;
	}
	return o->o[k].v;
}

static int
mask_prefix(uint32_t mask)
{
	uint32_t m = ntohl(mask);
	int n = 0;

	while (n < 32 && (m & 0x80000000u >> n))
		n++;
	if (n < 32 && (m << n) != 0)
		return -1;
	return n;
}

/* A classful mask for a server that gave none (RFC 2131 lets the client pick). */
static uint32_t
default_mask(uint32_t ip)
{
	uint32_t a = ntohl(ip);

	if (a < 0x80000000u)
		return htonl(0xff000000u);
	if (a < 0xc0000000u)
		return htonl(0xffff0000u);
	return htonl(0xffffff00u);
}

/* Not 0.0.0.0/8, 127/8, multicast, reserved or broadcast. */
static int
unicast(uint32_t ip)
{
	uint32_t a = ntohl(ip);

	return (a >> 24) != 0 && (a >> 24) != 127 && a < 0xe0000000u;
}

static int
addresses(const struct opts *o, struct dhcp_lease *l)
{
	const unsigned char *v;
	size_t n;
	int err = 0;

	if ((v = value(o, O_SERVER, 4, 0, &n, l, &err)) != NULL)
		l->server = get_addr(v);
	if (l->type == DHCP_OFFER && l->server == 0 && err == 0)
		err = bad(l, "no server identifier");
	if ((v = value(o, O_MASK, 4, 0, &n, l, &err)) != NULL)
		l->mask = get_addr(v);
	else
		l->mask = default_mask(l->ip);
	if (err == 0 && (l->prefix = mask_prefix(l->mask)) < 0)
		err = bad(l, "option %d is not a subnet mask", O_MASK);
	if ((v = value(o, O_ROUTER, 4, 1, &n, l, &err)) != NULL)
		l->router = get_addr(v);
	if ((v = value(o, O_DNS, 4, 1, &n, l, &err)) != NULL)
		for (size_t i = 0; i < n && l->ndns < 3; i += 4)
			l->dns[l->ndns++] = get_addr(v + i);
	l->broadcast = l->ip | ~l->mask;
	if ((v = value(o, O_BROADCAST, 4, 0, &n, l, &err)) != NULL)
		l->broadcast = get_addr(v);
	if ((v = value(o, O_LEASE, 4, 0, &n, l, &err)) != NULL)
		l->lease = get32(v);
	return err;
}

static int
strings(const struct opts *o, struct dhcp_lease *l)
{
	static const int code[] = { O_HOSTNAME, O_DOMAIN, O_TFTP, O_BOOTFILE, O_MESSAGE };
	char *out[] = { l->hostname, l->domain, l->tftp, l->bootfile, l->message };
	int k;

	for (size_t i = 0; i < sizeof code / sizeof *code; i++) {
		k = slot(code[i]);
		if (o->o[k].seen && text(o->o[k].v, o->o[k].len, out[i], l, code[i]) < 0)
			return -1;
	}
	return 0;
}

/* The BOOTP sname and file fields, where no option overloads them. */
static int
fields(const unsigned char *pkt, int overload, struct dhcp_lease *l)
{
	if (!(overload & 1) && l->bootfile[0] == '\0' &&
	    text(pkt + BOOTFILE, BOOTFILE_LEN, l->bootfile, l, O_BOOTFILE) < 0)
		return -1;
	if (!(overload & 2) && l->tftp[0] == '\0' &&
	    text(pkt + SNAME, SNAME_LEN, l->tftp, l, O_TFTP) < 0)
		return -1;
	return 0;
}

static int
options(const unsigned char *pkt, size_t len, struct opts *o, int *overload, struct dhcp_lease *l)
{
	const unsigned char *v;
	size_t n;
	int err = 0;

	memset(o, 0, sizeof *o);
	if (walk_opts(pkt + OPTIONS, len - OPTIONS, o, 1, l) < 0)
		return -1;
	*overload = 0;
	if ((v = value(o, O_OVERLOAD, 1, 0, &n, l, &err)) != NULL) {
		if (v[0] < 1 || v[0] > 3)
			return bad(l, "option %d has a bad value", O_OVERLOAD);
		*overload = v[0];
	}
	if (err < 0)
		return -1;
	if ((*overload & 1) && walk_opts(pkt + BOOTFILE, BOOTFILE_LEN, o, 0, l) < 0)
		return -1;
	if ((*overload & 2) && walk_opts(pkt + SNAME, SNAME_LEN, o, 0, l) < 0)
		return -1;
	return 0;
}

int
dhcp_parse(const unsigned char *pkt, size_t len, struct dhcp_lease *l)
{
	const unsigned char *v;
	struct opts o;
	size_t n;
	int overload, err = 0;

	memset(l, 0, sizeof *l);
	if (len < OPTIONS)
		return bad(l, "short packet (%d bytes)", (int)len);
	if (pkt[OP] != BOOTREPLY)
		return bad(l, "not a reply (op %d)", pkt[OP]);
	if (pkt[HTYPE] != 1 || pkt[HLEN] != 6)
		return bad(l, "not for Ethernet (hardware type %d)", pkt[HTYPE]);
	if (memcmp(pkt + COOKIE, cookie, 4) != 0)
		return bad(l, "no DHCP magic cookie");
	l->xid = get32(pkt + XID);
	memcpy(l->chaddr, pkt + CHADDR, 6);
	l->ip = get_addr(pkt + YIADDR);
	l->siaddr = get_addr(pkt + SIADDR);
	if (options(pkt, len, &o, &overload, l) < 0)
		return -1;
	if ((v = value(&o, O_TYPE, 1, 0, &n, l, &err)) == NULL)
		return err < 0 ? -1 : bad(l, "no message type");
	l->type = v[0];
	if (l->type != DHCP_OFFER && l->type != DHCP_ACK && l->type != DHCP_NAK)
		return bad(l, "message type %d is not a reply", l->type);
	if (strings(&o, l) < 0)
		return -1;
	if (l->type == DHCP_NAK) {
		if ((v = value(&o, O_SERVER, 4, 0, &n, l, &err)) != NULL)
			l->server = get_addr(v);
		l->ip = l->siaddr = 0;
		return err;
	}
	if (!unicast(l->ip) || l->ip == htonl(0xffffffffu))
		return bad(l, "offered address is not a unicast address");
	if (addresses(&o, l) < 0 || fields(pkt, overload, l) < 0)
		return -1;
	return 0;
}

/* The Internet checksum's running sum over N bytes. */
static uint32_t
sum16(uint32_t s, const unsigned char *p, size_t n)
{
	for (; n > 1; p += 2, n -= 2)
		s += (uint32_t)p[0] << 8 | p[1];
	if (n == 1)
		s += (uint32_t)p[0] << 8;
	return s;
}

static unsigned
fold(uint32_t s)
{
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return s;
}

/* The UDP checksum's sum: the pseudo header (addresses, protocol, length), then the datagram. */
static unsigned
udp_sum(const unsigned char *ip, const unsigned char *udp, size_t n)
{
	uint32_t s = sum16(0, ip + 12, 8);

	s += 17 + n;
	return fold(sum16(s, udp, n));
}

size_t
dhcp_ip_wrap(unsigned char *buf, size_t cap, const unsigned char *msg, size_t n)
{
	unsigned char *udp = buf + 20;
	unsigned c;

	if (n > 65535 - 28 || cap < n + 28)
		return 0;
	memset(buf, 0, 28);
	buf[0] = 0x45;		/* IPv4, 20-byte header */
	put16(buf + 2, n + 28);
	buf[8] = 64;		/* TTL */
	buf[9] = 17;		/* UDP */
	put32(buf + 16, 0xffffffffu);	/* from 0.0.0.0 to the broadcast address */
	put16(buf + 10, ~fold(sum16(0, buf, 20)) & 0xffff);
	put16(udp, 68);
	put16(udp + 2, 67);
	put16(udp + 4, n + 8);
	memmove(udp + 8, msg, n);
	c = ~udp_sum(buf, udp, n + 8) & 0xffff;
	put16(udp + 6, c ? c : 0xffff);
	return n + 28;
}

const unsigned char *
dhcp_ip_unwrap(const unsigned char *p, size_t len, size_t *n, int udp_check)
{
	size_t hl, total, ulen;
	const unsigned char *udp;

	if (len < 28 || p[0] >> 4 != 4)
		return NULL;
	hl = (p[0] & 15) * 4;
	total = (size_t)p[2] << 8 | p[3];
	if (hl < 20 || total < hl + 8 || total > len)
		return NULL;
	if (fold(sum16(0, p, hl)) != 0xffff || p[9] != 17 || ((p[6] & 0x3f) | p[7]) != 0)
		return NULL;	/* bad checksum, not UDP, or a fragment */
	udp = p + hl;
	ulen = (size_t)udp[4] << 8 | udp[5];
	if (udp[0] != 0 || udp[1] != 67 || udp[2] != 0 || udp[3] != 68)
		return NULL;
	if (ulen < 8 || ulen > total - hl)
		return NULL;
	if (udp_check && (udp[6] | udp[7]) != 0 && udp_sum(p, udp, ulen) != 0xffff)
		return NULL;
	*n = ulen - 8;
	return udp + 8;
}
