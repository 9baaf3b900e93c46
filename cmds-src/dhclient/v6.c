/* v6.c - dhclient -6: an address, name servers and a boot file URL from DHCPv6 */
#include "client.h"
#include "dhcp6.h"
#include "rtnl.h"
#include "url.h"
#include <arpa/inet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/random.h>
#include <sys/socket.h>

/* RFC 8415 7.6: seconds. */
#define SOL_TIMEOUT 1.0
#define SOL_MAX_RT 3600.0
#define REQ_TIMEOUT 1.0
#define REQ_MAX_RT 30.0
#define REQ_MAX_RC 10
#define INF_TIMEOUT 1.0
#define INF_MAX_RT 3600.0
#define RESTARTS_MAX 3		/* fresh starts after a REPLY that gives no address */
#define DAD_WAIT 5		/* seconds, at least, for duplicate address detection */
#define IFA_F_TENTATIVE_ 0x40
#define IFA_F_DADFAILED_ 0x08
#define RT_SCOPE_LINK_ 253

static const struct dhclient *c;
static int fd;
static unsigned char duid[10];
static struct dhcp6_msg sent;
static struct in6_addr server;	/* where the chosen ADVERTISE or REPLY came from */
static double began;		/* when this exchange's first message went: Elapsed Time counts from it */
static int noaddrs;		/* a server said NoAddrsAvail to our SOLICIT */

static double
now(void)
{
	return dhclient_now();
}

/* "dhclient: eth0: ..." on stderr, unless -q. */
static void
say(const char *fmt, ...)
{
	va_list ap;

	if (c->quiet)
		return;
	fprintf(stderr, "%s: %s: ", cmd_name, c->ifname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static const char *
ntoa6(const void *a)
{
	static char buf[4][INET6_ADDRSTRLEN];
	static int k;

	k = (k + 1) % 4;
	return inet_ntop(AF_INET6, a, buf[k], sizeof buf[k]);
}

static void
sysctl(const char *ifname, const char *key, const char *val)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof path, "/proc/sys/net/ipv6/conf/%s/%s", ifname, key);
	if ((f = fopen(path, "w")) == NULL || fputs(val, f) < 0 || fclose(f) != 0)
		die_errno("%s", path);
}

void
dhcp6_prepare(const char *ifname)
{
	if (access("/proc/sys/net/ipv6", F_OK) != 0)
		die("%s: no IPv6 in this kernel (or no /proc)", ifname);
	if (if_nametoindex(ifname) == 0 || strchr(ifname, '/') != NULL) {
		errno = ENODEV;
		die_errno("%s", ifname);
	}
	sysctl(ifname, "disable_ipv6", "0");
	sysctl(ifname, "accept_ra", "2");	/* 2: even if forwarding is on */
	sysctl(ifname, "autoconf", "1");
}

struct addr_wait {
	const unsigned char *want;	/* NULL: any address of scope SCOPE */
	int scope;
	struct rtnl_addr found;
};

/* 1 if A is the address looked for and usable, 2 if it failed DAD, 3 if still tentative. */
static int
find_addr(const struct rtnl_addr *a, void *arg)
{
	struct addr_wait *w = arg;

	if (a->index != c->index || a->family != AF_INET6)
		return 0;
	if (w->want != NULL ? memcmp(a->local, w->want, 16) != 0 : a->scope != w->scope)
		return 0;
	w->found = *a;
	if (a->flags & IFA_F_DADFAILED_)
		return 2;
	return a->flags & IFA_F_TENTATIVE_ ? 3 : 1;
}

/* Wait until UNTIL for the address (WANT, or one of scope SCOPE) to pass DAD; it in *A. */
static void
wait_addr(const unsigned char *want, int scope, double until, struct rtnl_addr *a)
{
	struct timespec tick = { 0, 50 * 1000 * 1000 };
	struct addr_wait w = { want, scope, { 0 } };
	const char *what = want ? ntoa6(want) : scope ? "link-local address" : "global address (SLAAC)";
	int r;

	while ((r = rtnl_addrs(c->nl, AF_INET6, find_addr, &w)) != 1 && r >= 0 && r != 2) {
		if (now() >= until)
			die("%s: no %s%s after %d s", c->ifname, r == 3 ? "tentative " : "", what,
			    (int)(now() - c->start + 0.5));
		nanosleep(&tick, NULL);
	}
	if (r < 0)
		die_errno("netlink");
	if (r == 2)
		die("%s: %s: duplicate address detection failed", c->ifname, what);
	*a = w.found;
}

/* A UDP socket on [our link-local address]:546 of this interface. */
static void
open_socket(void)
{
	struct sockaddr_in6 sa;
	struct rtnl_addr ll;
	int on = 1, idx = c->index;

	wait_addr(NULL, RT_SCOPE_LINK_, c->deadline, &ll);
	if ((fd = socket(AF_INET6, SOCK_DGRAM | SOCK_CLOEXEC, 0)) < 0)
		die_errno("UDP socket");
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
	if (setsockopt(fd, IPPROTO_IPV6, IPV6_MULTICAST_IF, &idx, sizeof idx) < 0)
		die_errno("%s: multicast", c->ifname);
	memset(&sa, 0, sizeof sa);
	sa.sin6_family = AF_INET6;
	sa.sin6_port = htons(546);
	memcpy(&sa.sin6_addr, ll.local, 16);
	sa.sin6_scope_id = c->index;
	if (bind(fd, (struct sockaddr *)&sa, sizeof sa) < 0)
		die_errno("[%s%%%s]:546", ntoa6(ll.local), c->ifname);
}

static uint32_t
random32(void)
{
	uint32_t x = 0;

	/* Never wait for entropy early in boot: an ID only has to differ from others'. */
	if (getrandom(&x, sizeof x, GRND_NONBLOCK) != (ssize_t)sizeof x)
		x = (uint32_t)time(NULL) ^ (uint32_t)getpid() << 16 ^ (uint32_t)(now() * 1e6) ^
		    (uint32_t)c->mac[3] << 16 ^ c->mac[4] << 8 ^ c->mac[5];
	return x;
}

/* RAND of RFC 8415 15: -0.1 to 0.1 (0 to 0.1 if POSITIVE). */
static double
jitter(int positive)
{
	double r = (random32() % 2001) / 10000.0;

	return positive ? r / 2 : r - 0.1;
}

static void
send_msg(void)
{
	static const unsigned char all_servers[16] = { 0xff, 2, [13] = 1, [15] = 2 };	/* ff02::1:2 */
	unsigned char buf[512];
	struct sockaddr_in6 to;
	size_t n;

	if (began == 0)
		began = now();
	sent.elapsed = (now() - began) * 100;
	n = dhcp6_build(buf, sizeof buf, &sent);
	memset(&to, 0, sizeof to);
	to.sin6_family = AF_INET6;
	to.sin6_port = htons(547);
	memcpy(&to.sin6_addr, all_servers, 16);
	to.sin6_scope_id = c->index;
	if (sendto(fd, buf, n, 0, (struct sockaddr *)&to, sizeof to) < 0)
		say("send: %s", strerror(errno));
}

/* Is R worth taking: an address, or (SLAAC giving one) at least a boot file URL? */
static int
usable(const struct dhcp6_reply *r)
{
	return r->status == 0 && (r->has_addr || r->bootfile_url[0] != '\0');
}

/* The better of two ADVERTISEs: one with an address, then the higher preference. */
static int
better(const struct dhcp6_reply *a, const struct dhcp6_reply *b)
{
	if (a->has_addr != b->has_addr)
		return a->has_addr;
	return a->preference > b->preference;
}

/* A reply from a server's port 547, ours and parsed into R; 0 if none is waiting or it is not. */
static int
read_reply(struct dhcp6_reply *r, struct in6_addr *from)
{
	unsigned char buf[65536];
	struct sockaddr_in6 sa;
	socklen_t sl = sizeof sa;
	ssize_t n;

	for (;;) {
		if ((n = recvfrom(fd, buf, sizeof buf, MSG_DONTWAIT, (struct sockaddr *)&sa, &sl)) < 0)
			return 0;
		if (sl < sizeof sa || sa.sin6_family != AF_INET6 || sa.sin6_port != htons(547))
			continue;
		if (dhcp6_parse(buf, n, &sent, r) < 0) {
			if (n >= 4 && (((uint32_t)buf[1] << 16 | buf[2] << 8 | buf[3]) == sent.xid))
				say("ignored a reply from %s: %s", ntoa6(&sa.sin6_addr), r->error);
			continue;
		}
		*from = sa.sin6_addr;
		if (r->status != 0)
			say("%s from %s: status %d%s%s", r->type == DHCP6_REPLY ? "REPLY" : "ADVERTISE",
			    ntoa6(from), r->status, r->message[0] ? ": " : "", r->message);
		return 1;
	}
}

/*
 * SENT until a usable answer: a REPLY to our REQUEST (whatever its status:
 * the caller judges), or to a SOLICIT with Rapid Commit; to a SOLICIT, the
 * best ADVERTISE of those in the first wait (at once if its preference is
 * 255), then the first usable one. Retransmission as RFC 8415 15 says, within
 * the deadline and -r. 0 with the answer in BEST, -1 if none came.
 */
static int
exchange(double irt, double mrt, int mrc, struct dhcp6_reply *best)
{
	struct dhcp6_reply r;
	struct in6_addr from;
	struct pollfd pf = { fd, POLLIN, 0 };
	double rt = irt + jitter(sent.type == DHCP6_SOLICIT) * irt, until, t;
	int have = 0;

	for (int i = 0; i < mrc && now() < c->deadline; i++) {
		if (sent.type == DHCP6_REQUEST)
			say("REQUEST to %s", ntoa6(&server));
		else
			say("%s", sent.type == DHCP6_SOLICIT ? "SOLICIT" : "INFORMATION-REQUEST");
		send_msg();
		until = now() + rt < c->deadline ? now() + rt : c->deadline;
		while ((t = now()) < until) {
			if (poll(&pf, 1, (int)((until - t) * 1000) + 1) <= 0 || !read_reply(&r, &from))
				continue;
			if (sent.type == DHCP6_SOLICIT && (r.status == DHCP6_NO_ADDRS_AVAIL ||
			    r.ia_status == DHCP6_NO_ADDRS_AVAIL))
				noaddrs = 1;
			if (r.type == DHCP6_REPLY && (sent.type != DHCP6_SOLICIT || usable(&r))) {
				*best = r, server = from;
				return 0;
			}
			if (r.type != DHCP6_ADVERTISE || !usable(&r) || (have && !better(&r, best)))
				continue;
			*best = r, server = from, have = 1;
			if (i > 0 || (r.has_addr && r.preference == 255))
				return 0;
		}
		if (have)
			return 0;
		if (noaddrs)
			return -3;
		rt = 2 * rt + jitter(0) * rt;
		if (rt > mrt)
			rt = mrt + jitter(0) * mrt;
	}
	return -1;
}

/*
 * No address to be had from DHCPv6: SLAAC is to give it (RFC 8415 18.2.6),
 * and an INFORMATION-REQUEST the boot file URL and the name servers.
 */
static int
info_only(struct dhcp6_reply *l)
{
	say("no address from DHCPv6 (SLAAC then); asking for information only");
	sent.type = DHCP6_INFORMATION_REQUEST;
	sent.xid = random32() & 0xffffff;
	sent.rapid = 0;
	memset(&server, 0, sizeof server);
	began = 0;
	if (exchange(INF_TIMEOUT, INF_MAX_RT, c->retries + 1, l) < 0)
		return -1;
	if (l->status != 0)
		return -1;
	say("REPLY from %s", ntoa6(&server));
	l->has_addr = 0;
	return 0;
}

/* SOLICIT, ADVERTISE, REQUEST, REPLY (or SOLICIT, REPLY with Rapid Commit). 0 with the lease in L. */
static int
get_lease(struct dhcp6_reply *l)
{
	struct dhcp6_reply adv;

	for (int restarts = 0; restarts <= RESTARTS_MAX; restarts++) {
		memset(&sent, 0, sizeof sent);
		sent.type = DHCP6_SOLICIT;
		sent.xid = random32() & 0xffffff;
		sent.duid = duid, sent.duid_len = sizeof duid;
		sent.iaid = (uint32_t)c->mac[2] << 24 | (uint32_t)c->mac[3] << 16 | c->mac[4] << 8 | c->mac[5];
		/* With several servers on a link, each commits an address to a
		 * Rapid Commit (RFC 8415 18.3.1): -F asks for the four messages. */
		sent.rapid = !c->four;
		memset(&server, 0, sizeof server);
		noaddrs = 0, began = 0;
		switch (exchange(SOL_TIMEOUT, SOL_MAX_RT, c->retries + 1, &adv)) {
		case -1:
			return -1;
		case -3:
			return info_only(l);
		}
		if (adv.type == DHCP6_REPLY) {
			say("REPLY from %s (rapid commit)", ntoa6(&server));
			*l = adv;
			return 0;
		}
		say("ADVERTISE from %s%s", ntoa6(&server), adv.has_addr ? "" : ", no address");
		if (!adv.has_addr) {
			/* The kernel's SLAAC gives the address: the ADVERTISE's options will do. */
			*l = adv;
			return 0;
		}
		sent.type = DHCP6_REQUEST;
		sent.xid = random32() & 0xffffff;
		sent.server_id = adv.server_id, sent.server_id_len = adv.server_id_len;
		sent.rapid = 0;
		if (exchange(REQ_TIMEOUT, REQ_MAX_RT, REQ_MAX_RC, l) < 0)
			return -1;
		if (l->status == 0 && l->has_addr)
			return 0;
		say("REPLY from %s gives no address%s%s", ntoa6(&server), l->message[0] ? ": " : "", l->message);
	}
	return -2;
}

static void
put_hex(FILE *f, const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%02x", p[i]);
}

/* The lease as KEY=VALUE lines, as for DHCPv4 but with keys of its own. */
static void
put_lease(FILE *f, const void *arg)
{
	const struct dhcp6_reply *l = arg;

	fprintf(f, "interface=%s\n", c->ifname);
	if (l->has_addr)
		fprintf(f, "ip6=%s\nprefix6=128\n", ntoa6(l->addr));
	for (int i = 0; i < l->ndns; i++)
		fprintf(f, "%s%s", i ? "," : "dns6=", ntoa6(l->dns[i]));
	if (l->ndns)
		fputc('\n', f);
	fprintf(f, "server6=%s\nserverid6=", ntoa6(&server));
	put_hex(f, l->server_id, l->server_id_len);
	fputc('\n', f);
	if (l->bootfile_url[0])
		dhclient_put_value(f, "bootfile_url", l->bootfile_url);
	if (l->bootfile_param[0])
		dhclient_put_value(f, "bootfile_param", l->bootfile_param);
	if (l->has_addr)
		fprintf(f, "lease6=%lu\n", (unsigned long)l->valid);
}

static void
put_resolv(FILE *f, const void *arg)
{
	const struct dhcp6_reply *l = arg;

	for (int i = 0; i < l->ndns; i++)
		fprintf(f, "nameserver %s\n", ntoa6(l->dns[i]));
}

static void
announce(const struct dhcp6_reply *l)
{
	char dns[160] = "", life[24] = "";

	for (int i = 0; i < l->ndns; i++)
		snprintf(dns + strlen(dns), sizeof dns - strlen(dns), "%s%s", i ? " " : ", dns ",
		    ntoa6(l->dns[i]));
	if (l->has_addr)
		snprintf(life, sizeof life, l->valid == 0xffffffffu ? ", forever" : ", %lu s",
		    (unsigned long)l->valid);
	say("%s%s from %s%s%s%s%s", l->has_addr ? "lease " : "no address (SLAAC)",
	    l->has_addr ? ntoa6(l->addr) : "", ntoa6(&server), dns,
	    l->bootfile_url[0] ? ", boot " : "", l->bootfile_url, life);
}

/* The address as a /128 (the on-link prefix comes from RAs), once DAD has passed; the name servers. */
static void
configure(const struct dhcp6_reply *l)
{
	struct rtnl_addr a;
	double until = now() + DAD_WAIT > c->deadline ? now() + DAD_WAIT : c->deadline;

	if (l->has_addr) {
		memset(&a, 0, sizeof a);
		a.family = AF_INET6;
		a.index = c->index;
		a.prefixlen = 128;
		memcpy(a.local, l->addr, 16);
		if (rtnl_addr(c->nl, RTNL_REPLACE, &a) < 0)
			die_errno("%s: %s/128", c->ifname, ntoa6(l->addr));
		wait_addr(l->addr, 0, until, &a);
	} else {
		wait_addr(NULL, 0, until, &a);	/* without one, nothing beyond the link is reachable */
	}
	if (c->resolv[0] != '\0' && l->ndns > 0)
		dhclient_replace(c->resolv, put_resolv, l);
}

int
dhcp6_run(const struct dhclient *conf)
{
	struct dhcp6_reply l;

	c = conf;
	duid[1] = 3, duid[3] = 1;	/* DUID-LL (type 3), Ethernet (1), then the MAC */
	memcpy(duid + 4, c->mac, 6);
	open_socket();
	switch (get_lease(&l)) {
	case -1:
		die("%s: no DHCPv6 answer after %d s", c->ifname, (int)(now() - c->start + 0.5));
	case -2:
		die("%s: no DHCPv6 lease: %d replies without an address", c->ifname, RESTARTS_MAX + 1);
	}
	announce(&l);
	if (!c->noconf)
		configure(&l);
	if (c->lease_file != NULL)
		dhclient_replace(c->lease_file, put_lease, &l);
	if (c->noconf)
		put_lease(stdout, &l);
	close(fd);
	return cmd_exit();
}
