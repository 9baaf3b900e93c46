/* load.c - netboot's kexec load: the signed list's names, the timing */
#include "netboot.h"
#include "url.h"
#include "kexec.h"
#include "ipxe.h"
#include "modules.h"

/* When userspace started, in seconds since boot: init notes it in
 * /run/init.started; else PID 1's start (field 22 of /proc/1/stat), which is
 * earlier: the kernel thread that later runs init. */
double
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

/* Checked, measured and loaded with kexec_file_load, timed: under QEMU's TCG
 * most of it is the kernel hashing the image (for its signature, and for
 * purgatory). The signed list, if any, names files as they are beside the
 * kernel's URL. */
void
load(const char *url, int ninitrd, char **initrd_url, const char *cmdline)
{
	char *dir = url_join(url, "."), *kname = listed_name(dir, url);
	char *iname[IPXE_INITRDS] = { NULL }, *file[IPXE_INITRDS] = { NULL };
	double t0 = uptime(), since = t0 - init_started(), check = 0;
	int r;

	for (int i = 0; i < ninitrd; i++) {
		if (boot_keys() && (iname[i] = listed_name(dir, initrd_url[i])) == NULL)
			die("refused: initrd %s: not beside the kernel, so not in its %s",
			    text_escape(initrd_url[i]), BOOT_LIST);
		if (iname[i] == NULL)
			iname[i] = xstrdup(initrd_url[i]);
		file[i] = initrd_path(i);
	}
	if (boot_keys())
		fetch_list(dir);
	printf("netboot: loading the kernel (%.2f s)\n", t0);
	fflush(stdout);
	r = boot_load_files(KERNEL_FILE, kname ? kname : url, ninitrd, file, iname, cmdline, LIST_FILE, SIG_FILE,
	    &check);
	if (r == -1)
		exit(1);
	if (r < 0)
		die("loading the kernel: %s", kexec_error(errno));
	printf("netboot: kexec_file_load %.2f s after init started, took %.2f s, checking and measuring %.2f s of it\n",
	    since, uptime() - t0, check);
	free(dir), free(kname);
	for (int i = 0; i < ninitrd; i++)
		free(iname[i]), free(file[i]);
}
