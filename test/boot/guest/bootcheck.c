/* bootcheck - steps of the boot tests, run in the guest as the uinit */
#include "cmd.h"
#include "io.h"
#include <signal.h>
#include <sys/wait.h>

extern char **environ;

static int
run(char *const argv[])
{
	pid_t pid = fork();
	int st;

	if (pid == 0) {
		execvp(argv[0], argv);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &st, 0) < 0)
		return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static void
put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f == NULL || fputs(text, f) < 0 || fclose(f) != 0)
		die_errno("%s", path);
}

static int
same_file(const char *path, const struct stat *before)
{
	struct stat st;

	return stat(path, &st) == 0 && st.st_ino == before->st_ino &&
	    st.st_mtim.tv_sec == before->st_mtim.tv_sec &&
	    st.st_mtim.tv_nsec == before->st_mtim.tv_nsec;
}

static void
cache(void)
{
	char *ls[] = { "ls", "/", NULL }, *hello[] = { "hello", NULL }, *broken[] = { "broken", NULL };
	struct stat st;

	setenv("UBUILD_VERBOSE", "1", 1);
	printf("BC: ls cached before: %s\n", access("/ubin/ls", F_OK) == 0 ? "yes" : "no");
	fflush(stdout);
	printf("BC: ls1 status=%d\n", run(ls));
	printf("BC: ls cached after: %s\n", stat("/ubin/ls", &st) == 0 ? "yes" : "no");
	fflush(stdout);
	printf("BC: ls2 status=%d\n", run(ls));
	printf("BC: ls2 %s\n", same_file("/ubin/ls", &st) ? "cache-hit" : "REBUILT");
	fflush(stdout);

	put("/src/hello.c", "#include \"cmd.h\"\nint main(void) { puts(\"hello v1\"); return 0; }\n");
	symlink("ubuild", "/bin/hello");
	printf("BC: hello1 status=%d\n", run(hello));
	fflush(stdout);
	put("/src/hello.c", "#include \"cmd.h\"\nint main(void) { puts(\"hello v2\"); return 0; }\n");
	printf("BC: hello2 status=%d\n", run(hello));
	fflush(stdout);

	put("/src/broken.c", "int main(void)\n{\n\treturn 0\n}\n");
	symlink("ubuild", "/bin/broken");
	printf("BC: broken status=%d cached=%s\n", run(broken),
	    access("/ubin/broken", F_OK) == 0 ? "yes" : "no");
	printf("BC: done\n");
	fflush(stdout);
}

/* init.precompile: wait until every command has been built in the background. */
static void
precompiled(void)
{
	struct dirent *e;
	char path[300];
	int total, done = 0;

	for (int tries = 0; tries < 600; tries++) {
		DIR *d = opendir("/src");

		total = done = 0;
		while (d != NULL && (e = readdir(d)) != NULL) {
			size_t n = strlen(e->d_name);

			if (n < 3 || strcmp(e->d_name + n - 2, ".c") != 0)
				continue;
			total++;
			snprintf(path, sizeof path, "/ubin/%.*s", (int)(n - 2), e->d_name);
			done += access(path, X_OK) == 0;
		}
		if (d != NULL)
			closedir(d);
		if (done == total)
			break;
		usleep(100000);
	}
	printf("BC: precompiled %d of %d\n", done, total);
}

/* ed -s FILE with SCRIPT on its standard input: the scripted edit. */
static int
ed(const char *file, const char *script)
{
	int p[2], st;
	pid_t pid;

	if (pipe(p) < 0 || (pid = fork()) < 0)
		die_errno("ed");
	if (pid == 0) {
		dup2(p[0], 0);
		close(p[0]);
		close(p[1]);
		execlp("ed", "ed", "-s", file, (char *)NULL);
		_exit(127);
	}
	close(p[0]);
	if (write_all(p[1], script, strlen(script)) < 0)
		die_errno("ed: write");
	close(p[1]);
	if (waitpid(pid, &st, 0) < 0)
		die_errno("ed: wait");
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static double
now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* Run ARGV with its output in BUF; *MS is the time from now to its first byte. */
static int
output(char *const argv[], char *buf, size_t cap, double *ms)
{
	double t0 = now_ms();
	size_t len = 0;
	ssize_t n;
	int p[2], st;
	pid_t pid;

	*ms = -1;
	if (pipe(p) < 0 || (pid = fork()) < 0)
		die_errno("pipe");
	if (pid == 0) {
		dup2(p[1], 1);
		close(p[0]);
		close(p[1]);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(p[1]);
	while (len + 1 < cap && (n = read(p[0], buf + len, cap - 1 - len)) > 0) {
		if (len == 0)
			*ms = now_ms() - t0;
		len += n;
	}
	buf[len] = '\0';
	close(p[0]);
	if (waitpid(pid, &st, 0) < 0)
		die_errno("wait");
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/*
 * The developer's loop on the board: ed (scripted) edits a command's source,
 * the next run of the command runs the edit; a syntax error is shown and
 * nothing stale runs (status 126); the fix runs again.
 */
static void
edit(void)
{
	static const char src[] = "/src/dirname.c";
	char *cmd[] = { "dirname", "/a/b", NULL }, out[256];
	double ms;
	int st;

	st = output(cmd, out, sizeof out, &ms);
	printf("BC: before status=%d out=%s", st, out);
	st = ed(src, "/^main(/+1a\n\tputs(\"EDITED dirname\");\n.\nw\nq\n");
	st = st ? st : output(cmd, out, sizeof out, &ms);
	printf("BC: edited status=%d out=%s", st, strchr(out, '\n') ? strchr(out, '\n') + 1 : out);
	printf("BC: edited first line '%.*s', %.1f ms from saving to the first output\n",
	    (int)strcspn(out, "\n"), out, ms);
	st = ed(src, "/EDITED dirname/s/;$//\nw\nq\n");
	fflush(stdout);
	st = st ? st : output(cmd, out, sizeof out, &ms);
	printf("BC: broken status=%d output='%s'\n", st, out);
	st = ed(src, "/EDITED dirname/s/$/;/\nw\nq\n");
	st = st ? st : output(cmd, out, sizeof out, &ms);
	printf("BC: fixed status=%d first line '%.*s', %.1f ms\n", st, (int)strcspn(out, "\n"), out, ms);
}

/* What init passed on: no blocked, ignored or caught signals. */
static void
signals(void)
{
	char line[256];
	FILE *f = fopen("/proc/self/status", "r");

	if (f == NULL)
		die_errno("/proc/self/status");
	while (fgets(line, sizeof line, f) != NULL)
		if (strncmp(line, "SigBlk:", 7) == 0 || strncmp(line, "SigIgn:", 7) == 0)
			printf("BC: %s", line);
	fclose(f);
	fflush(stdout);
}

int
main(int argc, char *argv[])
{
	const char *step = argc > 1 ? argv[1] : "";

	cmd_setname(argv[0]);
	printf("BC: start %s\n", step);
	fflush(stdout);
	if (strcmp(step, "cache") == 0)
		cache();
	else if (strcmp(step, "precompile") == 0)
		precompiled();
	else if (strcmp(step, "edit") == 0)
		edit();
	else if (strcmp(step, "die") == 0) {
		signals();
		raise(SIGKILL);
	}
	else if (strcmp(step, "marker") == 0)
		return 0;
	else
		die("unknown step '%s'", step);
	if (argc > 2 && strcmp(argv[2], "poweroff") == 0)
		kill(1, SIGUSR2);
	return cmd_exit();
}
