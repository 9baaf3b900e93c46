/* sig_keys.c - public keys from a PEM file or a directory of them */
#define _GNU_SOURCE 1
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "path.h"
#include "sigcheck.h"

static int
is_pem(const struct dirent *d)
{
	size_t n = strlen(d->d_name);

	return d->d_name[0] != '.' && n > 4 && strcmp(d->d_name + n - 4, ".pem") == 0;
}

/* One key from the file PATH into K, its DER malloc'd in *DER: 0 or -1. */
static int
load_one(const char *path, struct pubkey *k, unsigned char **der, char *err, size_t errlen)
{
	size_t len;
	char *pem = sig_read(path, SIG_PEM_MAX, &len);
	long n;
	int r = -1;

	*der = NULL;
	if (pem == NULL) {
		sig_err(err, errlen, path, errno);
		return -1;
	}
	if ((*der = malloc(SIG_DER_MAX)) != NULL &&
	    (n = pem_decode(pem, len, "PUBLIC KEY", *der, SIG_DER_MAX)) > 0)
		r = spki_parse(*der, (size_t)n, k);
	free(pem);
	if (r == 0)
		return 0;
	free(*der);
	*der = NULL;
	snprintf(err, errlen, "%s: %s", path, r == -2 ?
	    "RSA key of under 2048 or over 4096 bits" : "not a P-256 or RSA public key");
	return -1;
}

static int
load_dir(const char *dir, struct pubkey *k, unsigned char **der, int max, char *err, size_t errlen)
{
	struct dirent **ents;
	int n, got = 0;

	if ((n = scandir(dir, &ents, is_pem, alphasort)) < 0) {
		sig_err(err, errlen, dir, errno);
		return -1;
	}
	if (n == 0)
		snprintf(err, errlen, "%s: no keys (*.pem)", dir);
	else if (n > max)
		snprintf(err, errlen, "%s: more than %d keys", dir, max);
	for (int i = 0; i < n; i++) {
		char *path = path_join(dir, ents[i]->d_name);
		if (got >= 0 && n <= max && load_one(path, &k[got], &der[got], err, errlen) == 0)
			got++;
		else if (got >= 0) {
			sig_keys_free(der, got);
			got = -1;
		}
		free(path);
		free(ents[i]);
	}
	free(ents);
	return n == 0 ? -1 : got;
}

int
sig_keys_load(const char *keys, struct pubkey *k, unsigned char **der, int max,
    char *err, size_t errlen)
{
	struct stat st;

	if (keys == NULL)
		keys = BOOT_KEYS;
	if (stat(keys, &st) < 0) {
		sig_err(err, errlen, keys, errno);
		return -1;
	}
	if (S_ISDIR(st.st_mode))
		return load_dir(keys, k, der, max, err, errlen);
	return max < 1 || load_one(keys, k, der, err, errlen) < 0 ? -1 : 1;
}

void
sig_keys_free(unsigned char **der, int n)
{
	for (int i = 0; i < n; i++)
		free(der[i]);
}

int
sig_keys_present(const char *dir)
{
	struct dirent **ents;
	int n = scandir(dir ? dir : BOOT_KEYS, &ents, is_pem, NULL);

	for (int i = 0; i < n; i++)
		free(ents[i]);
	if (n >= 0)
		free(ents);
	return n > 0;
}
