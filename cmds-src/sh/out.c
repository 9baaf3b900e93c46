/* out.c - builtins' buffered output, the shell's messages and errors */
#include "sh.h"

/* ---- output of builtins: buffered, flushed after each builtin ---------- */

static struct {
	char buf[4096];
	size_t n;
	int err;
} out;

void
out_flush(void)
{
	if (out.n && write_all(1, out.buf, out.n) < 0)
		out.err = errno ? errno : EIO;
	out.n = 0;
}

/* Drop what is buffered (an interactive shell recovering from an error). */
void
out_discard(void)
{
	out.n = 0;
}

/* After a builtin: 1 if its output could not be written (said, unless EPIPE), else -1. */
int
out_status(void)
{
	if (out.err) {
		if (out.err != EPIPE)
			msg("write error: %s", strerror(out.err));
		out.err = 0;
		return 1;
	}
	return -1;
}

static void
out_n(const char *s, size_t n)
{
	if (n > sizeof out.buf - out.n) {
		out_flush();
		if (n > sizeof out.buf) {
			if (write_all(1, s, n) < 0)
				out.err = errno ? errno : EIO;
			return;
		}
	}
	memcpy(out.buf + out.n, s, n);
	out.n += n;
}

void
out_s(const char *s)
{
	out_n(s, strlen(s));
}

void
out_c(int c)
{
	char ch = (char)c;

	out_n(&ch, 1);
}

void
out_fmt(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n > 0)
		out_n(buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

/* Write S single-quoted for re-input to the shell. */
void
out_quoted(const char *s)
{
	out_c('\'');
	for (; *s; s++) {
		if (*s == '\'')
			out_s("'\\''");
		else
			out_c(*s);
	}
	out_c('\'');
}

/* ---- diagnostics --------------------------------------------------------- */

/*
 * A script's messages say where, as ash's do: "$0: line N: text", and a
 * builtin's "$0: NAME: line N: text" (its own "NAME: " moved to the front).
 * At a prompt, or before the first command: "sh: text".
 */
static void
vmsg(const char *fmt, va_list ap)
{
	char buf[1024], text[900];
	const char *t = text, *b = sh.builtin;
	size_t bl = b ? strlen(b) : 0;
	int n;

	out_flush();
	vsnprintf(text, sizeof text, fmt, ap);
	if (sh.interactive || sh.lineno <= 0) {
		n = snprintf(buf, sizeof buf - 1, "%s: %s", cmd_name, text);
	} else {
		if (b && strncmp(text, b, bl) == 0 && text[bl] == ':' && text[bl + 1] == ' ')
			t += bl + 2;
		n = snprintf(buf, sizeof buf - 1, "%s: %s%sline %d: %s", arg0,
			     b ? b : "", b ? ": " : "", sh.lineno, t);
	}
	if (n < 0)
		n = 0;
	if ((size_t)n > sizeof buf - 2)
		n = sizeof buf - 2;
	buf[n++] = '\n';
	write_all(2, buf, n);
}

/* "sh: message" on stderr; no change of status. */
void
msg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
}

/* A shell error: message, then exit (non-interactive) or back to the prompt. */
_Noreturn void
raise_status(int status)
{
	sh.status = status;
	if (sh.interactive && !sh.child && sh.top != NULL)
		longjmp(*sh.top, 1);
	sh_exit(status);
}

_Noreturn void
sh_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(fmt, ap);
	va_end(ap);
	raise_status(2);
}
