/*
 * more - drive more on a pseudo-terminal as a person at a serial console
 * would (test/lib/ptytest.h): page, step a line, quit, and check the
 * terminal it left behind.
 *   more BINDIR   (BINDIR/more first in PATH; run in an empty scratch directory)
 * Prints "ok N - name" or "not ok N - name" per check.
 *
 * Each session runs a small wrapper on the pty: it notes the terminal
 * settings, runs the command line with sh, prints "MORE-EXIT n" and then
 * "TTY-SAME" if the settings are as they were, else "TTY-CHANGED".
 * Keys are typed only once the prompt they answer is on the screen.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "../lib/ptytest.h"

static const char *bindir;

static _Noreturn void
wrapper(const char *line)
{
	struct termios before, after;
	int status;
	pid_t pid;

	tcgetattr(0, &before);
	pid = fork();
	if (pid == 0) {
		execl("/bin/sh", "sh", "-c", line, (char *)NULL);
		_exit(127);
	}
	signal(SIGINT, SIG_IGN);	/* ^C is for more */
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	tcgetattr(0, &after);
	printf("MORE-EXIT %d\r\n", WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
	if (before.c_iflag == after.c_iflag && before.c_oflag == after.c_oflag &&
	    before.c_cflag == after.c_cflag && before.c_lflag == after.c_lflag &&
	    memcmp(before.c_cc, after.c_cc, sizeof before.c_cc) == 0)
		printf("TTY-SAME\r\n");
	else
		printf("TTY-CHANGED\r\n");
	fflush(stdout);
	_exit(0);
}

/* Run LINE (BINDIR first in its PATH) on a ROWS x COLS pty; 0 rows: no size. */
static void
start(int rows, int cols, const char *line)
{
	struct winsize ws = { rows, cols, 0, 0 };
	char cmd[4096];

	snprintf(cmd, sizeof cmd, "PATH=%s:$PATH; %s", bindir, line);
	if (pty_start(rows > 0 ? &ws : NULL) == 0)
		wrapper(cmd);
}

static void
finish(int status, const char *name)
{
	char want[32];
	int st;

	snprintf(want, sizeof want, "MORE-EXIT %d\r", status);
	check(expect(want), "%s: more ends (status %d)", name, status);
	check(expect("TTY-SAME"), "%s: terminal settings restored", name);
	pump(NULL, 0.05);
	close(pty.master);
	while (waitpid(pty.child, &st, 0) < 0 && errno == EINTR)
		kill(pty.child, SIGKILL);
}

/* What was printed between the mark and STR's first place after it. */
static int
before(const char *str, const char *what)
{
	char *end = memmem(pty.out + pty.mark, pty.nout - pty.mark, str, strlen(str));

	return end != NULL && memmem(pty.out + pty.mark, end - (pty.out + pty.mark),
	    what, strlen(what)) != NULL;
}

/* 30 lines of 81 bytes, 10 rows: 9 lines a page. */
static void
t_pages(void)
{
	start(10, 40, "seq 30 >f30; more f30");
	check(pump("--More--(", 30) && before("--More--(", "\r\n9\r\n") &&
	    !before("--More--(", "10"), "a page is the rows less one");
	check(expect("--More--(22%)"), "the prompt says how far: 18 of 81 bytes");
	keys("\r");
	check(expect("--More--(25%)") && seen("\r10\r\n") && !seen("11\r\n"),
	    "Enter shows one more line");
	keys(" ");
	check(expect("--More--(59%)") && seen("\r\n19\r\n") && !seen("\r\n20\r\n"),
	    "space shows the next page");
	keys("q");
	finish(0, "pages");
	check(!seen("\r\n20\r\n"), "q quits at once");
}

static void
t_to_the_end(void)
{
	size_t m;

	start(10, 40, "seq 12 | more");
	check(expect("--More--") && !before("--More--", "10"), "a pipe: pages too");
	check(!seen("%)"), "a pipe: no percentage (its size is not known)");

	keys(" ");
	check(expect("\r\n12\r\n"), "the last page");
	m = pty.mark;
	finish(0, "end");
	check(!memmem(pty.out + m, pty.nout - m, "--More--", 8), "no prompt at the end");
}

static void
t_fits(void)
{
	start(10, 40, "seq 9 | more");
	check(expect("\r\n9\r\n"), "one screenful: all of it");
	finish(0, "fits");
	check(!seen("--More--"), "one screenful: no prompt");
}

static void
t_lines_env(void)
{
	start(0, 0, "seq 10 | LINES=5 more");
	check(pump("--More--", 30) && before("--More--", "\r\n4\r\n") && !before("--More--", "5"),
	    "no window size: $LINES");
	keys("q");
	finish(0, "LINES");
}

static void
t_files(void)
{
	start(6, 40, "seq 2 >a; seq 3 >b; more a b");
	check(expect("::::::::::::::\r\na\r\n::::::::::::::\r\n1\r\n2\r\n"), "a header for each file");
	check(expect("--More--"), "headers count as lines");
	keys(" ");
	check(expect("::::::::::::::\r\nb\r\n::::::::::::::\r\n1\r\n2\r\n"), "the next file");
	check(expect("--More--(66%)"), "its prompt");
	keys(" ");
	check(expect("3\r\n"), "its last line");
	finish(0, "files");
}

static void
t_long_lines(void)
{
	/* 5 rows, 10 columns: three 25-byte lines take 9 screen lines */
	start(5, 10, "for i in 1 2 3; do echo aaaaaaaaaaaaaaaaaaaaaaaa$i; done | more");
	check(pump("--More--", 30) && before("--More--", "a1") && !before("--More--", "a2"),
	    "a long line takes the screen lines it wraps to");
	keys("q");
	finish(0, "long lines");
}

static void
t_interrupt(void)
{
	start(10, 40, "seq 30 | more");
	check(expect("--More--"), "interrupt: at the prompt");
	keys("\003");
	finish(130, "interrupt");
}

int
main(int argc, char *argv[])
{
	if (argc != 2) {
		fprintf(stderr, "usage: more BINDIR\n");
		return 2;
	}
	bindir = argv[1];
	pty_init();
	t_pages();
	t_to_the_end();
	t_fits();
	t_lines_env();
	t_files();
	t_long_lines();
	t_interrupt();
	printf("# %d checks, %d failed\n", pty.checks, pty.failures);
	return pty.failures != 0;
}
