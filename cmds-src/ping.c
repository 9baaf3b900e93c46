/* ping - send ICMP echo requests to a host and report the replies, as iputils' ping does */
#include "cmd.h"
#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>

static const char usage[] =
    "ping [-nq] [-c COUNT] [-i INTERVAL] [-s SIZE] [-W TIMEOUT] [-w DEADLINE] HOST";

#define ECHO_REPLY 0
#define UNREACH 3
#define ECHO 8
#define TIME_EXCEEDED 11
#define MAX_SIZE 65507		/* 65535 less the IPv4 and ICMP headers */
#define ORIGIN_ICMP 2		/* SO_EE_ORIGIN_ICMP */

/* linux/errqueue.h's struct sock_extended_err, which musl lacks. */
struct ext_err {
	uint32_t err;
	uint8_t origin, type, code, pad;
	uint32_t info, data;
};

static struct {
	long count;		/* 0: until interrupted */
	double interval, wait, deadline;	/* seconds; deadline 0: none */
	long size;
	int quiet;
	const char *host;
	struct sockaddr_in to;
	int fd, raw;
	uint16_t id;
	long sent, received, dups, errors;
	long long tmin, tmax, tsum, tsum2;	/* microseconds */
	unsigned char seen[65536 / 8];
	double start, last;
	unsigned char *pkt, *buf;
} p;

static volatile sig_atomic_t interrupted;

static _Noreturn void
fatal_usage(void)
{
	fprintf(stderr, "usage: %s\n", usage);
	exit(2);
}

static _Noreturn void
fatal(const char *fmt, const char *arg)
{
	warn(fmt, arg);
	exit(2);
}

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static double
number(const char *s, const char *what, double min, double max)
{
	char *end;
	double d;

	errno = 0;
	d = strtod(s, &end);
	if (end == s || *end != '\0' || errno != 0 || !(d >= min && d <= max))
		fatal(what, s);
	return d;
}

static void
on_signal(int sig)
{
	(void)sig;
	interrupted = 1;
}

static unsigned
checksum(const unsigned char *b, size_t n)
{
	uint32_t s = 0;

	for (; n > 1; b += 2, n -= 2)
		s += (uint32_t)b[0] << 8 | b[1];
	if (n)
		s += (uint32_t)b[0] << 8;
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return ~s & 0xffff;
}

/* An ICMP datagram socket if the system lets us, else a raw one. */
static void
open_socket(void)
{
	int on = 1;

	p.fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, IPPROTO_ICMP);
	if (p.fd < 0) {
		p.fd = socket(AF_INET, SOCK_RAW | SOCK_CLOEXEC, IPPROTO_ICMP);
		p.raw = 1;
	}
	if (p.fd < 0) {
		warn_errno("socket");
		exit(2);
	}
	setsockopt(p.fd, IPPROTO_IP, IP_RECVERR, &on, sizeof on);
	setsockopt(p.fd, IPPROTO_IP, IP_RECVTTL, &on, sizeof on);
	p.id = getpid() & 0xffff;
}

static void
resolve(void)
{
	struct addrinfo hints, *res;
	int r;

	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_INET;
	hints.ai_socktype = SOCK_RAW;
	if ((r = getaddrinfo(p.host, NULL, &hints, &res)) != 0) {
		fprintf(stderr, "%s: %s: %s\n", cmd_name, p.host,
		    r == EAI_SYSTEM ? strerror(errno) : gai_strerror(r));
		exit(2);
	}
	memcpy(&p.to, res->ai_addr, sizeof p.to);
	freeaddrinfo(res);
}

static void
send_echo(void)
{
	unsigned seq = (p.sent + 1) & 0xffff;
	size_t n = 8 + p.size;
	struct timespec t;
	unsigned c;

	memset(p.pkt, 0, 8);
	p.pkt[0] = ECHO;
	p.pkt[4] = p.id >> 8;
	p.pkt[5] = p.id;
	p.pkt[6] = seq >> 8;
	p.pkt[7] = seq;
	for (long i = 0; i < p.size; i++)
		p.pkt[8 + i] = i;
	if (p.size >= (long)sizeof t) {
		clock_gettime(CLOCK_MONOTONIC, &t);
		memcpy(p.pkt + 8, &t, sizeof t);
	}
	c = checksum(p.pkt, n);
	p.pkt[2] = c >> 8;
	p.pkt[3] = c;
	p.seen[seq / 8] &= ~(1 << seq % 8);
	p.sent++;
	p.last = now();
	if (sendto(p.fd, p.pkt, n, 0, (struct sockaddr *)&p.to, sizeof p.to) < 0) {
		warn_errno("sendto");
		if (p.sent == 1)
			exit(2);
		p.errors++;
		cmd_status = 0;
	}
}

/* iputils' way with round trip times of T microseconds. */
static void
print_time(long long t)
{
	if (t >= 100000 - 50)
		printf(" time=%lld ms", (t + 500) / 1000);
	else if (t >= 10000 - 5)
		printf(" time=%lld.%01lld ms", (t + 50) / 1000, (t + 50) % 1000 / 100);
	else if (t >= 1000)
		printf(" time=%lld.%02lld ms", (t + 5) / 1000, (t + 5) % 1000 / 10);
	else
		printf(" time=%lld.%03lld ms", t / 1000, t % 1000);
}

static long long
trip_time(const unsigned char *data)
{
	struct timespec t, sent;
	long long us;

	clock_gettime(CLOCK_MONOTONIC, &t);
	memcpy(&sent, data, sizeof sent);
	us = (t.tv_sec - sent.tv_sec) * 1000000LL + (t.tv_nsec - sent.tv_nsec) / 1000;
	if (us < 0)
		us = 0;
	if (p.received + p.dups == 0 || us < p.tmin)
		p.tmin = us;
	if (us > p.tmax)
		p.tmax = us;
	p.tsum += us;
	p.tsum2 += us * us;
	return us;
}

/* An echo reply: ICMP message ICMP (N bytes) from FROM, with TTL. */
static void
got_reply(const unsigned char *icmp, size_t n, const struct sockaddr_in *from, int ttl)
{
	unsigned seq = icmp[6] << 8 | icmp[7];
	int dup = (p.seen[seq / 8] >> seq % 8) & 1;
	long long us = -1;

	if (n < 8 + (size_t)p.size && p.size >= 16)
		return;
	if (p.size >= 16)
		us = trip_time(icmp + 8);
	if (dup)
		p.dups++;
	else
		p.received++;
	p.seen[seq / 8] |= 1 << seq % 8;
	if (p.quiet)
		return;
	printf("%zu bytes from %s: icmp_seq=%u", n, inet_ntoa(from->sin_addr), seq);
	if (ttl >= 0)
		printf(" ttl=%d", ttl);
	if (us >= 0)
		print_time(us);
	puts(dup ? " (DUP!)" : "");
	fflush(stdout);
}

static const char *
icmp_error(int type, int code)
{
	static const char *const unreach[] = {
		"Destination Net Unreachable", "Destination Host Unreachable",
		"Destination Protocol Unreachable", "Destination Port Unreachable",
		"Frag needed and DF set", "Source Route Failed", "Destination Net Unknown",
		"Destination Host Unknown", "Source Host Isolated", "Destination Net Prohibited",
		"Destination Host Prohibited", "Destination Net Unreachable for Type of Service",
		"Destination Host Unreachable for Type of Service", "Packet filtered",
		"Precedence Violation", "Precedence Cutoff",
	};

	if (type == UNREACH && code >= 0 && code < (int)(sizeof unreach / sizeof *unreach))
		return unreach[code];
	if (type == TIME_EXCEEDED)
		return code == 0 ? "Time to live exceeded" : "Frag reassembly time exceeded";
	return "Bad ICMP reply";
}

static void
got_error(const char *from, unsigned seq, const char *what)
{
	p.errors++;
	if (!p.quiet) {
		printf("From %s icmp_seq=%u %s\n", from, seq, what);
		fflush(stdout);
	}
}

/*
 * A raw socket sees every ICMP message, with its IP header: ours are the echo
 * replies with our id. (ICMP errors about our echoes come, for both kinds of
 * socket, through the error queue.)
 */
static void
raw_packet(const unsigned char *b, size_t n, const struct sockaddr_in *from)
{
	size_t hl;
	const unsigned char *icmp;

	if (n < 20 || (hl = (b[0] & 15) * 4) < 20 || n < hl + 8)
		return;
	icmp = b + hl;
	if (icmp[0] == ECHO_REPLY && (icmp[4] << 8 | icmp[5]) == p.id &&
	    from->sin_addr.s_addr == p.to.sin_addr.s_addr)
		got_reply(icmp, n - hl, from, b[8]);
}

static void
read_reply(void)
{
	struct sockaddr_in from;
	char ctl[256];
	struct iovec iov;
	struct msghdr m;
	struct cmsghdr *c;
	ssize_t n;
	int ttl = -1;

	iov.iov_base = p.buf;
	iov.iov_len = p.size + 8 + 60 + 8;
	memset(&m, 0, sizeof m);
	m.msg_name = &from;
	m.msg_namelen = sizeof from;
	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	m.msg_control = ctl;
	m.msg_controllen = sizeof ctl;
	if ((n = recvmsg(p.fd, &m, MSG_DONTWAIT)) < 0)
		return;
	for (c = CMSG_FIRSTHDR(&m); c != NULL; c = CMSG_NXTHDR(&m, c))
		if (c->cmsg_level == IPPROTO_IP && c->cmsg_type == IP_TTL &&
		    c->cmsg_len >= CMSG_LEN(sizeof(int)))
			memcpy(&ttl, CMSG_DATA(c), sizeof ttl);
	if (p.raw)
		raw_packet(p.buf, n, &from);
	else if (n >= 8 && p.buf[0] == ECHO_REPLY)
		got_reply(p.buf, n, &from, ttl);
}

/* An error the kernel queued for our socket: an ICMP error about one of our echoes. */
static void
read_error(void)
{
	struct sockaddr_in from;
	struct ext_err e;
	char ctl[512];
	struct iovec iov;
	struct msghdr m;
	struct cmsghdr *c;
	ssize_t n;

	iov.iov_base = p.buf;
	iov.iov_len = p.size + 8 + 60 + 8;
	memset(&m, 0, sizeof m);
	m.msg_name = &from;
	m.msg_namelen = sizeof from;
	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	m.msg_control = ctl;
	m.msg_controllen = sizeof ctl;
	if ((n = recvmsg(p.fd, &m, MSG_ERRQUEUE | MSG_DONTWAIT)) < 8)
		return;
	/* A raw socket hears about every echo; a datagram socket's id is the kernel's. */
	if (p.buf[0] != ECHO || (p.raw && (p.buf[4] << 8 | p.buf[5]) != p.id))
		return;
	for (c = CMSG_FIRSTHDR(&m); c != NULL; c = CMSG_NXTHDR(&m, c)) {
		if (c->cmsg_level != IPPROTO_IP || c->cmsg_type != IP_RECVERR ||
		    c->cmsg_len < CMSG_LEN(sizeof e + sizeof from))
			continue;
		memcpy(&e, CMSG_DATA(c), sizeof e);
		memcpy(&from, CMSG_DATA(c) + sizeof e, sizeof from);
		if (e.origin == ORIGIN_ICMP)
			got_error(inet_ntoa(from.sin_addr), p.buf[6] << 8 | p.buf[7],
			    icmp_error(e.type, e.code));
		else if (!p.quiet)
			got_error(inet_ntoa(p.to.sin_addr), p.buf[6] << 8 | p.buf[7], strerror(e.err));
	}
}

/* Wait up to T seconds for something to read, and read it. */
static void
wait_replies(double t)
{
	struct pollfd pf;

	pf.fd = p.fd;
	pf.events = POLLIN;
	if (t < 0)
		t = 0;
	if (poll(&pf, 1, (int)(t * 1000 + 0.999)) <= 0)
		return;
	if (pf.revents & POLLERR)
		read_error();
	if (pf.revents & POLLIN)
		read_reply();
}

static int
done(double t)
{
	if (interrupted || (p.deadline > 0 && t >= p.start + p.deadline))
		return 1;
	if (p.count == 0 || p.sent < p.count)
		return 0;
	return p.received >= p.count || t >= p.last + p.wait;
}

static void
run(void)
{
	double next = now(), t, until;

	p.start = next;
	while (!done(t = now())) {
		if ((p.count == 0 || p.sent < p.count) && t >= next) {
			send_echo();
			next += p.interval;
			if (next < t)
				next = t;
			continue;
		}
		until = p.count != 0 && p.sent >= p.count ? p.last + p.wait : next;
		if (p.deadline > 0 && p.start + p.deadline < until)
			until = p.start + p.deadline;
		wait_replies(until - t);
	}
}

static long long
isqrt(long long v)
{
	long long r = v, x;

	if (v <= 1)
		return v > 0 ? v : 0;
	while ((x = (r + v / r) / 2) < r)
		r = x;
	return r;
}

static void
summary(void)
{
	long long n = p.received + p.dups, avg, mdev;

	printf("\n--- %s ping statistics ---\n", p.host);
	printf("%ld packets transmitted, %ld received", p.sent, p.received);
	if (p.dups)
		printf(", +%ld duplicates", p.dups);
	if (p.errors)
		printf(", +%ld errors", p.errors);
	if (p.sent)
		printf(", %g%% packet loss", (p.sent - p.received) * 100.0 / p.sent);
	printf(", time %ldms\n", (long)((now() - p.start) * 1000 + 0.5));
	if (n == 0 || p.size < 16)
		return;
	avg = p.tsum / n;
	mdev = isqrt(p.tsum2 / n - avg * avg);
	printf("rtt min/avg/max/mdev = %lld.%03lld/%lld.%03lld/%lld.%03lld/%lld.%03lld ms\n",
	    p.tmin / 1000, p.tmin % 1000, avg / 1000, avg % 1000,
	    p.tmax / 1000, p.tmax % 1000, mdev / 1000, mdev % 1000);
}

static void
options(struct opt *o)
{
	int c;

	while ((c = opt_next(o, "c:i:nqs:W:w:")) != -1) {
		switch (c) {
		case 'c': p.count = number(o->arg, "%s: invalid count", 1, 1e9); break;
		case 'i':
			p.interval = number(o->arg, "%s: invalid interval", 0, 1e6);
			if (p.interval < 0.002 && geteuid() != 0)
				fatal("%s: intervals below 0.002 s are for root only", o->arg);
			break;
		case 'n': break;
		case 'q': p.quiet = 1; break;
		case 's': p.size = number(o->arg, "%s: invalid size", 0, MAX_SIZE); break;
		case 'W': p.wait = number(o->arg, "%s: invalid timeout", 0, 1e6); break;
		case 'w': p.deadline = number(o->arg, "%s: invalid deadline", 0, 1e6); break;
		default: fatal_usage();
		}
	}
	if (o->ind != o->argc - 1)
		fatal_usage();
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	struct sigaction sa;

	memset(&p, 0, sizeof p);
	p.interval = 1;
	p.wait = 10;
	p.size = 56;
	options(&o);
	p.host = argv[o.ind];
	resolve();
	open_socket();
	p.pkt = xmalloc(p.size + 8);
	p.buf = xmalloc(p.size + 8 + 60 + 8);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	printf("PING %s (%s) %ld(%ld) bytes of data.\n", p.host, inet_ntoa(p.to.sin_addr),
	    p.size, p.size + 28);
	fflush(stdout);
	run();
	summary();
	free(p.pkt);
	free(p.buf);
	if (cmd_exit() != 0)
		return 2;
	return p.received > 0 ? 0 : 1;
}
