/* kexec.h - a kernel loaded to boot into */
#ifndef KEXEC_H
#define KEXEC_H

/* kexec_file_load(2): KERNEL (a bzImage) with INITRD and CMDLINE, either
 * NULL, to boot with reboot(RB_KEXEC) later; kexec_unload drops it. 0, or -1
 * and errno (ENOEXEC: not a kernel; EKEYREJECTED: a signature is required). */
int kexec_load_file(const char *kernel, const char *initrd, const char *cmdline);
/* The same from open descriptors: IFD -1 for no initrd (a memfd of several
 * initrds concatenated, for boot). The descriptors stay open. */
int kexec_load_fd(int kfd, int ifd, const char *cmdline);
int kexec_unload(void);
const char *kexec_error(int err);	/* why a load failed, for people */

#endif
