/* pwd - print the working directory */
#include "cmd.h"

static const char usage[] = "pwd [-L|-P]";

/* $PWD, if it is absolute, has no . or .. parts and names the current directory. */
static const char *
logical(void)
{
	const char *p = getenv("PWD"), *s;
	struct stat a, b;

	if (p == NULL || p[0] != '/')
		return NULL;
	for (s = p; *s; s++) {
		if (s[0] == '/' && s[1] == '.' &&
		    (s[2] == '/' || s[2] == '\0' || (s[2] == '.' && (s[3] == '/' || s[3] == '\0'))))
			return NULL;
	}
	if (stat(p, &a) < 0 || stat(".", &b) < 0 || a.st_dev != b.st_dev || a.st_ino != b.st_ino)
		return NULL;
	return p;
}

static char *
physical(void)
{
	size_t n = 256;
	char *s = NULL;

	for (;;) {
		s = xrealloc(s, n);
		if (getcwd(s, n) != NULL)
			return s;
		if (errno != ERANGE)
			die_errno("cannot get the working directory");
		n *= 2;
	}
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	const char *p = NULL;
	char *buf;
	int c, mode = 'L';

	while ((c = opt_next(&o, "LP")) != -1) {
		if (c != 'L' && c != 'P')
			die_usage(&o);
		mode = c;
	}
	if (o.ind != argc)
		die_usage(&o);
	if (mode == 'L')
		p = logical();
	if (p != NULL) {
		puts(p);
		return cmd_exit();
	}
	buf = physical();
	puts(buf);
	free(buf);
	return cmd_exit();
}
