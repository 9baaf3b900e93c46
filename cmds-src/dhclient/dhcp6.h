/* dhcp6.h - dhclient's DHCPv6 messages (dhcp6.c) */
#include <stddef.h>
#include <stdint.h>

/*
 * DHCPv6 (RFC 8415) for a client with one IA_NA, plus the boot file options
 * of RFC 5970. dhcp6_build writes a SOLICIT (Rapid Commit asked for if
 * M->rapid), REQUEST or INFORMATION-REQUEST into BUF: client ID (M->duid),
 * server ID if given, IA_NA (not in an INFORMATION-REQUEST), Elapsed Time, and
 * an ORO for DNS servers (23), the boot file URL (59) and its parameters (60);
 * its length, 0 if CAP is too small. dhcp6_parse checks a reply (ADVERTISE or
 * REPLY) to the message M described: its transaction ID and client ID must be
 * M's, a server ID must be there, and every option's length must fit its
 * parent; 0 with OUT filled, or -1 with OUT->error saying why (the caller
 * ignores such a message). A status code is not an error here: OUT->status is
 * the message's (0 if none), OUT->ia_status the IA_NA's or its address's
 * (first non-zero), and OUT->has_addr says whether the IA_NA held a usable
 * address (valid lifetime not 0, preferred not above valid). Strings are
 * NUL-terminated printable ASCII (others are refused); boot file parameters
 * are joined with single spaces.
 */
enum {
	DHCP6_SOLICIT = 1, DHCP6_ADVERTISE, DHCP6_REQUEST, DHCP6_REPLY = 7,
	DHCP6_INFORMATION_REQUEST = 11
};
enum { DHCP6_NO_ADDRS_AVAIL = 2, DHCP6_USE_MULTICAST = 5 };
#define DHCP6_DUID_MAX 130	/* 2 bytes of type and 128 of the rest (RFC 8415 11.1) */
struct dhcp6_msg {
	int type;
	uint32_t xid;		/* 24 bits */
	unsigned elapsed;	/* hundredths of a second since the exchange began */
	const unsigned char *duid;	/* ours, duid_len bytes */
	size_t duid_len;
	const unsigned char *server_id;	/* for a REQUEST */
	size_t server_id_len;
	uint32_t iaid;
	int rapid;		/* a SOLICIT asks for Rapid Commit */
};
struct dhcp6_reply {
	int type, rapid, preference;	/* preference 0 if not given */
	uint32_t xid;
	unsigned char server_id[DHCP6_DUID_MAX];
	size_t server_id_len;
	int has_addr;
	unsigned char addr[16];
	uint32_t preferred, valid, t1, t2;	/* seconds; 0xffffffff forever */
	int status, ia_status;
	unsigned char dns[3][16];
	int ndns;
	char bootfile_url[256], bootfile_param[256];	/* 59, 60 */
	char message[256];	/* the first status code's text */
	char error[64];
};
size_t dhcp6_build(unsigned char *buf, size_t cap, const struct dhcp6_msg *m);
int dhcp6_parse(const unsigned char *pkt, size_t len, const struct dhcp6_msg *m, struct dhcp6_reply *out);
