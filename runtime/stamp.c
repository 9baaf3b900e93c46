/* stamp.c - the data check.c reads, as a small ELF object written directly */
#include <elf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "ubuild.h"

/*
 * The stamp used to be C source compiled with each command: a second
 * translation unit, and tcc's setup for one (its predefined macros, parsed
 * again) cost a millisecond or more of every first run. It is four byte
 * arrays: written here as a relocatable object, tcc only links them.
 */

#if defined(__x86_64__)
#define STAMP_MACHINE EM_X86_64
#elif defined(__aarch64__)
#define STAMP_MACHINE EM_AARCH64
#else
#error "stamp.c: no ELF machine for this architecture"
#endif

enum { SEC_NULL, SEC_RODATA, SEC_SYMTAB, SEC_STRTAB, SEC_SHSTRTAB, SEC_NOEXEC, SEC_COUNT };

static const char shstrtab[] = "\0.rodata\0.symtab\0.strtab\0.shstrtab\0.note.GNU-stack";
static const char *const symname[] = { "__ubin_key", "__ubin_entry", "__ubin_bin", "__ubin_names" };
#define NSYMS (sizeof symname / sizeof symname[0])

struct blob {
	unsigned char *p;
	size_t len, cap;
};

static int
put(struct blob *b, const void *src, size_t n)
{
	if (b->len + n > b->cap) {
		size_t cap = 2 * (b->len + n);
		unsigned char *p = realloc(b->p, cap);

		if (p == NULL)
			return -1;
		b->p = p;
		b->cap = cap;
	}
	if (src != NULL)
		memcpy(b->p + b->len, src, n);
	else
		memset(b->p + b->len, 0, n);
	b->len += n;
	return 0;
}

static int
align(struct blob *b, size_t to)
{
	return b->len % to ? put(b, NULL, to - b->len % to) : 0;
}

static Elf64_Shdr
section(Elf64_Word name, Elf64_Word type, size_t off, size_t size, size_t align_to)
{
	Elf64_Shdr s = { .sh_name = name, .sh_type = type, .sh_offset = off,
		.sh_size = size, .sh_addralign = align_to };

	return s;
}

/* The symbols and their names; VAL[i] and SIZE[i] place symbol i in .rodata. */
static int
put_symbols(struct blob *f, const size_t *val, const size_t *size, size_t *symoff, size_t *stroff,
    size_t *strsize)
{
	Elf64_Sym sym = { 0 };
	size_t name = 1;

	if (align(f, 8) < 0)
		return -1;
	*symoff = f->len;
	if (put(f, &sym, sizeof sym) < 0)
		return -1;
	for (size_t i = 0; i < NSYMS; i++) {
		sym = (Elf64_Sym){ .st_name = name, .st_shndx = SEC_RODATA,
			.st_info = ELF64_ST_INFO(STB_GLOBAL, STT_OBJECT),
			.st_value = val[i], .st_size = size[i] };
		if (put(f, &sym, sizeof sym) < 0)
			return -1;
		name += strlen(symname[i]) + 1;
	}
	*stroff = f->len;
	if (put(f, "", 1) < 0)
		return -1;
	for (size_t i = 0; i < NSYMS; i++)
		if (put(f, symname[i], strlen(symname[i]) + 1) < 0)
			return -1;
	*strsize = f->len - *stroff;
	return 0;
}

/* The object's bytes: header, .rodata, .symtab, .strtab, .shstrtab, section headers. */
static int
stamp_bytes(struct blob *f, const struct ub_stamp *st)
{
	Elf64_Ehdr eh = { .e_type = ET_REL, .e_machine = STAMP_MACHINE, .e_version = EV_CURRENT,
		.e_ehsize = sizeof eh, .e_shentsize = sizeof(Elf64_Shdr), .e_shnum = SEC_COUNT,
		.e_shstrndx = SEC_SHSTRTAB };
	const void *data[NSYMS] = { st->mark, st->entry, st->bin, st->names };
	size_t size[NSYMS] = { st->slot, strlen(st->entry) + 1, strlen(st->bin) + 1, st->names_len };
	size_t val[NSYMS], ro, symoff, stroff, strsize, shoff;
	Elf64_Shdr sh[SEC_COUNT] = { { 0 } };

	memcpy(eh.e_ident, ELFMAG, SELFMAG);
	eh.e_ident[EI_CLASS] = ELFCLASS64;
	eh.e_ident[EI_DATA] = ELFDATA2LSB;
	eh.e_ident[EI_VERSION] = EV_CURRENT;
	if (put(f, NULL, sizeof eh) < 0 || align(f, 16) < 0)
		return -1;
	ro = f->len;
	for (size_t i = 0; i < NSYMS; i++) {
		val[i] = f->len - ro;
		/* the slot: its mark, then zeros for the key */
		if (put(f, data[i], i == 0 ? strlen(st->mark) + 1 : size[i]) < 0 ||
		    (i == 0 && put(f, NULL, size[i] - strlen(st->mark) - 1) < 0))
			return -1;
	}
	sh[SEC_RODATA] = section(1, SHT_PROGBITS, ro, f->len - ro, 16);
	sh[SEC_RODATA].sh_flags = SHF_ALLOC;
	if (put_symbols(f, val, size, &symoff, &stroff, &strsize) < 0)
		return -1;
	sh[SEC_SYMTAB] = section(9, SHT_SYMTAB, symoff, (NSYMS + 1) * sizeof(Elf64_Sym), 8);
	sh[SEC_SYMTAB].sh_link = SEC_STRTAB;
	sh[SEC_SYMTAB].sh_info = 1;	/* the first global */
	sh[SEC_SYMTAB].sh_entsize = sizeof(Elf64_Sym);
	sh[SEC_STRTAB] = section(17, SHT_STRTAB, stroff, strsize, 1);
	sh[SEC_SHSTRTAB] = section(25, SHT_STRTAB, f->len, sizeof shstrtab, 1);
	/* empty: no executable stack, for linkers that ask */
	sh[SEC_NOEXEC] = section(35, SHT_PROGBITS, f->len, 0, 1);
	if (put(f, shstrtab, sizeof shstrtab) < 0 || align(f, 8) < 0)
		return -1;
	shoff = f->len;
	if (put(f, sh, sizeof sh) < 0)
		return -1;
	eh.e_shoff = shoff;
	memcpy(f->p, &eh, sizeof eh);
	return 0;
}

int
ub_stamp_write(const char *path, const struct ub_stamp *st)
{
	struct blob f = { 0 };
	int r = -1, err;

	if (st->slot <= strlen(st->mark)) {
		errno = EINVAL;
		return -1;
	}
	if (stamp_bytes(&f, st) == 0)
		r = ub_write_file(path, f.p, f.len, 0600);
	err = errno;
	free(f.p);
	errno = err;
	return r;
}
