/* replace.c - dhclient's lease and resolv.conf files, replaced whole */
#include "client.h"
#include "url.h"

void
dhclient_replace(const char *path, void (*put)(FILE *, const void *), const void *arg)
{
	char *tmp = xmalloc(strlen(path) + 8);
	FILE *f;
	int fd;

	sprintf(tmp, "%s.XXXXXX", path);
	if ((fd = mkstemp(tmp)) < 0 || (f = fdopen(fd, "w")) == NULL) {
		warn_errno("%s", path);
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		free(tmp);
		return;
	}
	fchmod(fd, 0644);
	put(f, arg);
	if (fflush(f) != 0 || ferror(f) || fsync(fd) != 0 || fclose(f) != 0 ||
	    rename(tmp, path) != 0) {
		warn_errno("%s", path);
		unlink(tmp);
	}
	free(tmp);
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
