/* kexec.c - load a kernel to boot into later, with kexec_file_load(2) */
#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "kexec.h"

/* The kernel format kexec_file_load takes on this architecture. */
#if defined(__aarch64__)
#define KERNEL_FORMAT "an arm64 Image"
#else
#define KERNEL_FORMAT "a bzImage"
#endif
#define KEXEC_FILE_UNLOAD 1
#define KEXEC_FILE_NO_INITRAMFS 4

static long
kexec_file(int kfd, int ifd, const char *cmdline, unsigned long flags)
{
	/* The length counts the terminating NUL; the kernel insists on it. */
	unsigned long len = cmdline != NULL ? strlen(cmdline) + 1 : 0;

	return syscall(SYS_kexec_file_load, kfd, ifd, len, cmdline, flags);
}

/* A kernel without kexec_file_load may have kexec_load (Debian 12's arm64
 * one): kexec_image.c does in user space what the kernel would. */
int
kexec_load_fd(int kfd, int ifd, const char *cmdline)
{
	if (kexec_file(kfd, ifd, cmdline, ifd < 0 ? KEXEC_FILE_NO_INITRAMFS : 0) == 0)
		return 0;
#if defined(__aarch64__)
	return errno == ENOSYS ? kexec_load_image(kfd, ifd, cmdline) : -1;
#else
	return -1;	/* (no x86 loader in user space: images leave kexec_image.c out) */
#endif
}

int
kexec_unload(void)
{
	if (kexec_file(-1, -1, NULL, KEXEC_FILE_UNLOAD) == 0)
		return 0;
#if defined(__aarch64__)
	return errno == ENOSYS ? kexec_unload_image() : -1;
#else
	return -1;
#endif
}

const char *
kexec_error(int err)
{
	switch (err) {
	case ENOEXEC: return "not " KERNEL_FORMAT ", or not for this machine";
	case EKEYREJECTED: return "signature rejected (the kernel requires a signed image)";
	case EPERM: return "Operation not permitted (root? lockdown?)";
	case ENOSYS: return "this kernel has no kexec_file_load";
	case EBUSY: return "Device or resource busy (a kexec is under way?)";
	default: return strerror(err);
	}
}
