/* rtnl.h - rtnetlink: links, addresses and routes */
#ifndef RTNL_H
#define RTNL_H

/*
 * rtnetlink (NETLINK_ROUTE) for ip and dhclient. Each returns 0, or -1 with
 * errno (the kernel's answer). The dumps call FN for each object until it
 * returns non-zero, which they return. Addresses are in network byte order,
 * 4 bytes for AF_INET, 16 for AF_INET6. rtnl_addr and rtnl_route do
 * RTNL_ADD, RTNL_REPLACE (add or change) or RTNL_DEL; a route's 0 fields
 * mean the main table, protocol boot, unicast, scope link without a gateway.
 */
enum { RTNL_ADD, RTNL_REPLACE, RTNL_DEL };
#define RTNL_PROTO_DHCP 16	/* RTPROT_DHCP */
#define RTNL_ONLINK 4		/* RTNH_F_ONLINK: the gateway is on the link, whatever the prefix */
struct rtnl_link {
	int index;
	char name[16];
	unsigned flags, mtu, txqlen, type;	/* IFF_*, ARPHRD_* */
	int link, netnsid, master;	/* IFLA_LINK (0 none); netnsid -1 if none */
	int operstate, linkmode, group;
	int carrier;		/* IFLA_CARRIER: the driver's own word, before the 1 s linkwatch delay; -1 unknown */
	char qdisc[32];
	unsigned char addr[32], brd[32];
	int addrlen;
};
struct rtnl_addr {
	int family, index, prefixlen, scope;
	unsigned flags;		/* IFA_F_* */
	unsigned char local[16], peer[16], brd[16];
	int has_local, has_peer, has_brd, has_cache;
	unsigned valid, preferred;	/* seconds; 0xffffffff forever */
	char label[16];
};
struct rtnl_route {
	int family, dstlen, table, protocol, scope, type;
	unsigned flags;		/* RTNH_F_*, RTM_F_* */
	unsigned char dst[16], gw[16], src[16];
	int has_gw, has_src, oif, has_metric;
	unsigned metric;
	int pref;		/* IPv6 router preference (RTA_PREF): 0 medium, 1 high, 3 low; -1 none */
};
int rtnl_open(void);
int rtnl_links(int fd, int (*fn)(const struct rtnl_link *, void *), void *arg);
int rtnl_addrs(int fd, int family, int (*fn)(const struct rtnl_addr *, void *), void *arg);
int rtnl_routes(int fd, int family, int (*fn)(const struct rtnl_route *, void *), void *arg);
int rtnl_link_up(int fd, int index, int up);
int rtnl_addr(int fd, int cmd, const struct rtnl_addr *a);
int rtnl_route(int fd, int cmd, const struct rtnl_route *r);

#endif
