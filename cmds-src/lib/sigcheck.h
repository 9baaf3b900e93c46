/* sigcheck.h - signed hash lists: public keys, detached signatures, SHA256SUMS */
#ifndef SIGCHECK_H
#define SIGCHECK_H

#include <stddef.h>

/* Where boot keys live in the image: PEM files named *.pem. */
#define BOOT_KEYS "/etc/boot-keys"

/* Bounds on what is read; more is malformed. */
#define SIG_KEY_MAX 32		/* keys in a directory */
#define SIG_PEM_MAX 16384	/* bytes of one key file */
#define SIG_DER_MAX 1024	/* bytes of one key's DER: RSA-4096 needs ~550 */
#define SIG_SIG_MAX 1024	/* bytes of a signature: RSA-4096's are 512 */
#define SIG_LIST_MAX (1 << 20)	/* bytes of a hash list */

/*
 * The pure parsers: buffers in, no I/O, every length bounded, any input safe.
 *
 * pem_decode: the first "-----BEGIN LABEL-----" block of TEXT, base64
 * decoded into OUT (at most CAP bytes); its length, or -1 if there is no such
 * block or it is malformed or too long.
 */
long pem_decode(const char *text, size_t len, const char *label, unsigned char *out, size_t cap);

/* A public key: pointers into the DER it was parsed from (which must outlive
 * it). EC: the uncompressed P-256 point (65 bytes). RSA: modulus and
 * exponent, big-endian without leading zeros. */
enum { PK_EC_P256 = 1, PK_RSA };
struct pubkey {
	int type;
	const unsigned char *q, *n, *e;
	size_t qlen, nlen, elen;
};
/* spki_parse: DER SubjectPublicKeyInfo (what `openssl pkey -pubout` writes)
 * to a key: 0; -1 not an EC P-256 or RSA key; -2 an RSA key of other than
 * 2048 to 4096 bits (refused: weak, or more than BearSSL's i31 code takes). */
int spki_parse(const unsigned char *der, size_t len, struct pubkey *k);

/* sha256sum lines, "HEX  NAME" or "HEX *NAME", one per line: sumlist_next
 * reads the line at *POS (before END) and moves past it: 1 with the digest in
 * HASH and the name at NAME (NAMELEN bytes, not terminated); 0 at the end;
 * -1 a malformed line (*POS is left on it). Blank lines, GNU's escaped names
 * (a leading '\') and the BSD tag form are malformed. */
int sumlist_next(const char **pos, const char *end, unsigned char hash[32],
    const char **name, size_t *namelen);
/* sumlist_lookup: is NAME in the list (TEXT, LEN bytes) with digest HASH?
 * 1 listed and every line naming it has HASH; 0 not listed; -1 listed with
 * another digest; -2 the list is malformed. */
int sumlist_lookup(const char *text, size_t len, const char *name, const unsigned char hash[32]);

/* sig_verify: does SIG sign the SHA-256 digest HASH under one of the N keys?
 * 0 yes; SIG_BAD a malformed signature, or an RSA one that a key opens to
 * another digest (the list or the signature changed); SIG_UNKNOWN none of
 * the keys verifies it (ECDSA cannot tell an altered list from another key). */
enum { SIG_BAD = -1, SIG_UNKNOWN = -2 };
int sig_verify(const struct pubkey *keys, int n, const unsigned char hash[32],
    const unsigned char *sig, size_t siglen);

/*
 * Files. Errors come back as one line "WHAT: WHY" in ERR (ERRLEN bytes), for
 * the caller to print after its name: "SHA256SUMS.sig: bad signature",
 * "vmlinuz: hash mismatch", "vmlinuz: not listed", "SHA256SUMS: missing",
 * "k.pem: not a P-256 or RSA public key". Functions return 0 or -1.
 *
 * A signed list, checked: siglist_open reads the keys (KEYS, a PEM file or a
 * directory of *.pem files; NULL for BOOT_KEYS), the list LIST and its
 * signature SIG, and verifies the signature. Names in the list are relative
 * to the list's directory, as sha256sum -c reads them there.
 */
struct siglist {
	char *text;	/* the list, NUL-terminated */
	size_t len;
	char *dir;	/* the list's directory */
};
int siglist_open(struct siglist *l, const char *keys, const char *list, const char *sig,
    char *err, size_t errlen);
/* NAME as the list writes it; its content from PATH (NULL: NAME in the list's
 * directory). siglist_check_hash: for content the caller holds (a download). */
int siglist_check(const struct siglist *l, const char *name, const char *path, char *err, size_t errlen);
int siglist_check_hash(const struct siglist *l, const char *name, const unsigned char hash[32],
    char *err, size_t errlen);
void siglist_close(struct siglist *l);

/* Keys from a PEM file or a directory of *.pem: how many (at most MAX), or
 * -1 with ERR set (a file that is not a key, no keys, too many). Each key's
 * DER is malloc'd in DER[i]; free them with sig_keys_free. For the boot
 * policy, sig_keys_present says whether DIR holds any *.pem file at all. */
int sig_keys_load(const char *keys, struct pubkey *k, unsigned char **der, int max,
    char *err, size_t errlen);
void sig_keys_free(unsigned char **der, int n);
int sig_keys_present(const char *dir);

/* Helpers of the above. sig_read: the file PATH whole, NUL-terminated,
 * malloc'd, its length in *LEN; NULL and errno (EFBIG: over MAX bytes).
 * sig_err: "WHAT: WHY" into ERR, WHY from errno E ("missing" for ENOENT). */
char *sig_read(const char *path, size_t max, size_t *len);
void sig_err(char *err, size_t errlen, const char *what, int e);
/* SHA-256 of the file PATH, or of what descriptor FD reads from offset 0
 * (its offset unmoved): 0, or -1 and errno. */
int sha256_file(const char *path, unsigned char hash[32]);
int sha256_fd(int fd, unsigned char hash[32]);

#endif
