/* script.c - netboot's boot file as a pxelinux one (its config fetched) or an iPXE script */
#include "netboot.h"
#include "url.h"
#include "ipxe.h"
#include "modules.h"
#include "pxelinux.h"
#include "proc.h"

/* pxelinux: a boot file named pxelinux.0 is not fetched; the config pxelinux
 * would read beside it is (lib/pxelinux.h), in pxelinux's order of names. */
static const char pxe_file[] = "/tmp/netboot.cfg";
static const char pxe_err[] = "/tmp/netboot.cfg.err";
#define PXE_CONFIG_MAX "1M"

/* ARGV run with its standard error in the file ERR. */
static int
run_err_to(char *const argv[], const char *err)
{
	int fd = open(err, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	int save = fcntl(2, F_DUPFD_CLOEXEC, 3), r;

	if (fd < 0 || save < 0)
		die_errno("%s", err);
	fflush(stderr);
	dup2(fd, 2);
	close(fd);
	r = run_wait(argv);
	dup2(save, 2);
	close(save);
	return r;
}

/* The first line of FILE (at most N-1 bytes), or "". */
static char *
first_line(const char *file, char *buf, size_t n)
{
	FILE *f = fopen(file, "r");

	buf[0] = '\0';
	if (f != NULL) {
		if (fgets(buf, n, f) == NULL)
			buf[0] = '\0';
		fclose(f);
	}
	buf[strcspn(buf, "\n")] = '\0';
	return buf;
}

/* A config into memory with wget. A 404 or 410 is a name the server does not
 * have (ENOENT: the next name is tried); any other failure ends netboot with
 * wget's reason. */
static char *
pxe_get(void *ctx, const char *url, size_t *len)
{
	struct fetcher fe;
	char msg[1024], *text, *shown = text_escape(url);
	const char *e;
	FILE *f;
	int r;

	(void)ctx;
	if ((e = fetcher(&fe, pxe_file, PXE_CONFIG_MAX, url)) != NULL)
		die("%s: %s", shown, e);
	printf("netboot: trying %s (%.2f s)\n", shown, uptime());
	fflush(stdout);
	free(shown);
	if ((r = run_err_to(fe.argv, pxe_err)) < 0)
		die_errno("%s", fe.argv[0]);
	first_line(pxe_err, msg, sizeof msg);
	/* HTTP's 404 and 410, TFTP's error 1 (file not found) */
	if (r != 0 && (strstr(msg, ": 404 ") || strstr(msg, ": 410 ") || strstr(msg, ": server error 1: "))) {
		errno = ENOENT;
		return NULL;
	}
	if (r != 0)
		die("%s", strncmp(msg, "wget: ", 6) == 0 || strncmp(msg, "tftp: ", 6) == 0 ?
		    msg + 6 : "fetching a pxelinux config failed");
	if ((f = fopen(pxe_file, "r")) == NULL)
		die_errno("%s", pxe_file);
	text = xmalloc((1 << 20) + 1);
	*len = fread(text, 1, 1 << 20, f);
	text[*len] = '\0';
	fclose(f);
	return text;
}

/* A line of a file of /sys, or NULL. */
static char *
sys_value(const char *path)
{
	char buf[128];

	return *first_line(path, buf, sizeof buf) ? xstrdup(buf) : NULL;
}

/* The entry pxelinux would boot unattended, from the first config found:
 * its kernel URL; its initrd and APPEND unless -i and -c were given. */
char *
pxelinux(const char *bootfile, const char *nic, char **initrd, char **cmdline)
{
	struct pxe_fetch f = { NULL, pxe_get };
	char *names[PXE_NAMES_MAX], *base = url_join(bootfile, "."), *cfg, *kernel, *shown, *label;
	char path[300];
	char *uuid = sys_value("/sys/class/dmi/id/product_uuid"), *ip = lease("ip"), *mac;
	int n, c, status = cmd_status;
	struct sx_list l;
	const struct sx_entry *e;

	snprintf(path, sizeof path, "/sys/class/net/%s/address", nic);
	mac = sys_value(path);
	n = pxe_names(names, uuid, mac, ip);
	if ((cfg = pxe_config(&l, base, names, n, &f)) == NULL)
		die("%spxelinux.cfg/: no config of the %d names tried", text_escape(base), n);
	cmd_status = status;	/* a config line warned about is skipped, not a failure */
	if ((c = pxe_choose(&l)) < 0)
		die("%s: no label with a Linux kernel", text_escape(cfg));
	e = &l.e[c];
	shown = text_escape(cfg), label = text_escape(e->name);
	printf("netboot: config %s: booting '%s'\n", shown, label);
	free(shown), free(label);
	if (*initrd == NULL && e->ninitrd > 1)
		die("%s:%d: %d initrds; netboot loads one", text_escape(e->config), e->line, e->ninitrd);
	if (*initrd == NULL && e->ninitrd == 1)
		*initrd = xstrdup(e->initrd[0]);
	if (*cmdline == NULL)
		*cmdline = xstrdup(e->cmdline);
	kernel = xstrdup(e->kernel);
	for (int i = 0; i < n; i++)
		free(names[i]);
	sx_list_free(&l);
	free(base), free(cfg), free(uuid), free(ip), free(mac);
	return kernel;
}

/* ---- iPXE scripts: the boot file may be one ---- */

static const char chain_file[] = "/tmp/netboot.chain";	/* what an iPXE script chains to */

struct script_ctx {
	char *nic, *tmo;
};

/* The first MAX bytes of FILE, malloc'd; -1 if it cannot be read. */
static int
read_head(const char *file, size_t max, char **text, size_t *len)
{
	int fd = open(file, O_RDONLY | O_CLOEXEC);
	ssize_t n = 0;
	size_t got = 0;

	if (fd < 0)
		return -1;
	*text = xmalloc(max + 1);
	while (got < max && (n = read(fd, *text + got, max - got)) > 0)
		got += (size_t)n;
	close(fd);
	if (n < 0) {
		free(*text);
		return -1;
	}
	*len = got;
	return 0;
}

/* What the script's ${...} find: the lease's values by iPXE's names, the
 * NIC's MAC address, the machine's UUID; a value gone is unset. */
static void
lease_env(struct ipxe_env *env, const char *nic)
{
	static const char *const names[][2] = {
		{ "ip", "ip" }, { "netmask", "mask" }, { "gateway", "router" }, { "dns", "dns" },
		{ "domain", "domain" }, { "hostname", "hostname" }, { "filename", "bootfile" },
		{ "next-server", "siaddr" },
	};
	char path[PATH_MAX], *v, *text;
	size_t len;

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		ipxe_set(env, names[i][0], v = lease(names[i][1]));
		free(v);
	}
	snprintf(path, sizeof path, "/sys/class/net/%s/address", nic);
	for (int i = 0; i < 2; i++, strcpy(path, "/sys/class/dmi/id/product_uuid")) {
		if (read_head(path, 64, &text, &len) < 0)
			continue;
		text[strcspn(text, "\n")] = '\0';
		ipxe_set(env, i ? "uuid" : "mac", text);
		free(text);
	}
}

static int
script_fetch(void *ctx, const char *url, size_t max, char **text, size_t *len)
{
	char *shown = text_escape(url);

	(void)ctx;
	printf("netboot: fetching %s (%.2f s)\n", shown, uptime());
	fflush(stdout);
	free(shown);
	unlink(chain_file);
	if (try_fetch(chain_file, KERNEL_MAX, url) != 0)	/* it may be the kernel */
		return -1;
	return read_head(chain_file, max, text, len);
}

static int
script_dhcp(void *ctx, struct ipxe_env *env)
{
	struct script_ctx *c = ctx;

	printf("netboot: DHCP (%.2f s)\n", uptime());
	fflush(stdout);
	if (run_wait((char *[]){ "dhclient", "-t", c->tmo, "-f", (char *)LEASE_FILE, c->nic, NULL }) != 0)
		return -1;
	lease_env(env, c->nic);
	return 0;
}

static void
script_echo(void *ctx, const char *text, int newline)
{
	char *e = text_escape(text);

	(void)ctx;
	printf("%s%s", e, newline ? "\n" : "");
	fflush(stdout);
	free(e);
}

static void
script_sleep(void *ctx, unsigned seconds)
{
	(void)ctx;
	sleep(seconds);
}

/* If the boot file fetched from URL is an iPXE script, run it: 1 and what
 * it boots in B, the kernel fetched; 0 if it is a kernel. */
int
ipxe_script(const char *url, char *nic, char *tmo, struct ipxe_boot *b)
{
	struct script_ctx c = { nic, tmo };
	struct ipxe_ops ops = { &c, script_fetch, script_dhcp, script_echo, script_sleep };
	struct ipxe_env env = { 0 };
	char *text, *shown;
	size_t len;
	int r;

	if (read_head(KERNEL_FILE, IPXE_SCRIPT_MAX + 1, &text, &len) < 0)
		die_errno("%s", KERNEL_FILE);
	if (len >= 6 && memcmp(text, "#!ipxe", 6) == 0)
		printf("netboot: %s is an iPXE script\n", shown = text_escape(url)), free(shown);
	lease_env(&env, nic);
	r = ipxe_run(text, len, url, &env, &ops, b);
	free(text);
	ipxe_env_free(&env);
	if (r < 0)
		die("%s", b->error);
	if (r == 1)
		return 0;
	printf("netboot: kernel %s\n", shown = text_escape(b->kernel));
	free(shown);
	if (b->fetched && rename(chain_file, KERNEL_FILE) < 0)
		die_errno("%s", chain_file);
	if (!b->fetched)
		fetch("fetching the kernel", KERNEL_FILE, KERNEL_MAX, b->kernel);
	return 1;
}
