/* module_load.c - what insmod and modprobe share about putting a module in */
#include "cmd.h"
#include "modules.h"

/* How FILE's first bytes say it is packed. */
int
module_kind(const unsigned char *m, size_t n)
{
	static const unsigned char zst[] = { 0x28, 0xb5, 0x2f, 0xfd };
	static const unsigned char xz[] = { 0xfd, '7', 'z', 'X', 'Z', 0 };

	if (n >= 2 && m[0] == 0x1f && m[1] == 0x8b)
		return MODULE_GZIP;
	if (n >= 4 && memcmp(m, zst, 4) == 0)
		return MODULE_ZSTD;
	if (n >= 6 && memcmp(m, xz, 6) == 0)
		return MODULE_XZ;
	return MODULE_PLAIN;
}

int
module_packed(int fd)
{
	unsigned char m[6];
	ssize_t n = pread(fd, m, sizeof m, 0);

	return n > 0 && module_kind(m, n) != MODULE_PLAIN;
}

/* The kernel's errno from init_module or finit_module, in words. */
const char *
module_reason(int err)
{
	switch (err) {
	case ENOEXEC: return "invalid module format";
	case ENOENT: return "unknown symbol in module, or unknown parameter (see dmesg)";
	case ESRCH: return "module has wrong symbol version";
	case EINVAL: return "invalid parameters";
	case EEXIST: return "module already loaded";
	case EKEYREJECTED: return "module signature rejected";
	default: return strerror(err);
	}
}
