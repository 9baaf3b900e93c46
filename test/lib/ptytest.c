/* ptytest.c - the pseudo-terminal driver of the shell's and the editor's tests (ptytest.h). */
#define _GNU_SOURCE
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ptytest.h"

struct pty pty = { .master = -1, .slow = 1 };

/* $PTY_SLOW multiplies the timeouts (a program under valgrind or ASan is slow to start). */
void
pty_init(void)
{
	const char *s = getenv("PTY_SLOW");

	if (s != NULL && atof(s) > 0)
		pty.slow = atof(s);
	signal(SIGPIPE, SIG_IGN);
}

/* A new session on a pty of size WS (NULL: never set): 0 in the child. */
pid_t
pty_start(const struct winsize *ws)
{
	pty.nout = pty.mark = 0;
	fflush(stdout);
	pty.child = forkpty(&pty.master, NULL, NULL, ws);
	if (pty.child < 0) {
		perror("forkpty");
		exit(2);
	}
	return pty.child;
}

double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

void
pause_ms(int ms)
{
	usleep(ms * 1000 * (pty.slow > 1 ? 2 : 1));
}

/* Read what the pty says for up to SECS, or until STR shows up after the mark. */
int
pump(const char *str, double secs)
{
	double end = now() + secs * pty.slow;
	struct pollfd p = { pty.master, POLLIN, 0 };
	ssize_t r;

	for (;;) {
		if (str && memmem(pty.out + pty.mark, pty.nout - pty.mark, str, strlen(str)))
			return 1;
		if (now() >= end)
			return 0;
		if (pty.nout + 65536 > pty.cap)
			pty.out = realloc(pty.out, pty.cap = pty.cap * 2 + 65536);
		if (poll(&p, 1, 50) > 0) {
			r = read(pty.master, pty.out + pty.nout, pty.cap - pty.nout);
			if (r <= 0)
				return str == NULL;
			pty.nout += r;
		}
	}
}

/* Wait for STR; the mark moves past it. */
int
expect(const char *str)
{
	char *at;

	if (!pump(str, 30))	/* generous: a loaded machine is slow, a pass is not */
		return 0;
	at = memmem(pty.out + pty.mark, pty.nout - pty.mark, str, strlen(str));
	pty.mark = at - pty.out + strlen(str);
	return 1;
}

/* STR was printed since the session began. */
int
seen(const char *str)
{
	return memmem(pty.out, pty.nout, str, strlen(str)) != NULL;
}

/* Write S in one go, as a paste would, then give the program a moment. */
void
paste(const char *s)
{
	size_t n = strlen(s);

	if (write(pty.master, s, n) != (ssize_t)n)
		perror("write");
	pause_ms(20);
}

/* Type K a key at a time (an escape sequence is one key); after a lone Esc
 * wait, as a person would, longer than an editor's escape timeout. */
void
keys(const char *k)
{
	while (*k) {
		size_t n = strcspn(k, "\033");

		if (n == 0) {
			if (k[1] == '[') {
				n = 3;
				while (k[n - 1] >= '0' && k[n - 1] <= '9')
					n++;
			} else {
				n = 1;
			}
		}
		if (write(pty.master, k, n) != (ssize_t)n)
			perror("write");
		pump(NULL, 0.02);
		if (n == 1 && k[0] == '\033')
			pause_ms(200);
		else
			pause_ms(20);
		k += n;
	}
}

/* Report a check; a failure shows the last of the output, escapes as \e. */
void
check(int ok, const char *fmt, ...)
{
	va_list ap;

	pty.checks++;
	if (!ok)
		pty.failures++;
	printf("%s %d - ", ok ? "ok" : "not ok", pty.checks);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	if (!ok) {
		size_t from = pty.nout > 1200 ? pty.nout - 1200 : 0;

		fprintf(stderr, "--- last output (escapes as \\e):\n");
		for (size_t i = from; i < pty.nout; i++)
			if (pty.out[i] == '\033')
				fputs("\\e", stderr);
			else
				fputc(pty.out[i], stderr);
		fprintf(stderr, "\n---\n");
	}
	fflush(stdout);
}
