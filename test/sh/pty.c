/*
 * pty - drive the shell on a pseudo-terminal, as a person at a console would.
 *   pty SH        (TERM comes from the environment; run in a scratch directory)
 * Prints "ok N - name" or "not ok N - name" per check. Commands print values
 * computed by the shell ($((6*7)) -> 42) so that the echo of what was typed
 * never satisfies an expectation by itself.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int master, checks, failures;
static pid_t child;
static char out[1 << 20];
static size_t nout, mark;

#define LEFT "\033[D"
#define HOME1 "\033[H"
#define END1 "\033[F"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Read what the shell wrote for up to SECS seconds, or until STR shows up. */
static int
pump(const char *str, double secs)
{
	double end = now() + secs;
	struct pollfd p = { master, POLLIN, 0 };
	ssize_t r;

	for (;;) {
		if (str && memmem(out + mark, nout - mark, str, strlen(str)))
			return 1;
		if (now() >= end)
			return 0;
		if (poll(&p, 1, 50) > 0) {
			r = read(master, out + nout, sizeof out - nout - 1);
			if (r <= 0)
				return str == NULL;
			nout += r;
		}
	}
}

static int
expect(const char *str)
{
	char *at;

	if (!pump(str, 30))	/* generous: a loaded machine is slow, a pass is not */
		return 0;
	at = memmem(out + mark, nout - mark, str, strlen(str));
	mark = at - out + strlen(str);
	return 1;
}

static void
send(const char *s)
{
	size_t n = strlen(s);

	if (write(master, s, n) != (ssize_t)n)
		perror("write");
	usleep(20000);
}

static void
check(int ok, const char *name)
{
	checks++;
	if (!ok) {
		failures++;
		printf("not ok %d - %s\n", checks, name);
		fprintf(stderr, "--- output since last match:\n%.*s\n---\n",
			(int)(nout - mark > 600 ? 600 : nout - mark), out + mark);
	} else {
		printf("ok %d - %s\n", checks, name);
	}
	fflush(stdout);
}

static void
keys_then(const char *keys, const char *want, const char *name)
{
	char again[200];

	send(keys);
	check(expect(want), name);
	snprintf(again, sizeof again, "%s: then a prompt", name);
	check(expect("$ "), again);
}

static void
repeat(const char *k, int n)
{
	while (n-- > 0)
		send(k);
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

	child = forkpty(&master, NULL, NULL, &ws);
	if (child < 0) {
		perror("forkpty");
		exit(2);
	}
	if (child == 0) {
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
	send("ecXo $((6*7))L");
	repeat(LEFT, 11);
	keys_then("\177h\r", "42L", "left arrow and backspace");
	send("cho $((5*5))A\001e\005B");
	keys_then("\r", "25AB", "ctrl-a and ctrl-e");
	send("echo $((2*3))K junk");
	repeat(LEFT, 5);
	keys_then("\013\r", "6K\r\n", "ctrl-k");
	send("garbage words\025echo $((3*3))U");
	keys_then("\r", "9U", "ctrl-u");
	send("echo $((4*4))W extra\027");
	keys_then("\r", "16W\r\n", "ctrl-w");
	send("cho $((7*7))H" HOME1 "e" END1 "E");
	keys_then("\r", "49HE", "home and end (ESC [ H, ESC [ F)");
	send("cho $((8*8))" "\033OH" "e" "\033[4~" "Z" "\033[1~" "\033[3~" "e");
	keys_then("\r", "64Z", "home and end (ESC O H, ESC [4~, ESC [1~), delete");
	send("\014");
	keys_then("echo $((10*10))L\r", "100L", "ctrl-l redraws");
}

static void
history_and_completion(void)
{
	keys_then("echo $((9*9))Y\r", "81Y", "a line for history");
	keys_then("\033[A\r", "81Y", "up arrow recalls the previous line");
	send("echo $((1+0))one\r");
	expect("$ ");
	send("\033[A\033[A\033[B");
	keys_then("\r", "1one", "up, up, down");
	keys_then("zzqcmduni\t\r", "ran-2-cmd", "tab completes a command name from PATH");
	keys_then("cat tdir/longf\t\r", "FILE-CONTENT-OK", "tab completes a path");
	send("echo tdir/a\t");
	send("\t");
	check(expect("ab1") && expect("ab2"), "second tab lists the matches");
	keys_then("\r", "tdir/ab\r\n", "first tab completed the common prefix");
}

static void
interrupts(void)
{
	double t;

	send("while :; do :; done\r");
	usleep(300000);
	send("\003");
	check(expect("$ "), "ctrl-c stops a builtin loop, new prompt");
	keys_then("echo $((11*11))C\r", "121C", "shell still answers");
	t = now();
	send("sleep 10; echo $((2+2))NO\r");
	usleep(300000);
	send("\003");
	check(expect("$ ") && now() - t < 5, "ctrl-c interrupts an external command");
	keys_then("echo $((12*12))S\r", "144S", "shell still answers after that");
	check(memmem(out, nout, "4NO", 3) == NULL, "the rest of the interrupted line did not run");
	send("echo $((3+4))Q\003");
	check(expect("$ "), "ctrl-c at the prompt gives a new prompt");
	keys_then("echo $((13*13))P\r", "169P", "the discarded line did not run");
	check(memmem(out, nout, "7Q", 2) == NULL, "no output from the discarded line");
	send("mkfifo ff; read x < ff\r");
	usleep(300000);
	send("\003");
	check(expect("$ "), "ctrl-c interrupts read from a fifo");
	keys_then("echo $((14*14))R\r", "196R", "shell answers after read");
}

static void
syntax(void)
{
	send("if true\r");
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
		fprintf(stderr, "usage: pty SH\n");
		return 2;
	}
	signal(SIGPIPE, SIG_IGN);
	setup_files(argv[1]);
	start(argv[1]);
	printf("# TERM=%s\n", term ? term : "");
	check(expect("$ "), "first prompt");
	editing();
	history_and_completion();
	interrupts();
	syntax();
	send("\004");
	for (t = now(); now() - t < 5;) {
		pump(NULL, 0.1);
		if (waitpid(child, &status, WNOHANG) == child)
			break;
	}
	check(WIFEXITED(status) && WEXITSTATUS(status) == 0, "ctrl-d on an empty line exits 0");
	if (term && strcmp(term, "dumb") == 0)
		check(memchr(out, '\033', nout) == NULL, "no escape sequences on a dumb terminal");
	return failures != 0;
}
