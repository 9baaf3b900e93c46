/* http.h - wget's HTTP: the response parser (http.c) and GET with redirects (http_get.c) */
#include "cmd.h"
#include "io.h"
#include "num.h"
#include "url.h"

/*
 * A push parser for one response to a GET: give it what the connection
 * brings, in any pieces, then say when the connection ends. HEAD is called
 * once the final (not 1xx) header is in, BODY with the decoded body
 * (Content-Length, chunked or up to the end); each returns 0 to go on or
 * HTTP_STOP. http_feed returns 0 (more, please), HTTP_DONE (the response is
 * complete), HTTP_STOP, or -1 with error set; http_eof HTTP_DONE or -1
 * ("connection closed after 10 of 1000 bytes"). Headers are limited to 64 KiB.
 */
#define HTTP_DONE 1
#define HTTP_STOP 2
struct http {
	int (*head)(struct http *h);
	int (*body)(struct http *h, const unsigned char *p, size_t n);
	void *ctx;
	int status;		/* 200 */
	char reason[64];	/* "OK", others as text_escape shows them */
	long long length;	/* Content-Length; -1 if none or chunked */
	long long got;		/* body bytes so far */
	int chunked;
	char *location;		/* malloc'd, or NULL */
	char error[128];
	int state, heads, seen;	/* the parser's own from here on */
	char *buf;
	size_t len, cap;
	long long left;
};
void http_init(struct http *h, int (*head)(struct http *),
    int (*body)(struct http *, const unsigned char *, size_t), void *ctx);
int http_feed(struct http *h, const void *p, size_t n);
int http_eof(struct http *h);
void http_free(struct http *h);

/*
 * GET URL over HTTP/1.1 (Connection: close), following up to 5 redirects
 * (fill a zeroed struct; it may be used again, then http_get_free it);
 * TIMEOUT seconds (0: none) to connect and for each wait for data; if UNTIL
 * (CLOCK_MONOTONIC seconds; 0: none) passes first, it fails with expired set,
 * however fast the data come. START is
 * called when a 2xx header is in (resp.length says how much follows), DATA
 * with the body; either returns 0, or -1 to give up (having said why).
 * Returns 0, or -1 with error set ("404 Not Found", "Connection refused",
 * "connection closed after 10 of 1000 bytes"; empty if a callback gave up),
 * where the URL that failed, retry whether trying again might help.
 */
struct tls_conf;
struct http_get {
	const char *url;
	const struct tls_conf *tls;	/* for https:// URLs */
	int timeout;
	double until;
	int (*start)(struct http_get *g);
	int (*data)(struct http_get *g, const unsigned char *p, size_t n);
	void *ctx;
	struct http resp;
	char *where;		/* malloc'd */
	int retry, expired;
	char error[256];
};
int http_get(struct http_get *g);
void http_get_free(struct http_get *g);

/*
 * https (tls.c, BearSSL): TLS 1.2 over the connected socket FD, the server
 * certificate checked against the trust anchors of the PEM file CA (TLS_CA
 * if NULL; a missing TLS_CA means none), HOST (a DNS name, or an IP address
 * that must be among its subjectAltNames) and the clock. With PINNED, the
 * SHA-256 of its SubjectPublicKeyInfo must be PIN too; with no trust anchors
 * at all the pin alone vouches for the server. WAIT(CTX, FD, POLLIN or
 * POLLOUT) waits for the socket: 0, or -1 and errno. tls_ready reads the
 * trust anchors (once) and says whether there is anything to check the
 * server with: 0, or -1 and ERR. tls_open does the
 * handshake: NULL and ERR (why, in one line), RETRY whether trying again may
 * help. tls_read gives bytes, or 0 at the end (CLEAN if the server said
 * close_notify), or -1 and ERR.
 */
#define TLS_CA "/etc/ssl/certs/ca.pem"
struct tls_conf {
	const char *ca;
	int pinned;
	unsigned char pin[32];
};
struct tls;
int tls_ready(const struct tls_conf *c, char *err, size_t n);
typedef int tls_wait(void *ctx, int fd, int events);
struct tls *tls_open(const struct tls_conf *c, const char *host, int fd, tls_wait *wait,
    void *ctx, char *err, size_t n, int *retry);
int tls_write(struct tls *t, const void *p, size_t n, char *err, size_t errlen);
long tls_read(struct tls *t, void *p, size_t n, int *clean, char *err, size_t errlen);
void tls_close(struct tls *t);
