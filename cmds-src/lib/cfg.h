/* cfg.h - config text a line at a time (boot's parsers, syslinux for netboot) */
#ifndef CFG_H
#define CFG_H

#include <stddef.h>

/* cfg_line copies the line at *pos into line (CFG_LINE_MAX bytes at most,
 * NUL-ended, newline gone), counts it in *lineno and moves *pos past it: 1;
 * 0 for a line it skipped with a warning ("CONFIG:LINE: why": too long, a
 * NUL byte); -1 at the end of the text. */
#define CFG_LINE_MAX 4096
int cfg_line(const char *config, const char *text, size_t len, size_t *pos, int *lineno,
    char line[CFG_LINE_MAX + 1]);

#endif
