/* netboot - DHCP on the first NIC, fetch a kernel (and initrd) over HTTP, kexec into it */
#include "cmd.h"
#include "num.h"
#include "url.h"
#include "io.h"
#include "ipxe.h"
#include "kexec.h"
#include "modules.h"
#include "bootcheck.h"
#include <sys/reboot.h>
#include <sys/syscall.h>

#ifndef MFD_CLOEXEC
#define MFD_CLOEXEC 1
#endif
#include <strings.h>
#include "proc.h"

static const char usage[] = "netboot [-i INITRD_URL] [-c CMDLINE] [-t DHCP_SECONDS] [-n] [KERNEL_URL]";
static const char lease_file[] = "/run/netboot.lease";
static const char kernel_file[] = "/tmp/netboot.kernel";
static const char initrd_file[] = "/tmp/netboot.initrd";	/* then .2, .3, ... */
static const char chain_file[] = "/tmp/netboot.chain";	/* what an iPXE script chains to */
static const char list_file[] = "/tmp/netboot." BOOT_LIST;
static const char sig_file[] = "/tmp/netboot." BOOT_SIG;

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

/* wget URL into FILE, giving up on a server that stalls (FETCH_TIMEOUT), takes
 * too long in all (FETCH_DEADLINE), or sends more than MAX. */
static void
fetch(const char *what, const char *file, const char *max, const char *url)
{
	step(what, (char *[]){ "wget", "-q", "-T", FETCH_TIMEOUT, "-D", FETCH_DEADLINE, "-M", (char *)max,
	    "-O", (char *)file, (char *)url, NULL });
}

/* The same, for an iPXE script: 0, or the fetch failed (the script may go on). */
static int
try_fetch(const char *file, const char *max, const char *url)
{
	return run_wait((char *[]){ "wget", "-q", "-T", FETCH_TIMEOUT, "-D", FETCH_DEADLINE, "-M", (char *)max,
	    "-O", (char *)file, (char *)url, NULL });
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
	char *const lv[] = { "wget", "-q", "-T", FETCH_TIMEOUT, "-D", FETCH_DEADLINE, "-M", "1M",
	    "-O", (char *)list_file, list, NULL };
	char *const sv[] = { "wget", "-q", "-T", FETCH_TIMEOUT, "-D", FETCH_DEADLINE, "-M", "4K",
	    "-O", (char *)sig_file, sig, NULL };

	printf("netboot: fetching %s and %s (%.2f s)\n", BOOT_LIST, BOOT_SIG, uptime());
	fflush(stdout);
	unlink(list_file), unlink(sig_file);
	if (run_wait(lv) != 0)
		die("refused: %s: list missing (the fetch failed)", text_escape(list));
	if (run_wait(sv) != 0)
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

/* The boot file as a URL: itself if it is one, else a path on the next-server. */
static char *
url_from_lease(void)
{
	char *file = lease("bootfile"), *server = lease("siaddr"), *url;
	struct url u;
	const char *e;

	if (file == NULL)
		die("no KERNEL_URL given and the DHCP answer names no boot file");
	if (strncasecmp(file, "http://", 7) == 0) {
		url = xstrdup(file);
	} else {
		if (server == NULL || strcmp(server, "0.0.0.0") == 0)
			die("boot file '%s' but no next-server in the DHCP answer", text_escape(file));
		url = xmalloc(strlen(file) + strlen(server) + 16);
		sprintf(url, "http://%s/%s", server, file[0] == '/' ? file + 1 : file);
	}
	if ((e = url_parse(url, &u)) != NULL)
		die("boot file %s: %s", text_escape(url), e);
	url_free(&u);
	free(file);
	free(server);
	return url;
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

	while ((c = opt_next(&o, "i:c:t:n")) != -1) {
		if (c == 'i')
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
	step("DHCP", (char *[]){ "dhclient", "-t", tmo, "-f", (char *)lease_file, nic, NULL });
	url = o.ind < argc ? argv[o.ind] : url_from_lease();
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
