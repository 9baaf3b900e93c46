/*
 * interactive - the shell on a pseudo-terminal, as a person at a console
 * would use it (test/lib/ptytest.h).
 *   interactive SH    (TERM comes from the environment; run in a scratch directory)
 * Prints "ok N - name" or "not ok N - name" per check. Commands print values
 * computed by the shell ($((6*7)) -> 42) so that the echo of what was typed
 * never satisfies an expectation by itself.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../lib/ptytest.h"

#define HOME1 "\033[H"
#define END1 "\033[F"

static void
keys_then(const char *keys, const char *want, const char *name)
{
	paste(keys);
	check(expect(want), "%s", name);
	check(expect("$ "), "%s: then a prompt", name);
}

static void
repeat(const char *k, int n)
{
	while (n-- > 0)
		paste(k);
}

static void
setup_files(const char *sh)
{
	FILE *f;

	mkdir("bin", 0755);
	mkdir("tdir", 0755);
	f = fopen("bin/zzqcmdunique", "w");
	fprintf(f, "#!%s\necho ran-$((1+1))-cmd\n", sh);
	fclose(f);
	chmod("bin/zzqcmdunique", 0755);
	f = fopen("tdir/longfilename_abc.txt", "w");
	fputs("FILE-CONTENT-OK\n", f);
	fclose(f);
	fclose(fopen("tdir/ab1", "w"));
	fclose(fopen("tdir/ab2", "w"));
}

static void
start(const char *sh)
{
	char path[4096], cwd[2048];
	struct winsize ws = { 24, 80, 0, 0 };

	if (pty_start(&ws) == 0) {
		if (!getcwd(cwd, sizeof cwd))
			_exit(126);
		snprintf(path, sizeof path, "%s/bin:%s", cwd, getenv("PATH") ? getenv("PATH") : "/bin");
		setenv("PATH", path, 1);
		setenv("PS1", "$ ", 1);
		setenv("PS2", "> ", 1);
		unsetenv("HISTFILE");
		unsetenv("COLUMNS");
		unsetenv("ENV");
		execl(sh, "sh", (char *)NULL);
		_exit(127);
	}
}

static void
editing(void)
{
	keys_then("echo $((40+2))-first\r", "42-first", "run a command");
	/* "ecXo $((6*7))L": back over 11 characters, rub out the X, type h */
	paste("ecXo $((6*7))L");
	repeat(LEFT, 11);
	keys_then("\177h\r", "42L", "left arrow and backspace");
	paste("cho $((5*5))A\001e\005B");
	keys_then("\r", "25AB", "ctrl-a and ctrl-e");
	paste("echo $((2*3))K junk");
	repeat(LEFT, 5);
	keys_then("\013\r", "6K\r\n", "ctrl-k");
	paste("garbage words\025echo $((3*3))U");
	keys_then("\r", "9U", "ctrl-u");
	paste("echo $((4*4))W extra\027");
	keys_then("\r", "16W\r\n", "ctrl-w");
	paste("cho $((7*7))H" HOME1 "e" END1 "E");
	keys_then("\r", "49HE", "home and end (ESC [ H, ESC [ F)");
	paste("cho $((8*8))" "\033OH" "e" "\033[4~" "Z" "\033[1~" "\033[3~" "e");
	keys_then("\r", "64Z", "home and end (ESC O H, ESC [4~, ESC [1~), delete");
	paste("\014");
	keys_then("echo $((10*10))L\r", "100L", "ctrl-l redraws");
}

static void
history_and_completion(void)
{
	keys_then("echo $((9*9))Y\r", "81Y", "a line for history");
	keys_then("\033[A\r", "81Y", "up arrow recalls the previous line");
	paste("echo $((1+0))one\r");
	expect("$ ");
	paste("\033[A\033[A\033[B");
	keys_then("\r", "1one", "up, up, down");
	keys_then("zzqcmduni\t\r", "ran-2-cmd", "tab completes a command name from PATH");
	keys_then("cat tdir/longf\t\r", "FILE-CONTENT-OK", "tab completes a path");
	paste("echo tdir/a\t");
	paste("\t");
	check(expect("ab1") && expect("ab2"), "second tab lists the matches");
	keys_then("\r", "tdir/ab\r\n", "first tab completed the common prefix");
}

static void
interrupts(void)
{
	double t;

	paste("while :; do :; done\r");
	usleep(300000);
	paste("\003");
	check(expect("$ "), "ctrl-c stops a builtin loop, new prompt");
	keys_then("echo $((11*11))C\r", "121C", "shell still answers");
	t = now();
	paste("sleep 10; echo $((2+2))NO\r");
	usleep(300000);
	paste("\003");
	check(expect("$ ") && now() - t < 5, "ctrl-c interrupts an external command");
	keys_then("echo $((12*12))S\r", "144S", "shell still answers after that");
	check(memmem(pty.out, pty.nout, "4NO", 3) == NULL, "the rest of the interrupted line did not run");
	paste("echo $((3+4))Q\003");
	check(expect("$ "), "ctrl-c at the prompt gives a new prompt");
	keys_then("echo $((13*13))P\r", "169P", "the discarded line did not run");
	check(memmem(pty.out, pty.nout, "7Q", 2) == NULL, "no output from the discarded line");
	paste("mkfifo ff; read x < ff\r");
	usleep(300000);
	paste("\003");
	check(expect("$ "), "ctrl-c interrupts read from a fifo");
	keys_then("echo $((14*14))R\r", "196R", "shell answers after read");
}

static void
syntax(void)
{
	paste("if true\r");
	check(expect("> "), "PS2 for a continuation line");
	keys_then("then echo $((6+6))T; fi\r", "12T", "continued command runs");
	keys_then("fi\r", "syntax error", "a syntax error is reported");
	keys_then("echo $((5+5))Z\r", "10Z", "shell goes on after a syntax error");
}

int
main(int argc, char *argv[])
{
	const char *term = getenv("TERM");
	int status = -1;
	double t;

	if (argc != 2) {
		fprintf(stderr, "usage: interactive SH\n");
		return 2;
	}
	pty_init();
	setup_files(argv[1]);
	start(argv[1]);
	printf("# TERM=%s\n", term ? term : "");
	check(expect("$ "), "first prompt");
	editing();
	history_and_completion();
	interrupts();
	syntax();
	paste("\004");
	for (t = now(); now() - t < 5;) {
		pump(NULL, 0.1);
		if (waitpid(pty.child, &status, WNOHANG) == pty.child)
			break;
	}
	check(WIFEXITED(status) && WEXITSTATUS(status) == 0, "ctrl-d on an empty line exits 0");
	if (term && strcmp(term, "dumb") == 0)
		check(memchr(pty.out, '\033', pty.nout) == NULL, "no escape sequences on a dumb terminal");
	return pty.failures != 0;
}
