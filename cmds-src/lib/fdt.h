/* fdt.h - a flattened device tree with its /chosen node rewritten */
#ifndef FDT_H
#define FDT_H
#include <stddef.h>
#include <stdint.h>

/* A copy of the device tree blob FDT (LEN bytes) whose /chosen says
 * bootargs=BOOTARGS and, when INITRD_END > INITRD_START, where the initrd
 * lies (what a kernel booted by kexec_load reads); /chosen is added if there
 * is none. The copy is malloc'd, its length in *OUTLEN; NULL and errno
 * (EINVAL: not a device tree blob) on failure. */
void *fdt_chosen(const void *fdt, size_t len, const char *bootargs, uint64_t initrd_start,
    uint64_t initrd_end, size_t *outlen);

#endif
