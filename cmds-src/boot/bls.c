/* bls.c - Boot Loader Specification entries, loader/entries/ *.conf (not yet written) */
#include "boot.h"

int
bls_parse(struct blist *l, const struct bfs *fs, const char *config, const char *text, size_t len)
{
	(void)l, (void)fs, (void)text, (void)len;
	warn("%s: BLS entries are not read yet", config);
	return 0;
}

int
bls_scan(struct blist *l, const struct bfs *fs, const char *dir)
{
	(void)l, (void)fs;
	warn("%s: BLS entries are not read yet", dir);
	return 0;
}
