/* modules.h - the kernel modules the image carries, loading one; the time since boot */
#ifndef MODULES_H
#define MODULES_H

/* A modprobe command line for the modules in the running kernel's
 * modules.dep whose path WANT accepts: { "modprobe", "-a", NAME..., NULL },
 * malloc'd (modules_free). NULL if modules.dep cannot be read or WANT takes
 * none. boot wants disk and file-system drivers, netboot the NICs'. */
char **modules_argv(int (*want)(const char *path));
void modules_free(char **argv);

/* How a module file is packed, from its first N bytes M. */
enum { MODULE_PLAIN, MODULE_GZIP, MODULE_ZSTD, MODULE_XZ };
int module_kind(const unsigned char *m, size_t n);
/* Nonzero if the module file open on FD is packed (insmod unpacks it). */
int module_packed(int fd);
/* An init_module or finit_module errno, in words. */
const char *module_reason(int err);

/* Seconds since the kernel started (/proc/uptime); 0 if it cannot be read. */
double uptime(void);

#endif
