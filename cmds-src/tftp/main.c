/* tftp - fetch a file over TFTP, whole or not at all, or to standard output */
#include "tftp.h"
#include "io.h"
#include "num.h"
#include "outfile.h"
#include "url.h"
#include <ctype.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>

static const char usage[] =
    "tftp -g [-l LOCAL] [-r REMOTE] [-b BLKSIZE] [-t SECONDS] [-D SECONDS] [-M MAXSIZE] HOST[:PORT]";

#define RESEND_MS 1000		/* between resends of a request or an ACK */
#define BLKSIZE_V4 1468		/* asked without -b: a 1500-byte Ethernet frame, less IPv4 and UDP */
#define BLKSIZE_V6 1448		/* the same under IPv6's larger header */

static struct {
	const char *host;	/* the operand, for messages */
	const char *remote, *local;	/* local NULL: standard output */
	unsigned blksize;	/* -b; 0: the default for the address family */
	int timeout, deadline;	/* -t, -D: seconds */
	unsigned long long max;	/* -M; 0: no limit */
	int sock;
	struct sockaddr_storage srv;	/* where requests go: HOST, port 69 */
	struct sockaddr_storage peer;	/* the server's transfer ID: its address and port */
	socklen_t srvlen;
	int tid;		/* peer is known */
	int fd;			/* where the data goes: out.fd, or 1 */
	struct outfile out;	/* local */
	struct tftp_rx rx;
	unsigned char last[TFTP_PKT_MAX];	/* what to resend: the request, or the last ACK */
	size_t lastlen;
	long long sent;		/* when it was last sent, ms */
} t;

static long long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

static void
drop_tmp(void)
{
	if (t.local != NULL && t.fd >= 0)
		out_abort(&t.out);
	t.fd = -1;
}

/* Fail with the server, escaped: "tftp: HOST: message". */
static _Noreturn void
fail(const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	drop_tmp();
	die("%s: %s", t.host, msg);
}

static _Noreturn void
fail_file(const char *why)
{
	char *f = text_escape(t.remote);

	fail("%s: %s", f, why);
}

static unsigned
number(const char *s, const char *what, unsigned min, unsigned max)
{
	unsigned long long v;

	if (parse_uint(s, max, &v) < 0 || v < min)
		die("%s: invalid %s (%u to %u)", s, what, min, max);
	return v;
}

/* HOST, HOST:PORT, [IPV6] or [IPV6]:PORT (an IPv6 address without brackets
 * takes no port): the first address it resolves to, into t.srv. */
static void
resolve(const char *op)
{
	char host[256];
	const char *port = TFTP_PORT, *colon = strrchr(op, ':');
	struct addrinfo hints = { .ai_socktype = SOCK_DGRAM, .ai_flags = AI_NUMERICSERV }, *res;
	size_t n = strlen(op);
	int r;

	if (op[0] == '[') {
		const char *close = strchr(op, ']');

		if (close == NULL || close == op + 1 || (close[1] != '\0' && close[1] != ':'))
			die("%s: bad IPv6 address", t.host);
		colon = close[1] == ':' ? close + 1 : NULL;
		n = close - op - 1;
		op++;
	} else if (colon != NULL && strchr(op, ':') != colon) {
		colon = NULL;	/* a bare IPv6 address */
	} else if (colon != NULL) {
		n = colon - op;
	}
	if (colon != NULL) {
		number(port = colon + 1, "port", 1, 65535);
		if (strlen(port) > 5)
			die("%s: invalid port (1 to 65535)", port);
	}
	if (n == 0 || n >= sizeof host)
		die("%s: bad host name", t.host);
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)op[i]) && strchr("-._:%", op[i]) == NULL)
			die("%s: bad host name", t.host);
	memcpy(host, op, n);
	host[n] = '\0';
	if ((r = getaddrinfo(host, port, &hints, &res)) != 0)
		die("%s: %s", t.host, r == EAI_SYSTEM ? strerror(errno) : gai_strerror(r));
	memcpy(&t.srv, res->ai_addr, res->ai_addrlen);
	t.srvlen = res->ai_addrlen;
	freeaddrinfo(res);
}

/* An unconnected socket, so the server may answer from a port of its own
 * choosing; IP_RECVERR all the same, so its ICMP errors (port unreachable)
 * are queued, each with where the packet that caused it went. Non-blocking:
 * poll may say POLLERR with no datagram to read. */
static void
open_socket(void)
{
	int on = 1, v6 = t.srv.ss_family == AF_INET6;

	if ((t.sock = socket(t.srv.ss_family, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0)) < 0)
		fail("socket: %s", strerror(errno));
	if (v6)
		setsockopt(t.sock, IPPROTO_IPV6, IPV6_RECVERR, &on, sizeof on);
	else
		setsockopt(t.sock, IPPROTO_IP, IP_RECVERR, &on, sizeof on);
}

static void
send_to(const void *p, size_t n, const struct sockaddr *to, socklen_t len)
{
	if (sendto(t.sock, p, n, 0, to, len) < 0 && errno != EINTR)
		fail("%s", strerror(errno));
}

/* Send P (N bytes) to the server and keep it for resending. */
static void
send_kept(const void *p, size_t n)
{
	memmove(t.last, p, n);
	t.lastlen = n;
	t.sent = now_ms();
	send_to(p, n, (struct sockaddr *)(t.tid ? &t.peer : &t.srv), t.srvlen);
}

/* Ask for the file, with options unless the server refused them. */
static void
send_rrq(int with_options)
{
	struct tftp_ask ask = { 0, 0, 0 };
	unsigned char buf[600];
	size_t n;

	if (with_options) {
		ask.blksize = t.blksize ? t.blksize : t.srv.ss_family == AF_INET6 ? BLKSIZE_V6 : BLKSIZE_V4;
		ask.tsize = 1;
		ask.timeout = RESEND_MS / 1000;
	}
	tftp_rx_start(&t.rx, &ask, t.max);
	if ((n = tftp_rrq(buf, sizeof buf, t.remote, &ask)) == 0)
		fail_file("file name too long");
	t.tid = 0;
	send_kept(buf, n);
}

/* Do A and B hold the same address, and the same port if PORT? */
static int
same(const struct sockaddr_storage *a, const struct sockaddr_storage *b, int port)
{
	const struct sockaddr_in *a4 = (const void *)a, *b4 = (const void *)b;
	const struct sockaddr_in6 *a6 = (const void *)a, *b6 = (const void *)b;

	if (a->ss_family != b->ss_family)
		return 0;
	if (a->ss_family == AF_INET6)
		return memcmp(&a6->sin6_addr, &b6->sin6_addr, 16) == 0 && (!port || a6->sin6_port == b6->sin6_port);
	return a4->sin_addr.s_addr == b4->sin_addr.s_addr && (!port || a4->sin_port == b4->sin_port);
}

/* Is FROM the server? Its first packet fixes the transfer ID (RFC 1350: the
 * port it answers from); the address must be the one asked. */
static int
from_server(const struct sockaddr_storage *from)
{
	if (!same(from, &t.srv, 0))
		return 0;
	if (!t.tid) {
		t.peer = *from;
		t.tid = 1;
		return 1;
	}
	return same(from, &t.peer, 1);
}

/* linux/errqueue.h's struct sock_extended_err, which musl lacks. */
struct ext_err {
	uint32_t ee_errno;
	uint8_t ee_origin, ee_type, ee_code, ee_pad;
	uint32_t ee_info, ee_data;
};

/* The ICMP errors queued (IP_RECVERR): one about what went to the server ends
 * the transfer with its reason (Connection refused); others, about a stranger
 * told ERROR 5, do not. */
static void
icmp_errors(void)
{
	struct sockaddr_storage to;
	char ctl[512];
	struct msghdr m;
	struct cmsghdr *c;
	struct ext_err e;

	for (;;) {
		memset(&m, 0, sizeof m);
		m.msg_name = &to, m.msg_namelen = sizeof to;
		m.msg_control = ctl, m.msg_controllen = sizeof ctl;
		if (recvmsg(t.sock, &m, MSG_ERRQUEUE | MSG_DONTWAIT) < 0)
			return;
		for (c = CMSG_FIRSTHDR(&m); c != NULL; c = CMSG_NXTHDR(&m, c)) {
			if (!(c->cmsg_level == IPPROTO_IP && c->cmsg_type == IP_RECVERR) &&
			    !(c->cmsg_level == IPPROTO_IPV6 && c->cmsg_type == IPV6_RECVERR))
				continue;
			memcpy(&e, CMSG_DATA(c), sizeof e);
			if (e.ee_errno != 0 && same(&to, t.tid ? &t.peer : &t.srv, 1))
				fail("%s", strerror(e.ee_errno));
		}
	}
}

/* A packet from another port (or host): RFC 1350 says tell it, and carry on. */
static void
stranger(const unsigned char *p, size_t n, const struct sockaddr_storage *from, socklen_t len)
{
	unsigned char buf[64];
	size_t m;

	if (n >= 2 && p[0] == 0 && p[1] == OP_ERROR)
		return;	/* errors are never answered */
	if ((m = tftp_error(buf, sizeof buf, ERR_TID, "Unknown transfer ID")) > 0)
		sendto(t.sock, buf, m, 0, (const struct sockaddr *)from, len);
}

/* Milliseconds until the next thing to do: a resend, giving up. */
static int
wait_ms(long long start, long long progress)
{
	long long n = now_ms(), until = t.sent + RESEND_MS;

	if (n - progress >= t.timeout * 1000LL)
		fail("timed out");
	if (t.deadline > 0 && n - start >= t.deadline * 1000LL)
		fail("deadline of %d s exceeded", t.deadline);
	if (progress + t.timeout * 1000LL < until)
		until = progress + t.timeout * 1000LL;
	if (t.deadline > 0 && start + t.deadline * 1000LL < until)
		until = start + t.deadline * 1000LL;
	return until > n ? until - n : 0;
}

static void
write_data(void)
{
	if (t.rx.len > 0 && write_all(t.fd, t.rx.data, t.rx.len) < 0) {
		drop_tmp();
		if (t.local == NULL)
			die_errno("write error");
		die_errno("%s", t.local);
	}
}

/* What the server sent, from its port: 1 once the last block is in. */
static int
take(const unsigned char *p, size_t n, long long *progress)
{
	switch (tftp_rx_packet(&t.rx, p, n)) {
	case RX_DATA:
		write_data();
		/* fall through */
	case RX_OACK:
		send_kept(t.rx.out, t.rx.outlen);
		*progress = t.sent;
		return t.rx.done;
	case RX_ACKAGAIN:
		/* once per half a resend time at most: duplicates never multiply */
		if (now_ms() - t.sent >= RESEND_MS / 2)
			send_kept(t.rx.out, t.rx.outlen);
		return 0;
	case RX_PLAIN:
		send_rrq(0);
		*progress = t.sent;
		return 0;
	case RX_FAIL:
		if (t.rx.outlen > 0)
			send_to(t.rx.out, t.rx.outlen, (struct sockaddr *)&t.peer, t.srvlen);
		fail_file(t.rx.why);
	}
	return 0;
}

static void
transfer(void)
{
	static unsigned char buf[TFTP_PKT_MAX + 1];
	long long start = now_ms(), progress = start;
	struct sockaddr_storage from;
	socklen_t len;
	struct pollfd pfd = { .fd = t.sock, .events = POLLIN };
	ssize_t n;

	send_rrq(1);
	for (;;) {
		int ms = wait_ms(start, progress);

		if (ms == 0 || poll(&pfd, 1, ms) <= 0) {
			if (now_ms() - t.sent >= RESEND_MS)
				send_kept(t.last, t.lastlen);
			continue;
		}
		if (pfd.revents & POLLERR)
			icmp_errors();
		len = sizeof from;
		if ((n = recvfrom(t.sock, buf, sizeof buf, 0, (struct sockaddr *)&from, &len)) < 0) {
			/* an ICMP error is the queue's to judge, done above */
			if (errno == EINTR || errno == EAGAIN || errno == ECONNREFUSED ||
			    errno == EHOSTUNREACH || errno == ENETUNREACH || errno == EPROTO)
				continue;
			fail("%s", strerror(errno));
		}
		if (!from_server(&from))
			stranger(buf, n, &from, len);
		else if (take(buf, n, &progress))
			return;
	}
}

/* The data goes to a fresh temporary file beside LOCAL, renamed at the
 * end, or into a device or FIFO (-l /dev/null) in place. */
static void
open_output(void)
{
	if (t.local == NULL) {
		t.fd = 1;
		return;
	}
	if (out_open(&t.out, t.local, 0666, 0) < 0)
		die_errno("%s", t.local);
	t.fd = t.out.fd;
}

static void
finish(void)
{
	if (t.local == NULL)
		return;
	t.fd = -1;
	if (out_commit(&t.out) < 0)
		die_errno("%s", t.local);
}

/* -l defaults to REMOTE's last part, -r to LOCAL. */
static void
names(int get)
{
	const char *slash;

	if (!get || (t.remote == NULL && t.local == NULL))
		return;
	if (t.remote == NULL && strcmp(t.local, "-") == 0)
		die("-l -: a remote file name (-r) is needed");
	if (t.remote == NULL)
		t.remote = t.local;
	if (t.local == NULL) {
		slash = strrchr(t.remote, '/');
		t.local = slash ? slash + 1 : t.remote;
		if (*t.local == '\0' || strcmp(t.local, ".") == 0 || strcmp(t.local, "..") == 0)
			die("%s: no local file name in it (-l)", t.remote);
	}
	if (strcmp(t.local, "-") == 0)
		t.local = NULL;
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, get = 0;

	t.timeout = 10;
	t.fd = -1;
	while ((c = opt_next(&o, "gl:r:b:t:D:M:")) != -1) {
		if (c == 'g')
			get = 1;
		else if (c == 'l')
			t.local = o.arg;
		else if (c == 'r')
			t.remote = o.arg;
		else if (c == 'b')
			t.blksize = number(o.arg, "block size", TFTP_BLKSIZE_MIN, TFTP_BLKSIZE_MAX);
		else if (c == 't')
			t.timeout = number(o.arg, "timeout", 1, 86400);
		else if (c == 'D')
			t.deadline = number(o.arg, "deadline", 1, 86400);
		else if (c == 'M' && (parse_size(o.arg, 10, &t.max) < 0 || t.max == 0))
			die("%s: invalid size", o.arg);
		else if (c != 'M')
			die_usage(&o);
	}
	names(get);
	if (!get || t.remote == NULL || argc - o.ind != 1)
		die_usage(&o);
	if (t.remote[0] == '\0')
		die("-r: empty file name");
	t.host = text_escape(argv[o.ind]);
	resolve(argv[o.ind]);
	open_socket();
	out_signals();
	open_output();
	transfer();
	finish();
	return cmd_exit();
}
