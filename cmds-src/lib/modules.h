/* modules.h - the kernel modules the image carries; the time since boot */
#ifndef MODULES_H
#define MODULES_H

/* A modprobe command line for the modules in the running kernel's
 * modules.dep whose path WANT accepts: { "modprobe", "-a", NAME..., NULL },
 * malloc'd (modules_free). NULL if modules.dep cannot be read or WANT takes
 * none. boot wants disk and file-system drivers, netboot the NICs'. */
char **modules_argv(int (*want)(const char *path));
void modules_free(char **argv);

/* Seconds since the kernel started (/proc/uptime); 0 if it cannot be read. */
double uptime(void);

#endif
