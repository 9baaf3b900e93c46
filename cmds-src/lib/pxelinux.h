/* pxelinux.h - pxelinux for netboot: the config names tried, the config fetched, the entry chosen */
#ifndef PXELINUX_H
#define PXELINUX_H

#include <stddef.h>
#include "syslinux.h"

/*
 * A DHCP boot file named pxelinux.0 (lpxelinux.0, gpxelinux.0: any name
 * ending so, any case; query and fragment aside) is not fetched: netboot
 * reads the pxelinux config beside it instead, as pxelinux would.
 */
int pxe_bootfile(const char *url);

/*
 * The names pxelinux tries under pxelinux.cfg/, in order: the client UUID
 * (lower case), "01-" and the Ethernet MAC (lower case, dashes), the IPv4
 * address as 8 upper-case hex digits and then shortened a digit at a time
 * down to one, and "default". UUID, MAC (as sysfs writes it, colons) and
 * IP (dotted quad) may be NULL, and are skipped if malformed. The names
 * are malloc'd into NAMES; returns how many.
 */
#define PXE_NAMES_MAX 11
int pxe_names(char *names[PXE_NAMES_MAX], const char *uuid, const char *mac, const char *ip);

/* Where a KERNEL, INITRD or INCLUDE path of a config points: relative to
 * BASE (the boot file's directory URL, ending in '/'), "::PATH" from the
 * server's root, "HOST::PATH" on http://HOST/, a URL as is. Malloc'd. */
char *pxe_path(const char *base, const char *written);

/* How configs are fetched: URL's body, malloc'd and NUL-ended; NULL with
 * errno ENOENT when the server has no such file; NULL with another errno
 * when the fetch failed (the callback has said why). */
struct pxe_fetch {
	void *ctx;
	char *(*get)(void *ctx, const char *url, size_t *len);
};

/* The first of NAMES under BASE + "pxelinux.cfg/" that exists, parsed into
 * L (INCLUDEs fetched the same way). Its URL, malloc'd; NULL and errno
 * ENOENT if none exists, or the failed fetch's errno. */
char *pxe_config(struct sx_list *l, const char *base, char *const names[], int n,
    const struct pxe_fetch *f);

/* The entry pxelinux boots when nobody types: ONTIMEOUT's label, else
 * MENU DEFAULT's or DEFAULT's, else the first; -1 if there is none. */
int pxe_choose(const struct sx_list *l);

#endif
