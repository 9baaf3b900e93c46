/*
 * ptytest.h - drive a program on a pseudo-terminal as a person at a console
 * would: start it, type, wait for what it prints, and report each check as
 * "ok N - name" or "not ok N - name". The shell's and the editor's tests
 * (test/sh/interactive.c, test/edit/vi.c) are written with it.
 */
#ifndef PTYTEST_H
#define PTYTEST_H

#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/types.h>

#define ESC "\033"
#define UP ESC "[A"
#define DOWN ESC "[B"
#define RIGHT ESC "[C"
#define LEFT ESC "[D"

struct pty {
	int master;		/* our end of the terminal, -1 when none */
	pid_t child;		/* what runs on the other end */
	char *out;		/* all it printed since pty_start */
	size_t nout, cap;
	size_t mark;		/* expect looks after it and moves it past each match */
	double slow;		/* $PTY_SLOW: stretches every timeout */
	int checks, failures;
};
extern struct pty pty;

void pty_init(void);
pid_t pty_start(const struct winsize *ws);
double now(void);
void pause_ms(int ms);
int pump(const char *str, double secs);
int expect(const char *str);
int seen(const char *str);
void paste(const char *s);
void keys(const char *k);
void check(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
