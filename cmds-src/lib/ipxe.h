/* ipxe.h - a subset of iPXE's boot scripts, run with the caller's I/O */
#ifndef IPXE_H
#define IPXE_H

#include <stddef.h>

/*
 * ipxe_run runs TEXT, a script fetched from SCRIPT_URL (the base of its
 * relative URLs; NULL if none), until it boots: 0 and BOOT filled in (see
 * ipxe_boot_free); 1 if TEXT is not an iPXE script (no "#!ipxe" first line);
 * -1 with one line in BOOT->error ("ipxe: line 7: imgtrust: unsupported
 * command") if the script failed, ended without booting, or went past a limit.
 * It reads and sets variables in ENV, and does what needs the world through
 * OPS: fetch for chain (a script, or a kernel the caller keeps), dhcp, echo,
 * sleep. Commands: dhcp, ifconf, kernel, initrd, boot, chain, imgexec, set,
 * goto and :labels, echo, sleep, isset, iseq, exit; && || ; between commands.
 * As in iPXE, ${name} and ${net0/name:type} expand to a variable's value, an
 * empty word is dropped, a failing command not followed by || ends the script.
 * Unlike iPXE, a line is split into words before expansion, so a value is
 * never taken for an operator.
 */
#define IPXE_SCRIPT_MAX 65536	/* bytes in a script */
#define IPXE_LINE_MAX 8192	/* bytes in a line, joined by backslashes and expanded */
#define IPXE_INITRDS 16
#define IPXE_DEPTH 8		/* scripts chained from scripts */
#define IPXE_CHAINS 32		/* chains in all */
#define IPXE_GOTOS 1000		/* jumps in all */
#define IPXE_VARS 64
#define IPXE_NAME_MAX 64
#define IPXE_VALUE_MAX 1024
#define IPXE_ARGS_MAX 4096	/* a kernel's command line */
#define IPXE_SLEEP_MAX 3600	/* seconds of sleep in all */

/* Variables by bare name ("mac", "ip", "filename"): ${net0/mac} finds "mac".
 * ipxe_set with VALUE NULL or "" deletes NAME; -1 if NAME or VALUE is too
 * long or the table is full. ipxe_get: NULL if NAME is not set. */
struct ipxe_env {
	int n;
	struct {
		char name[IPXE_NAME_MAX + 1];
		char *value;
	} v[IPXE_VARS];
};
int ipxe_set(struct ipxe_env *env, const char *name, const char *value);
const char *ipxe_get(const struct ipxe_env *env, const char *name);
void ipxe_env_free(struct ipxe_env *env);

/* The caller's side. fetch: the file at URL (absolute), at most MAX bytes of
 * its start, malloc'd; 0, or -1 if it could not be fetched. dhcp: configure
 * the network again and update ENV; 0, or -1 on failure. echo: show TEXT,
 * then a newline if NEWLINE. sleep: wait SECONDS. Any may be NULL: then
 * fetch and dhcp fail, and echo and sleep do nothing. */
struct ipxe_ops {
	void *ctx;
	int (*fetch)(void *ctx, const char *url, size_t max, char **text, size_t *len);
	int (*dhcp)(void *ctx, struct ipxe_env *env);
	void (*echo)(void *ctx, const char *text, int newline);
	void (*sleep)(void *ctx, unsigned seconds);
};

/* What to boot: absolute URLs, malloc'd. fetched is 1 if the kernel is the
 * file the last fetch returned (chain to what is not a script), so the caller
 * need not fetch it again. */
struct ipxe_boot {
	char *kernel;
	char *args;		/* "" if none */
	char *initrd[IPXE_INITRDS];
	int ninitrd;
	int fetched;
	char error[512];
};
int ipxe_run(const char *text, size_t len, const char *script_url, struct ipxe_env *env,
    const struct ipxe_ops *ops, struct ipxe_boot *boot);
void ipxe_boot_free(struct ipxe_boot *boot);

#endif
