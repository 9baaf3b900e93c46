/* emuns - run a program where arm64 binaries run under qemu-user (test helper)
 *
 * usage: emuns QEMU PROG [ARG...]
 *
 * PROG runs in a new user namespace that maps every uid and gid to itself (so
 * root's chown and chgrp fixtures behave as on the host), with a mount
 * namespace and a PID namespace of its own (so it may bind /dev and mount
 * /proc into a root), and with a binfmt_misc instance of its own (Linux 6.7
 * and later give each user namespace one) in which aarch64 ELF executables
 * run through QEMU. The entry has the F flag: the kernel opens QEMU now, so it
 * is found from inside a chroot too. Nothing outside the namespaces changes;
 * the host's binfmt_misc is never touched.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define BINFMT "/proc/sys/fs/binfmt_misc"

/* An ELF64 little-endian executable or shared object for EM_AARCH64 (183):
 * the ident bytes (the OS/ABI byte masked out) and e_type 2 or 3 at 16,
 * e_machine at 18. */
static const char magic[] = "\\x7f\\x45\\x4c\\x46\\x02\\x01\\x01\\x00\\x00\\x00\\x00\\x00"
			    "\\x00\\x00\\x00\\x00\\x02\\x00\\xb7\\x00";
static const char mask[] = "\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\x00\\xff\\xff\\xff\\xff"
			   "\\xff\\xff\\xff\\xff\\xfe\\xff\\xff\\xff";

static void
fail(const char *what)
{
	fprintf(stderr, "emuns: %s: %s\n", what, strerror(errno));
	exit(126);
}

static void
write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY);

	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text))
		fail(path);
	close(fd);
}

/* The identity map, written by the parent: it is root outside, which only the
 * parent of a new user namespace may use to map more than its own id. */
static void
map_ids(pid_t pid)
{
	char path[64];

	snprintf(path, sizeof path, "/proc/%d/uid_map", (int)pid);
	write_file(path, "0 0 4294967295\n");
	snprintf(path, sizeof path, "/proc/%d/gid_map", (int)pid);
	write_file(path, "0 0 4294967295\n");
}

static void
register_qemu(const char *qemu)
{
	char entry[512];

	if (access(qemu, X_OK) < 0)
		fail(qemu);
	if (mount("binfmt_misc", BINFMT, "binfmt_misc", 0, NULL) < 0)
		fail(BINFMT);
	if (snprintf(entry, sizeof entry, ":aarch64:M::%s:%s:%s:F", magic, mask, qemu) >= (int)sizeof entry) {
		errno = ENAMETOOLONG;
		fail(qemu);
	}
	write_file(BINFMT "/register", entry);
}

/* PID 1 of the new namespace: start PROG, reap whatever is orphaned, and end
 * with PROG's status. */
static int
run(const char *qemu, char **argv)
{
	int status;
	pid_t pid, w;

	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
		fail("/");
	/* this namespace's own processes in /proc, as the commands expect */
	if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) < 0)
		fail("/proc");
	register_qemu(qemu);
	pid = fork();
	if (pid < 0)
		fail("fork");
	if (pid == 0) {
		execvp(argv[0], argv);
		fail(argv[0]);
	}
	while ((w = wait(&status)) != pid)
		if (w < 0 && errno != EINTR)
			fail("wait");
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int
main(int argc, char *argv[])
{
	int go[2], status;
	char c;
	pid_t pid;

	if (argc < 3) {
		fputs("usage: emuns QEMU PROG [ARG...]\n", stderr);
		return 126;
	}
	if (pipe(go) < 0)
		fail("pipe");
	fflush(NULL);
	pid = syscall(SYS_clone, CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | SIGCHLD, NULL);
	if (pid < 0)
		fail("clone");
	if (pid == 0) {
		close(go[1]);
		if (read(go[0], &c, 1) != 1)
			_exit(126);	/* the parent failed and said why */
		close(go[0]);
		_exit(run(argv[1], argv + 2));
	}
	close(go[0]);
	map_ids(pid);
	if (write(go[1], "", 1) != 1)
		fail("pipe");
	close(go[1]);
	if (waitpid(pid, &status, 0) < 0)
		fail("wait");
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
