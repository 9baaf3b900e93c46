/* ip - show and change network links, addresses and routes, as iproute2's ip does */
#include "cmd.h"
#include "rtnl.h"
#include <arpa/inet.h>
#include <net/if.h>
#include <sys/socket.h>

static const char usage[] =
    "ip [-br] link [show [DEV]]\n"
    "       ip link set DEV up|down\n"
    "       ip [-4|-6] [-br] addr [show [DEV]]\n"
    "       ip addr add|del ADDR[/LEN] [brd ADDR|+] dev DEV\n"
    "       ip [-4|-6] route [show [dev DEV]]\n"
    "       ip route add|del|replace default|ADDR[/LEN] [via GW] [dev DEV] [metric N]";

/* Values from the kernel's rtnetlink ABI, for the names people read. */
#define RTNH_F_DEAD 1
#define RTNH_F_ONLINK 4
#define RTNH_F_LINKDOWN 16
#define RTM_F_CLONED 0x200
#define IFA_F_SECONDARY 0x01
#define IFA_F_PERMANENT 0x80
#define TABLE_MAIN 254
#define PROTO_BOOT 3
#define UNICAST 1
#ifndef IFF_LOWER_UP		/* glibc keeps these in linux/if.h */
#define IFF_LOWER_UP 0x10000
#define IFF_DORMANT 0x20000
#define IFF_ECHO 0x40000
#endif

struct name {
	unsigned v;
	const char *s;
};

static const struct name scopes[] = {
	{ 0, "global" }, { 200, "site" }, { 253, "link" }, { 254, "host" }, { 255, "nowhere" },
};
static const struct name protos[] = {
	{ 0, "unspec" }, { 1, "redirect" }, { 2, "kernel" }, { 3, "boot" }, { 4, "static" },
	{ 16, "dhcp" }, { 42, "babel" }, { 186, "bgp" }, { 187, "isis" }, { 188, "ospf" },
	{ 189, "rip" }, { 192, "eigrp" },
};
static const struct name rtypes[] = {
	{ 2, "local" }, { 3, "broadcast" }, { 4, "anycast" }, { 5, "multicast" },
	{ 6, "blackhole" }, { 7, "unreachable" }, { 8, "prohibit" }, { 9, "throw" }, { 10, "nat" },
};
static const struct name states[] = {
	{ 0, "UNKNOWN" }, { 1, "NOTPRESENT" }, { 2, "DOWN" }, { 3, "LOWERLAYERDOWN" },
	{ 4, "TESTING" }, { 5, "DORMANT" }, { 6, "UP" },
};
static const struct name hwtypes[] = {
	{ 1, "ether" }, { 32, "infiniband" }, { 280, "can" }, { 768, "ipip" }, { 769, "tunnel6" },
	{ 772, "loopback" }, { 776, "sit" }, { 778, "gre" }, { 801, "ieee802.11" },
	{ 0xfffe, "none" }, { 0xffff, "void" },
};
/* In iproute2's order. */
static const struct name iff[] = {
	{ IFF_LOOPBACK, "LOOPBACK" }, { IFF_BROADCAST, "BROADCAST" },
	{ IFF_POINTOPOINT, "POINTOPOINT" }, { IFF_MULTICAST, "MULTICAST" }, { IFF_NOARP, "NOARP" },
	{ IFF_ALLMULTI, "ALLMULTI" }, { IFF_PROMISC, "PROMISC" }, { IFF_MASTER, "MASTER" },
	{ IFF_SLAVE, "SLAVE" }, { IFF_DEBUG, "DEBUG" }, { IFF_DYNAMIC, "DYNAMIC" },
	{ IFF_AUTOMEDIA, "AUTOMEDIA" }, { IFF_PORTSEL, "PORTSEL" }, { IFF_NOTRAILERS, "NOTRAILERS" },
	{ IFF_UP, "UP" }, { IFF_LOWER_UP, "LOWER_UP" }, { IFF_DORMANT, "DORMANT" }, { IFF_ECHO, "ECHO" },
};
static const struct name ifa_flags[] = {
	{ 0x02, "nodad" }, { 0x04, "optimistic" }, { 0x08, "dadfailed" }, { 0x10, "home" },
	{ 0x20, "deprecated" }, { 0x40, "tentative" }, { IFA_F_PERMANENT, "permanent" },
	{ 0x100, "mngtmpaddr" }, { 0x200, "noprefixroute" }, { 0x400, "autojoin" },
	{ 0x800, "stable-privacy" },
};
#define N(a) (sizeof (a) / sizeof *(a))

static struct opt o;
static int nl = -1;
static int family = AF_UNSPEC, brief;	/* -4 -6, -br */
static int lean;	/* iproute2's "ip -6 addr" lists links from the kernel's IPv6 dump: no qdisc, no group */

/* What the kernel holds, gathered before printing. */
static struct {
	struct rtnl_link *v;
	size_t n;
} links;
static struct {
	struct rtnl_addr *v;
	size_t n;
} addrs;

static const char *
name_of(const struct name *t, size_t n, unsigned v, char *buf)
{
	for (size_t i = 0; i < n; i++)
		if (t[i].v == v)
			return t[i].s;
	sprintf(buf, "%u", v);
	return buf;
}

/* Does ARG abbreviate WORD, as iproute2 lets it? */
static int
matches(const char *arg, const char *word)
{
	size_t n = strlen(arg);

	return n > 0 && strncmp(arg, word, n) == 0;
}

static _Noreturn void
syntax(const char *fmt, const char *arg)
{
	fprintf(stderr, "%s: ", cmd_name);
	fprintf(stderr, fmt, arg);
	fputc('\n', stderr);
	die_usage(&o);
}

static void
open_nl(void)
{
	if (nl < 0 && (nl = rtnl_open()) < 0)
		die_errno("netlink");
}

static int
ifindex(const char *dev)
{
	unsigned i = if_nametoindex(dev);

	if (i == 0) {
		errno = ENODEV;
		die_errno("%s", dev);
	}
	return i;
}

static int
keep_link(const struct rtnl_link *l, void *arg)
{
	(void)arg;
	links.v = xrealloc(links.v, (links.n + 1) * sizeof *links.v);
	links.v[links.n++] = *l;
	return 0;
}

static int
keep_addr(const struct rtnl_addr *a, void *arg)
{
	(void)arg;
	addrs.v = xrealloc(addrs.v, (addrs.n + 1) * sizeof *addrs.v);
	addrs.v[addrs.n++] = *a;
	return 0;
}

static void
load_links(void)
{
	open_nl();
	if (rtnl_links(nl, keep_link, NULL) < 0)
		die_errno("netlink");
}

static const struct rtnl_link *
find_link(int index)
{
	for (size_t i = 0; i < links.n; i++)
		if (links.v[i].index == index)
			return &links.v[i];
	return NULL;
}

static const char *
link_name(int index)
{
	const struct rtnl_link *l = find_link(index);

	return l != NULL ? l->name : NULL;
}

/* The link named DEV, or all of them if DEV is NULL: check it is there. */
static void
need_link(const char *dev)
{
	for (size_t i = 0; dev != NULL && i < links.n; i++)
		if (strcmp(links.v[i].name, dev) == 0)
			return;
	if (dev != NULL) {
		errno = ENODEV;
		die_errno("%s", dev);
	}
}

/* <...>, and M-DOWN if the link it hangs off (here) is down. */
static void
print_flags(unsigned flags, int mdown)
{
	const char *sep = "";

	putchar('<');
	if ((flags & IFF_UP) && !(flags & IFF_RUNNING)) {
		fputs("NO-CARRIER", stdout);
		sep = ",";
	}
	for (size_t i = 0; i < N(iff); i++)
		if (flags & iff[i].v) {
			printf("%s%s", sep, iff[i].s);
			sep = ",";
		}
	if (mdown)
		printf("%sM-DOWN", sep);
	fputs("> ", stdout);
}

static void
print_hw(const unsigned char *a, int n, int type)
{
	char buf[INET_ADDRSTRLEN];

	if (n == 4 && (type == 768 || type == 776 || type == 778)) {
		fputs(inet_ntop(AF_INET, a, buf, sizeof buf), stdout);
		return;
	}
	for (int i = 0; i < n; i++)
		printf("%s%02x", i ? ":" : "", a[i]);
}

/* "eth0", "veth0@veth1" or "eth0@if2"; the peer if it is here. */
static const struct rtnl_link *
print_name(const struct rtnl_link *l, int width)
{
	const struct rtnl_link *peer = NULL;
	char buf[64];

	if (l->link == 0 || (l->link == l->index && l->netnsid < 0))
		snprintf(buf, sizeof buf, "%s", l->name);
	else if ((peer = l->netnsid < 0 ? find_link(l->link) : NULL) != NULL)
		snprintf(buf, sizeof buf, "%s@%s", l->name, peer->name);
	else
		snprintf(buf, sizeof buf, "%s@if%d", l->name, l->link);
	printf("%-*s", width, buf);
	return peer;
}

/* "2: eth0: <BROADCAST,...> mtu 1500 ..." and, unless -4 or -6, its "link/ether" line. */
static void
print_link(const struct rtnl_link *l, int mode)
{
	const struct rtnl_link *peer;
	char buf[16];

	printf("%d: ", l->index);
	peer = print_name(l, 0);
	fputs(": ", stdout);
	print_flags(l->flags, peer != NULL && !(peer->flags & IFF_UP));
	printf("mtu %u ", l->mtu);
	if (l->qdisc[0] != '\0' && !lean)
		printf("qdisc %s ", l->qdisc);
	if (l->master != 0 && link_name(l->master) != NULL)
		printf("master %s ", link_name(l->master));
	printf("state %s ", name_of(states, N(states), l->operstate, buf));
	if (mode)
		printf("mode %s ", l->linkmode == 1 ? "DORMANT" : "DEFAULT");
	if (!lean && l->group == 0)
		fputs("group default ", stdout);
	else if (!lean)
		printf("group %d ", l->group);
	printf("qlen %u\n", l->txqlen);
	if (family != AF_UNSPEC)
		return;
	printf("    link/%s", name_of(hwtypes, N(hwtypes), l->type, buf));
	if (l->addrlen > 0) {
		putchar(' ');
		print_hw(l->addr, l->addrlen, l->type);
		fputs(l->flags & IFF_POINTOPOINT ? " peer " : " brd ", stdout);
		print_hw(l->brd, l->addrlen, l->type);
	}
	if (l->netnsid >= 0)
		printf(" link-netnsid %d", l->netnsid);
	putchar('\n');
}

static const char *
ntop(int family, const void *a)
{
	static char buf[2][INET6_ADDRSTRLEN];
	static int k;

	k ^= 1;
	return inet_ntop(family, a, buf[k], sizeof buf[k]);
}

static void
print_lifetime(unsigned t)
{
	if (t == 0xffffffffu)
		fputs("forever", stdout);
	else
		printf("%usec", t);
}

/* "    inet 10.0.2.15/24 brd 10.0.2.255 scope global eth0" and the lifetimes. */
static void
print_addr(const struct rtnl_addr *a)
{
	char buf[16];

	printf("    %s %s", a->family == AF_INET ? "inet" : "inet6", ntop(a->family, a->local));
	if (a->has_peer)
		printf(" peer %s", ntop(a->family, a->peer));
	printf("/%d ", a->prefixlen);
	if (a->has_brd)
		printf("brd %s ", ntop(a->family, a->brd));
	printf("scope %s ", name_of(scopes, N(scopes), a->scope, buf));
	if (a->flags & IFA_F_SECONDARY)
		fputs(a->family == AF_INET6 ? "temporary " : "secondary ", stdout);
	for (size_t i = 0; i < N(ifa_flags); i++) {
		if (ifa_flags[i].v == IFA_F_PERMANENT) {
			if (!(a->flags & IFA_F_PERMANENT))
				fputs("dynamic ", stdout);
		} else if (a->flags & ifa_flags[i].v) {
			printf("%s ", ifa_flags[i].s);
		}
	}
	fputs(a->label, stdout);
	if (a->has_cache) {
		fputs("\n       valid_lft ", stdout);
		print_lifetime(a->valid);
		fputs(" preferred_lft ", stdout);
		print_lifetime(a->preferred);
	}
	putchar('\n');
}

/* -br: "eth0@if2  UP  52:54:00:12:34:56 <BROADCAST,...> " or "... 10.0.2.15/24 ". */
static void
print_brief(const struct rtnl_link *l, int with_addrs)
{
	const struct rtnl_link *peer = print_name(l, 16);
	char buf[16];

	printf(" %-14s ", name_of(states, N(states), l->operstate, buf));
	if (!with_addrs) {
		if (l->addrlen > 0) {
			print_hw(l->addr, l->addrlen, l->type);
			putchar(' ');
		}
		print_flags(l->flags, peer != NULL && !(peer->flags & IFF_UP));
	}
	for (size_t j = 0; with_addrs && j < addrs.n; j++)
		if (addrs.v[j].index == l->index)
			printf("%s/%d ", ntop(addrs.v[j].family, addrs.v[j].local), addrs.v[j].prefixlen);
	putchar('\n');
}

static int
has_addrs(int index)
{
	for (size_t j = 0; j < addrs.n; j++)
		if (addrs.v[j].index == index)
			return 1;
	return 0;
}

/* ip link [show [dev] [DEV]], ip addr [show [dev] [DEV]] */
static void
show_links(char **argv, int with_addrs)
{
	const char *dev = NULL;

	if (*argv != NULL && strcmp(*argv, "dev") == 0 && *++argv == NULL)
		syntax("%s", "dev: argument expected");
	if (*argv != NULL)
		dev = *argv++;
	if (*argv != NULL)
		syntax("%s: unexpected argument", *argv);
	load_links();
	need_link(dev);
	if (!with_addrs)
		family = AF_UNSPEC;
	lean = family == AF_INET6 && dev == NULL;
	if (with_addrs && rtnl_addrs(nl, family, keep_addr, NULL) < 0)
		die_errno("netlink");
	for (size_t i = 0; i < links.n; i++) {
		if ((dev != NULL && strcmp(links.v[i].name, dev) != 0) ||
		    (family != AF_UNSPEC && !has_addrs(links.v[i].index)))
			continue;
		if (brief) {
			print_brief(&links.v[i], with_addrs);
			continue;
		}
		print_link(&links.v[i], !with_addrs);
		for (size_t j = 0; with_addrs && j < addrs.n; j++)
			if (addrs.v[j].index == links.v[i].index)
				print_addr(&addrs.v[j]);
	}
}

/* ip link set [dev] DEV up|down */
static void
link_set(char **argv)
{
	const char *dev;
	int up;

	if (*argv != NULL && strcmp(*argv, "dev") == 0)
		argv++;
	if ((dev = *argv++) == NULL)
		syntax("%s", "link set: no device given");
	if (*argv == NULL)
		syntax("%s", "link set: up or down expected");
	if (strcmp(*argv, "up") != 0 && strcmp(*argv, "down") != 0)
		syntax("%s: unexpected argument", *argv);
	up = strcmp(*argv++, "up") == 0;
	if (*argv != NULL)
		syntax("%s: unexpected argument", *argv);
	open_nl();
	if (rtnl_link_up(nl, ifindex(dev), up) < 0)
		die_errno("%s", dev);
}

/* ADDR[/LEN] into A (family, address, length; LEN defaults to the whole address). */
static int
parse_prefix(const char *s, int *family, unsigned char *a, int *len)
{
	char buf[INET6_ADDRSTRLEN + 8], *slash, *end;
	long n;

	if (strlen(s) >= sizeof buf)
		return -1;
	strcpy(buf, s);
	if ((slash = strchr(buf, '/')) != NULL)
		*slash++ = '\0';
	if (inet_pton(AF_INET, buf, a) == 1)
		*family = AF_INET;
	else if (inet_pton(AF_INET6, buf, a) == 1)
		*family = AF_INET6;
	else
		return -1;
	*len = *family == AF_INET ? 32 : 128;
	if (slash == NULL)
		return 0;
	if (*slash < '0' || *slash > '9')
		return -1;
	n = strtol(slash, &end, 10);
	if (*end != '\0' || n > *len)
		return -1;
	*len = n;
	return 0;
}

static void
bad_value(const char *what, const char *arg)
{
	die("%s: invalid %s", arg, what);
}

static void
addr_brd(struct rtnl_addr *a, const char *arg)
{
	uint32_t ip, mask;

	a->has_brd = 1;
	if (strcmp(arg, "+") == 0 && a->family == AF_INET) {
		memcpy(&ip, a->local, 4);
		mask = a->prefixlen ? htonl(0xffffffffu << (32 - a->prefixlen)) : 0;
		ip |= ~mask;
		memcpy(a->brd, &ip, 4);
	} else if (inet_pton(AF_INET, arg, a->brd) != 1 || a->family != AF_INET) {
		bad_value("broadcast address", arg);
	}
}

/* ip addr add|del ADDR[/LEN] [brd ADDR|+] dev DEV */
static void
addr_change(int cmd, char **argv)
{
	struct rtnl_addr a;
	const char *dev = NULL, *brd = NULL, *arg = *argv;

	memset(&a, 0, sizeof a);
	if (arg == NULL)
		syntax("%s", "no address given");
	if (parse_prefix(*argv++, &a.family, a.local, &a.prefixlen) < 0)
		bad_value("address", arg);
	for (; *argv != NULL; argv += 2) {
		if (argv[1] == NULL)
			syntax("%s: argument expected", argv[0]);
		if (strcmp(*argv, "dev") == 0)
			dev = argv[1];
		else if (strcmp(*argv, "brd") == 0 || strcmp(*argv, "broadcast") == 0)
			brd = argv[1];
		else
			syntax("%s: unexpected argument", *argv);
	}
	if (brd != NULL)
		addr_brd(&a, brd);
	if (dev == NULL)
		syntax("%s", "dev DEV is required");
	a.index = ifindex(dev);
	open_nl();
	if (rtnl_addr(nl, cmd, &a) < 0)
		die_errno("%s", arg);
}

static int
print_route(const struct rtnl_route *r, void *arg)
{
	const char *dev = arg, *name = link_name(r->oif);
	int host = r->family == AF_INET ? 32 : 128;
	char buf[16];

	if (r->table != TABLE_MAIN || (r->flags & RTM_F_CLONED) ||
	    (dev != NULL && (name == NULL || strcmp(name, dev) != 0)))
		return 0;
	if (r->type != UNICAST)
		printf("%s ", name_of(rtypes, N(rtypes), r->type, buf));
	if (r->dstlen == 0)
		fputs("default ", stdout);
	else if (r->dstlen == host)
		printf("%s ", ntop(r->family, r->dst));
	else
		printf("%s/%d ", ntop(r->family, r->dst), r->dstlen);
	if (r->has_gw)
		printf("via %s ", ntop(r->family, r->gw));
	if (name != NULL)
		printf("dev %s ", name);
	if (r->protocol != PROTO_BOOT)
		printf("proto %s ", name_of(protos, N(protos), r->protocol, buf));
	if (r->scope != 0)
		printf("scope %s ", name_of(scopes, N(scopes), r->scope, buf));
	if (r->has_src)
		printf("src %s ", ntop(r->family, r->src));
	if (r->has_metric)
		printf("metric %u ", r->metric);
	if (r->flags & RTNH_F_DEAD)
		fputs("dead ", stdout);
	if (r->flags & RTNH_F_ONLINK)
		fputs("onlink ", stdout);
	if (r->flags & RTNH_F_LINKDOWN)
		fputs("linkdown ", stdout);
	if (r->pref >= 0)
		fputs(r->pref == 1 ? "pref high" : r->pref == 3 ? "pref low" : "pref medium", stdout);
	putchar('\n');
	return 0;
}

/* ip route [show [dev DEV]] */
static void
route_show(char **argv)
{
	const char *dev = NULL;

	if (*argv != NULL && strcmp(*argv, "dev") == 0) {
		if ((dev = argv[1]) == NULL)
			syntax("%s", "dev: argument expected");
		argv += 2;
	}
	if (*argv != NULL)
		syntax("%s: unexpected argument", *argv);
	load_links();
	need_link(dev);
	if (rtnl_routes(nl, family == AF_INET6 ? AF_INET6 : AF_INET, print_route, (void *)dev) < 0)
		die_errno("netlink");
}

static void
route_gw(struct rtnl_route *r, const char *arg)
{
	int family, len;

	if (parse_prefix(arg, &family, r->gw, &len) < 0 || strchr(arg, '/') != NULL ||
	    (r->family != 0 && family != r->family))
		bad_value("gateway", arg);
	r->family = family;
	r->has_gw = 1;
}

static void
route_metric(struct rtnl_route *r, const char *arg)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(arg, &end, 10);
	if (*arg < '0' || *arg > '9' || *end != '\0' || errno != 0 || v > 0xffffffffUL)
		bad_value("metric", arg);
	r->metric = v;
	r->has_metric = 1;
}

/* ip route add|del|replace default|ADDR[/LEN] [via GW] [dev DEV] [metric N] */
static void
route_change(int cmd, char **argv)
{
	struct rtnl_route r;
	const char *dst = *argv, *dev = NULL;

	memset(&r, 0, sizeof r);
	if (dst == NULL)
		syntax("%s", "no destination given");
	if (strcmp(dst, "default") != 0 && parse_prefix(dst, &r.family, r.dst, &r.dstlen) < 0)
		bad_value("destination", dst);
	for (argv++; *argv != NULL; argv += 2) {
		if (argv[1] == NULL)
			syntax("%s: argument expected", argv[0]);
		if (strcmp(*argv, "via") == 0)
			route_gw(&r, argv[1]);
		else if (strcmp(*argv, "dev") == 0)
			dev = argv[1];
		else if (strcmp(*argv, "metric") == 0 || strcmp(*argv, "priority") == 0)
			route_metric(&r, argv[1]);
		else
			syntax("%s: unexpected argument", *argv);
	}
	if (r.family == 0)
		r.family = AF_INET;
	if (dev != NULL)
		r.oif = ifindex(dev);
	else if (!r.has_gw && cmd != RTNL_DEL)
		syntax("%s", "via GW or dev DEV is required");
	open_nl();
	if (rtnl_route(nl, cmd, &r) < 0)
		die_errno("%s", dst);
}

/* The verb at ARGV, abbreviated as iproute2 allows; -1 if unknown. */
enum { V_SHOW, V_SET, V_ADD, V_DEL, V_REPLACE };
static int
verb(char **argv, int set)
{
	if (*argv == NULL)
		return V_SHOW;
	if (!set && matches(*argv, "add"))
		return V_ADD;
	if (set && matches(*argv, "set"))
		return V_SET;
	if (!set && (matches(*argv, "replace") || matches(*argv, "change")))
		return V_REPLACE;
	if (!set && matches(*argv, "delete"))
		return V_DEL;
	if (!matches(*argv, "show") && !matches(*argv, "list") && !matches(*argv, "lst"))
		syntax("%s: unknown command", *argv);
	return V_SHOW;
}

static int
rtnl_cmd(int v)
{
	return v == V_ADD ? RTNL_ADD : v == V_DEL ? RTNL_DEL : RTNL_REPLACE;
}

/* iproute2's options, before the object: -4, -6, -br[ief]. */
static char **
options(char **av)
{
	for (; *av != NULL && (*av)[0] == '-'; av++) {
		if (strcmp(*av, "--") == 0)
			return av + 1;
		if (strcmp(*av, "-4") == 0)
			family = AF_INET;
		else if (strcmp(*av, "-6") == 0)
			family = AF_INET6;
		else if (strlen(*av) >= 3 && matches(*av + 1, "brief"))
			brief = 1;
		else
			syntax("%s: unknown option", *av);
	}
	return av;
}

int
main(int argc, char *argv[])
{
	char **av;
	int v;

	o = (struct opt)OPT_INIT(argc, argv, usage);
	if (argc > 1 && strcmp(argv[1], "--help") == 0) {
		printf("usage: %s\n", usage);
		return cmd_exit();
	}
	family = AF_UNSPEC;
	brief = 0;
	av = options(argv + 1);
	if (*av == NULL)
		die_usage(&o);
	if (matches(av[0], "address")) {
		v = verb(av + 1, 0);
		if (v == V_SHOW)
			show_links(av + 1 + (av[1] != NULL), 1);
		else
			addr_change(rtnl_cmd(v), av + 2);
	} else if (matches(av[0], "link")) {
		v = verb(av + 1, 1);
		if (v == V_SHOW)
			show_links(av + 1 + (av[1] != NULL), 0);
		else
			link_set(av + 2);
	} else if (matches(av[0], "route")) {
		v = verb(av + 1, 0);
		if (v == V_SHOW)
			route_show(av + 1 + (av[1] != NULL));
		else
			route_change(rtnl_cmd(v), av + 2);
	} else {
		syntax("%s: unknown object", av[0]);
	}
	free(links.v);
	free(addrs.v);
	return cmd_exit();
}
