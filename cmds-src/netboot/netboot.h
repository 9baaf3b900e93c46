/* netboot.h - what netboot's files share (the flow is in main.c) */
#ifndef NETBOOT_H
#define NETBOOT_H
#include "cmd.h"
#include "bootcheck.h"

/* Where things land: in RAM (tmpfs), but for the lease. */
#define LEASE_FILE "/run/netboot.lease"
#define KERNEL_FILE "/tmp/netboot.kernel"
#define INITRD_FILE "/tmp/netboot.initrd"	/* then .2, .3, ... */
#define LIST_FILE "/tmp/netboot." BOOT_LIST
#define SIG_FILE "/tmp/netboot." BOOT_SIG
#define KERNEL_MAX "256M"
#define INITRD_MAX "2G"

/* fetch.c: wget, or tftp for a tftp:// URL (see fetcher). */
struct fetcher {
	char *argv[16];
	char host[300];
};
const char *fetcher(struct fetcher *f, const char *file, const char *max, const char *url);
void step(const char *what, char *const argv[]);	/* "netboot: WHAT (T s)", run, or die */
void fetch(const char *what, const char *file, const char *max, const char *url);
int try_fetch(const char *file, const char *max, const char *url);
char *initrd_path(int i);
void fetch_list(const char *dir);

/* dhcp.c: the NIC, the lease and the boot file it names. */
extern int v6;		/* the lease is DHCPv6's: its boot file is option 59's URL */
char *find_nic(void);
void dhcp(char *nic, char *tmo);
char *lease(const char *key);
char *url_from_lease(void);

/* script.c: a pxelinux boot file's config, an iPXE script. */
char *pxelinux(const char *bootfile, const char *nic, char **initrd, char **cmdline);
struct ipxe_boot;
int ipxe_script(const char *url, char *nic, char *tmo, struct ipxe_boot *b);

/* load.c: checked, measured, handed to kexec_file_load. */
double init_started(void);
void load(const char *url, int ninitrd, char **initrd_url, const char *cmdline);

#endif
