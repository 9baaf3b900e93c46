/* syslinux.c - syslinux, isolinux, extlinux and pxelinux configs (not yet written) */
#include "boot.h"

int
syslinux_parse(struct blist *l, const struct bfs *fs, const char *config, const char *text,
    size_t len)
{
	(void)l, (void)fs, (void)text, (void)len;
	warn("%s: syslinux configs are not read yet", config);
	return 0;
}
