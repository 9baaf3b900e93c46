/*
 * measure.c - the sources a compile read: with `ubuild.strict` on the kernel
 * command line each must be as the image shipped it (the source list the
 * image carries, u->sums), and when a TPM is present each is measured into
 * the source PCR, one event per file, in the order of their paths, logged as
 * "src PATH". A verifier replays the log and compares each digest with the
 * image's manifest (pack/attest): it learns which C ran, edits included.
 *
 * The source PCR is 14: 0-7 are the firmware's, 8 and 9 hold what our boot
 * measures (GRUB's convention: command lines, files), 10 is the kernel's IMA,
 * 11, 12, 13 and 15 are systemd's (its boot stub, credentials, system
 * extensions, machine id and volume keys). 14 is shim's MokList PCR, and no
 * shim runs after a LinuxBoot firmware.
 *
 * A present TPM that cannot take a measurement fails the build: a compile
 * that ran unmeasured would be invisible to the verifier, so trust is never
 * optional by accident. No TPM at all (no /dev/tpmrm0, no /dev/tpm0) means
 * nothing is measured, silently. Only compiles measure: a cache hit costs
 * nothing.
 */
#include <sys/stat.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sha256.h"
#include "tpm2.h"
#include "ubuild.h"

/* The SHA-256 of the file open at FD, from its start, leaving its offset alone. */
int
ub_hash_at(int fd, unsigned char d[32])
{
	unsigned char buf[16384];
	struct sha256 s;
	off_t off = 0;
	ssize_t n;

	sha256_init(&s);
	while ((n = pread(fd, buf, sizeof buf, off)) > 0) {
		sha256_update(&s, buf, n);
		off += n;
	}
	sha256_final(&s, d);
	return n < 0 ? -1 : 0;
}

/* 0 and its digest, 1 for a directory (a directory command's own: not a
 * source), or -1 with errno. */
static int
hash_path(const char *path, unsigned char d[32])
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC), r;

	if (fd < 0)
		return -1;
	r = fstat(fd, &st) < 0 ? -1 : S_ISDIR(st.st_mode) ? 1 : ub_hash_at(fd, d);
	close(fd);
	return r;
}

/* Is WORD a word of the kernel command line (before "--": the rest is init's)? */
static int
on_cmdline(const char *path, const char *word)
{
	char buf[4096], *w, *save;
	ssize_t n = -1;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd >= 0) {
		n = read(fd, buf, sizeof buf - 1);
		close(fd);
	}
	buf[n > 0 ? n : 0] = '\0';
	for (w = strtok_r(buf, " \t\n", &save); w && strcmp(w, "--") != 0; w = strtok_r(NULL, " \t\n", &save))
		if (strcmp(w, word) == 0)
			return 1;
	return 0;
}

int
ub_strict(const struct ub *u)
{
	static int strict = -1;

	if (strict < 0)
		strict = u->cmdline != NULL && on_cmdline(u->cmdline, "ubuild.strict");
	return strict;
}

int
ub_measuring(const struct ub *u)
{
	return ub_strict(u) || tpm2_device() != NULL;
}

/* In LIST (sha256sum lines): 1 PATH with digest D, 0 PATH with another, -1 not at all. */
static int
listed(const char *list, const char *path, const unsigned char d[32])
{
	char hex[65];
	size_t n = strlen(path);
	const char *l;

	for (int i = 0; i < 32; i++)
		snprintf(hex + 2 * i, 3, "%02x", d[i]);
	/* "HEX  PATH" (or "HEX *PATH") lines */
	for (l = list; l != NULL && *l != '\0'; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		if (strnlen(l, 66 + n) < 66 + n || l[64] != ' ' || (l[65] != ' ' && l[65] != '*'))
			continue;
		if (strncmp(l + 66, path, n) == 0 && (l[66 + n] == '\n' || l[66 + n] == '\0'))
			return strncmp(l, hex, 64) == 0;
	}
	return -1;
}

/* Strict mode: is PATH, with digest D, as shipped? If not, one line and UB_ESTRICT. */
static int
as_shipped(const struct ub *u, const char *list, const char *path, const unsigned char d[32])
{
	int r = listed(list, path, d);

	if (r == 1)
		return UB_OK;
	if (r == 0)
		fprintf(stderr, "ubuild: strict: %s: not as shipped (edited on the board?)\n", path);
	else
		fprintf(stderr, "ubuild: strict: %s: not shipped (not in %s)\n", path, u->sums);
	return UB_ESTRICT;
}

/* The source list, or NULL after one line. */
static char *
load_list(const struct ub *u)
{
	size_t len;
	char *list = u->sums ? ub_slurp(u->sums, &len) : NULL;

	if (list == NULL)
		fprintf(stderr, "ubuild: strict: %s: %s\n", u->sums ? u->sums : "no source list",
		    strerror(errno ? errno : ENOENT));
	return list;
}

/* Strict mode, before a compile: are FILES (NULL-terminated) as shipped? */
int
ub_strict_check(const struct ub *u, char *const *files)
{
	unsigned char d[32];
	char *list;
	int r = UB_OK;

	if (!ub_strict(u))
		return UB_OK;
	if ((list = load_list(u)) == NULL)
		return UB_ESTRICT;
	for (; r == UB_OK && *files != NULL; files++) {
		switch (hash_path(*files, d)) {
		case 0:
			r = as_shipped(u, list, *files, d);
			break;
		case -1:
			fprintf(stderr, "ubuild: strict: %s: %s\n", *files, strerror(errno));
			r = UB_ESTRICT;
		}
	}
	free(list);
	return r;
}

struct src {
	const char *path;
	unsigned char d[32];
};

static int
by_path(const void *a, const void *b)
{
	return strcmp(((const struct src *)a)->path, ((const struct src *)b)->path);
}

/* PATHS with their digests (as READ had them, else read now), sorted; NULL after one line. */
static struct src *
digests(char *const *paths, const struct paths *read, size_t *n)
{
	const unsigned char *d;
	struct src *s;
	size_t all, i;
	int r;

	for (all = 0; paths[all] != NULL; all++)
		;
	if ((s = calloc(all + 1, sizeof *s)) == NULL) {
		fprintf(stderr, "ubuild: measure: %s\n", strerror(errno));
		return NULL;
	}
	for (i = *n = 0; i < all; i++) {
		s[*n].path = paths[i];
		r = 0;
		if ((d = paths_sum(read, paths[i])) != NULL)
			memcpy(s[*n].d, d, 32);
		else if ((r = hash_path(paths[i], s[*n].d)) < 0)
			break;
		*n += r == 0;	/* a directory is no source */
	}
	if (i < all) {
		fprintf(stderr, "ubuild: measure: %s: %s\n", paths[i], strerror(errno));
		free(s);
		return NULL;
	}
	qsort(s, *n, sizeof *s, by_path);
	return s;
}

static int
measure(const char *dev, const struct src *s, size_t n)
{
	char desc[4200];
	struct tpm2 t;
	size_t i = 0;

	if (tpm2_open(&t, dev) == 0)
		for (; i < n; i++) {
			snprintf(desc, sizeof desc, "src %s", s[i].path);
			if (tpm2_measure(&t, UB_SOURCE_PCR, s[i].d, desc) < 0)
				break;
		}
	if (i < n)
		fprintf(stderr, "ubuild: %s: not measured into PCR %d, not built: %s\n",
		    s[i].path, UB_SOURCE_PCR, t.err);
	tpm2_close(&t);
	return i < n ? UB_EMEASURE : UB_OK;
}

/*
 * After a compile, before its result is kept: the files it read (PATHS, with
 * the digests READ took as the compiler opened them) are checked in strict
 * mode, then measured. UB_OK, or a code after one line.
 */
int
ub_seal(const struct ub *u, char *const *paths, const struct paths *read)
{
	const char *dev = tpm2_device();
	struct src *s;
	char *list = NULL;
	size_t n;
	int r = UB_OK;

	if (!ub_strict(u) && dev == NULL)
		return UB_OK;
	if ((s = digests(paths, read, &n)) == NULL)
		return UB_EMEASURE;
	if (ub_strict(u) && (list = load_list(u)) == NULL)
		r = UB_ESTRICT;
	for (size_t i = 0; list != NULL && r == UB_OK && i < n; i++)
		r = as_shipped(u, list, s[i].path, s[i].d);
	if (r == UB_OK && dev != NULL)
		r = measure(dev, s, n);
	free(list);
	free(s);
	return r;
}
