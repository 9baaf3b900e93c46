/* dhcp.h - dhclient's DHCPv4 messages (dhcp.c) */
#include "cmd.h"
#include "num.h"
#include "url.h"
#include "rtnl.h"

/*
 * DHCPv4 (RFC 2131, 2132). Addresses are uint32_t in network byte order, as on
 * the wire. dhcp_build writes a DISCOVER or REQUEST (broadcast flag; options
 * 53, 61 if client_id, 50 and 54 if not 0, 12 if hostname, 55 asking for 1 3 6
 * 12 15 28 51 54 66 67) into BUF and returns its length, 0 if CAP is too
 * small. dhcp_parse checks a reply: op, Ethernet, cookie, every option's
 * bounds and length, overload (52), message type OFFER, ACK or NAK; 0 with OUT
 * filled, or -1 with OUT->error saying why. The caller compares OUT->xid and
 * OUT->chaddr with its own. Strings are NUL-terminated printable ASCII (others
 * are refused); a missing mask is the classful one; broadcast is ip|~mask
 * unless given; 0 means "not given". dhcp_ip_wrap puts IPv4 and UDP headers
 * (0.0.0.0:68 to 255.255.255.255:67, checksums done) around MSG for a packet
 * socket: the length, 0 if CAP is too small. dhcp_ip_unwrap returns the UDP
 * payload (*N bytes) of an unfragmented IPv4 datagram from port 67 to 68 with
 * good checksums (the UDP one only if UDP_CHECK: offloading may leave it
 * undone), else NULL.
 */
enum { DHCP_DISCOVER = 1, DHCP_OFFER, DHCP_REQUEST, DHCP_DECLINE, DHCP_ACK, DHCP_NAK };
struct dhcp_msg {
	int type;
	uint32_t xid;
	unsigned secs;
	unsigned char mac[6];
	uint32_t ip, server;	/* options 50 and 54 */
	const unsigned char *client_id;	/* option 61, client_id_len bytes */
	size_t client_id_len;
	const char *hostname;	/* option 12 */
};
struct dhcp_lease {
	int type;
	uint32_t xid;
	unsigned char chaddr[6];
	uint32_t ip, mask, broadcast, router, server, siaddr, dns[3];
	int prefix, ndns;
	uint32_t lease;		/* seconds; 0xffffffff forever */
	char hostname[256], domain[256], tftp[256], bootfile[256];	/* 12 15 66 67 */
	char message[256];	/* 56, with a NAK */
	char error[64];
};
size_t dhcp_build(unsigned char *buf, size_t cap, const struct dhcp_msg *m);
int dhcp_parse(const unsigned char *pkt, size_t len, struct dhcp_lease *out);
size_t dhcp_ip_wrap(unsigned char *buf, size_t cap, const unsigned char *msg, size_t n);
const unsigned char *dhcp_ip_unwrap(const unsigned char *pkt, size_t len, size_t *n, int udp_check);
