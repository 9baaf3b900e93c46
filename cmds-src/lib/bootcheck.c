/* bootcheck.c - the boot policy: a plan of what is about to be kexec'd, verified */
#define _GNU_SOURCE 1
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "bootcheck.h"
#include "err.h"
#include "sha256.h"
#include "sigcheck.h"

/* NULL when full: a config with thousands of includes is refused, not fatal. */
static struct bootpart *
next_part(struct bootplan *p, const char *what, const char *name)
{
	struct bootpart *b;

	if (p->n == BOOT_PARTS_MAX)
		return NULL;
	b = &p->part[p->n++];
	b->what = what;
	b->name = xstrdup(name);
	return b;
}

int
bootplan_fd(struct bootplan *p, const char *what, const char *name, int fd, char *err, size_t errlen)
{
	struct bootpart *b = next_part(p, what, name);

	if (b != NULL && sha256_fd(fd, b->hash) == 0)
		return 0;
	snprintf(err, errlen, "%s: %s", name, b ? strerror(errno) : "more than " BOOT_PARTS_TEXT " files to boot");
	return -1;
}

int
bootplan_hash(struct bootplan *p, const char *what, const char *name, const unsigned char hash[32])
{
	struct bootpart *b = next_part(p, what, name);

	if (b != NULL)
		memcpy(b->hash, hash, 32);
	return b ? 0 : -1;
}

void
bootplan_free(struct bootplan *p)
{
	for (int i = 0; i < p->n; i++)
		free(p->part[i].name);
	p->n = 0;
}

/* A keys directory that exists but cannot be read counts as configured:
 * verification then fails and says why, rather than booting unverified. */
int
boot_keys(void)
{
	struct stat st;

	if (stat(BOOT_KEYS, &st) < 0)
		return errno != ENOENT;
	return !S_ISDIR(st.st_mode) || sig_keys_present(BOOT_KEYS) || access(BOOT_KEYS, R_OK | X_OK) < 0;
}

/* The command line is listed as "cmdline": its bytes, or its bytes and a newline. */
static int
check_cmdline(const struct siglist *l, const char *cmdline, char *err, size_t errlen)
{
	unsigned char h[32], hn[32];
	struct sha256 s;
	int r;

	sha256_init(&s);
	sha256_update(&s, cmdline, strlen(cmdline));
	sha256_final(&s, h);
	sha256_init(&s);
	sha256_update(&s, cmdline, strlen(cmdline));
	sha256_update(&s, "\n", 1);
	sha256_final(&s, hn);
	r = sumlist_lookup(l->text, l->len, BOOT_CMDLINE, h);
	if (r != 1 && sumlist_lookup(l->text, l->len, BOOT_CMDLINE, hn) == 1)
		r = 1;
	if (r == 1)
		return 0;
	snprintf(err, errlen, "the command line: %s as %s",
	    r == 0 ? "not listed" : r == -1 ? "hash mismatch" : "malformed list", BOOT_CMDLINE);
	return -1;
}

int
boot_verify(const struct bootplan *p, char *err, size_t errlen)
{
	struct siglist l;
	int r = 0;

	if (siglist_open(&l, NULL, p->list, p->sig, err, errlen) < 0)
		return -1;
	for (int i = 0; i < p->n && r == 0; i++)
		r = siglist_check_hash(&l, p->part[i].name, p->part[i].hash, err, errlen);
	if (r == 0 && !p->cmdline_from_configs)
		r = check_cmdline(&l, p->cmdline, err, errlen);
	siglist_close(&l);
	return r;
}

int
boot_check(const struct bootplan *p)
{
	char err[512];

	if (!boot_keys()) {
		fprintf(stderr, "%s: warning: no keys in %s: booting unverified\n", cmd_name, BOOT_KEYS);
	} else if (boot_verify(p, err, sizeof err) < 0) {
		fprintf(stderr, "%s: refused: %s\n", cmd_name, err);
		return -1;
	} else {
		fprintf(stderr, "%s: verified %d file%s and the command line against %s\n", cmd_name,
		    p->n, p->n == 1 ? "" : "s", p->list);
	}
	if (boot_measure(p, err, sizeof err) < 0) {
		fprintf(stderr, "%s: refused: measuring: %s\n", cmd_name, err);
		return -1;
	}
	return 0;
}
