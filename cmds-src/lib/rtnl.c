/* rtnl.c - rtnetlink (NETLINK_ROUTE): list and change links, addresses and routes */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include "err.h"
#include "rtnl.h"

/*
 * The kernel's ABI from linux/netlink.h, rtnetlink.h, if_link.h and if_addr.h,
 * spelled out here: musl has no such headers, and the commands are built
 * without the kernel's. These values never change.
 */
struct nlhdr {
	uint32_t len;
	uint16_t type, flags;
	uint32_t seq, pid;
};
struct nl_sockaddr {
	sa_family_t family;
	unsigned short pad;
	uint32_t pid, groups;
};
struct ifinfo {
	unsigned char family, pad;
	uint16_t type;
	int32_t index;
	uint32_t flags, change;
};
struct ifaddrmsg_ {
	unsigned char family, prefixlen, flags, scope;
	uint32_t index;
};
struct rtmsg_ {
	unsigned char family, dst_len, src_len, tos, table, protocol, scope, type;
	uint32_t flags;
};
enum { NL_ROUTE = 0, NL_ERROR = 2, NL_DONE = 3 };
enum { F_REQUEST = 1, F_ACK = 4, F_REPLACE = 0x100, F_EXCL = 0x200, F_CREATE = 0x400, F_DUMP = 0x300 };
enum { NEWLINK = 16, GETLINK = 18, NEWADDR = 20, DELADDR, GETADDR, NEWROUTE = 24, DELROUTE, GETROUTE };
enum {
	IFLA_ADDRESS_ = 1, IFLA_BROADCAST_, IFLA_IFNAME_, IFLA_MTU_, IFLA_LINK_, IFLA_QDISC_,
	IFLA_MASTER_ = 10, IFLA_TXQLEN_ = 13, IFLA_OPERSTATE_ = 16, IFLA_LINKMODE_,
	IFLA_GROUP_ = 27, IFLA_EXT_MASK_ = 29, IFLA_CARRIER_ = 33, IFLA_LINK_NETNSID_ = 37, IFLA_MAX_ = 64
};
enum { IFA_ADDRESS_ = 1, IFA_LOCAL_, IFA_LABEL_, IFA_BROADCAST_, IFA_CACHEINFO_ = 6, IFA_FLAGS_ = 8, IFA_MAX_ = 16 };
enum {
	RTA_DST_ = 1, RTA_OIF_ = 4, RTA_GATEWAY_, RTA_PRIORITY_, RTA_PREFSRC_, RTA_TABLE_ = 15,
	RTA_PREF_ = 20, RTA_MAX_ = 32
};
#define SKIP_STATS 8		/* RTEXT_FILTER_SKIP_STATS */
#define TABLE_MAIN 254
#define PROTO_BOOT 3
#define SCOPE_LINK 253
#define SCOPE_NOWHERE 255
#define UNICAST 1

/* A request: header, fixed part, attributes. */
struct req {
	union {
		struct nlhdr h;
		unsigned char b[256];
	} u;
	size_t len;
};

static size_t
align4(size_t n)
{
	return (n + 3) & ~(size_t)3;
}

static void *
req_init(struct req *r, int type, int flags, size_t fixed)
{
	memset(r, 0, sizeof *r);
	r->u.h.type = type;
	r->u.h.flags = F_REQUEST | flags;
	r->len = sizeof r->u.h + align4(fixed);
	return r->u.b + sizeof r->u.h;
}

static void
req_attr(struct req *r, int type, const void *data, size_t n)
{
	uint16_t a[2];

	a[0] = 4 + n;
	a[1] = type;
	memcpy(r->u.b + r->len, a, 4);
	memcpy(r->u.b + r->len + 4, data, n);
	r->len += align4(4 + n);
}

static void
req_u32(struct req *r, int type, uint32_t v)
{
	req_attr(r, type, &v, 4);
}

/* The attributes in P (N bytes), by type, into TB: each points at an attribute's header. */
static void
parse_attrs(const unsigned char *p, size_t n, const unsigned char **tb, int max)
{
	uint16_t a[2];

	memset(tb, 0, max * sizeof *tb);
	while (n >= 4) {
		memcpy(a, p, 4);
		if (a[0] < 4 || a[0] > n)
			break;
		if ((a[1] & 0x3fff) < max)
			tb[a[1] & 0x3fff] = p;
		if (align4(a[0]) >= n)
			break;
		p += align4(a[0]);
		n -= align4(a[0]);
	}
}

static size_t
alen(const unsigned char *a)
{
	uint16_t n;

	memcpy(&n, a, 2);
	return n - 4;
}

static uint32_t
a_u32(const unsigned char *a)
{
	uint32_t v = 0;

	if (a != NULL && alen(a) >= 4)
		memcpy(&v, a + 4, 4);
	return v;
}

static void
a_str(char *dst, size_t size, const unsigned char *a)
{
	size_t n = 0;

	if (a != NULL)
		for (n = 0; n < alen(a) && n + 1 < size && a[4 + n] != '\0'; n++)
			dst[n] = a[4 + n];
	dst[n] = '\0';
}

/* Copy an address attribute of exactly LEN bytes; whether it was there. */
static int
a_addr(unsigned char *dst, const unsigned char *a, size_t len)
{
	if (a == NULL || alen(a) != len)
		return 0;
	memcpy(dst, a + 4, len);
	return 1;
}

static int
family_len(int family)
{
	return family == AF_INET6 ? 16 : 4;
}

int
rtnl_open(void)
{
	return socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NL_ROUTE);
}

/* One datagram from the kernel, however big, malloc'd; its length, or -1. */
static ssize_t
receive(int fd, unsigned char **buf)
{
	ssize_t n;

	do
		n = recv(fd, NULL, 0, MSG_PEEK | MSG_TRUNC);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return -1;
	*buf = xmalloc(n + 1);
	do
		n = recv(fd, *buf, n + 1, 0);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		free(*buf);
	return n;
}

/*
 * Messages answering our request (by sequence number) go to EACH until it
 * returns non-zero; the rest are read and dropped. Ends at the acknowledgement,
 * an error or the end of a dump.
 */
static int
exchange(int fd, struct req *r, int (*each)(const struct nlhdr *, void *), void *arg)
{
	static uint32_t seq;
	struct nl_sockaddr k;
	struct nlhdr h;
	unsigned char *buf;
	ssize_t n;
	size_t off;
	int32_t err;
	int result = 0;

	memset(&k, 0, sizeof k);
	k.family = AF_NETLINK;
	r->u.h.len = r->len;
	r->u.h.seq = ++seq;
	if (sendto(fd, r->u.b, r->len, 0, (struct sockaddr *)&k, sizeof k) < 0)
		return -1;
	for (;;) {
		if ((n = receive(fd, &buf)) < 0)
			return -1;
		for (off = 0; off + sizeof h <= (size_t)n; off += align4(h.len)) {
			memcpy(&h, buf + off, sizeof h);
			if (h.len < sizeof h || h.len > n - off)
				break;
			if (h.seq != seq)
				continue;
			if (h.type == NL_DONE || h.type == NL_ERROR) {
				err = 0;
				if (h.len >= sizeof h + 4)
					memcpy(&err, buf + off + sizeof h, 4);
				free(buf);
				if (err < 0) {
					errno = -err;
					return -1;
				}
				return result;
			}
			if (result == 0 && each != NULL)
				result = each((const struct nlhdr *)(buf + off), arg);
		}
		free(buf);
	}
}

/* The fixed part after the header (at least N bytes of it) and the attributes after that. */
static const unsigned char *
body(const struct nlhdr *h, size_t fixed, const unsigned char **tb, int max)
{
	const unsigned char *p = (const unsigned char *)h + sizeof *h;
	size_t n = h->len - sizeof *h;

	if (n < fixed)
		return NULL;
	parse_attrs(p + align4(fixed), n > align4(fixed) ? n - align4(fixed) : 0, tb, max);
	return p;
}

struct cb {
	int (*link)(const struct rtnl_link *, void *);
	int (*addr)(const struct rtnl_addr *, void *);
	int (*route)(const struct rtnl_route *, void *);
	void *arg;
};

static int
each_link(const struct nlhdr *h, void *arg)
{
	const unsigned char *tb[IFLA_MAX_], *p;
	const struct cb *cb = arg;
	struct rtnl_link l;
	struct ifinfo i;

	if (h->type != NEWLINK || (p = body(h, sizeof i, tb, IFLA_MAX_)) == NULL)
		return 0;
	memcpy(&i, p, sizeof i);
	memset(&l, 0, sizeof l);
	l.index = i.index;
	l.type = i.type;
	l.flags = i.flags;
	a_str(l.name, sizeof l.name, tb[IFLA_IFNAME_]);
	a_str(l.qdisc, sizeof l.qdisc, tb[IFLA_QDISC_]);
	l.mtu = a_u32(tb[IFLA_MTU_]);
	l.txqlen = a_u32(tb[IFLA_TXQLEN_]);
	l.link = a_u32(tb[IFLA_LINK_]);
	l.netnsid = tb[IFLA_LINK_NETNSID_] != NULL ? (int)a_u32(tb[IFLA_LINK_NETNSID_]) : -1;
	l.master = a_u32(tb[IFLA_MASTER_]);
	l.group = a_u32(tb[IFLA_GROUP_]);
	if (tb[IFLA_OPERSTATE_] != NULL && alen(tb[IFLA_OPERSTATE_]) >= 1)
		l.operstate = tb[IFLA_OPERSTATE_][4];
	if (tb[IFLA_LINKMODE_] != NULL && alen(tb[IFLA_LINKMODE_]) >= 1)
		l.linkmode = tb[IFLA_LINKMODE_][4];
	l.carrier = tb[IFLA_CARRIER_] != NULL && alen(tb[IFLA_CARRIER_]) >= 1 ? tb[IFLA_CARRIER_][4] : -1;
	if (tb[IFLA_ADDRESS_] != NULL && alen(tb[IFLA_ADDRESS_]) <= sizeof l.addr) {
		l.addrlen = alen(tb[IFLA_ADDRESS_]);
		a_addr(l.addr, tb[IFLA_ADDRESS_], l.addrlen);
		a_addr(l.brd, tb[IFLA_BROADCAST_], l.addrlen);
	}
	return cb->link(&l, cb->arg);
}

int
rtnl_links(int fd, int (*fn)(const struct rtnl_link *, void *), void *arg)
{
	struct cb cb = { fn, NULL, NULL, arg };
	struct ifinfo *i;
	struct req r;

	i = req_init(&r, GETLINK, F_DUMP, sizeof *i);
	i->family = AF_UNSPEC;
	req_u32(&r, IFLA_EXT_MASK_, SKIP_STATS);
	return exchange(fd, &r, each_link, &cb);
}

static int
each_addr(const struct nlhdr *h, void *arg)
{
	const unsigned char *tb[IFA_MAX_], *p;
	const struct cb *cb = arg;
	struct ifaddrmsg_ m;
	struct rtnl_addr a;
	uint32_t ci[4];
	size_t len;

	if (h->type != NEWADDR || (p = body(h, sizeof m, tb, IFA_MAX_)) == NULL)
		return 0;
	memcpy(&m, p, sizeof m);
	memset(&a, 0, sizeof a);
	a.family = m.family;
	a.index = m.index;
	a.prefixlen = m.prefixlen;
	a.scope = m.scope;
	a.flags = tb[IFA_FLAGS_] != NULL ? a_u32(tb[IFA_FLAGS_]) : m.flags;
	len = family_len(a.family);
	a.has_local = a_addr(a.local, tb[IFA_LOCAL_], len);
	a.has_peer = a_addr(a.peer, tb[IFA_ADDRESS_], len);
	if (!a.has_local && a.has_peer) {
		memcpy(a.local, a.peer, len);
		a.has_local = 1;
		a.has_peer = 0;
	} else if (a.has_peer && memcmp(a.local, a.peer, len) == 0) {
		a.has_peer = 0;
	}
	a.has_brd = a_addr(a.brd, tb[IFA_BROADCAST_], len);
	a_str(a.label, sizeof a.label, tb[IFA_LABEL_]);
	if (tb[IFA_CACHEINFO_] != NULL && alen(tb[IFA_CACHEINFO_]) >= sizeof ci) {
		memcpy(ci, tb[IFA_CACHEINFO_] + 4, sizeof ci);
		a.preferred = ci[0];
		a.valid = ci[1];
		a.has_cache = 1;
	}
	if (!a.has_local || (a.family != AF_INET && a.family != AF_INET6))
		return 0;
	return cb->addr(&a, cb->arg);
}

int
rtnl_addrs(int fd, int family, int (*fn)(const struct rtnl_addr *, void *), void *arg)
{
	struct cb cb = { NULL, fn, NULL, arg };
	struct ifaddrmsg_ *m;
	struct req r;

	m = req_init(&r, GETADDR, F_DUMP, sizeof *m);
	m->family = family;
	return exchange(fd, &r, each_addr, &cb);
}

static int
each_route(const struct nlhdr *h, void *arg)
{
	const unsigned char *tb[RTA_MAX_], *p;
	const struct cb *cb = arg;
	struct rtnl_route rt;
	struct rtmsg_ m;
	size_t len;

	if (h->type != NEWROUTE || (p = body(h, sizeof m, tb, RTA_MAX_)) == NULL)
		return 0;
	memcpy(&m, p, sizeof m);
	if (m.family != AF_INET && m.family != AF_INET6)
		return 0;
	memset(&rt, 0, sizeof rt);
	rt.family = m.family;
	rt.dstlen = m.dst_len;
	rt.table = tb[RTA_TABLE_] != NULL ? (int)a_u32(tb[RTA_TABLE_]) : m.table;
	rt.protocol = m.protocol;
	rt.scope = m.scope;
	rt.type = m.type;
	rt.flags = m.flags;
	len = family_len(m.family);
	a_addr(rt.dst, tb[RTA_DST_], len);
	rt.has_gw = a_addr(rt.gw, tb[RTA_GATEWAY_], len);
	rt.has_src = a_addr(rt.src, tb[RTA_PREFSRC_], len);
	rt.oif = a_u32(tb[RTA_OIF_]);
	rt.has_metric = tb[RTA_PRIORITY_] != NULL;
	rt.metric = a_u32(tb[RTA_PRIORITY_]);
	rt.pref = tb[RTA_PREF_] != NULL && alen(tb[RTA_PREF_]) >= 1 ? tb[RTA_PREF_][4] : -1;
	return cb->route(&rt, cb->arg);
}

int
rtnl_routes(int fd, int family, int (*fn)(const struct rtnl_route *, void *), void *arg)
{
	struct cb cb = { NULL, NULL, fn, arg };
	struct rtmsg_ *m;
	struct req r;

	m = req_init(&r, GETROUTE, F_DUMP, sizeof *m);
	m->family = family;
	return exchange(fd, &r, each_route, &cb);
}

int
rtnl_link_up(int fd, int index, int up)
{
	struct ifinfo *i;
	struct req r;

	i = req_init(&r, NEWLINK, F_ACK, sizeof *i);
	i->family = AF_UNSPEC;
	i->index = index;
	i->flags = up ? 1 : 0;	/* IFF_UP */
	i->change = 1;
	return exchange(fd, &r, NULL, NULL);
}

static int
change_flags(int cmd)
{
	return cmd == RTNL_ADD ? F_CREATE | F_EXCL : cmd == RTNL_REPLACE ? F_CREATE | F_REPLACE : 0;
}

int
rtnl_addr(int fd, int cmd, const struct rtnl_addr *a)
{
	size_t len = family_len(a->family);
	struct ifaddrmsg_ *m;
	struct req r;

	m = req_init(&r, cmd == RTNL_DEL ? DELADDR : NEWADDR, F_ACK | change_flags(cmd), sizeof *m);
	m->family = a->family;
	m->prefixlen = a->prefixlen;
	m->scope = a->scope;
	m->index = a->index;
	req_attr(&r, IFA_LOCAL_, a->local, len);
	req_attr(&r, IFA_ADDRESS_, a->has_peer ? a->peer : a->local, len);
	if (a->has_brd && a->family == AF_INET)
		req_attr(&r, IFA_BROADCAST_, a->brd, len);
	return exchange(fd, &r, NULL, NULL);
}

int
rtnl_route(int fd, int cmd, const struct rtnl_route *rt)
{
	size_t len = family_len(rt->family);
	int table = rt->table ? rt->table : TABLE_MAIN;
	struct rtmsg_ *m;
	struct req r;

	m = req_init(&r, cmd == RTNL_DEL ? DELROUTE : NEWROUTE, F_ACK | change_flags(cmd), sizeof *m);
	m->family = rt->family;
	m->dst_len = rt->dstlen;
	m->table = table < 256 ? table : 0;
	m->flags = rt->flags;
	if (cmd == RTNL_DEL) {
		m->scope = SCOPE_NOWHERE;	/* matches any */
		m->protocol = rt->protocol;
		m->type = rt->type;
	} else {
		m->scope = rt->scope ? rt->scope : rt->has_gw ? 0 : SCOPE_LINK;
		m->protocol = rt->protocol ? rt->protocol : PROTO_BOOT;
		m->type = rt->type ? rt->type : UNICAST;
	}
	if (table >= 256)
		req_u32(&r, RTA_TABLE_, table);
	if (rt->dstlen > 0)
		req_attr(&r, RTA_DST_, rt->dst, len);
	if (rt->has_gw)
		req_attr(&r, RTA_GATEWAY_, rt->gw, len);
	if (rt->has_src)
		req_attr(&r, RTA_PREFSRC_, rt->src, len);
	if (rt->oif)
		req_u32(&r, RTA_OIF_, rt->oif);
	if (rt->has_metric)
		req_u32(&r, RTA_PRIORITY_, rt->metric);
	return exchange(fd, &r, NULL, NULL);
}
