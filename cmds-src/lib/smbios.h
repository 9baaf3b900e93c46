/* smbios.h - the SMBIOS entry point and the walk over its structure table */
#ifndef SMBIOS_H
#define SMBIOS_H

#include <stddef.h>

/* What the entry point says: version, where the table was, how long it is
 * (2.x: its length and count of structures; 3.x: its maximum length, count 0). */
struct smbios {
	int major, minor, docrev, v3;
	unsigned long long addr;
	unsigned long len;
	unsigned count;
};

/* The entry point in BUF (N bytes): "_SM3_", "_SM_" or the legacy "_DMI_".
 * NULL, or why it is not one (bad anchor, checksum, length). */
const char *smbios_entry(const unsigned char *buf, size_t n, struct smbios *e);

/* One structure: its formatted area (data[0] is the type, data[1] its
 * length, len) and its strings, which end in the double NUL at
 * data + size - 2; size is the whole structure's. */
struct smbios_struct {
	const unsigned char *data;
	unsigned type, len, handle;
	size_t size;
};

/* The structure at *OFF of table T (N bytes): 1 and *OFF past it; 0 at the
 * end of the table (N reached, or past type 127); -1 and *WHY if it does not
 * fit: a length under 4, or strings with no end inside the table. S starts
 * zeroed, *OFF at 0. */
int smbios_next(const unsigned char *t, size_t n, size_t *off, struct smbios_struct *s,
    const char **why);

/* String I (from 1) of S: NULL if it has no such string. */
const char *smbios_string(const struct smbios_struct *s, unsigned i);

/* Little-endian fields of a structure's formatted area. */
unsigned smbios_word(const unsigned char *p);
unsigned long smbios_dword(const unsigned char *p);
unsigned long long smbios_qword(const unsigned char *p);

#endif
