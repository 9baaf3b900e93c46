/* pxelinux.c - a pxelinux config found over the network, its paths made URLs, the entry chosen */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "err.h"
#include "pxelinux.h"
#include "url.h"

char *
pxe_path(const char *base, const char *p)
{
	const char *cc = strstr(p, "::"), *path;
	char *u;
	size_t hn;

	if (cc == NULL || memchr(p, '/', cc - p) != NULL)
		return url_join(base, p);
	/* pxelinux's "::PATH" and "HOST::PATH": no prefix, maybe another server */
	path = cc + 2 + strspn(cc + 2, "/");
	hn = cc - p;
	u = xmalloc(hn + strlen(path) + 10);
	if (hn == 0) {
		strcpy(u, "/");
		strcat(u, path);
		p = u;
		u = url_join(base, p);
		free((char *)p);
		return u;
	}
	memcpy(u, "http://", 7);
	memcpy(u + 7, p, hn);
	u[7 + hn] = '/';
	strcpy(u + 8 + hn, path);
	return u;
}

struct pxe_ctx {
	const char *base;
	const struct pxe_fetch *f;
};

static char *
ctx_path(void *ctx, const char *written)
{
	return pxe_path(((struct pxe_ctx *)ctx)->base, written);
}

static char *
ctx_read(void *ctx, const char *url, size_t *len)
{
	const struct pxe_fetch *f = ((struct pxe_ctx *)ctx)->f;

	return f->get(f->ctx, url, len);
}

char *
pxe_config(struct sx_list *l, const char *base, char *const names[], int n,
    const struct pxe_fetch *f)
{
	struct pxe_ctx c = { base, f };
	struct sx_ops ops = { &c, ctx_path, ctx_read };
	char *url, *text, *rel;
	size_t len;

	for (int i = 0; i < n; i++) {
		rel = xmalloc(strlen(names[i]) + 14);
		strcpy(rel, "pxelinux.cfg/");
		strcat(rel, names[i]);
		url = url_join(base, rel);
		free(rel);
		if ((text = f->get(f->ctx, url, &len)) != NULL) {
			syslinux_read(l, &ops, url, text, len);
			free(text);
			return url;
		}
		free(url);
		if (errno != ENOENT)
			return NULL;
	}
	errno = ENOENT;
	return NULL;
}

int
pxe_choose(const struct sx_list *l)
{
	if (l->ontimeout >= 0)
		return l->ontimeout;
	if (l->def >= 0)
		return l->def;
	return l->n > 0 ? 0 : -1;
}
