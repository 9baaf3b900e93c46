/* ar.c - System V ar archives with a symbol index, from ELF64 objects */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "ar.h"

struct member {
	const char *name;
	char *data;
	size_t size;
	size_t offset;		/* of its header in the archive */
};

struct index {
	char *names;		/* NUL-separated symbol names */
	size_t len, cap;
	uint32_t *owner;	/* member number per symbol */
	size_t count, max;
};

static int
slurp(const char *path, struct member *m)
{
	struct stat st;
	ssize_t r;
	size_t got = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0 || (m->data = malloc(st.st_size + 1)) == NULL)
		goto fail;
	while (got < (size_t)st.st_size) {
		r = read(fd, m->data + got, st.st_size - got);
		if (r <= 0)
			goto fail;
		got += r;
	}
	m->size = got;
	close(fd);
	return 0;
fail:
	close(fd);
	return -1;
}

static int
index_add(struct index *ix, const char *name, uint32_t member)
{
	size_t n = strlen(name) + 1;
	void *p;

	if (ix->len + n > ix->cap) {
		ix->cap = 2 * (ix->len + n);
		if ((p = realloc(ix->names, ix->cap)) == NULL)
			return -1;
		ix->names = p;
	}
	if (ix->count == ix->max) {
		ix->max = 2 * ix->max + 16;
		if ((p = realloc(ix->owner, ix->max * sizeof *ix->owner)) == NULL)
			return -1;
		ix->owner = p;
	}
	memcpy(ix->names + ix->len, name, n);
	ix->len += n;
	ix->owner[ix->count++] = member;
	return 0;
}

static const Elf64_Shdr *
section(const struct member *m, const Elf64_Ehdr *eh, size_t i)
{
	size_t off = eh->e_shoff + i * sizeof(Elf64_Shdr);

	if (i >= eh->e_shnum || off + sizeof(Elf64_Shdr) > m->size)
		return NULL;
	return (const Elf64_Shdr *)(m->data + off);
}

static int
add_symtab(struct index *ix, const struct member *m, const Elf64_Ehdr *eh,
    const Elf64_Shdr *sh, uint32_t member)
{
	const Elf64_Shdr *str = section(m, eh, sh->sh_link);
	const Elf64_Sym *sym;
	size_t i, n = sh->sh_size / sizeof(Elf64_Sym);
	int bind;

	if (str == NULL || sh->sh_offset + sh->sh_size > m->size ||
	    str->sh_offset + str->sh_size > m->size || str->sh_size == 0 ||
	    m->data[str->sh_offset + str->sh_size - 1] != '\0')
		return errno = EINVAL, -1;
	sym = (const Elf64_Sym *)(m->data + sh->sh_offset);
	for (i = 1; i < n; i++) {
		bind = ELF64_ST_BIND(sym[i].st_info);
		if ((bind != STB_GLOBAL && bind != STB_WEAK) ||
		    sym[i].st_shndx == SHN_UNDEF || sym[i].st_name >= str->sh_size)
			continue;
		if (index_add(ix, m->data + str->sh_offset + sym[i].st_name, member) < 0)
			return -1;
	}
	return 0;
}

static int
add_symbols(struct index *ix, const struct member *m, uint32_t member)
{
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)m->data;
	const Elf64_Shdr *sh;
	size_t i;

	if (m->size < sizeof *eh || memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 ||
	    eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_type != ET_REL ||
	    eh->e_shentsize != sizeof(Elf64_Shdr))
		return errno = EINVAL, -1;
	for (i = 0; i < eh->e_shnum; i++) {
		if ((sh = section(m, eh, i)) == NULL)
			return errno = EINVAL, -1;
		if (sh->sh_type == SHT_SYMTAB && add_symtab(ix, m, eh, sh, member) < 0)
			return -1;
	}
	return 0;
}

static int
put(int fd, const void *buf, size_t n)
{
	const char *p = buf;
	ssize_t w;

	while (n > 0) {
		w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= w;
	}
	return 0;
}

static int
put_header(int fd, const char *name, size_t size)
{
	char h[61];

	snprintf(h, sizeof h, "%-16.16s%-12d%-6d%-6d%-8o%-10zu`\n", name, 0, 0, 0, 0644, size);
	return put(fd, h, 60);
}

static int
put_body(int fd, const void *data, size_t size)
{
	if (put(fd, data, size) < 0)
		return -1;
	return size % 2 ? put(fd, "\n", 1) : 0;
}

static void
be32(unsigned char *p, uint32_t v)
{
	p[0] = v >> 24, p[1] = v >> 16, p[2] = v >> 8, p[3] = v;
}

static int
put_index(int fd, const struct index *ix, const struct member *m)
{
	size_t size = 4 + 4 * ix->count + ix->len, i;
	unsigned char *buf = malloc(size);
	int r;

	if (buf == NULL)
		return -1;
	be32(buf, ix->count);
	for (i = 0; i < ix->count; i++)
		be32(buf + 4 + 4 * i, m[ix->owner[i]].offset);
	memcpy(buf + 4 + 4 * ix->count, ix->names, ix->len);
	r = put_header(fd, "/", size) < 0 || put_body(fd, buf, size) < 0 ? -1 : 0;
	free(buf);
	return r;
}

static const char *
base(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

static int
write_all_members(int fd, struct member *m, size_t n, struct index *ix)
{
	size_t off = 8 + 60 + 4 + 4 * ix->count + ix->len, i;
	char name[17];

	off += off % 2;
	for (i = 0; i < n; i++) {
		m[i].offset = off;
		off += 60 + m[i].size + m[i].size % 2;
	}
	if (put(fd, "!<arch>\n", 8) < 0 || put_index(fd, ix, m) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		snprintf(name, sizeof name, "%.15s/", m[i].name);
		if (put_header(fd, name, m[i].size) < 0 || put_body(fd, m[i].data, m[i].size) < 0)
			return -1;
	}
	return 0;
}

int
ar_write(int fd, const char *const *objs, const char *note)
{
	struct index ix = { 0 };
	struct member *m;
	size_t n = 0, slots, i;
	int r = -1, err;

	while (objs[n] != NULL)
		n++;
	slots = n + 1;
	if ((m = calloc(slots, sizeof *m)) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		m[i].name = base(objs[i]);
		if (slurp(objs[i], &m[i]) < 0 || add_symbols(&ix, &m[i], i) < 0)
			goto out;
	}
	if (note != NULL) {
		m[n].name = "__.NOTE";
		m[n].data = strdup(note);
		m[n].size = strlen(note) + 1;	/* the NUL ends the key for ub_has */
		if (m[n++].data == NULL)
			goto out;
	}
	r = write_all_members(fd, m, n, &ix);
out:
	err = errno;
	for (i = 0; i < slots; i++)
		free(m[i].data);
	free(m);
	free(ix.names);
	free(ix.owner);
	errno = err;
	return r;
}

/* The size field of the member header at OFF; -1 if malformed. */
static long long
member_size(const struct member *a, size_t off)
{
	char f[11], *end;
	long long n;

	memcpy(f, a->data + off + 48, 10);
	f[10] = '\0';
	n = strtoll(f, &end, 10);
	return end == f || n < 0 ? -1 : n;
}

int
ar_renote(const char *path, int fd, const char *note)
{
	struct member a = { 0 };
	size_t off = 8, n = strlen(note) + 1;
	long long size;
	int r = -1, err;

	if (slurp(path, &a) < 0)
		return -1;
	errno = EINVAL;
	if (a.size < 8 || memcmp(a.data, "!<arch>\n", 8) != 0)
		goto out;
	while (off + 60 <= a.size && memcmp(a.data + off, "__.NOTE/", 8) != 0) {
		if ((size = member_size(&a, off)) < 0)
			goto out;
		off += 60 + size + size % 2;
	}
	if (off + 60 > a.size)
		goto out;
	r = put(fd, a.data, off) < 0 || put_header(fd, "__.NOTE/", n) < 0 ||
	    put_body(fd, note, n) < 0 ? -1 : 0;
out:
	err = errno;
	free(a.data);
	errno = err;
	return r;
}

static uint32_t
get_be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* The member headers' offsets of the objects, in order, and the note. */
static int
read_members(struct member *a, size_t **offs, size_t *n, char **note)
{
	size_t off = 8;
	long long size;

	*n = 0;
	*offs = malloc((a->size / 60 + 1) * sizeof **offs);
	while (*offs != NULL && off + 60 <= a->size) {
		if ((size = member_size(a, off)) < 0 || off + 60 + (size_t)size > a->size)
			return errno = EINVAL, -1;
		if (memcmp(a->data + off, "__.NOTE/", 8) == 0 && size > 0 &&
		    a->data[off + 60 + size - 1] == '\0')
			*note = a->data + off + 60;
		else if (memcmp(a->data + off, "/ ", 2) != 0)
			(*offs)[(*n)++] = off;
		off += 60 + size + size % 2;
	}
	return *offs == NULL ? -1 : 0;
}

/* Which object's header is at OFF: OFFS rises, as members follow each other. */
static size_t
find_member(const size_t *offs, size_t nofs, size_t off)
{
	size_t lo = 0, hi = nofs;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (offs[mid] < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < nofs && offs[lo] == off ? lo : nofs;
}

/* The symbol index ("/", the first member): count, offsets, names. */
static int
read_index(struct member *a, const size_t *offs, size_t nofs, struct ar_info *ai)
{
	const unsigned char *p = (const unsigned char *)a->data + 68;
	long long size = a->size >= 68 && memcmp(a->data + 8, "/ ", 2) == 0 ? member_size(a, 8) : -1;
	size_t n, i, m;
	char *name, *end;

	if (size < 4 || 68 + (size_t)size > a->size || (n = get_be32(p)) > ((size_t)size - 4) / 4)
		return errno = EINVAL, -1;
	name = (char *)p + 4 + 4 * n;
	end = (char *)p + size;
	if ((ai->syms = calloc(n + 1, sizeof *ai->syms)) == NULL ||
	    (ai->member = calloc(n + 1, sizeof *ai->member)) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		m = find_member(offs, nofs, get_be32(p + 4 + 4 * i));
		if (m == nofs || name >= end || memchr(name, '\0', end - name) == NULL)
			return errno = EINVAL, -1;
		ai->syms[i] = name;
		ai->member[i] = m;
		name += strlen(name) + 1;
	}
	ai->nsyms = n;
	return 0;
}

/*
 * Mapped, not read: a build needs the headers, the index and the note, a
 * small part of the archive, and copying all of it cost more than the rest
 * of the builder's own work. Archives are replaced by rename, never
 * rewritten in place, so the mapping cannot change under us.
 */
static int
map_file(const char *path, struct member *m)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC), err;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0)
		goto fail;
	if (st.st_size < 8 || (uintmax_t)st.st_size > SIZE_MAX) {
		errno = EINVAL;
		goto fail;
	}
	m->size = st.st_size;
	m->data = mmap(NULL, m->size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (m->data == MAP_FAILED)
		goto fail;
	close(fd);
	return 0;
fail:
	err = errno;
	close(fd);
	m->data = NULL;
	errno = err;
	return -1;
}

int
ar_read(const char *path, struct ar_info *ai)
{
	struct member a = { 0 };
	size_t *offs = NULL;
	int r = -1;

	memset(ai, 0, sizeof *ai);
	if (map_file(path, &a) < 0)
		return -1;
	ai->data = a.data;
	ai->size = a.size;
	errno = EINVAL;
	if (a.size >= 8 && memcmp(a.data, "!<arch>\n", 8) == 0 &&
	    read_members(&a, &offs, &ai->nmembers, &ai->note) == 0 &&
	    read_index(&a, offs, ai->nmembers, ai) == 0)
		r = 0;
	free(offs);
	if (r < 0)
		ar_info_free(ai);
	return r;
}

void
ar_info_free(struct ar_info *ai)
{
	int err = errno;

	free(ai->syms);
	free(ai->member);
	if (ai->data != NULL)
		munmap(ai->data, ai->size);
	memset(ai, 0, sizeof *ai);
	errno = err;
}
