/* kexec_image.c - load an arm64 Image with kexec_load(2), for kernels without kexec_file_load */
#define _GNU_SOURCE 1
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "fdt.h"
#include "io.h"
#include "kexec.h"

#if defined(__aarch64__)

/*
 * kexec_file_load does all this in the kernel; Debian 12's arm64 kernel has
 * only kexec_load, which takes segments placed in physical memory: the
 * Image where booting.rst says, the initrd, the running system's device
 * tree with /chosen rewritten, and a purgatory. The kernel's relocation code
 * jumps to the entry with x0 = 0 for kexec_load; the kernel wants x0 = the
 * device tree: the purgatory sets it, x1 = 0, and jumps to the Image.
 */

#define KEXEC_ARCH_AARCH64 (183 << 16)	/* EM_AARCH64 */
#define PAGE 4096UL
#define MB2 (2UL << 20)
#define ALIGN(x, a) (((x) + (a) - 1) & ~((uint64_t)(a) - 1))

struct segment {
	const void *buf;
	size_t bufsz;
	uint64_t mem;
	size_t memsz;
};

/* ldr x0, dtb; ldr x4, entry; mov x1, xzr; br x4; dtb; entry */
static const uint32_t purgatory_code[4] = { 0x58000080, 0x580000a4, 0xaa1f03e1, 0xd61f0080 };

struct purgatory {
	uint32_t code[4];
	uint64_t dtb, entry;
};

/* A file open on FD, whole, malloc'd; its length in *LEN. */
static void *
slurp(int fd, size_t *len)
{
	struct stat st;
	unsigned char *p;
	size_t n = 0;
	ssize_t r;

	if (fstat(fd, &st) < 0 || (p = malloc(st.st_size ? st.st_size : 1)) == NULL)
		return NULL;
	while (n < (size_t)st.st_size && (r = pread(fd, p + n, st.st_size - n, n)) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			free(p);
			return NULL;
		}
		n += r;
	}
	*len = n;
	return p;
}

/* RAM as /proc/iomem says: System RAM, less what is in use in it (the
 * running kernel, reserved regions): the segments go where nothing is, as
 * kexec-tools places them (the kernel's relocation copy faults otherwise). */
#define RANGES 64
struct ram {
	uint64_t ram[RANGES][2], busy[RANGES][2];
	int nram, nbusy;
};

static int
ram_read(struct ram *m)
{
	FILE *f = fopen("/proc/iomem", "re");
	char line[256];
	unsigned long long a, b;
	int n;

	if (f == NULL)
		return -1;
	m->nram = m->nbusy = 0;
	while (fgets(line, sizeof line, f) != NULL) {
		n = 0;
		if (sscanf(line, "%llx-%llx : System RAM%n", &a, &b, &n) == 2 && n > 0 && m->nram < RANGES)
			m->ram[m->nram][0] = a, m->ram[m->nram++][1] = b + 1;
		else if (line[0] == ' ' && sscanf(line, " %llx-%llx", &a, &b) == 2 && m->nbusy < RANGES)
			m->busy[m->nbusy][0] = a, m->busy[m->nbusy++][1] = b + 1;
	}
	fclose(f);
	return m->nram > 0 ? 0 : (errno = ENOMEM, -1);
}

/* The lowest address at or above FROM, aligned to ALIGN_TO (plus OFFSET),
 * where SIZE bytes lie in one range of RAM and in nothing busy; 0 if none. */
static uint64_t
fit(const struct ram *m, uint64_t from, uint64_t size, uint64_t align_to, uint64_t offset)
{
	for (int r = 0; r < m->nram; r++) {
		uint64_t a = ALIGN(from > m->ram[r][0] ? from : m->ram[r][0], align_to) + offset;
		int moved = 1;

		while (moved && a + size <= m->ram[r][1]) {
			moved = 0;
			for (int b = 0; b < m->nbusy; b++)
				if (a < m->busy[b][1] && m->busy[b][0] < a + size) {
					a = ALIGN(m->busy[b][1], align_to) + offset;
					moved = 1;
				}
		}
		if (!moved && a + size <= m->ram[r][1])
			return a;
	}
	return 0;
}

/* booting.rst's header: text_offset at 8, image_size at 16, "ARM\x64" at 56. */
static int
image_header(const unsigned char *k, size_t len, uint64_t *text_offset, uint64_t *size)
{
	uint64_t v[2] = { 0, 0 };

	if (len < 64 || memcmp(k + 56, "ARM\x64", 4) != 0) {
		errno = ENOEXEC;
		return -1;
	}
	for (int i = 0; i < 16; i++)
		v[i / 8] |= (uint64_t)k[8 + i] << (8 * (i % 8));
	*text_offset = v[0];
	*size = v[1] > len ? v[1] : len;
	return 0;
}

static long
kexec_load(uint64_t entry, struct segment *seg, unsigned long n)
{
	return syscall(SYS_kexec_load, entry, n, seg, KEXEC_ARCH_AARCH64);
}

/* Place the kernel, the initrd, the device tree and the purgatory in RAM
 * one after another, and load them. */
static int
place(const void *k, size_t klen, const void *i, size_t ilen, const char *cmdline)
{
	uint64_t toff, ksize, kmem, imem, dmem, pmem;
	size_t flen, dlen;
	struct purgatory pg;
	struct segment s[4];
	struct ram m;
	void *fdt, *dtb;
	int r, e;

	if (image_header(k, klen, &toff, &ksize) < 0 || ram_read(&m) < 0)
		return -1;
	kmem = fit(&m, 0, ALIGN(ksize, PAGE), MB2, toff);
	imem = fit(&m, kmem + ksize, ALIGN(ilen, PAGE) + PAGE, PAGE, 0);
	if (kmem == 0 || imem == 0) {
		errno = ENOMEM;
		return -1;
	}
	if ((fdt = read_whole("/sys/firmware/fdt", 2 * MB2, &flen)) == NULL)
		return -1;
	dtb = fdt_chosen(fdt, flen, cmdline ? cmdline : "", imem, imem + ilen, &dlen);
	free(fdt);
	if (dtb == NULL)
		return -1;
	dmem = fit(&m, ALIGN(imem + ilen, PAGE), ALIGN(dlen, PAGE) + PAGE, PAGE, 0);
	pmem = ALIGN(dmem + dlen, PAGE);
	memcpy(pg.code, purgatory_code, sizeof pg.code);
	pg.dtb = dmem;
	pg.entry = kmem;
	s[0] = (struct segment){ k, klen, kmem, ALIGN(ksize, PAGE) };
	s[1] = (struct segment){ dtb, dlen, dmem, ALIGN(dlen, PAGE) };
	s[2] = (struct segment){ &pg, sizeof pg, pmem, PAGE };
	s[3] = (struct segment){ i, ilen, imem, ALIGN(ilen, PAGE) };
	if (dmem == 0) {
		free(dtb);
		errno = ENOMEM;
		return -1;
	}
	r = kexec_load(s[2].mem, s, ilen > 0 ? 4 : 3) < 0 ? -1 : 0;
	e = errno;
	free(dtb);
	errno = e;
	return r;
}

int
kexec_load_image(int kfd, int ifd, const char *cmdline)
{
	size_t klen, ilen = 0;
	void *k, *i = NULL;
	int r, e;

	if ((k = slurp(kfd, &klen)) == NULL)
		return -1;
	if (ifd >= 0 && (i = slurp(ifd, &ilen)) == NULL) {
		e = errno;
		free(k);
		errno = e;
		return -1;
	}
	r = place(k, klen, i, ilen, cmdline);
	e = errno;
	free(k);
	free(i);
	errno = e;
	return r;
}

int
kexec_unload_image(void)
{
	return syscall(SYS_kexec_load, 0UL, 0UL, NULL, KEXEC_ARCH_AARCH64) < 0 ? -1 : 0;
}

#else

int
kexec_load_image(int kfd, int ifd, const char *cmdline)
{
	(void)kfd, (void)ifd, (void)cmdline;
	errno = ENOSYS;
	return -1;
}

int
kexec_unload_image(void)
{
	errno = ENOSYS;
	return -1;
}

#endif
