/* replace.c - dhclient's lease and resolv.conf files, replaced whole */
#include "client.h"
#include "outfile.h"
#include "url.h"

/* Written whole or not at all, synced, 0644 whatever the umask: others read it. */
void
dhclient_replace(const char *path, void (*put)(FILE *, const void *), const void *arg)
{
	struct outfile o;
	FILE *f;
	int fd;

	if (out_open(&o, path, 0644, OUT_EXACT | OUT_SYNC) < 0) {
		warn_errno("%s", path);
		return;
	}
	if ((fd = dup(o.fd)) < 0 || (f = fdopen(fd, "w")) == NULL) {
		warn_errno("%s", path);
		if (fd >= 0)
			close(fd);
		out_abort(&o);
		return;
	}
	put(f, arg);
	if (fflush(f) != 0 || ferror(f)) {
		warn_errno("%s", path);
		fclose(f);
		out_abort(&o);
	} else if (fclose(f) != 0 || out_commit(&o) < 0) {
		warn_errno("%s", path);
		out_abort(&o);
	}
}

double
dhclient_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

void
dhclient_put_value(FILE *f, const char *key, const char *v)
{
	char *q = url_quote(v);

	if (q != NULL)		/* the parsers let no control character through */
		fprintf(f, "%s=%s\n", key, q);
	free(q);
}
