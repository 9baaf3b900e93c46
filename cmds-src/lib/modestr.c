/* modestr.c - a mode as ls -l shows it */
#define _GNU_SOURCE 1
#include <sys/stat.h>
#include "attr.h"

void
mode_str(char s[11], mode_t m)
{
	static const char rwx[] = "rwxrwxrwx";
	static const char kinds[] = "?pc?d?b?-?l?s???";

	s[0] = kinds[(m & S_IFMT) >> 12];
	for (int i = 0; i < 9; i++)
		s[i + 1] = m & (0400 >> i) ? rwx[i] : '-';
	if (m & S_ISUID)
		s[3] = s[3] == 'x' ? 's' : 'S';
	if (m & S_ISGID)
		s[6] = s[6] == 'x' ? 's' : 'S';
	if (m & S_ISVTX)
		s[9] = s[9] == 'x' ? 't' : 'T';
	s[10] = '\0';
}
