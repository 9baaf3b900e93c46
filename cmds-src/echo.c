/* echo - write arguments to standard output */
#include "cmd.h"

/*
 * No option parser: echo prints everything, "--help" and "--" included.
 * Only leading arguments made solely of the letters n, e and E are options.
 */
static int
is_option(const char *a)
{
	if (a[0] != '-' || a[1] == '\0')
		return 0;
	return a[1 + strspn(a + 1, "neE")] == '\0';
}

/* \0NNN: up to three octal digits after the zero. */
static const char *
octal(const char *s, int *c)
{
	int i;

	*c = 0;
	for (i = 0; i < 3 && *s >= '0' && *s <= '7'; i++)
		*c = *c * 8 + (*s++ - '0');
	return s;
}

/* Write S, expanding escapes; returns 0 when \c asks to stop all output. */
static int
put_escaped(const char *s)
{
	static const char from[] = "\\abefnrtv", to[] = "\\\a\b\033\f\n\r\t\v";
	const char *p;
	int c;

	while (*s) {
		c = (unsigned char)*s++;
		if (c != '\\' || *s == '\0') {
			putchar(c);
			continue;
		}
		if (*s == 'c')
			return 0;
		if (*s == '0') {
			s = octal(s + 1, &c);
		} else if ((p = strchr(from, *s)) != NULL) {
			c = to[p - from];
			s++;
		} else {
			c = '\\';
		}
		putchar(c);
	}
	return 1;
}

int
main(int argc, char *argv[])
{
	int i = 1, newline = 1, escapes = 0;
	const char *p;

	cmd_setname(argv[0]);
	for (; i < argc && is_option(argv[i]); i++)
		for (p = argv[i] + 1; *p; p++) {
			if (*p == 'n')
				newline = 0;
			else
				escapes = *p == 'e';
		}
	for (; i < argc; i++) {
		if (escapes && !put_escaped(argv[i]))
			return cmd_exit();
		if (!escapes)
			fputs(argv[i], stdout);
		if (i + 1 < argc)
			putchar(' ');
	}
	if (newline)
		putchar('\n');
	return cmd_exit();
}
