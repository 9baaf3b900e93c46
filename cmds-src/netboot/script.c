/* netboot - DHCP on the first NIC, fetch a kernel (and initrd) over HTTP(S) or TFTP, kexec into it */
#include "cmd.h"
#include "num.h"
#include "url.h"
#include "io.h"
#include "ipxe.h"
#include "kexec.h"
#include "modules.h"
#include "bootcheck.h"
#include "pxelinux.h"
#include <sys/reboot.h>
#include <sys/syscall.h>

#ifndef MFD_CLOEXEC
#define MFD_CLOEXEC 1
#endif
#include <strings.h>
#include "proc.h"

static const char usage[] = "netboot [-6] [-i INITRD_URL] [-c CMDLINE] [-t DHCP_SECONDS] [-n] [KERNEL_URL]";
static const char lease_file[] = "/run/netboot.lease";
static const char kernel_file[] = "/tmp/netboot.kernel";
static const char initrd_file[] = "/tmp/netboot.initrd";	/* then .2, .3, ... */
static const char chain_file[] = "/tmp/netboot.chain";	/* what an iPXE script chains to */
static const char list_file[] = "/tmp/netboot." BOOT_LIST;
static const char sig_file[] = "/tmp/netboot." BOOT_SIG;
static int v6;		/* the lease is DHCPv6's: its boot file is option 59's URL */

/* The fetches, for wget: they land in RAM (tmpfs). */
#define FETCH_TIMEOUT "30"	/* seconds without progress */
#define FETCH_DEADLINE "900"	/* seconds in all, for each file */
#define KERNEL_MAX "256M"
#define INITRD_MAX "2G"

/* When userspace started, in seconds since boot: init notes it in
 * /run/init.started; else PID 1's start (field 22 of /proc/1/stat), which is
 * earlier: the kernel thread that later runs init. */
static double
init_started(void)
{
	char buf[1024], *p;
	unsigned long long ticks = 0;
	double t = 0;
	FILE *f = fopen("/run/init.started", "r");
	size_t n;
	int got;

	if (f != NULL) {
		got = fscanf(f, "%lf", &t);
		fclose(f);
		if (got == 1)
			return t;
	}
	f = fopen("/proc/1/stat", "r");
	n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
	if (f != NULL)
		fclose(f);
	buf[n] = '\0';
	if ((p = strrchr(buf, ')')) == NULL)
		return 0;
	for (int field = 2; *++p && field < 22;)
		if (*p == ' ')
			field++;
	sscanf(p, "%llu", &ticks);
	return (double)ticks / sysconf(_SC_CLK_TCK);
}

static void
step(const char *what, char *const argv[])
{
	int r;

	printf("netboot: %s (%.2f s)\n", what, uptime());
	fflush(stdout);
	if ((r = run_wait(argv)) < 0)
		die_errno("%s", what);
	if (r != 0)
		die("%s failed", what);
}

/* The command that fetches URL into FILE: wget, or tftp for a
 * tftp://HOST[:PORT]/PATH URL (RFC 3617; PATH as the server knows it, so a
 * boot file "/boot/x" is tftp://HOST//boot/x). Either gives up on a server
 * that stalls (FETCH_TIMEOUT), takes too long in all (FETCH_DEADLINE), or
 * sends more than MAX. NULL, or why the URL will not do. */
struct fetcher {
	char *argv[16];
	char host[300];
};

static const char *
fetcher(struct fetcher *f, const char *file, const char *max, const char *url)
{
	const char *auth = url + 7, *path;
	char *const wget[] = { "wget", "-q", "-T", FETCH_TIMEOUT, "-D", FETCH_DEADLINE, "-M", (char *)max,
	    "-O", (char *)file, (char *)url, NULL };

	if (strncasecmp(url, "tftp://", 7) != 0) {
		memcpy(f->argv, wget, sizeof wget);
		return NULL;
	}
	if ((path = strchr(auth, '/')) == NULL || path[1] == '\0')
		return "no file in the tftp:// URL";
	if ((size_t)(path - auth) >= sizeof f->host)
		return "host name too long";
	memcpy(f->host, auth, path - auth);
	f->host[path - auth] = '\0';
	memcpy(f->argv, (char *[]){ "tftp", "-g", "-t", FETCH_TIMEOUT, "-D", FETCH_DEADLINE, "-M", (char *)max,
	    "-l", (char *)file, "-r", (char *)path + 1, f->host, NULL }, 14 * sizeof (char *));
	return NULL;
}

static void
fetch(const char *what, const char *file, const char *max, const char *url)
{
	struct fetcher f;
	const char *e;

	if ((e = fetcher(&f, file, max, url)) != NULL)
		die("%s: %s", text_escape(url), e);
	step(what, f.argv);
}

/* The same, for an iPXE script: 0, or the fetch failed (the script may go on). */
static int
try_fetch(const char *file, const char *max, const char *url)
{
	struct fetcher f;

	return fetcher(&f, file, max, url) != NULL ? -1 : run_wait(f.argv);
}

/* Where initrd I (from 0) is fetched to: /tmp/netboot.initrd, then .2, .3, ... */
static char *
initrd_path(int i)
{
	char *p = xmalloc(sizeof initrd_file + 16);

	if (i == 0)
		strcpy(p, initrd_file);
	else
		sprintf(p, "%s.%d", initrd_file, i + 1);
	return p;
}

static char *
seconds(char *s)
{
	unsigned long long v;

	if (parse_uint(s, 86400, &v) < 0 || v < 1)
		die("%s: invalid DHCP timeout (1 to 86400 seconds)", s);
	return s;
}

/* The name the signed list gives the file at URL: its path after the
 * directory DIR (a URL ending in '/'), query dropped. NULL if it is not there. */
static char *
listed_name(const char *dir, const char *url)
{
	size_t n = strlen(dir);

	if (strncmp(url, dir, n) != 0 || url[n] == '\0')
		return NULL;
	return strndup(url + n, strcspn(url + n, "?#"));
}

/* With boot keys, SHA256SUMS and its signature from beside the kernel. */
static void
fetch_list(const char *dir)
{
	char *list = url_join(dir, BOOT_LIST), *sig = url_join(dir, BOOT_SIG);
	struct fetcher lf, sf;

	printf("netboot: fetching %s and %s (%.2f s)\n", BOOT_LIST, BOOT_SIG, uptime());
	fflush(stdout);
	unlink(list_file), unlink(sig_file);
	if (fetcher(&lf, list_file, "1M", list) != NULL || run_wait(lf.argv) != 0)
		die("refused: %s: list missing (the fetch failed)", text_escape(list));
	if (fetcher(&sf, sig_file, "4K", sig) != NULL || run_wait(sf.argv) != 0)
		die("refused: %s: signature missing (the fetch failed)", text_escape(sig));
	free(list), free(sig);
}

/* Several initrds (from an iPXE script), as boot_load_files does one: each
 * checked as NAME[i] through the descriptor it is then copied from, into one
 * memfd, as the kernel unpacks cpio archives one after another. */
static int
load_initrds(const char *kname, int n, char **name, const char *cmdline, double *check)
{
	static struct bootplan p;	/* large: not on a small stack */
	char err[512], *file;
	double t0 = uptime();
	int kfd, ifd, fd, r;

	memset(&p, 0, sizeof p);
	p.cmdline = cmdline, p.list = list_file, p.sig = sig_file;
	if ((kfd = open(kernel_file, O_RDONLY | O_CLOEXEC)) < 0 ||
	    (ifd = (int)syscall(SYS_memfd_create, "initrd", MFD_CLOEXEC)) < 0)
		return -2;
	if (bootplan_fd(&p, "kernel", kname, kfd, err, sizeof err) < 0)
		die("%s", err);
	for (int i = 0; i < n; i++) {
		if ((fd = open(file = initrd_path(i), O_RDONLY | O_CLOEXEC)) < 0)
			die_errno("%s", file);
		if (bootplan_fd(&p, "initrd", name[i], fd, err, sizeof err) < 0)
			die("%s", err);
		if (copy_fd(fd, ifd) < 0)
			die_errno("%s", file);
		close(fd), free(file);
	}
	if (boot_check(&p) < 0)
		return -1;
	*check = uptime() - t0;
	r = kexec_load_fd(kfd, ifd, p.cmdline) < 0 ? -2 : 0;
	bootplan_free(&p);
	close(kfd), close(ifd);
	return r;
}

/* Checked, measured and loaded with kexec_file_load, timed: under QEMU's TCG
 * most of it is the kernel hashing the image (for its signature, and for
 * purgatory). The signed list, if any, names files as they are beside the
 * kernel's URL. */
static void
load(const char *url, int ninitrd, char **initrd_url, const char *cmdline)
{
	char *dir = url_join(url, "."), *kname = listed_name(dir, url), *iname[IPXE_INITRDS] = { NULL };
	double t0 = uptime(), since = t0 - init_started(), check = 0;
	int r;

	for (int i = 0; i < ninitrd; i++) {
		if (boot_keys() && (iname[i] = listed_name(dir, initrd_url[i])) == NULL)
			die("refused: initrd %s: not beside the kernel, so not in its %s",
			    text_escape(initrd_url[i]), BOOT_LIST);
		if (iname[i] == NULL)
			iname[i] = xstrdup(initrd_url[i]);
	}
	if (boot_keys())
		fetch_list(dir);
	printf("netboot: loading the kernel (%.2f s)\n", t0);
	fflush(stdout);
	if (ninitrd > 1)
		r = load_initrds(kname ? kname : url, ninitrd, iname, cmdline, &check);
	else
		r = boot_load_files(kernel_file, kname ? kname : url, ninitrd ? initrd_file : NULL,
		    iname[0], cmdline, list_file, sig_file, &check);
	if (r == -1)
		exit(1);
	if (r < 0)
		die("loading the kernel: %s", kexec_error(errno));
	printf("netboot: kexec_file_load %.2f s after init started, took %.2f s, checking and measuring %.2f s of it\n",
	    since, uptime() - t0, check);
	free(dir), free(kname);
	for (int i = 0; i < ninitrd; i++)
		free(iname[i]);
}

/* The first interface that is not loopback, in name order; NULL if none. */
static char *
first_nic(void)
{
	struct dirent **v;
	char *nic = NULL;
	int n = scandir("/sys/class/net", &v, NULL, alphasort);

	for (int i = 0; i < n; i++) {
		if (nic == NULL && v[i]->d_name[0] != '.' && strcmp(v[i]->d_name, "lo") != 0)
			nic = xstrdup(v[i]->d_name);
		free(v[i]);
	}
	if (n >= 0)
		free(v);
	return nic;
}

/* Load the NIC drivers the image carries: every module under drivers/net and virtio_pci. */
static int
nic_driver(const char *path)
{
	return strstr(path, "/drivers/net/") != NULL || strstr(path, "/virtio_pci.ko") != NULL;
}

static void
load_nic_drivers(void)
{
	char **argv = modules_argv(nic_driver);

	if (argv)
		step("loading NIC drivers", argv);
	modules_free(argv);
}

static char *
wait_nic(void)
{
	char *nic = first_nic();

	for (int i = 0; nic == NULL && i < 50; i++) {
		usleep(100000);	/* drivers register their devices asynchronously */
		nic = first_nic();
	}
	if (nic == NULL)
		die("no network interface");
	return nic;
}

/* The value of a KEY=VALUE line of the lease dhclient wrote, unquoted; NULL if absent. */
static char *
lease(const char *key)
{
	char line[4096], *val = NULL;
	size_t k = strlen(key);
	FILE *f = fopen(lease_file, "r");

	while (f != NULL && val == NULL && fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, key, k) != 0 || line[k] != '=' || line[k + 1] == '\0')
			continue;
		if ((val = url_unquote(line + k + 1)) == NULL)
			die("%s: %s: badly quoted", lease_file, key);
	}
	if (f != NULL)
		fclose(f);
	return val;
}

/* The boot file as a URL: itself if it is an http:// or tftp:// one; else, as
 * PXE has it, a file on the TFTP server: the next-server (siaddr), or the
 * server option 66 names. */
static char *
url_from_lease(void)
{
	char *file = lease(v6 ? "bootfile_url" : "bootfile"), *server = lease("siaddr"), *url;
	struct url u;
	const char *e;

	if (file == NULL)
		die("no KERNEL_URL given and the DHCP answer names no boot file");
	if (v6 && strncasecmp(file, "http://", 7) != 0 && strncasecmp(file, "https://", 8) != 0 &&
	    strncasecmp(file, "tftp://", 7) != 0)
		die("boot file URL %s: only http://, https:// and tftp:// are supported", text_escape(file));
	if (strncasecmp(file, "tftp://", 7) == 0 || strncasecmp(file, "http://", 7) == 0 ||
	    strncasecmp(file, "https://", 8) == 0) {
		url = xstrdup(file);
	} else {
		if (server == NULL || strcmp(server, "0.0.0.0") == 0) {
			free(server);
			server = lease("tftp");
		}
		if (server == NULL)
			die("boot file '%s' but no next-server in the DHCP answer", text_escape(file));
		url = xmalloc(strlen(file) + strlen(server) + 16);
		sprintf(url, "tftp://%s/%s", server, file);
	}
	if (strncasecmp(url, "http://", 7) == 0 || strncasecmp(url, "https://", 8) == 0) {
		if ((e = url_parse(url, &u)) != NULL)
			die("boot file %s: %s", text_escape(url), e);
		url_free(&u);
	}
	free(file);
	free(server);
	return url;
}

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
static char *
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

/* DHCPv4, or DHCPv6 if -6 or if DHCPv4 gets no lease. */
static void
dhcp(char *nic, char *tmo)
{
	char *const argv[] = { "dhclient", "-t", tmo, "-f", (char *)lease_file, nic, NULL };

	if (!v6) {
		printf("netboot: DHCP (%.2f s)\n", uptime());
		fflush(stdout);
		if (run_wait(argv) == 0)
			return;
		printf("netboot: no DHCPv4 lease; trying DHCPv6\n");
		v6 = 1;
	}
	step("DHCPv6", (char *[]){ "dhclient", "-6", "-t", tmo, "-f", (char *)lease_file, nic, NULL });
}

/* ---- iPXE scripts: the boot file may be one ---- */

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
	if (run_wait((char *[]){ "dhclient", "-t", c->tmo, "-f", (char *)lease_file, c->nic, NULL }) != 0)
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
static int
ipxe_script(const char *url, char *nic, char *tmo, struct ipxe_boot *b)
{
	struct script_ctx c = { nic, tmo };
	struct ipxe_ops ops = { &c, script_fetch, script_dhcp, script_echo, script_sleep };
	struct ipxe_env env = { 0 };
	char *text, *shown;
	size_t len;
	int r;

	if (read_head(kernel_file, IPXE_SCRIPT_MAX + 1, &text, &len) < 0)
		die_errno("%s", kernel_file);
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
	if (b->fetched && rename(chain_file, kernel_file) < 0)
		die_errno("%s", chain_file);
	if (!b->fetched)
		fetch("fetching the kernel", kernel_file, KERNEL_MAX, b->kernel);
	return 1;
}

/* This kernel's command line, without our uinit and its arguments. */
static char *
current_cmdline(void)
{
	char buf[4096] = "", *out = xmalloc(sizeof buf), *w, *save;
	FILE *f = fopen("/proc/cmdline", "r");

	if (f != NULL) {
		if (fgets(buf, sizeof buf, f) == NULL)
			buf[0] = '\0';
		fclose(f);
	}
	out[0] = '\0';
	for (w = strtok_r(buf, " \n", &save); w != NULL; w = strtok_r(NULL, " \n", &save)) {
		if (strcmp(w, "--") == 0)
			break;
		if (strncmp(w, "uinit=", 6) == 0 || strncmp(w, "modules_load=", 13) == 0)
			continue;
		strcat(strcat(out, *out ? " " : ""), w);
	}
	return out;
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	char *initrd = NULL, *cmdline = NULL, *tmo = "10", *url, *nic, *shown, **initrds = &initrd, *file;
	struct ipxe_boot b = { 0 };
	int c, dry = 0, ninitrd;

	while ((c = opt_next(&o, "6i:c:t:n")) != -1) {
		if (c == '6')
			v6 = 1;
		else if (c == 'i')
			initrd = o.arg;
		else if (c == 'c')
			cmdline = o.arg;
		else if (c == 't')
			tmo = seconds(o.arg);
		else if (c == 'n')
			dry = 1;
		else
			die_usage(&o);
	}
	if (argc - o.ind > 1)
		die_usage(&o);
	if ((nic = first_nic()) == NULL) {
		load_nic_drivers();
		nic = wait_nic();
	}
	printf("netboot: interface %s\n", nic);
	dhcp(nic, tmo);
	url = o.ind < argc ? argv[o.ind] : url_from_lease();
	if (pxe_bootfile(url))
		url = pxelinux(url, nic, &initrd, &cmdline);
	printf("netboot: kernel %s\n", shown = text_escape(url));
	free(shown);
	fetch("fetching the kernel", kernel_file, KERNEL_MAX, url);
	ninitrd = initrd != NULL;
	/* A script says what to boot; -i and -c, if given, still win. */
	if (ipxe_script(url, nic, tmo, &b)) {
		url = b.kernel;
		if (initrd == NULL)
			initrds = b.initrd, ninitrd = b.ninitrd;
		if (cmdline == NULL)
			cmdline = b.args;
	}
	for (int i = 0; i < ninitrd; i++) {
		fetch("fetching the initrd", file = initrd_path(i), INITRD_MAX, initrds[i]);
		free(file);
	}
	if (cmdline == NULL)
		cmdline = current_cmdline();
	printf("netboot: command line '%s'\n", cmdline);
	load(url, ninitrd, initrds, cmdline);
	if (dry) {
		printf("netboot: loaded; not executing (-n)\n");
		return cmd_exit();
	}
	printf("netboot: kexec %.2f s after init started\n", uptime() - init_started());
	fflush(stdout);
	sync();
	reboot(RB_KEXEC);
	warn_errno("kexec");
	return 1;
}
