/* test_outfile.c - files written whole or not at all: temp file and rename, nodes in place */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>
#include "outfile.h"
#include "fixture.h"

static char dir[64], old_cwd[4096];

static int
setup(void **state)
{
	(void)state;
	strcpy(dir, "/tmp/outfile.XXXXXX");
	if (mkdtemp(dir) == NULL || getcwd(old_cwd, sizeof old_cwd) == NULL || chdir(dir) < 0)
		return -1;
	umask(022);
	return 0;
}

static int
teardown(void **state)
{
	char cmd[128];

	(void)state;
	if (chdir(old_cwd) < 0)
		return -1;
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	return system(cmd);
}

static void
has(const char *path, const char *s)
{
	char buf[256] = "";
	FILE *f = fopen(path, "r");

	assert_non_null(f);
	buf[fread(buf, 1, sizeof buf - 1, f)] = '\0';
	fclose(f);
	assert_string_equal(buf, s);
}

/* The names in the scratch directory, sorted, space-separated. */
static const char *
names(void)
{
	static char s[512];
	struct dirent **v;
	int n = scandir(".", &v, NULL, alphasort);

	s[0] = '\0';
	for (int i = 0; i < n; i++) {
		if (strcmp(v[i]->d_name, ".") != 0 && strcmp(v[i]->d_name, "..") != 0) {
			strcat(s, *s ? " " : "");
			strcat(s, v[i]->d_name);
		}
		free(v[i]);
	}
	free(v);
	return s;
}

static void
write_s(struct outfile *o, const char *s)
{
	assert_int_equal(write(o->fd, s, strlen(s)), (ssize_t)strlen(s));
}

static mode_t
mode_of(const char *path)
{
	struct stat st;

	assert_int_equal(stat(path, &st), 0);
	return st.st_mode & 07777;
}

static void
new_file_hidden_until_done(void **state)
{
	struct outfile o;

	(void)state;
	umask(027);
	assert_int_equal(out_open(&o, "f", 0666, 0), 0);
	assert_false(o.in_place);
	write_s(&o, "new\n");
	assert_int_equal(strncmp(names(), ".f.", 3), 0);
	assert_int_equal(strlen(names()), 9);
	assert_int_equal(out_commit(&o), 0);
	assert_int_equal(o.fd, -1);
	assert_string_equal(names(), "f");
	has("f", "new\n");
	assert_int_equal(mode_of("f"), 0640);
}

static void
replaced_whole(void **state)
{
	struct outfile o;

	(void)state;
	put("f", "old\n");
	assert_int_equal(link("f", "keep"), 0);
	assert_int_equal(out_open(&o, "f", 0666, 0), 0);
	write_s(&o, "new\n");
	has("f", "old\n");
	assert_int_equal(out_commit(&o), 0);
	has("f", "new\n");
	has("keep", "old\n");	/* a new file, not the old one rewritten */
	assert_string_equal(names(), "f keep");
}

static void
abort_keeps_old(void **state)
{
	struct outfile o;

	(void)state;
	put("f", "old\n");
	assert_int_equal(out_open(&o, "f", 0666, 0), 0);
	write_s(&o, "half");
	errno = EIO;
	out_abort(&o);
	assert_int_equal(errno, EIO);
	assert_int_equal(o.fd, -1);
	out_abort(&o);		/* twice: nothing more */
	has("f", "old\n");
	assert_string_equal(names(), "f");
}

static void
fifo_in_place(void **state)
{
	struct outfile o;
	struct stat st;
	char buf[16] = "";
	int r;

	(void)state;
	assert_int_equal(mkfifo("p", 0600), 0);
	assert_true((r = open("p", O_RDONLY | O_NONBLOCK)) >= 0);
	assert_int_equal(out_open(&o, "p", 0666, OUT_SYNC), 0);
	assert_true(o.in_place);
	write_s(&o, "hi\n");
	assert_int_equal(out_commit(&o), 0);
	assert_int_equal(read(r, buf, sizeof buf), 3);
	assert_string_equal(buf, "hi\n");
	close(r);
	assert_int_equal(lstat("p", &st), 0);
	assert_true(S_ISFIFO(st.st_mode));
	assert_string_equal(names(), "p");
}

/* Root may make a node (mknod); /dev/null's numbers, in the scratch directory. */
static void
device_in_place(void **state)
{
	struct outfile o;
	struct stat st;

	(void)state;
	if (mknod("n", S_IFCHR | 0666, makedev(1, 3)) < 0)
		skip();
	assert_int_equal(out_open(&o, "n", 0666, 0), 0);
	assert_true(o.in_place);
	write_s(&o, "gone\n");
	assert_int_equal(out_commit(&o), 0);
	assert_int_equal(lstat("n", &st), 0);
	assert_true(S_ISCHR(st.st_mode));
	assert_string_equal(names(), "n");
}

static void
exact_mode(void **state)
{
	struct outfile o;

	(void)state;
	umask(077);
	assert_int_equal(out_open(&o, "f", 0644, OUT_EXACT | OUT_SYNC), 0);
	assert_int_equal(out_commit(&o), 0);
	assert_int_equal(mode_of("f"), 0644);
}

/* Without OUT_EDIT a symlink is replaced, not followed: a link planted in
 * a shared directory leads nowhere. */
static void
symlink_replaced(void **state)
{
	struct outfile o;
	struct stat st;

	(void)state;
	put("f", "old\n");
	assert_int_equal(symlink("f", "l"), 0);
	assert_int_equal(out_open(&o, "l", 0666, 0), 0);
	write_s(&o, "new\n");
	assert_int_equal(out_commit(&o), 0);
	assert_int_equal(lstat("l", &st), 0);
	assert_true(S_ISREG(st.st_mode));
	has("f", "old\n");
	has("l", "new\n");
}

static void
edit_follows_and_keeps_mode(void **state)
{
	struct outfile o;
	struct stat st;

	(void)state;
	assert_int_equal(mkdir("d", 0755), 0);
	put("d/f", "old\n");
	assert_int_equal(chmod("d/f", 0751), 0);
	assert_int_equal(symlink("d/f", "l"), 0);
	assert_int_equal(out_open(&o, "l", 0666, OUT_EDIT | OUT_SYNC), 0);
	assert_false(o.in_place);
	assert_string_equal(o.path, "l");
	write_s(&o, "new\n");
	assert_int_equal(out_commit(&o), 0);
	assert_int_equal(lstat("l", &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	has("d/f", "new\n");
	assert_int_equal(mode_of("d/f"), 0751);
	assert_string_equal(names(), "d l");
}

/* As nobody, a file nobody may write in root's read-only directory. */
static void
edit_in_place_when_stuck(void **state)
{
	struct stat before, after;
	int status;
	pid_t pid;

	(void)state;
	if (geteuid() != 0)
		skip();
	assert_int_equal(chmod(dir, 0755), 0);
	assert_int_equal(mkdir("d", 0755), 0);
	put("d/f", "old\n");
	assert_int_equal(chown("d/f", 65534, 65534), 0);
	assert_int_equal(chmod("d", 0555), 0);
	assert_int_equal(stat("d/f", &before), 0);
	if ((pid = fork()) == 0) {
		struct outfile o;

		if (setgid(65534) < 0 || setuid(65534) < 0)
			_exit(2);
		if (out_open(&o, "d/f", 0666, 0) == 0 || errno != EACCES)
			_exit(3);	/* no temporary file but for an editor */
		if (out_open(&o, "d/f", 0666, OUT_EDIT | OUT_SYNC) < 0 || !o.in_place)
			_exit(4);
		write_s(&o, "new\n");
		_exit(out_commit(&o) < 0 ? 5 : 0);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_int_equal(stat("d/f", &after), 0);
	assert_int_equal(before.st_ino, after.st_ino);
	has("d/f", "new\n");
	assert_int_equal(chmod("d", 0755), 0);
}

static void
missing_directory(void **state)
{
	struct outfile o;

	(void)state;
	assert_int_equal(out_open(&o, "nodir/f", 0666, 0), -1);
	assert_int_equal(errno, ENOENT);
	assert_int_equal(o.fd, -1);
	assert_int_equal(out_open(&o, "nodir/f", 0666, OUT_EDIT), -1);
	assert_int_equal(errno, ENOENT);
	assert_string_equal(names(), "");
}

/* In a child: SIG (ignored first if IGNORE) while the file is written. */
static int
signalled(int sig, int ignore)
{
	struct outfile o;
	int status;
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid == 0) {
		if (ignore)
			signal(sig, SIG_IGN);
		out_signals();
		if (out_open(&o, "f", 0666, 0) < 0)
			_exit(3);
		write_s(&o, "half");
		raise(sig);
		_exit(out_commit(&o) < 0 ? 4 : 0);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	return status;
}

static void
signal_removes_temp(void **state)
{
	int st = signalled(SIGTERM, 0);

	(void)state;
	assert_true(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM);
	assert_string_equal(names(), "");
	st = signalled(SIGHUP, 1);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	assert_string_equal(names(), "f");
	has("f", "half");
}

int
main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
	const struct CMUnitTest tests[] = {
		T(new_file_hidden_until_done), T(replaced_whole), T(abort_keeps_old),
		T(fifo_in_place), T(device_in_place), T(exact_mode), T(symlink_replaced),
		T(edit_follows_and_keeps_mode), T(edit_in_place_when_stuck), T(missing_directory), T(signal_removes_temp),
	};

	return cmocka_run_group_tests_name("outfile", tests, NULL, NULL);
}
