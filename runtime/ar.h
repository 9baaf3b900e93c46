/* ar.h - write a static library that tcc's linker can pick members from */
#ifndef AR_H
#define AR_H

/*
 * Write to fd an ar archive of the ELF64 relocatable objects objs (NULL
 * terminated) with a System V symbol index ("/" member) of their defined
 * global symbols, and, when note is not NULL, a last member "__.NOTE" holding
 * note and its NUL (the cache key; linkers ignore members no symbol points at).
 * Dates, owners and modes are fixed: the output depends only on the inputs.
 * Returns 0, or -1 with errno set (EINVAL: an input is not an ELF64 object).
 */
int ar_write(int fd, const char *const *objs, const char *note);

/* Copy the archive at PATH to fd with its __.NOTE member (the last) holding
 * NOTE instead; the members before it keep their offsets, so the symbol
 * index stays right. Returns 0, or -1 with errno (EINVAL: no note). */
int ar_renote(const char *path, int fd, const char *note);

/* What ar_read finds in an archive ar_write made. */
struct ar_info {
	char **syms;		/* the index's symbols */
	size_t *member;		/* member[i]: which object defines syms[i], 0 the first */
	size_t nsyms, nmembers;	/* objects, not counting the index and the note */
	char *note;		/* __.NOTE's text, or NULL */
	char *data;		/* the archive, mapped: syms and note point into it */
	size_t size;
};

/* Returns 0, or -1 with errno (EINVAL: not an archive of this shape). */
int ar_read(const char *path, struct ar_info *a);
void ar_info_free(struct ar_info *a);

#endif
