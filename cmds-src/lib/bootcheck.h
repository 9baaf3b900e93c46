/* bootcheck.h - before every kexec: the signed hash list checked, the TPM told */
#ifndef BOOTCHECK_H
#define BOOTCHECK_H

#include <stddef.h>

/*
 * What boot, netboot and kexec do between reading a kernel and
 * kexec_file_load. When /etc/boot-keys holds a key, the kernel, every initrd
 * and the command line must be in a list SHA256SUMS (beside the kernel)
 * whose detached signature SHA256SUMS.sig a key verifies; anything else is
 * refused. The command line is listed under the name "cmdline" (the SHA-256
 * of its bytes, with or without one trailing newline, so `printf %s` and
 * `echo` into a file both do), or, for a disk boot, covered by listing every
 * config file it came from. Without keys the boot goes on after a warning.
 * Then, if a TPM is present, each part is measured (GRUB's convention):
 * the command line into PCR 8, files into PCR 9, each logged in
 * /run/tpm/events.
 */
#define BOOT_LIST "SHA256SUMS"
#define BOOT_SIG "SHA256SUMS.sig"
#define BOOT_CMDLINE "cmdline"
#define PCR_CMDLINE 8
#define PCR_FILES 9
#define BOOT_PARTS_MAX 256	/* kernel, initrds, configs */
#define BOOT_PARTS_TEXT "256"

struct bootpart {
	const char *what;	/* "kernel", "initrd" or "config": the event log's word */
	char *name;		/* as the list names it: relative to the list's directory */
	unsigned char hash[32];
};

struct bootplan {
	struct bootpart part[BOOT_PARTS_MAX];
	int n;
	const char *cmdline;	/* "" for none */
	int cmdline_from_configs;	/* the configs listed cover it (disk boot, unedited) */
	const char *list, *sig;	/* where the list and its signature were read from */
};

/* Add a part: its hash from FD (read from offset 0, the offset unmoved) or
 * given. NAME is copied. 0, or -1 (with the reason in ERR): a read error,
 * or more than BOOT_PARTS_MAX parts. */
int bootplan_fd(struct bootplan *p, const char *what, const char *name, int fd,
    char *err, size_t errlen);
int bootplan_hash(struct bootplan *p, const char *what, const char *name,
    const unsigned char hash[32]);
void bootplan_free(struct bootplan *p);

/* Are boot keys configured? (Any *.pem in /etc/boot-keys.) */
int boot_keys(void);
/* Verify P against its list: 0, or -1 with "NAME: why" in ERR. */
int boot_verify(const struct bootplan *p, char *err, size_t errlen);
/* Measure P into the TPM, if there is one: 0 (also with no TPM), or -1. */
int boot_measure(const struct bootplan *p, char *err, size_t errlen);

/* Both, in that order, with the messages: "CMD: refused: WHY" and -1, or 0
 * after "CMD: verified ..." or "CMD: warning: ... unverified". */
int boot_check(const struct bootplan *p);

/* What kexec and netboot do: KERNEL and the N files INITRD (N may be 0)
 * opened, checked as KNAME and INAME against LIST and SIG, measured, and
 * handed to kexec_file_load; several initrds are loaded as one, concatenated
 * in memory. 0; -1 refused, or an initrd unreadable (the line printed);
 * -2 the load failed, errno set. CHECK_S, if not NULL, gets the seconds
 * checking and measuring took (hashing included). */
int boot_load_files(const char *kernel, const char *kname, int n, char *const initrd[], char *const iname[],
    const char *cmdline, const char *list, const char *sig, double *check_s);

/* PATH relative to the directory DIR, both absolute: "a/b", "../x". Each
 * is made canonical first (no "." or "..", single slashes). Malloc'd. */
char *rel_path(const char *dir, const char *path);

#endif
