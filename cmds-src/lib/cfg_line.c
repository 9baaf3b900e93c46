/* cfg_line.c - config text a line at a time; a bad line is skipped with a warning */
#include <string.h>
#include "cfg.h"
#include "err.h"

int
cfg_line(const char *config, const char *text, size_t len, size_t *pos, int *lineno,
    char line[CFG_LINE_MAX + 1])
{
	const char *p = text + *pos, *nl;
	size_t n;

	if (*pos >= len)
		return -1;
	nl = memchr(p, '\n', len - *pos);
	n = nl ? (size_t)(nl - p) : len - *pos;
	*pos += n + 1;
	++*lineno;
	if (n > CFG_LINE_MAX) {
		warn("%s:%d: line longer than %d bytes, ignored", config, *lineno, CFG_LINE_MAX);
		return 0;
	}
	if (memchr(p, '\0', n)) {
		warn("%s:%d: NUL byte, line ignored", config, *lineno);
		return 0;
	}
	memcpy(line, p, n);
	line[n] = '\0';
	return 1;
}
