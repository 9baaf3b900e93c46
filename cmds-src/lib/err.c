/* err.c - one-line diagnostics with a sticky exit status */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "err.h"
#include "opt.h"

const char *cmd_name = "?";
int cmd_status;
void (*cmd_quit_hook)(int status);

/* Every fatal path ends here, so a harness that runs a command in-process
 * (the fuzzers) can take control back instead of losing its process. */
_Noreturn void
cmd_quit(int status)
{
	if (cmd_quit_hook != NULL)
		cmd_quit_hook(status);
	exit(status);
}

const char *
cmd_setname(const char *argv0)
{
	const char *s;

	if (argv0 == NULL)
		return cmd_name;
	s = strrchr(argv0, '/');
	cmd_name = s ? s + 1 : argv0;
	return cmd_name;
}

static void
vreport(int err, const char *fmt, va_list ap)
{
	fflush(stdout);
	fprintf(stderr, "%s: ", cmd_name);
	vfprintf(stderr, fmt, ap);
	if (err)
		fprintf(stderr, ": %s", strerror(err));
	fputc('\n', stderr);
}

void
warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(0, fmt, ap);
	va_end(ap);
	cmd_status = 1;
}

/* A closed pipe downstream is not an error worth a message. */
void
warn_errno(const char *fmt, ...)
{
	va_list ap;
	int err = errno;

	cmd_status = 1;
	if (err == EPIPE)
		return;
	va_start(ap, fmt);
	vreport(err, fmt, ap);
	va_end(ap);
}

_Noreturn void
die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(0, fmt, ap);
	va_end(ap);
	cmd_quit(1);
}

_Noreturn void
die_errno(const char *fmt, ...)
{
	va_list ap;
	int err = errno;

	if (err != EPIPE) {
		va_start(ap, fmt);
		vreport(err, fmt, ap);
		va_end(ap);
	}
	cmd_quit(1);
}
