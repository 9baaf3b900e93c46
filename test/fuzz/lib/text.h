/*
 * text.h - for the harnesses of parsers that hand back strings to print:
 * check_text aborts unless S is NUL-terminated inside its CAP bytes and
 * printable ASCII (no controls, nothing past 0x7e), and, unless EMPTY_OK,
 * not empty.
 */
#include <stdlib.h>
#include <string.h>

static void
check_text(const char *s, size_t cap, int empty_ok)
{
	size_t n = strnlen(s, cap);

	if (n == cap || (n == 0 && !empty_ok))
		abort();
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] >= 0x7f)
			abort();
}
