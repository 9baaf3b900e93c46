/*
 * fuzz_http - libFuzzer harness: the HTTP response parser on arbitrary bytes,
 * fed whole and in pieces of sizes drawn from the first input byte: both ways
 * must agree on everything. The Location, if any, goes through the URL code.
 */
#include "http.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

struct result {
	int r, status, chunked, heads;
	long long length, got, seen;	/* seen: bytes the body callback was given */
	uint32_t hash;			/* FNV-1a of the body */
	char reason[64], error[128], location[512];
};

static int stop_at_head;

static int
on_head(struct http *h)
{
	(void)h;
	return stop_at_head ? HTTP_STOP : 0;
}

static int
on_body(struct http *h, const unsigned char *p, size_t n)
{
	struct result *res = h->ctx;

	if (n == 0)
		abort();
	for (size_t i = 0; i < n; i++)
		res->hash = (res->hash ^ p[i]) * 16777619u;
	res->seen += n;
	return 0;
}

/* Feed DATA in pieces: all at once if SEED is 0, else sizes from a little generator. */
static void
run(const unsigned char *data, size_t size, unsigned seed, struct result *res)
{
	struct http h;
	size_t off = 0, n;
	uint32_t x = seed * 2654435761u + 1;

	memset(res, 0, sizeof *res);
	res->hash = 2166136261u;
	http_init(&h, on_head, on_body, res);
	while (res->r == 0 && off < size) {
		if (seed == 0) {
			n = size;
		} else {
			x = x * 1103515245u + 12345;
			n = 1 + (x >> 16) % (seed & 15 ? (seed & 15) : 64);
		}
		if (n > size - off)
			n = size - off;
		res->r = http_feed(&h, data + off, n);
		off += n;
	}
	if (res->r == 0)
		res->r = http_eof(&h);
	res->status = h.status;
	res->chunked = h.chunked;
	res->heads = h.heads;
	res->length = h.length;
	res->got = h.got;
	memcpy(res->reason, h.reason, sizeof res->reason);
	if (res->r < 0)
		memcpy(res->error, h.error, sizeof res->error);
	if (h.location != NULL)
		snprintf(res->location, sizeof res->location, "%s", h.location);
	http_free(&h);
}

static void
check(const struct result *a)
{
	if (a->r != -1 && a->r != HTTP_DONE && a->r != HTTP_STOP)
		abort();
	if (a->got != a->seen)
		abort();
	if (a->r == HTTP_DONE && !a->chunked && a->length >= 0 && a->status != 204 &&
	    a->status != 304 && a->got != a->length)
		abort();
	if (a->r == -1 && a->error[0] == '\0')
		abort();
	if (memchr(a->reason, '\0', sizeof a->reason) == NULL)
		abort();
	for (const char *s = a->reason; *s; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s >= 0x7f)
			abort();
}

static void
urls(const char *loc)
{
	static const char *const bases[] = {
		"http://h/a/b/c?q", "http://h:81", "http://[::1]/x/", "http://h/a?x#f",
	};
	struct url u;
	char *s;

	for (size_t i = 0; i < sizeof bases / sizeof *bases; i++) {
		s = url_join(bases[i], loc);
		if (url_parse(s, &u) == NULL) {
			if (u.target == NULL || u.target[0] != '/')
				abort();
			url_free(&u);
		}
		free(s);
	}
	if (url_parse(loc, &u) == NULL)
		url_free(&u);
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct result whole, pieces;
	unsigned seed;

	if (size == 0)
		return 0;
	seed = data[0];
	stop_at_head = (seed & 0xc0) == 0xc0;
	data++;
	size--;
	run(data, size, 0, &whole);
	run(data, size, seed | 1, &pieces);
	check(&whole);
	if (memcmp(&whole, &pieces, sizeof whole) != 0)
		abort();
	if (whole.location[0] != '\0')
		urls(whole.location);
	return 0;
}
