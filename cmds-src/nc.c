/* nc - a TCP or UDP client: standard input to a port, and what comes back to standard output */
#include "cmd.h"
#include "io.h"
#include "num.h"
#include <netdb.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>

static const char usage[] = "nc [-uz] [-w SECS] HOST PORT";

static struct {
	const char *host, *port;
	char where[300];	/* HOST:PORT, [HOST]:PORT for IPv6, for messages */
	int udp, scan;
	int wait;		/* -w in milliseconds; -1 for none */
} nc;

/* A socket connected to one of the host's addresses, the first that takes us. */
static int
open_socket(void)
{
	struct addrinfo hints, *res, *ai;
	int r, fd = -1, err = 0;

	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = nc.udp ? SOCK_DGRAM : SOCK_STREAM;
	hints.ai_flags = AI_NUMERICSERV;
	if ((r = getaddrinfo(nc.host, nc.port, &hints, &res)) != 0)
		die("%s: %s", nc.host, r == EAI_SYSTEM ? strerror(errno) : gai_strerror(r));
	for (ai = res; ai != NULL; ai = ai->ai_next) {
		fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, ai->ai_protocol);
		if (fd >= 0 && connect_wait(fd, ai->ai_addr, ai->ai_addrlen, nc.wait) == 0)
			break;
		err = errno;
		if (fd >= 0)
			close(fd);
		fd = -1;
	}
	freeaddrinfo(res);
	if (fd < 0) {
		errno = err;
		die_errno("%s", nc.where);
	}
	/* blocking again: writes to it go whole */
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	return fd;
}

/* -u -z: UDP connects to anything. Send an empty datagram; a closed port
 * answers with an ICMP error (within -w, else a second), an open one with nothing. */
static void
probe_udp(int fd)
{
	struct pollfd p = { fd, POLLIN, 0 };
	char c;

	if (send(fd, "", 0, 0) < 0)
		die_errno("%s", nc.where);
	if (poll(&p, 1, nc.wait >= 0 ? nc.wait : 1000) > 0 &&
	    recv(fd, &c, 1, MSG_DONTWAIT) < 0 && errno != EAGAIN)
		die_errno("%s", nc.where);
}

/* What the peer sends, to standard output: 0, or 1 when it has closed. */
static int
from_peer(int fd)
{
	char buf[16384];
	ssize_t n = recv(fd, buf, sizeof buf, 0);

	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return 0;
	if (n < 0)
		die_errno("%s", nc.where);
	if (n == 0 && !nc.udp)
		return 1;
	if (write_all(1, buf, n) < 0) {
		warn_errno("write error");
		return 1;
	}
	return 0;
}

/* Standard input, to the peer: 0, or 1 at its end (TCP tells the peer). */
static int
to_peer(int fd)
{
	char buf[16384];
	ssize_t n = read(0, buf, sizeof buf);

	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return 0;
	if (n < 0)
		warn_errno("standard input");
	if (n <= 0) {
		if (!nc.udp)
			shutdown(fd, SHUT_WR);
		return 1;
	}
	if (write_all(fd, buf, n) < 0)
		die_errno("%s", nc.where);
	return 0;
}

/* Both ways until the peer closes, or nothing moves for -w. */
static void
pump(int fd)
{
	struct pollfd p[2] = { { 0, POLLIN, 0 }, { fd, POLLIN, 0 } };
	int r;

	for (;;) {
		if ((r = poll(p, 2, nc.wait)) < 0 && errno == EINTR)
			continue;
		if (r < 0)
			die_errno("poll");
		if (r == 0)
			return;	/* idle for -w: done, as other ncs are */
		if (p[1].revents != 0 && from_peer(fd))
			return;
		if (p[0].revents != 0 && to_peer(fd))
			p[0].fd = -1;
	}
}

static void
options(struct opt *o)
{
	unsigned long long v;
	int c;

	nc.wait = -1;
	while ((c = opt_next(o, "luzw:")) != -1) {
		switch (c) {
		case 'l': die("-l: listening is not supported");
		case 'u': nc.udp = 1; break;
		case 'z': nc.scan = 1; break;
		case 'w':
			if (parse_uint(o->arg, 86400, &v) < 0 || v == 0)
				die("%s: invalid timeout (1 to 86400 seconds)", o->arg);
			nc.wait = (int)v * 1000;
			break;
		default: die_usage(o);
		}
	}
	if (o->ind != o->argc - 2)
		die_usage(o);
	nc.host = o->argv[o->ind];
	nc.port = o->argv[o->ind + 1];
	if (parse_uint(nc.port, 65535, &v) < 0 || v == 0)
		die("%s: invalid port (1 to 65535)", nc.port);
	if (strchr(nc.host, ':') != NULL)
		snprintf(nc.where, sizeof nc.where, "[%.255s]:%s", nc.host, nc.port);
	else
		snprintf(nc.where, sizeof nc.where, "%.255s:%s", nc.host, nc.port);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int fd;

	options(&o);
	signal(SIGPIPE, SIG_IGN);	/* a peer gone is an error from write */
	fd = open_socket();
	if (nc.scan && nc.udp)
		probe_udp(fd);
	else if (!nc.scan)
		pump(fd);
	close(fd);
	return cmd_exit();
}
