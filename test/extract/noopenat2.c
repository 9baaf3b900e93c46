/* noopenat2 - run a command as on a kernel older than openat2 (Linux 5.6):
 * a seccomp filter makes that one system call fail with ENOSYS. */
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_openat2
#define SYS_openat2 437
#endif

static struct sock_filter filter[] = {
	BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_openat2, 0, 1),
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
};

int
main(int argc, char *argv[])
{
	struct sock_fprog prog = { sizeof filter / sizeof *filter, filter };
	char how[24] = { 0 };

	if (argc < 2) {
		fprintf(stderr, "usage: noopenat2 COMMAND [ARG...]\n");
		return 2;
	}
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) < 0) {
		perror("noopenat2: seccomp");
		return 2;
	}
	/* The filter must bite here, or the test would test nothing. */
	if (syscall(SYS_openat2, AT_FDCWD, ".", how, sizeof how) != -1 || errno != ENOSYS) {
		fprintf(stderr, "noopenat2: openat2 still works (not x86_64?)\n");
		return 2;
	}
	execvp(argv[1], argv + 1);
	fprintf(stderr, "noopenat2: %s: %s\n", argv[1], strerror(errno));
	return 127;
}
