/* term_cols.c - how many columns an output line may use */
#include <stdlib.h>
#include <sys/ioctl.h>
#include "io.h"

int
term_cols(int fd)
{
	struct winsize ws;
	const char *s = getenv("COLUMNS");
	char *end;
	long n;

	if (s != NULL && *s != '\0') {
		n = strtol(s, &end, 10);
		if (*end == '\0' && n > 0 && n < 100000)
			return n;
	}
	if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	return 80;
}
