/* fopen_in.c - open an input operand, where "-" is standard input */
#include <string.h>
#include "io.h"

FILE *
fopen_in(const char *path)
{
	if (strcmp(path, "-") == 0)
		return stdin;
	return fopen(path, "re");
}

/* Standard input stays open for a later "-", its end-of-file and error cleared. */
void
fclose_in(FILE *f)
{
	if (f == stdin)
		clearerr(f);
	else
		fclose(f);
}
