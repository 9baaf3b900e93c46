/* dhclient - configure a network interface with DHCPv4 (or -6 DHCPv6): address, default route, resolv.conf */
#include "dhcp.h"
#include "client.h"
#include <arpa/inet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netpacket/packet.h>
#include <poll.h>
#include <sys/random.h>
#include <sys/socket.h>

static const char usage[] =
    "dhclient [-6Fnq] [-i IFACE] [-t TIMEOUT] [-r RETRIES] [-f LEASEFILE] [-R RESOLVCONF] [IFACE]";

#define ETH_P_IP_ 0x0800
#define ARPHRD_ETHER_ 1
#define BACKOFF_MAX 32		/* seconds between sends, at most */
#define NAKS_MAX 3		/* fresh starts after a NAK */
#define CARRIER_WAIT 5		/* seconds */

/* linux/if_packet.h's struct tpacket_auxdata, which musl lacks. */
struct auxdata {
	uint32_t status, len, snaplen;
	uint16_t mac, net, vlan_tci, vlan_tpid;
};
#define TP_STATUS_CSUMNOTREADY 8	/* the UDP checksum is still to be done: offloaded */

static struct {
	const char *ifname, *lease_file, *resolv;
	int timeout, retries, quiet, noconf, v6, four;
	int index, fd, nl;
	unsigned char mac[6];
	uint32_t xid;
	double start, deadline;
} d;

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

	if (d.quiet)
		return;
	fprintf(stderr, "%s: %s: ", cmd_name, d.ifname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static const char *
ntoa(uint32_t a)
{
	static char buf[4][INET_ADDRSTRLEN];
	static int k;

	k = (k + 1) % 4;
	return inet_ntop(AF_INET, &a, buf[k], sizeof buf[k]);
}

static int
number(const char *s, const char *what, int min)
{
	unsigned long long v;

	if (parse_uint(s, 86400, &v) < 0 || v < (unsigned)min)
		die("%s: invalid %s", s, what);
	return v;
}

/* Our link's address; 1, or 2 if its carrier is up too. The driver's
 * carrier (IFLA_CARRIER) shows at once; IFF_RUNNING waits for linkwatch,
 * which holds link events back for up to a second. */
static int
find_mac(const struct rtnl_link *l, void *arg)
{
	(void)arg;
	if (l->index != d.index)
		return 0;
	if (l->type != ARPHRD_ETHER_ || l->addrlen != 6)
		die("%s: not an Ethernet interface", d.ifname);
	memcpy(d.mac, l->addr, 6);
	if (l->carrier >= 0)
		return l->carrier ? 2 : 1;
	return l->flags & IFF_RUNNING ? 2 : 1;
}

/* What is sent before the carrier is up is lost: wait for it a little. */
static void
wait_carrier(void)
{
	struct timespec tick = { 0, 5 * 1000 * 1000 };
	double until = now() + (d.timeout < CARRIER_WAIT ? d.timeout : CARRIER_WAIT);
	int r;

	while ((r = rtnl_links(d.nl, find_mac, NULL)) == 1 && now() < until)
		nanosleep(&tick, NULL);
	if (r < 0)
		die_errno("netlink");
	if (r == 0)
		die("%s: no link address", d.ifname);
	if (r == 1)
		say("no carrier");
}

/* The link up, its address known, a packet socket bound to it (for DHCPv4). */
static void
open_link(void)
{
	struct sockaddr_ll sa;
	int on = 1;

	if ((d.index = if_nametoindex(d.ifname)) == 0) {
		errno = ENODEV;
		die_errno("%s", d.ifname);
	}
	if ((d.nl = rtnl_open()) < 0)
		die_errno("netlink");
	if (rtnl_link_up(d.nl, d.index, 1) < 0)
		die_errno("%s: cannot bring it up", d.ifname);
	wait_carrier();
	if (d.v6)
		return;
	if ((d.fd = socket(AF_PACKET, SOCK_DGRAM | SOCK_CLOEXEC, htons(ETH_P_IP_))) < 0)
		die_errno("packet socket");
	memset(&sa, 0, sizeof sa);
	sa.sll_family = AF_PACKET;
	sa.sll_protocol = htons(ETH_P_IP_);
	sa.sll_ifindex = d.index;
	if (bind(d.fd, (struct sockaddr *)&sa, sizeof sa) < 0)
		die_errno("%s", d.ifname);
	setsockopt(d.fd, SOL_PACKET, PACKET_AUXDATA, &on, sizeof on);
}

static uint32_t
random_xid(void)
{
	uint32_t x = 0;

	/* Never wait for the kernel's entropy: early in boot /dev/urandom
	 * stalls for a second, and an xid only has to differ from others'. */
	if (getrandom(&x, sizeof x, GRND_NONBLOCK) != (ssize_t)sizeof x)
		x = (uint32_t)time(NULL) ^ (uint32_t)getpid() << 16 ^ (uint32_t)(now() * 1e6) ^
		    (uint32_t)d.mac[2] << 24 ^ (uint32_t)d.mac[3] << 16 ^ d.mac[4] << 8 ^ d.mac[5];
	return x;
}

/* A DISCOVER, or a REQUEST for IP from SERVER, broadcast from 0.0.0.0:68. */
static void
send_msg(int type, uint32_t ip, uint32_t server)
{
	unsigned char msg[576], frame[576 + 28], id[7];
	struct sockaddr_ll to;
	struct dhcp_msg m;
	size_t n;

	id[0] = 1;		/* Ethernet, then the address: option 61 as RFC 2132 suggests */
	memcpy(id + 1, d.mac, 6);
	memset(&m, 0, sizeof m);
	m.type = type;
	m.xid = d.xid;
	m.secs = now() - d.start;
	memcpy(m.mac, d.mac, 6);
	m.ip = ip;
	m.server = server;
	m.client_id = id;
	m.client_id_len = sizeof id;
	n = dhcp_build(msg, sizeof msg, &m);
	n = dhcp_ip_wrap(frame, sizeof frame, msg, n);
	memset(&to, 0, sizeof to);
	to.sll_family = AF_PACKET;
	to.sll_protocol = htons(ETH_P_IP_);
	to.sll_ifindex = d.index;
	to.sll_halen = 6;
	memset(to.sll_addr, 0xff, 6);
	if (sendto(d.fd, frame, n, 0, (struct sockaddr *)&to, sizeof to) < 0)
		say("send: %s", strerror(errno));
}

/* One frame from the packet socket: 0 if none is waiting; else 1, *MSG the DHCP message in it or NULL. */
static int
read_frame(unsigned char *buf, size_t cap, const unsigned char **msg, size_t *n)
{
	struct auxdata aux;
	char ctl[128];
	struct iovec iov;
	struct msghdr m;
	struct cmsghdr *c;
	ssize_t len;
	int csum = 1;

	iov.iov_base = buf;
	iov.iov_len = cap;
	memset(&m, 0, sizeof m);
	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	m.msg_control = ctl;
	m.msg_controllen = sizeof ctl;
	if ((len = recvmsg(d.fd, &m, MSG_DONTWAIT)) < 0)
		return 0;
	for (c = CMSG_FIRSTHDR(&m); c != NULL; c = CMSG_NXTHDR(&m, c))
		if (c->cmsg_level == SOL_PACKET && c->cmsg_type == PACKET_AUXDATA &&
		    c->cmsg_len >= CMSG_LEN(sizeof aux)) {
			memcpy(&aux, CMSG_DATA(c), sizeof aux);
			csum = !(aux.status & TP_STATUS_CSUMNOTREADY);
		}
	*msg = dhcp_ip_unwrap(buf, len, n, csum);
	return 1;
}

/* Is MSG (N bytes) a reply to our transaction, of the kind we wait for? */
static int
ours(const unsigned char *msg, size_t n, int want, uint32_t server, struct dhcp_lease *l)
{
	uint32_t xid;

	if (n < 8)
		return 0;
	xid = (uint32_t)msg[4] << 24 | (uint32_t)msg[5] << 16 | (uint32_t)msg[6] << 8 | msg[7];
	if (xid != d.xid)
		return 0;
	if (dhcp_parse(msg, n, l) < 0) {
		say("bad reply: %s", l->error);
		return 0;
	}
	if (memcmp(l->chaddr, d.mac, 6) != 0)
		return 0;
	if (want == DHCP_OFFER)
		return l->type == DHCP_OFFER;
	return (l->type == DHCP_ACK || l->type == DHCP_NAK) && (l->server == 0 || l->server == server);
}

/* Wait until UNTIL for a reply of the kind WANT; 0 with it in L, or -1. */
static int
receive(double until, int want, uint32_t server, struct dhcp_lease *l)
{
	unsigned char buf[65536];
	const unsigned char *msg;
	struct pollfd pf;
	size_t n;
	double t;

	pf.fd = d.fd;
	pf.events = POLLIN;
	while ((t = now()) < until) {
		if (poll(&pf, 1, (int)((until - t) * 1000) + 1) <= 0)
			continue;
		while (read_frame(buf, sizeof buf, &msg, &n))
			if (msg != NULL && ours(msg, n, want, server, l))
				return 0;
	}
	return -1;
}

/* Send TYPE until a reply comes: waits of 1, 2, 4... seconds, RETRIES more sends at most. */
static int
exchange(int type, const struct dhcp_lease *offer, struct dhcp_lease *reply)
{
	int wait = 1, want = type == DHCP_DISCOVER ? DHCP_OFFER : DHCP_ACK;
	double until;

	for (int i = 0; i <= d.retries && now() < d.deadline; i++) {
		if (type == DHCP_DISCOVER) {
			say("DISCOVER");
			send_msg(type, 0, 0);
		} else {
			say("REQUEST %s from %s", ntoa(offer->ip), ntoa(offer->server));
			send_msg(type, offer->ip, offer->server);
		}
		until = now() + wait;
		if (until > d.deadline)
			until = d.deadline;
		if (receive(until, want, type == DHCP_REQUEST ? offer->server : 0, reply) == 0)
			return 0;
		if (wait < BACKOFF_MAX)
			wait *= 2;
	}
	return -1;
}

/* DISCOVER, OFFER, REQUEST, ACK; a NAK starts over. 0 with the lease in L, -1 (no answer) or -2 (NAKs). */
static int
get_lease(struct dhcp_lease *l)
{
	struct dhcp_lease offer;

	for (int naks = 0; naks <= NAKS_MAX; naks++) {
		d.xid = random_xid();
		if (exchange(DHCP_DISCOVER, NULL, &offer) < 0)
			return -1;
		say("OFFER of %s from %s", ntoa(offer.ip), ntoa(offer.server));
		if (exchange(DHCP_REQUEST, &offer, l) < 0)
			return -1;
		if (l->type == DHCP_ACK) {
			if (l->server == 0)
				l->server = offer.server;
			return 0;
		}
		say("NAK from %s%s%s", ntoa(offer.server), l->message[0] ? ": " : "", l->message);
	}
	return -2;
}

static void
announce(const struct dhcp_lease *l)
{
	char dns[64] = "";

	for (int i = 0; i < l->ndns; i++)
		snprintf(dns + strlen(dns), sizeof dns - strlen(dns), "%s%s", i ? " " : ", dns ",
		    ntoa(l->dns[i]));
	if (l->lease == 0xffffffffu)
		say("lease %s/%d from %s%s%s%s, forever", ntoa(l->ip), l->prefix, ntoa(l->server),
		    l->router ? ", router " : "", l->router ? ntoa(l->router) : "", dns);
	else
		say("lease %s/%d from %s%s%s%s, %lu s", ntoa(l->ip), l->prefix, ntoa(l->server),
		    l->router ? ", router " : "", l->router ? ntoa(l->router) : "", dns,
		    (unsigned long)l->lease);
}

/* The lease as KEY=VALUE lines, for netboot and scripts; what is not known is left out. */
static void
put_lease(FILE *f, const void *arg)
{
	const struct dhcp_lease *l = arg;
	char dns[64] = "";

	fprintf(f, "interface=%s\nip=%s\nmask=%s\nprefix=%d\nbroadcast=%s\n", d.ifname,
	    ntoa(l->ip), ntoa(l->mask), l->prefix, ntoa(l->broadcast));
	if (l->router)
		fprintf(f, "router=%s\n", ntoa(l->router));
	for (int i = 0; i < l->ndns; i++)
		snprintf(dns + strlen(dns), sizeof dns - strlen(dns), "%s%s", i ? "," : "",
		    ntoa(l->dns[i]));
	if (l->ndns)
		fprintf(f, "dns=%s\n", dns);
	if (l->domain[0])
		dhclient_put_value(f, "domain", l->domain);
	if (l->hostname[0])
		dhclient_put_value(f, "hostname", l->hostname);
	fprintf(f, "serverid=%s\n", ntoa(l->server));
	if (l->siaddr)
		fprintf(f, "siaddr=%s\n", ntoa(l->siaddr));
	if (l->tftp[0])
		dhclient_put_value(f, "tftp", l->tftp);
	if (l->bootfile[0])
		dhclient_put_value(f, "bootfile", l->bootfile);
	if (l->lease)
		fprintf(f, "lease=%lu\n", (unsigned long)l->lease);
}

static void
put_resolv(FILE *f, const void *arg)
{
	const struct dhcp_lease *l = arg;
	if (l->domain[0])
		fprintf(f, "search %s\n", l->domain);
	for (int i = 0; i < l->ndns; i++)
		fprintf(f, "nameserver %s\n", ntoa(l->dns[i]));
}

/* The address, the default route through the router, the name servers. */
static void
configure(const struct dhcp_lease *l)
{
	struct rtnl_addr a;
	struct rtnl_route r;

	memset(&a, 0, sizeof a);
	a.family = AF_INET;
	a.index = d.index;
	a.prefixlen = l->prefix;
	memcpy(a.local, &l->ip, 4);
	memcpy(a.brd, &l->broadcast, 4);
	a.has_brd = 1;
	if (rtnl_addr(d.nl, RTNL_REPLACE, &a) < 0)
		die_errno("%s: %s/%d", d.ifname, ntoa(l->ip), l->prefix);
	if (l->router) {
		memset(&r, 0, sizeof r);
		r.family = AF_INET;
		memcpy(r.gw, &l->router, 4);
		r.has_gw = 1;
		r.oif = d.index;
		r.protocol = RTNL_PROTO_DHCP;
		if ((l->router & l->mask) != (l->ip & l->mask))
			r.flags = RTNL_ONLINK;
		if (rtnl_route(d.nl, RTNL_REPLACE, &r) < 0)
			die_errno("%s: default via %s", d.ifname, ntoa(l->router));
	}
	if (d.resolv[0] != '\0' && (l->ndns > 0 || l->domain[0] != '\0'))
		dhclient_replace(d.resolv, put_resolv, l);
}

/* DHCPv6 instead, on the link now up. */
static int
v6(void)
{
	struct dhclient c;

	c.ifname = d.ifname, c.lease_file = d.lease_file, c.resolv = d.resolv;
	c.timeout = d.timeout, c.retries = d.retries, c.quiet = d.quiet, c.noconf = d.noconf;
	c.four = d.four;
	c.index = d.index, c.nl = d.nl;
	memcpy(c.mac, d.mac, 6);
	c.start = d.start, c.deadline = d.deadline;
	return dhcp6_run(&c);
}

static void
options(struct opt *o)
{
	int c;

	while ((c = opt_next(o, "6Ff:i:nqR:r:t:")) != -1) {
		switch (c) {
		case '6': d.v6 = 1; break;
		case 'F': d.four = 1; break;
		case 'f': d.lease_file = o->arg; break;
		case 'i': d.ifname = o->arg; break;
		case 'n': d.noconf = 1; break;
		case 'q': d.quiet = 1; break;
		case 'R': d.resolv = o->arg; break;
		case 'r': d.retries = number(o->arg, "number of retries", 0); break;
		case 't': d.timeout = number(o->arg, "timeout", 1); break;
		default: die_usage(o);
		}
	}
	if (o->ind < o->argc && d.ifname == NULL)
		d.ifname = o->argv[o->ind++];
	if (o->ind < o->argc)
		die_usage(o);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	struct dhcp_lease l;

	memset(&d, 0, sizeof d);
	d.timeout = 30;
	d.retries = 4;
	d.resolv = "/etc/resolv.conf";
	options(&o);
	if (d.ifname == NULL)
		d.ifname = "eth0";
	d.start = now();
	d.deadline = d.start + d.timeout;
	if (d.v6)
		dhcp6_prepare(d.ifname);
	open_link();
	if (d.v6)
		return v6();
	switch (get_lease(&l)) {
	case -1:
		die("%s: no DHCP answer after %d s", d.ifname, (int)(now() - d.start + 0.5));
	case -2:
		die("%s: no lease: %d NAKs", d.ifname, NAKS_MAX + 1);
	}
	announce(&l);
	if (!d.noconf)
		configure(&l);
	if (d.lease_file != NULL)
		dhclient_replace(d.lease_file, put_lease, &l);
	if (d.noconf)
		put_lease(stdout, &l);
	return cmd_exit();
}
