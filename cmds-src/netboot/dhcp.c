/* dhcp.c - netboot's NIC, its DHCP lease and the boot file the lease names */
#include "netboot.h"
#include "url.h"
#include "modules.h"
#include <strings.h>
#include "proc.h"

int v6;

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

	for (int i = 0; nic == NULL && i < 500; i++) {
		usleep(10000);	/* drivers register their devices asynchronously */
		nic = first_nic();
	}
	if (nic == NULL)
		die("no network interface");
	return nic;
}

/* The NIC to boot from: if there is none yet, the drivers are loaded first. */
char *
find_nic(void)
{
	char *nic = first_nic();

	if (nic == NULL) {
		load_nic_drivers();
		nic = wait_nic();
	}
	return nic;
}

/* The value of a KEY=VALUE line of the lease dhclient wrote, unquoted; NULL if absent. */
char *
lease(const char *key)
{
	char line[4096], *val = NULL;
	size_t k = strlen(key);
	FILE *f = fopen(LEASE_FILE, "r");

	while (f != NULL && val == NULL && fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, key, k) != 0 || line[k] != '=' || line[k + 1] == '\0')
			continue;
		if ((val = url_unquote(line + k + 1)) == NULL)
			die("%s: %s: badly quoted", LEASE_FILE, key);
	}
	if (f != NULL)
		fclose(f);
	return val;
}

/* The boot file as a URL: itself if it is an http:// or tftp:// one; else, as
 * PXE has it, a file on the TFTP server: the next-server (siaddr), or the
 * server option 66 names. */
char *
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

/* DHCPv4, or DHCPv6 if -6 or if DHCPv4 gets no lease. */
void
dhcp(char *nic, char *tmo)
{
	char *const argv[] = { "dhclient", "-t", tmo, "-f", (char *)LEASE_FILE, nic, NULL };

	if (!v6) {
		printf("netboot: DHCP (%.2f s)\n", uptime());
		fflush(stdout);
		if (run_wait(argv) == 0)
			return;
		printf("netboot: no DHCPv4 lease; trying DHCPv6\n");
		v6 = 1;
	}
	step("DHCPv6", (char *[]){ "dhclient", "-6", "-t", tmo, "-f", (char *)LEASE_FILE, nic, NULL });
}
