/*
 * fuzz_pxelinux - libFuzzer harness for netboot's pxelinux. The input's
 * first line is "UUID MAC IP" for pxe_names (any bytes); the rest is pages
 * split at lines "@@": page 0 is the config, served under the candidate name
 * the first byte picks (the others are 404s, and a name the second byte picks
 * fails outright when it comes first); page K is served at BASE "incK" for
 * INCLUDE. Checked: the names end with "default" and hold no '/'; a config
 * found is one of them; every entry is whole; the choice is an entry or -1.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "pxelinux.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

#define BASE "http://10.0.0.1/tftp/"
#define PAGES 8
#define CFG BASE "pxelinux.cfg/"
#define CFG_LEN (sizeof CFG - 1)
#define INC_LEN (sizeof BASE "inc" - 1)

struct srv {
	const char *page[PAGES];
	size_t len[PAGES];
	int npage;
	char *names[PXE_NAMES_MAX];
	int n, found, failing;
};

static char *
get(void *ctx, const char *url, size_t *len)
{
	struct srv *s = ctx;
	char *t;
	int k = -1;

	for (int i = 0; i < s->n; i++)
		if (strncmp(url, CFG, CFG_LEN) == 0 && strcmp(url + CFG_LEN, s->names[i]) == 0)
			k = i == s->found ? 0 : i == s->failing ? -2 : -1;
	if (k == -1 && strncmp(url, BASE "inc", INC_LEN) == 0 && url[INC_LEN] >= '1' &&
	    url[INC_LEN] < '0' + PAGES && url[INC_LEN + 1] == '\0')
		k = url[INC_LEN] - '0';
	if (k == -2) {
		errno = EIO;
		return NULL;
	}
	if (k < 0 || k >= s->npage) {
		errno = ENOENT;
		return NULL;
	}
	t = malloc(s->len[k] + 1);
	memcpy(t, s->page[k], s->len[k]);
	t[s->len[k]] = '\0';
	*len = s->len[k];
	return t;
}

/* The first line's three words (NUL-ended copies), the rest split into pages. */
static void
split(struct srv *s, const char *d, size_t size, char *w[3])
{
	const char *nl = memchr(d, '\n', size), *end = d + size, *p;
	size_t first = nl ? (size_t)(nl - d) : size;
	char *line = strndup(d, first), *save = NULL;

	for (int i = 0; i < 3; i++) {
		char *t = strtok_r(i ? NULL : line, " ", &save);

		w[i] = t ? strdup(t) : NULL;
	}
	free(line);
	p = nl ? nl + 1 : end;
	for (s->npage = 0; s->npage < PAGES && p <= end; s->npage++) {
		const char *sep = p < end ? memmem(p, end - p, "\n@@\n", 4) : NULL;

		s->page[s->npage] = p;
		s->len[s->npage] = sep ? (size_t)(sep - p) : (size_t)(end - p);
		if (sep == NULL) {
			s->npage++;
			break;
		}
		p = sep + 4;
	}
}

static void
check(const struct sx_list *l, const char *url, struct srv *s)
{
	int c = pxe_choose(l), known = 0;

	for (int i = 0; i < s->n; i++)
		known |= strncmp(url, CFG, CFG_LEN) == 0 && strcmp(url + CFG_LEN, s->names[i]) == 0;
	if (!known || c < -1 || c >= l->n || (l->n > 0 && c < 0) || l->def >= l->n || l->ontimeout >= l->n)
		abort();
	for (int i = 0; i < l->n; i++) {
		const struct sx_entry *e = &l->e[i];

		if (!e->title || !e->name || !e->kernel || !*e->kernel || !e->cmdline || !e->config ||
		    e->line < 1 || (e->ninitrd && !e->initrd))
			abort();
		for (int j = 0; j < e->ninitrd; j++)
			if (!*e->initrd[j])
				abort();
	}
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct srv s;
	struct pxe_fetch f = { &s, get };
	struct sx_list l;
	char *w[3], *url;

	memset(&s, 0, sizeof s);
	memset(&l, 0, sizeof l);
	split(&s, (const char *)data, size, w);
	s.n = pxe_names(s.names, w[0], w[1], w[2]);
	if (s.n < 1 || s.n > PXE_NAMES_MAX || strcmp(s.names[s.n - 1], "default") != 0)
		abort();
	for (int i = 0; i < s.n; i++)
		if (!*s.names[i] || strchr(s.names[i], '/'))
			abort();
	s.found = size ? data[0] % (s.n + 1) : 0;	/* s.n: none exists */
	s.failing = size > 1 ? data[1] % (s.n + 4) : -1;
	if ((url = pxe_config(&l, BASE, s.names, s.n, &f)) != NULL) {
		check(&l, url, &s);
		free(url);
	} else if (l.n != 0 || (errno != ENOENT && errno != EIO)) {
		abort();
	}
	if (s.npage > 0) {	/* the config's text as a boot file name: any bytes */
		url = strndup(s.page[0], s.len[0]);
		(void)pxe_bootfile(url);
		free(url);
	}
	sx_list_free(&l);
	for (int i = 0; i < s.n; i++)
		free(s.names[i]);
	for (int i = 0; i < 3; i++)
		free(w[i]);
	return 0;
}
