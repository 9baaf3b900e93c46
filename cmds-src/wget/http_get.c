/* http_get.c - GET a URL over HTTP/1.1 or https: connect with a time limit, follow redirects */
#include "http.h"
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>

#define REDIRECTS 5

static int
gfail(struct http_get *g, int retry, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(g->error, sizeof g->error, fmt, ap);
	va_end(ap);
	g->retry = retry;
	return -1;
}

/* Milliseconds to wait: TIMEOUT, or less if the deadline is nearer; -1 for
 * ever; 0 and expired set once the deadline has passed. */
static int
wait_ms(struct http_get *g)
{
	struct timespec t;
	double left;
	int ms = g->timeout > 0 ? g->timeout * 1000 : -1;

	if (g->until <= 0)
		return ms;
	clock_gettime(CLOCK_MONOTONIC, &t);
	left = (g->until - t.tv_sec - t.tv_nsec / 1e9) * 1000;
	if (left <= 0) {
		g->expired = 1;
		return 0;
	}
	return ms < 0 || left < ms ? (int)left + 1 : ms;
}

/* Wait until FD is ready for EVENTS; -1 and errno (ETIMEDOUT) if not. */
static int
wait_fd(struct http_get *g, int fd, int events)
{
	struct pollfd p;
	int r, ms;

	p.fd = fd;
	p.events = events;
	do {
		if ((ms = wait_ms(g)) == 0 && g->expired)
			r = 0;
		else
			r = poll(&p, 1, ms);
	} while (r < 0 && errno == EINTR);
	if (r == 0) {
		wait_ms(g);	/* sets expired if it was the deadline that ran out */
		errno = ETIMEDOUT;
	}
	return r > 0 ? 0 : -1;
}

/* Connect FD to A within the time left; 0, or -1 and errno. */
static int
connect_to(struct http_get *g, int fd, const struct addrinfo *a)
{
	int ms = wait_ms(g);

	if (ms == 0 && g->expired) {
		errno = ETIMEDOUT;
		return -1;
	}
	if (connect_wait(fd, a->ai_addr, a->ai_addrlen, ms) == 0)
		return 0;
	if (errno == ETIMEDOUT)
		wait_ms(g);	/* sets expired if it was the deadline that ran out */
	return -1;
}

/* A socket connected to U's host and port, each of its addresses tried in turn; -1 if none. */
static int
dial(struct http_get *g, const struct url *u)
{
	struct addrinfo hints, *res, *a;
	int fd = -1, err = ECONNREFUSED, r;

	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_NUMERICSERV;
	if ((r = getaddrinfo(u->host, u->port, &hints, &res)) != 0)
		return gfail(g, r == EAI_AGAIN, "%s: %s", u->host,
		    r == EAI_SYSTEM ? strerror(errno) : gai_strerror(r));
	for (a = res; a != NULL; a = a->ai_next) {
		fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, a->ai_protocol);
		if (fd >= 0 && connect_to(g, fd, a) == 0)
			break;
		err = errno;
		if (fd >= 0)
			close(fd);
		fd = -1;
	}
	freeaddrinfo(res);
	if (fd < 0)
		return gfail(g, 1, "%s", strerror(err));
	return fd;
}

static int
send_all(struct http_get *g, int fd, const char *s, size_t n)
{
	ssize_t w;

	while (n > 0) {
		if (wait_fd(g, fd, POLLOUT) < 0)
			return -1;
		w = send(fd, s, n, MSG_NOSIGNAL);
		if (w < 0 && errno != EINTR && errno != EAGAIN)
			return -1;
		if (w > 0) {
			s += w;
			n -= w;
		}
	}
	return 0;
}

static int
tls_wait_fd(void *g, int fd, int events)
{
	return wait_fd(g, fd, events);
}

static int
request(struct http_get *g, int fd, struct tls *t, const struct url *u)
{
	const char *fmt = "GET %s HTTP/1.1\r\nHost: %s%s%s%s%s\r\nUser-Agent: wget\r\n"
	    "Accept: */*\r\nConnection: close\r\n\r\n";
	int v6 = strchr(u->host, ':') != NULL, port = strcmp(u->port, u->tls ? "443" : "80") != 0, n;
	char *s, why[sizeof g->error];

	n = snprintf(NULL, 0, fmt, u->target, v6 ? "[" : "", u->host, v6 ? "]" : "",
	    port ? ":" : "", port ? u->port : "");
	s = xmalloc(n + 1);
	snprintf(s, n + 1, fmt, u->target, v6 ? "[" : "", u->host, v6 ? "]" : "",
	    port ? ":" : "", port ? u->port : "");
	if (t != NULL) {
		n = tls_write(t, s, n, why, sizeof why);
		free(s);
		return n < 0 ? gfail(g, 1, "%s", why) : 0;
	}
	n = send_all(g, fd, s, n);
	free(s);
	return n < 0 ? gfail(g, 1, "%s", strerror(errno)) : 0;
}

static int
ok(int status)
{
	return status >= 200 && status < 300;
}

static int
redirect(int status)
{
	return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
}

/* Only a 2xx body goes to the caller; anything else ends the exchange here. */
static int
on_head(struct http *h)
{
	struct http_get *g = h->ctx;

	if (!ok(h->status))
		return HTTP_STOP;
	return g->start != NULL && g->start(g) != 0 ? HTTP_STOP : 0;
}

static int
on_body(struct http *h, const unsigned char *p, size_t n)
{
	struct http_get *g = h->ctx;

	return g->data != NULL && g->data(g, p, n) != 0 ? HTTP_STOP : 0;
}

/* Read the response from FD (through T if not NULL) into the parser: its last
 * word, or -1 with error set. The end of TCP without TLS's close_notify may
 * be an attacker's cut: it ends a body only where the HTTP framing does. */
static int
receive(struct http_get *g, int fd, struct tls *t)
{
	unsigned char buf[65536];
	char why[sizeof g->error];
	ssize_t n;
	int r, clean = 1;

	for (;;) {
		if (t != NULL) {
			if ((n = tls_read(t, buf, sizeof buf, &clean, why, sizeof why)) < 0)
				return gfail(g, 1, "%s", why);
		} else {
			if (wait_fd(g, fd, POLLIN) < 0)
				return gfail(g, 1, "%s", strerror(errno));
			n = recv(fd, buf, sizeof buf, 0);
			if (n < 0 && (errno == EINTR || errno == EAGAIN))
				continue;
			if (n < 0)
				return gfail(g, 1, "%s", strerror(errno));
		}
		r = n == 0 ? http_eof(&g->resp) : http_feed(&g->resp, buf, n);
		if (n == 0 && r == HTTP_DONE && !clean)
			return gfail(g, 1, "connection closed without TLS close_notify");
		if (r < 0)
			return gfail(g, n == 0, "%s", g->resp.error);
		if (r != 0)
			return r;
	}
}

/* One request for g->where: 0 done, 1 redirected (where changed), -1 failed. */
static int
fetch(struct http_get *g, int hops)
{
	struct url u;
	struct tls *t = NULL;
	const char *e;
	char *next, why[sizeof g->error];
	int fd, r, tls;

	if ((e = url_parse(g->where, &u)) != NULL)
		return gfail(g, 0, "%s", e);
	http_free(&g->resp);
	http_init(&g->resp, on_head, on_body, g);
	if (u.tls && tls_ready(g->tls, why, sizeof why) < 0) {
		url_free(&u);
		return gfail(g, 0, "%s", why);
	}
	fd = dial(g, &u);
	if (fd >= 0 && u.tls &&
	    (t = tls_open(g->tls, u.host, fd, tls_wait_fd, g, g->error, sizeof g->error, &g->retry)) == NULL)
		r = -1;
	else
		r = fd < 0 ? -1 : request(g, fd, t, &u);
	if (r == 0)
		r = receive(g, fd, t);
	if (t != NULL)
		tls_close(t);
	if (fd >= 0)
		close(fd);
	tls = u.tls;
	url_free(&u);
	if (r < 0)
		return -1;
	if (ok(g->resp.status))
		return r == HTTP_DONE ? 0 : gfail(g, 0, "%s", "");
	if (redirect(g->resp.status) && g->resp.location != NULL) {
		if (hops == REDIRECTS)
			return gfail(g, 0, "too many redirects");
		next = url_join(g->where, g->resp.location);
		if (tls && strncasecmp(next, "https:", 6) != 0) {
			free(next);	/* what TLS guarded would go out in clear */
			return gfail(g, 0, "redirect from https to http refused");
		}
		free(g->where);
		g->where = next;
		return 1;
	}
	return gfail(g, g->resp.status >= 500, "%d %s", g->resp.status, g->resp.reason);
}

int
http_get(struct http_get *g)
{
	int r, hops = 0;

	free(g->where);
	g->where = xstrdup(g->url);
	g->retry = 0;
	g->expired = 0;
	g->error[0] = '\0';
	while ((r = fetch(g, hops)) == 1)
		hops++;
	return r;
}

void
http_get_free(struct http_get *g)
{
	http_free(&g->resp);
	free(g->where);
	g->where = NULL;
}
