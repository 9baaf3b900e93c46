/* tpm2.c - a TPM 2.0 client: raw command marshalling for PCR_Read, PCR_Extend,
 * and GetCapability (TPM 2.0 Library, Part 3), and the event log.
 * tpm2-tss would be megabytes in flash; these few structures are small. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tpm2.h"

enum {
	ST_NO_SESSIONS = 0x8001, ST_SESSIONS = 0x8002, ST_TPM12 = 0x00c4,
	CC_GET_CAPABILITY = 0x17a, CC_PCR_READ = 0x17e, CC_PCR_EXTEND = 0x182,
	CAP_PCRS = 5, ALG_SHA256 = 0x000b, RS_PW = 0x40000009,
	RC_YIELDED = 0x908, RC_TESTING = 0x90a, RC_RETRY = 0x922,
	HEADER = 10,		/* tag, size, command or response code */
	TIMEOUT_MS = 120000,	/* a busy TPM is slow, a dead one never answers */
	TRIES = 20,		/* answers "retry" at 100 ms apart */
};

/* The number of the lowest bit set in M, which is not 0. */
static int
lowest(uint32_t m)
{
	int i = 0;

	while (!(m >> i & 1))
		i++;
	return i;
}

static int
fail(struct tpm2 *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(t->err, sizeof t->err, fmt, ap);
	va_end(ap);
	return -1;
}

/* Commands: big-endian fields appended to t->cmd; the header's size is set
 * when sent. Each command is far smaller than the buffer. */
static void
put(struct tpm2 *t, uint32_t v, int bytes)
{
	while (bytes-- > 0)
		t->cmd[t->clen++] = v >> (8 * bytes);
}

static void
start(struct tpm2 *t, int tag, uint32_t cc)
{
	t->clen = 0;
	put(t, tag, 2);
	put(t, 0, 4);
	put(t, cc, 4);
}

/* Responses: a cursor that never reads past the end; a field past it reads
 * as 0 and marks the cursor bad, checked once at the end of a parse. */
struct cur {
	const unsigned char *p;
	size_t n, off;
	int bad;
};

static uint32_t
get(struct cur *c, int bytes)
{
	uint32_t v = 0;

	if (c->bad || c->n - c->off < (size_t)bytes) {
		c->bad = 1;
		return 0;
	}
	while (bytes-- > 0)
		v = v << 8 | c->p[c->off++];
	return v;
}

static const unsigned char *
take(struct cur *c, size_t bytes)
{
	const unsigned char *p = c->p + c->off;

	if (c->bad || c->n - c->off < bytes) {
		c->bad = 1;
		return NULL;
	}
	c->off += bytes;
	return p;
}

/* Format-zero codes keep their low 12 bits; format-one codes (bit 7) their
 * error number in bits 0-5, what it refers to in bits 6-11. */
static const struct {
	uint16_t rc;
	const char *text;
} rcs[] = {
	{ 0x100, "TPM not initialized (no TPM2_Startup)" },
	{ 0x101, "TPM in failure mode" },
	{ 0x103, "improper use of a sequence handle" },
	{ 0x120, "command disabled" },
	{ 0x125, "authorization session missing" },
	{ 0x127, "PCR check failed" },
	{ 0x143, "command not supported" },
	{ 0x142, "command size wrong" },
	{ 0x144, "authorization size wrong" },
	{ 0x083, "hash algorithm not supported" },
	{ 0x084, "value out of range" },
	{ 0x08b, "bad handle" },
	{ 0x08e, "authorization failed" },
	{ 0x095, "structure size wrong" },
	{ 0x097, "bad tag" },
	{ 0x098, "bad PCR selection" },
	{ 0x09a, "input too short" },
	{ 0x0a2, "authorization failed (bad password)" },
	{ 0x907, "PCR needs a higher locality" },
	{ 0x908, "TPM yielded" },
	{ 0x909, "command canceled" },
	{ 0x90a, "TPM still self-testing" },
	{ 0x920, "NV writes rate-limited" },
	{ 0x921, "TPM in dictionary-attack lockout" },
	{ 0x922, "TPM asks to retry" },
	{ 0x923, "NV unavailable" },
};

const char *
tpm2_rc_text(uint32_t rc)
{
	uint32_t key = rc & 0x80 ? rc & 0xbf : rc;

	for (size_t i = 0; i < sizeof rcs / sizeof *rcs; i++)
		if (rcs[i].rc == key)
			return rcs[i].text;
	return NULL;
}

static int
rc_fail(struct tpm2 *t, const char *what, uint32_t rc)
{
	const char *text = tpm2_rc_text(rc);
	char where[32] = "";
	unsigned num = rc >> 8 & 0xf;

	if (rc >> 12)		/* a layer's code (a resource manager), not the TPM's */
		text = NULL;
	else if (rc & 0x80 && rc & 0x40)
		snprintf(where, sizeof where, " (parameter %u)", num);
	else if (rc & 0x80 && num & 8)
		snprintf(where, sizeof where, " (session %u)", num & 7);
	else if (rc & 0x80 && num)
		snprintf(where, sizeof where, " (handle %u)", num);
	if (!text)
		return fail(t, "%s: TPM error 0x%x", what, (unsigned)rc);
	return fail(t, "%s: TPM error 0x%x: %s%s", what, (unsigned)rc, text, where);
}

int
tpm2_response(struct tpm2 *t, const char *what, const unsigned char *rsp, size_t n)
{
	struct cur c = { rsp, n, 0, 0 };
	uint32_t tag, size, rc;

	if (n < HEADER)
		return fail(t, "%s: short response (%zu bytes)", what, n);
	tag = get(&c, 2);
	size = get(&c, 4);
	rc = get(&c, 4);
	if (tag == ST_TPM12)
		return fail(t, "%s: a TPM 1.2 answered, not a TPM 2.0", what);
	if (tag != ST_NO_SESSIONS && tag != ST_SESSIONS)
		return fail(t, "%s: bad response tag 0x%x", what, (unsigned)tag);
	if (size != n)
		return fail(t, "%s: response says %u bytes, has %zu", what, (unsigned)size, n);
	if (rc)
		return rc_fail(t, what, rc);
	return 0;
}

static int
wait_fd(struct tpm2 *t, short ev, const char *what)
{
	struct pollfd p = { t->fd, ev, 0 };
	int r;

	while ((r = poll(&p, 1, TIMEOUT_MS)) < 0 && errno == EINTR)
		;
	if (r < 0)
		return fail(t, "%s: poll: %s", what, strerror(errno));
	if (r == 0)
		return fail(t, "%s: no answer from the TPM in %d s", what, TIMEOUT_MS / 1000);
	return 0;
}

/* A character device takes one whole command a write; a socket a stream. */
static int
send_cmd(struct tpm2 *t, const char *what)
{
	size_t off = 0;

	while (off < t->clen) {
		ssize_t w = write(t->fd, t->cmd + off, t->clen - off);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return fail(t, "%s: write: %s", what, w < 0 ? strerror(errno) : "wrote nothing");
		off += w;
	}
	return 0;
}

/* A character device returns one whole response a read (an old kernel drops
 * what a short read leaves), so each read offers the whole buffer; a socket
 * may split it: read until the size the header gives. */
static int
recv_rsp(struct tpm2 *t, const char *what)
{
	size_t want = HEADER;

	t->rlen = 0;
	while (t->rlen < want) {
		ssize_t r;

		if (wait_fd(t, POLLIN, what) < 0)
			return -1;
		r = read(t->fd, t->rsp + t->rlen, sizeof t->rsp - t->rlen);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return fail(t, "%s: read: %s", what, strerror(errno));
		if (r == 0)
			return fail(t, "%s: short response (%zu bytes)", what, t->rlen);
		t->rlen += r;
		if (want == HEADER && t->rlen >= 6) {
			want = (size_t)t->rsp[2] << 24 | t->rsp[3] << 16 | t->rsp[4] << 8 | t->rsp[5];
			if (want < HEADER || want > sizeof t->rsp)
				return fail(t, "%s: bad response size %zu", what, want);
		}
	}
	if (t->rlen > want)
		return fail(t, "%s: response longer than its size (%zu > %zu)", what, t->rlen, want);
	return 0;
}

/* Send t->cmd, read the answer into t->rsp and check it; a TPM that says
 * "retry", "yielded" or "testing" is asked again a little later. */
static int
transact(struct tpm2 *t, const char *what)
{
	struct timespec pause = { 0, 100 * 1000 * 1000 };

	t->cmd[2] = t->clen >> 24;
	t->cmd[3] = t->clen >> 16;
	t->cmd[4] = t->clen >> 8;
	t->cmd[5] = t->clen;
	for (int i = 0;; i++) {
		uint32_t rc;

		if (send_cmd(t, what) < 0 || recv_rsp(t, what) < 0)
			return -1;
		rc = (uint32_t)t->rsp[6] << 24 | t->rsp[7] << 16 | t->rsp[8] << 8 | t->rsp[9];
		if (i + 1 == TRIES || (rc != RC_RETRY && rc != RC_YIELDED && rc != RC_TESTING))
			return tpm2_response(t, what, t->rsp, t->rlen);
		nanosleep(&pause, NULL);
	}
}

static int
open_socket(struct tpm2 *t, const char *path)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };

	if (strlen(path) >= sizeof a.sun_path)
		return fail(t, "%s: socket path too long", path);
	strcpy(a.sun_path, path);
	t->fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (t->fd < 0)
		return fail(t, "%s: socket: %s", path, strerror(errno));
	if (connect(t->fd, (struct sockaddr *)&a, sizeof a) < 0) {
		fail(t, "%s: connect: %s", path, strerror(errno));
		tpm2_close(t);
		return -1;
	}
	return 0;
}

/* The kernel's resource manager first (several clients may share it), else
 * the raw device. lstat: a node that is there but broken still counts, so
 * its failure is reported rather than taken for "no TPM". */
const char *
tpm2_device(void)
{
	static const char *const dev[] = { "/dev/tpmrm0", "/dev/tpm0" };
	struct stat st;

	for (size_t i = 0; i < sizeof dev / sizeof dev[0]; i++)
		if (lstat(dev[i], &st) == 0)
			return dev[i];
	return NULL;
}

int
tpm2_open(struct tpm2 *t, const char *path)
{
	struct stat st;

	memset(t, 0, sizeof *t);
	t->fd = -1;
	t->events = TPM2_EVENTS;
	if (!path && !(path = tpm2_device()))
		return fail(t, "no TPM: /dev/tpmrm0, /dev/tpm0: %s", strerror(ENOENT));
	if (stat(path, &st) == 0 && S_ISSOCK(st.st_mode))
		return open_socket(t, path);
	t->fd = open(path, O_RDWR | O_CLOEXEC);
	if (t->fd < 0)
		return fail(t, "%s: %s", path, strerror(errno));
	return 0;
}

void
tpm2_close(struct tpm2 *t)
{
	if (t->fd >= 0)
		close(t->fd);
	t->fd = -1;
}

/* TPML_PCR_SELECTION of the SHA-256 bank: one selection, 3 bytes of bits. */
static void
put_selection(struct tpm2 *t, uint32_t mask)
{
	put(t, 1, 4);
	put(t, ALG_SHA256, 2);
	put(t, 3, 1);
	for (int i = 0; i < 3; i++)
		put(t, mask >> (8 * i) & 0xff, 1);
}

/* A TPML_PCR_SELECTION: the SHA-256 bank's bits in *MASK (PCRs past 31
 * dropped, no TPM has them), the other banks' skipped. */
static void
get_selection(struct cur *c, uint32_t *mask)
{
	uint32_t count = get(c, 4);

	*mask = 0;
	if (count > 16)		/* more banks than there are hashes */
		c->bad = 1;
	for (uint32_t i = 0; i < count && !c->bad; i++) {
		uint32_t alg = get(c, 2), size = get(c, 1);
		const unsigned char *bits = take(c, size);

		for (uint32_t b = 0; bits && b < size && b < 4; b++)
			if (alg == ALG_SHA256)
				*mask |= (uint32_t)bits[b] << (8 * b);
	}
}

int
tpm2_pcr_read_parse(struct tpm2 *t, const unsigned char *rsp, size_t n, uint32_t asked,
	uint32_t *got, unsigned char out[][32])
{
	struct cur c = { rsp, n, HEADER, 0 };
	uint32_t count, left;

	if (tpm2_response(t, "PCR_Read", rsp, n) < 0)
		return -1;
	get(&c, 4);		/* pcrUpdateCounter */
	get_selection(&c, got);
	if (c.bad)
		return fail(t, "PCR_Read: malformed response");
	if (*got & ~asked)
		return fail(t, "PCR_Read: the TPM returned PCRs not asked for");
	count = get(&c, 4);
	left = *got;
	for (uint32_t i = 0; i < count; i++) {
		uint32_t size = get(&c, 2);
		const unsigned char *d = take(&c, size);

		if (c.bad)
			return fail(t, "PCR_Read: malformed response");
		if (!left)
			return fail(t, "PCR_Read: more digests than PCRs selected");
		if (size != 32)
			return fail(t, "PCR_Read: a digest of %u bytes, not 32", (unsigned)size);
		memcpy(out[lowest(left)], d, 32);
		left &= left - 1;
	}
	if (c.bad)
		return fail(t, "PCR_Read: malformed response");
	if (left)
		return fail(t, "PCR_Read: fewer digests than PCRs selected");
	return 0;
}

int
tpm2_pcr_read(struct tpm2 *t, uint32_t mask, unsigned char out[][32])
{
	while (mask) {
		uint32_t got;

		start(t, ST_NO_SESSIONS, CC_PCR_READ);
		put_selection(t, mask);
		if (transact(t, "PCR_Read") < 0 ||
			tpm2_pcr_read_parse(t, t->rsp, t->rlen, mask, &got, out) < 0)
			return -1;
		if (!got)
			return fail(t, "PCR %d: not in the TPM's SHA-256 bank", lowest(mask));
		mask &= ~got;
	}
	return 0;
}

int
tpm2_caps_parse(struct tpm2 *t, const unsigned char *rsp, size_t n, uint32_t *mask)
{
	struct cur c = { rsp, n, HEADER, 0 };

	if (tpm2_response(t, "GetCapability", rsp, n) < 0)
		return -1;
	get(&c, 1);		/* moreData */
	if (get(&c, 4) != CAP_PCRS && !c.bad)
		return fail(t, "GetCapability: answered another capability");
	get_selection(&c, mask);
	if (c.bad)
		return fail(t, "GetCapability: malformed response");
	return 0;
}

int
tpm2_sha256_pcrs(struct tpm2 *t, uint32_t *mask)
{
	if (!t->banks_known) {
		start(t, ST_NO_SESSIONS, CC_GET_CAPABILITY);
		put(t, CAP_PCRS, 4);
		put(t, 0, 4);	/* property: none for PCRS */
		put(t, 1, 4);	/* propertyCount */
		if (transact(t, "GetCapability") < 0 ||
			tpm2_caps_parse(t, t->rsp, t->rlen, &t->sha256_pcrs) < 0)
			return -1;
		t->banks_known = 1;
	}
	*mask = t->sha256_pcrs;
	return 0;
}

/* A TPM extends only the banks it has: a digest for a missing one would be
 * dropped without a word, so the bank is checked first. */
int
tpm2_pcr_extend(struct tpm2 *t, int pcr, const unsigned char digest[32])
{
	uint32_t have;

	if (pcr < 0 || pcr >= TPM2_PCRS)
		return fail(t, "PCR %d: out of range 0-%d", pcr, TPM2_PCRS - 1);
	if (tpm2_sha256_pcrs(t, &have) < 0)
		return -1;
	if (!(have >> pcr & 1))
		return fail(t, "PCR %d: not in the TPM's SHA-256 bank", pcr);
	start(t, ST_SESSIONS, CC_PCR_EXTEND);
	put(t, pcr, 4);		/* the PCR's handle is its number */
	put(t, 9, 4);		/* authorizationSize: one password session */
	put(t, RS_PW, 4);
	put(t, 0, 2);		/* nonce: none */
	put(t, 0, 1);		/* sessionAttributes */
	put(t, 0, 2);		/* hmac: the empty password */
	put(t, 1, 4);		/* TPML_DIGEST_VALUES: one */
	put(t, ALG_SHA256, 2);
	for (int i = 0; i < 32; i++)
		put(t, digest[i], 1);
	return transact(t, "PCR_Extend");
}

/* The log, opened for appending and locked: its directory made first. */
static int
log_open(struct tpm2 *t)
{
	char dir[256];
	const char *slash = strrchr(t->events, '/');
	int fd;

	if (slash && slash != t->events && (size_t)(slash - t->events) < sizeof dir) {
		memcpy(dir, t->events, slash - t->events);
		dir[slash - t->events] = 0;
		if (mkdir(dir, 0755) < 0 && errno != EEXIST)
			return fail(t, "%s: %s", dir, strerror(errno));
	}
	fd = open(t->events, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return fail(t, "%s: %s", t->events, strerror(errno));
	while (flock(fd, LOCK_EX) < 0 && errno == EINTR)
		;
	return fd;
}

/* One line, one write: a description's control characters become '?' so a
 * command line with a newline stays one line. */
static int
log_line(struct tpm2 *t, int fd, int pcr, const unsigned char d[32], const char *desc)
{
	char line[1024];
	int n = snprintf(line, sizeof line, "%d ", pcr), from;

	for (int i = 0; i < 32; i++)
		n += snprintf(line + n, sizeof line - n, "%02x", d[i]);
	from = n;
	n += snprintf(line + n, sizeof line - n, " %.900s\n", desc);
	for (int i = from; i < n - 1; i++)
		if ((unsigned char)line[i] < ' ' || line[i] == 0x7f)
			line[i] = '?';
	errno = 0;
	if (write(fd, line, n) != n)
		return fail(t, "%s: %s", t->events, errno ? strerror(errno) : "short write");
	return 0;
}

int
tpm2_log(struct tpm2 *t, int pcr, const unsigned char digest[32], const char *desc)
{
	int fd = log_open(t), r;

	if (fd < 0)
		return -1;
	r = log_line(t, fd, pcr, digest, desc);
	close(fd);
	return r;
}

int
tpm2_measure(struct tpm2 *t, int pcr, const unsigned char digest[32], const char *desc)
{
	int fd = log_open(t), r;

	if (fd < 0)
		return -1;
	r = tpm2_pcr_extend(t, pcr, digest);
	if (r == 0)
		r = log_line(t, fd, pcr, digest, desc);
	close(fd);
	return r;
}
