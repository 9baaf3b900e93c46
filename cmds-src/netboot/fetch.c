/* fetch.c - netboot's fetches: wget, or tftp for a tftp:// URL */
#include "netboot.h"
#include "url.h"
#include "modules.h"
#include <strings.h>
#include "proc.h"

#define FETCH_TIMEOUT "30"	/* seconds without progress */
#define FETCH_DEADLINE "900"	/* seconds in all, for each file */

void
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
const char *
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

void
fetch(const char *what, const char *file, const char *max, const char *url)
{
	struct fetcher f;
	const char *e;

	if ((e = fetcher(&f, file, max, url)) != NULL)
		die("%s: %s", text_escape(url), e);
	step(what, f.argv);
}

/* The same, for an iPXE script: 0, or the fetch failed (the script may go on). */
int
try_fetch(const char *file, const char *max, const char *url)
{
	struct fetcher f;

	return fetcher(&f, file, max, url) != NULL ? -1 : run_wait(f.argv);
}

/* Where initrd I (from 0) is fetched to: /tmp/netboot.initrd, then .2, .3, ... */
char *
initrd_path(int i)
{
	char *p = xmalloc(sizeof INITRD_FILE + 16);

	if (i == 0)
		strcpy(p, INITRD_FILE);
	else
		sprintf(p, "%s.%d", INITRD_FILE, i + 1);
	return p;
}

/* With boot keys, SHA256SUMS and its signature from beside the kernel. */
void
fetch_list(const char *dir)
{
	char *list = url_join(dir, BOOT_LIST), *sig = url_join(dir, BOOT_SIG);

	printf("netboot: fetching %s and %s (%.2f s)\n", BOOT_LIST, BOOT_SIG, uptime());
	fflush(stdout);
	unlink(LIST_FILE), unlink(SIG_FILE);
	if (try_fetch(LIST_FILE, "1M", list) != 0)
		die("refused: %s: list missing (the fetch failed)", text_escape(list));
	if (try_fetch(SIG_FILE, "4K", sig) != 0)
		die("refused: %s: signature missing (the fetch failed)", text_escape(sig));
	free(list), free(sig);
}
