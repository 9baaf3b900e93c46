/*
 * fakedhcp - a DHCP server that misbehaves on purpose, for test/net/run. It
 * runs in a network namespace of its own, on IFACE whose address is SERVER:
 *   garbage   answers the first DISCOVER with malformed replies, then exits
 *   nak       offers 10.9.3.50, then says NAK to every REQUEST
 *   overload  offers and acknowledges 10.9.3.50 with its options in the BOOTP
 *             sname and file fields (option 52), over a plain UDP socket
 *   boot:FILE offers and acknowledges 10.9.3.50 with boot file FILE (option 67),
 *             as often as asked (an iPXE script's dhcp asks again)
 * It gives up after 20 seconds whatever happens.
 * usage: fakedhcp IFACE SERVER garbage|nak|overload|boot:FILE
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int fd;
static struct in_addr server;
static unsigned char req[1500], pkt[600];
static size_t len;

static void
put(int code, const void *v, size_t n)
{
	pkt[len++] = code;
	pkt[len++] = n;
	memcpy(pkt + len, v, n);
	len += n;
}

/* A reply to the request in req: type TYPE, our server id unless NOSERVER. */
static void
start(int type, int noserver)
{
	static const unsigned char cookie[4] = { 99, 130, 83, 99 };
	unsigned char t = type;

	memset(pkt, 0, sizeof pkt);
	pkt[0] = 2;
	pkt[1] = 1;
	pkt[2] = 6;
	memcpy(pkt + 4, req + 4, 4);		/* xid */
	memcpy(pkt + 10, req + 10, 2);		/* flags */
	memcpy(pkt + 28, req + 28, 16);		/* chaddr */
	memcpy(pkt + 16, "\x0a\x09\x03\x32", 4);	/* 10.9.3.50 */
	memcpy(pkt + 236, cookie, 4);
	len = 240;
	put(53, &t, 1);
	if (!noserver)
		put(54, &server, 4);
	put(1, "\xff\xff\xff\x00", 4);
}

static void
send_len(size_t n)
{
	struct sockaddr_in to;

	memset(&to, 0, sizeof to);
	to.sin_family = AF_INET;
	to.sin_port = htons(68);
	to.sin_addr.s_addr = htonl(INADDR_BROADCAST);
	if (sendto(fd, pkt, n, 0, (struct sockaddr *)&to, sizeof to) < 0)
		perror("fakedhcp: sendto");
}

static void
finish(void)
{
	pkt[len++] = 255;
	send_len(len < 300 ? 300 : len);
}

static int
msg_type(size_t n)
{
	for (size_t i = 240; i + 2 < n && req[i] != 255; i += req[i] ? 2 + req[i + 1] : 1)
		if (req[i] == 53)
			return req[i + 2];
	return 0;
}

static void
garbage(void)
{
	start(2, 0), pkt[0] = 1, finish();			/* not a reply */
	start(2, 0), pkt[236] = 0, finish();			/* no cookie */
	start(2, 0), pkt[len++] = 54, pkt[len++] = 200, send_len(len);	/* overruns */
	start(2, 0), send_len(len);				/* no end option */
	start(2, 0), pkt[240] = 0, pkt[241] = 0, pkt[242] = 0, finish();	/* no type */
	start(7, 0), finish();					/* not a reply type */
	start(2, 1), finish();					/* no server id */
	start(2, 0), put(67, "vmlinuz\nip=x", 12), finish();	/* a newline */
	start(2, 0), put(12, "a\x9b" "2J", 4), finish();	/* C1 CSI */
	start(2, 0), memcpy(pkt + 16, "\xe0\x00\x00\x01", 4), finish();	/* multicast */
	start(2, 0), memcpy(pkt + 251, "\xff\x00\xff\x00", 4), finish();	/* mask */
	start(2, 0), put(52, "\x04", 1), finish();		/* overload 4 */
	start(2, 0), pkt[1] = 6, finish();			/* not Ethernet */
	start(2, 0), send_len(100);				/* short */
	start(2, 0), pkt[len++] = 3, send_len(len);		/* option 3 cut */
	start(2, 0), pkt[4] ^= 1, finish();			/* someone else's xid */
	start(2, 0), pkt[28] ^= 1, finish();			/* someone else's address */
	start(5, 0), finish();					/* an ACK, not an offer */
}

/* Everything but the message type and server id in the sname and file fields. */
static void
overload(int type)
{
	unsigned char t = type;

	start(type, 0);
	memset(pkt + 240, 0, len - 240);
	len = 240;
	put(53, &t, 1);
	put(54, &server, 4);
	put(52, "\x03", 1);
	memcpy(pkt + 108, "\x01\x04\xff\xff\xff\x00\x03\x04\x0a\x09\x03\x01"
	    "\x06\x04\x0a\x09\x03\x35\x33\x04\x00\x00\x0e\x10\x43\x07" "bzImage\xff", 34);
	memcpy(pkt + 44, "\x0f\x0b" "example.org\x0c\x04" "node\xff", 20);
	finish();
}

int
main(int argc, char *argv[])
{
	struct sockaddr_in a;
	const char *mode;
	int on = 1, type;
	ssize_t n;

	if (argc != 4 || inet_pton(AF_INET, argv[2], &server) != 1) {
		fprintf(stderr, "usage: fakedhcp IFACE SERVER garbage|nak|overload|boot:FILE\n");
		return 2;
	}
	mode = argv[3];
	alarm(20);
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
	setsockopt(fd, SOL_SOCKET, SO_BROADCAST, &on, sizeof on);
	if (setsockopt(fd, SOL_SOCKET, SO_BINDTODEVICE, argv[1], strlen(argv[1]) + 1) < 0)
		perror("fakedhcp: SO_BINDTODEVICE");
	memset(&a, 0, sizeof a);
	a.sin_family = AF_INET;
	a.sin_port = htons(67);
	if (bind(fd, (struct sockaddr *)&a, sizeof a) < 0) {
		perror("fakedhcp: bind");
		return 1;
	}
	while ((n = recv(fd, req, sizeof req, 0)) >= 0) {
		if (n < 240 || req[0] != 1)
			continue;
		type = msg_type(n);
		if (strcmp(mode, "garbage") == 0 && type == 1) {
			garbage();
			return 0;
		}
		if (strcmp(mode, "nak") == 0) {
			start(type == 1 ? 2 : 6, 0);
			if (type != 1)
				put(56, "go away", 7);
			finish();
		}
		if (strncmp(mode, "boot:", 5) == 0 && strlen(mode + 5) < 256) {
			start(type == 1 ? 2 : 5, 0);
			put(67, mode + 5, strlen(mode + 5));
			finish();
		}
		if (strcmp(mode, "overload") == 0) {
			overload(type == 1 ? 2 : 5);
			if (type == 3)
				return 0;
		}
	}
	perror("fakedhcp: recv");
	return 1;
}
