/* yes - write a line over and over */
#include "cmd.h"
#include "io.h"

static const char usage[] = "yes [STRING...]";

#define CHUNK 65536

/* The line: the operands joined by spaces, or "y". */
static char *
make_line(int n, char **args, size_t *len)
{
	size_t size = 2;
	char *line, *p;

	for (int i = 0; i < n; i++)
		size += strlen(args[i]) + 1;
	p = line = xmalloc(size);
	if (n == 0)
		*p++ = 'y';
	for (int i = 0; i < n; i++) {
		if (i > 0)
			*p++ = ' ';
		p = stpcpy(p, args[i]);
	}
	*p++ = '\n';
	*len = p - line;
	return line;
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	size_t len, fill;
	char *line, *buf;

	if (opt_next(&o, "+") != -1)
		die_usage(&o);
	line = make_line(argc - o.ind, argv + o.ind, &len);
	/* As many whole lines as fill a chunk, written at once. */
	fill = len < CHUNK ? CHUNK / len * len : len;
	buf = xmalloc(fill);
	for (size_t i = 0; i < fill; i += len)
		memcpy(buf + i, line, len);
	while (write_all(1, buf, fill) == 0)
		;
	warn_errno("write error");	/* quiet for EPIPE */
	free(buf);
	free(line);
	return 1;
}
