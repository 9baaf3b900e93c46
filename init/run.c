/* run.c - what PID 1 starts: modprobe, the uinit, the shell */
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "init.h"

extern char **environ;

/* The tty behind /dev/console: /dev/console itself cannot be a controlling tty. */
static void
console_name(char *path, size_t len)
{
	char buf[256], *last;
	int fd = open("/sys/class/tty/console/active", O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof buf - 1);

	if (fd >= 0)
		close(fd);
	buf[n > 0 ? n : 0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	last = strrchr(buf, ' ');
	last = last ? last + 1 : buf;
	if (*last == '\0' || strlen(last) + 6 > len)
		last = "console";
	memcpy(path, "/dev/", 5);	/* no snprintf: see note_start */
	strcpy(path + 5, last);
}

/* In the child: a session of its own with the console as controlling tty. */
static void
take_console(void)
{
	char tty[300];
	int fd;

	setsid();
	console_name(tty, sizeof tty);
	fd = open(tty, O_RDWR);
	if (fd < 0)
		return;	/* no tty: keep /dev/console from init */
	ioctl(fd, TIOCSCTTY, 1);
	for (int i = 0; i < 3; i++)
		dup2(fd, i);
	if (fd > 2)
		close(fd);
}

/* What init blocks or handles must not leak into what it starts: a
 * program's signals are its own (exec keeps the mask and what is ignored). */
void
child_signals(void)
{
	struct sigaction dfl = { .sa_handler = SIG_DFL };
	sigset_t none;

	for (int sig = 1; sig < NSIG; sig++)
		sigaction(sig, &dfl, NULL);	/* fails harmlessly for KILL, STOP, libc's own */
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}

pid_t
spawn_console(char *const argv[])
{
	pid_t pid = fork();

	if (pid != 0) {
		if (pid < 0)
			say(1, "fork: %s", strerror(errno));
		return pid;
	}
	child_signals();
	take_console();
	execve(argv[0], argv, environ);
	say(1, "%s: %s", argv[0], strerror(errno));
	_exit(127);
}

static void
report(const char *what, int st)
{
	if (st == -1)
		say(1, "%s: lost", what);
	else if (WIFSIGNALED(st))
		say(1, "%s: killed by signal %d", what, WTERMSIG(st));
	else if (WEXITSTATUS(st) != 0)
		say(1, "%s: exit status %d", what, WEXITSTATUS(st));
	else
		say(0, "%s: done", what);
}

static int
read_modules(char **names, int n, int max, char *buf, size_t len)
{
	int fd = open("/etc/modules", O_RDONLY | O_CLOEXEC);
	ssize_t r = fd < 0 ? -1 : read(fd, buf, len - 1);
	char *save, *line;

	if (fd >= 0)
		close(fd);
	buf[r > 0 ? r : 0] = '\0';
	for (line = strtok_r(buf, "\n", &save); line && n < max; line = strtok_r(NULL, "\n", &save)) {
		line[strcspn(line, "# \t")] = '\0';
		if (*line)
			names[n++] = line;
	}
	return n;
}

void
load_modules(const struct cmdline *c)
{
	static char buf[4096];
	char *argv[2 * CMDLINE_WORDS + 4] = { "/bin/modprobe", "-a" };
	int n = 2;

	n = read_modules(argv, n, 2 * CMDLINE_WORDS + 2, buf, sizeof buf);
	for (int i = 0; i < c->nmodules && n < 2 * CMDLINE_WORDS + 2; i++)
		argv[n++] = c->modules[i];
	if (n == 2)
		return;
	argv[n] = NULL;
	if (access(argv[0], X_OK) < 0) {
		say(1, "modules not loaded: %s: %s", argv[0], strerror(errno));
		return;
	}
	report("modprobe", wait_for(spawn_console(argv)));
}

/* Source mode only: compile every command in the background, at idle priority. */
void
precompile(const struct cmdline *c)
{
	char *argv[] = { "/bin/ubuild", "-a", "-i", NULL };
	int fd;

	if (!c->precompile || access(argv[0], X_OK) < 0)
		return;
	say(0, "precompiling every command at idle priority");
	if (fork() != 0)
		return;	/* reaped with the other orphans */
	child_signals();
	if ((fd = open("/dev/null", O_RDWR)) >= 0) {
		dup2(fd, 0), dup2(fd, 1), dup2(fd, 2);
		if (fd > 2)
			close(fd);
	}
	execve(argv[0], argv, environ);
	_exit(127);
}

void
run_uinit(const struct cmdline *c)
{
	char *argv[CMDLINE_WORDS + 2];
	const char *path = c->uinit;
	pid_t pid;

	if (path == NULL) {
		if (access("/etc/uinit", X_OK) < 0)
			return;
		path = "/etc/uinit";
	}
	argv[0] = (char *)path;
	memcpy(argv + 1, c->args, (c->nargs + 1) * sizeof *argv);
	say(0, "running uinit %s", path);
	if ((pid = spawn_console(argv)) > 0)
		report(path, wait_for(pid));
}

_Noreturn void
run_shell(void)
{
	char *argv[] = { "/bin/sh", NULL };
	struct timespec t0, t1, pause = { 1, 0 };
	pid_t pid;

	for (;;) {
		if (access(argv[0], X_OK) < 0) {
			say(1, "no shell: %s: %s; waiting", argv[0], strerror(errno));
			wait_for(0);
		}
		clock_gettime(CLOCK_MONOTONIC, &t0);
		if ((pid = spawn_console(argv)) > 0)
			report("shell", wait_for(pid));
		clock_gettime(CLOCK_MONOTONIC, &t1);
		if (t1.tv_sec - t0.tv_sec < 1)
			nanosleep(&pause, NULL);	/* a shell that dies at once must not spin */
	}
}
