/* netboot - DHCP on the first NIC, fetch a kernel (and initrd) over HTTP(S) or TFTP, kexec into it */
#include "netboot.h"
#include "num.h"
#include "url.h"
#include "modules.h"
#include "ipxe.h"
#include "pxelinux.h"
#include <sys/reboot.h>

static const char usage[] = "netboot [-6] [-i INITRD_URL] [-c CMDLINE] [-t DHCP_SECONDS] [-n] [KERNEL_URL]";

static char *
seconds(char *s)
{
	unsigned long long v;

	if (parse_uint(s, 86400, &v) < 0 || v < 1)
		die("%s: invalid DHCP timeout (1 to 86400 seconds)", s);
	return s;
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
	nic = find_nic();
	printf("netboot: interface %s\n", nic);
	dhcp(nic, tmo);
	url = o.ind < argc ? argv[o.ind] : url_from_lease();
	if (pxe_bootfile(url))
		url = pxelinux(url, nic, &initrd, &cmdline);
	printf("netboot: kernel %s\n", shown = text_escape(url));
	free(shown);
	fetch("fetching the kernel", KERNEL_FILE, KERNEL_MAX, url);
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
