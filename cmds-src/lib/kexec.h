/* kexec.h - a kernel loaded to boot into */
#ifndef KEXEC_H
#define KEXEC_H

/* kexec_file_load(2): the kernel (a bzImage; on arm64 an Image) open on KFD with the initrd on
 * IFD (-1 for none; a memfd of several concatenated, for boot) and CMDLINE,
 * to boot with reboot(RB_KEXEC) later; kexec_unload drops it. 0, or -1 and
 * errno (ENOEXEC: not a kernel; EKEYREJECTED: a signature is required). The
 * descriptors stay open. Callers go through bootcheck.h's policy first. */
int kexec_load_fd(int kfd, int ifd, const char *cmdline);
int kexec_unload(void);
const char *kexec_error(int err);	/* why a load failed, for people */
/* The same with kexec_load(2), for kernels without kexec_file_load: an
 * arm64 Image (kexec_image.c); elsewhere ENOSYS. */
int kexec_load_image(int kfd, int ifd, const char *cmdline);
int kexec_unload_image(void);

#endif
