/* mount.h - for mount, umount and losetup: loop devices, /proc/mounts fields */
#ifndef MOUNT_H
#define MOUNT_H

#include <stddef.h>
#include <stdint.h>

/*
 * Loop devices (<linux/loop.h>'s ABI; musl has no such header). loop_attach
 * opens FILE (read-only if *RO, or if it may only be read: then *RO is set)
 * and binds it to DEV, or, if DEV is "", to a free device it names in DEV,
 * with OFFSET and FLAGS (LOOP_AUTOCLEAR: freed when the last user closes it;
 * LOOP_PARTSCAN); the device's fd, or -1 and errno (EBUSY: DEV is in use).
 * loop_status and loop_detach: 0, or -1 and errno (ENXIO: not attached).
 * loop_free names the first free device in DEV. LOOP_NAME_MAX bytes of the
 * file name are kept by the kernel.
 */
#define LOOP_AUTOCLEAR 4
#define LOOP_PARTSCAN 8
#define LOOP_NAME_MAX 64
struct loop_info64 {
	uint64_t lo_device, lo_inode, lo_rdevice, lo_offset, lo_sizelimit;
	uint32_t lo_number, lo_encrypt_type, lo_encrypt_key_size, lo_flags;
	uint8_t lo_file_name[LOOP_NAME_MAX], lo_crypt_name[LOOP_NAME_MAX], lo_encrypt_key[32];
	uint64_t lo_init[2];
};
int loop_attach(const char *file, int *ro, unsigned long long offset, unsigned flags, char *dev,
    size_t devlen);
int loop_status(const char *dev, struct loop_info64 *info);
int loop_detach(const char *dev);
int loop_free(char *dev, size_t devlen);

/* A field of /proc/mounts or fstab, whose blanks and backslashes are written
 * \NNN in octal, decoded in place; returns S. */
char *mount_unescape(char *s);

#endif
