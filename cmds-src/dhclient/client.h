/* client.h - what dhclient's main.c (DHCPv4) shares with v6.c (DHCPv6) */
#include "cmd.h"

/*
 * dhclient's settings and its interface, up and with its MAC known, for
 * dhcp6_run, which gets a DHCPv6 lease and does with it what -n, -f and -R
 * say; its exit status. dhcp6_prepare, before the link is brought up, has
 * the kernel take router advertisements and autoconfigure (SLAAC): the
 * prefix comes from them, the address from DHCPv6. dhclient_replace makes
 * PATH anew from what PUT writes of ARG (a file beside it, then renamed).
 */
struct dhclient {
	const char *ifname, *lease_file, *resolv;
	int timeout, retries, quiet, noconf;
	int four;	/* DHCPv6 without Rapid Commit: SOLICIT, ADVERTISE, REQUEST, REPLY */
	int index, nl;
	unsigned char mac[6];
	double start, deadline;
};
void dhcp6_prepare(const char *ifname);
int dhcp6_run(const struct dhclient *c);
void dhclient_replace(const char *path, void (*put)(FILE *, const void *), const void *arg);
double dhclient_now(void);
/* KEY=VALUE into a lease file, quoted as netboot and sh read it back. */
void dhclient_put_value(FILE *f, const char *key, const char *v);
