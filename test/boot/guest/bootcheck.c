/* bootcheck - steps of the boot tests, run in the guest as the uinit */
#include "cmd.h"
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
	else if (strcmp(step, "die") == 0)
		raise(SIGKILL);
	else if (strcmp(step, "marker") == 0)
		return 0;
	else
		die("unknown step '%s'", step);
	if (argc > 2 && strcmp(argv[2], "poweroff") == 0)
		kill(1, SIGUSR2);
	return cmd_exit();
}
