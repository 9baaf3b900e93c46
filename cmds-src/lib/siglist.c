/* siglist.c - a hash list whose signature verified, and files checked against it */
#define _GNU_SOURCE 1
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "path.h"
#include "sha256.h"
#include "sigcheck.h"

/* Every line well formed? 0, or the number of the first bad line. */
static long
bad_line(const char *text, size_t len)
{
	const char *p = text, *end = text + len, *name;
	unsigned char h[32];
	size_t n;
	long line = 1;
	int r;

	while ((r = sumlist_next(&p, end, h, &name, &n)) == 1)
		line++;
	return r < 0 ? line : 0;
}

/* The signature SIG of the list L under KEYS: 0 or -1. */
static int
check_sig(const struct siglist *l, const char *keys, const char *sig, char *err, size_t errlen)
{
	struct pubkey k[SIG_KEY_MAX];
	unsigned char *der[SIG_KEY_MAX], hash[32];
	struct sha256 s;
	size_t len;
	char *buf;
	int n, r;

	if ((n = sig_keys_load(keys, k, der, SIG_KEY_MAX, err, errlen)) < 0)
		return -1;
	if ((buf = sig_read(sig, SIG_SIG_MAX, &len)) == NULL) {
		sig_err(err, errlen, sig, errno);
		sig_keys_free(der, n);
		return -1;
	}
	sha256_init(&s);
	sha256_update(&s, l->text, l->len);
	sha256_final(&s, hash);
	r = sig_verify(k, n, hash, (unsigned char *)buf, len);
	free(buf);
	sig_keys_free(der, n);
	if (r == SIG_BAD)
		snprintf(err, errlen, "%s: bad signature", sig);
	else if (r < 0)
		snprintf(err, errlen, "%s: no key verifies it (unknown key)", sig);
	return r < 0 ? -1 : 0;
}

int
siglist_open(struct siglist *l, const char *keys, const char *list, const char *sig,
    char *err, size_t errlen)
{
	const char *slash = strrchr(list, '/');
	long line;

	memset(l, 0, sizeof *l);
	if ((l->text = sig_read(list, SIG_LIST_MAX, &l->len)) == NULL) {
		sig_err(err, errlen, list, errno);
		return -1;
	}
	if (check_sig(l, keys, sig, err, errlen) < 0) {
		siglist_close(l);
		return -1;
	}
	if ((line = bad_line(l->text, l->len)) > 0) {
		snprintf(err, errlen, "%s: line %ld: not a sha256sum line", list, line);
		siglist_close(l);
		return -1;
	}
	if (slash == NULL)
		l->dir = strdup(".");
	else if ((l->dir = malloc((size_t)(slash - list) + 2)) != NULL)
		snprintf(l->dir, (size_t)(slash - list) + 2, "%.*s", slash == list ? 1 : (int)(slash - list), list);
	if (l->dir == NULL) {
		sig_err(err, errlen, list, ENOMEM);
		siglist_close(l);
		return -1;
	}
	return 0;
}

int
siglist_check_hash(const struct siglist *l, const char *name, const unsigned char hash[32],
    char *err, size_t errlen)
{
	switch (sumlist_lookup(l->text, l->len, name, hash)) {
	case 1:
		return 0;
	case 0:
		snprintf(err, errlen, "%s: not listed", name);
		return -1;
	case -1:
		snprintf(err, errlen, "%s: hash mismatch", name);
		return -1;
	}
	snprintf(err, errlen, "%s: the list is malformed", name);
	return -1;
}

int
siglist_check(const struct siglist *l, const char *name, const char *path, char *err, size_t errlen)
{
	unsigned char hash[32] = { 0 };
	char *p;
	int r;

	/* what is not listed need not be read */
	if (sumlist_lookup(l->text, l->len, name, hash) == 0)
		return siglist_check_hash(l, name, hash, err, errlen);
	p = path ? NULL : name[0] == '/' ? strdup(name) : path_join(l->dir, name);
	if (path == NULL && p == NULL) {
		sig_err(err, errlen, name, ENOMEM);
		return -1;
	}
	r = sha256_file(path ? path : p, hash);
	if (r < 0)
		sig_err(err, errlen, name, errno);
	free(p);
	return r < 0 ? -1 : siglist_check_hash(l, name, hash, err, errlen);
}

void
siglist_close(struct siglist *l)
{
	free(l->text);
	free(l->dir);
	l->text = l->dir = NULL;
}
