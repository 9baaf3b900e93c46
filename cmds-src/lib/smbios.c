/* smbios.c - the SMBIOS entry point and the walk over its structure table
 * (DMTF DSP0134), bounds-checked: the table may come from any firmware. */
#include <string.h>
#include "smbios.h"

unsigned
smbios_word(const unsigned char *p)
{
	return p[0] | (unsigned)p[1] << 8;
}

unsigned long
smbios_dword(const unsigned char *p)
{
	return smbios_word(p) | (unsigned long)smbios_word(p + 2) << 16;
}

unsigned long long
smbios_qword(const unsigned char *p)
{
	return smbios_dword(p) | (unsigned long long)smbios_dword(p + 4) << 32;
}

static int
sums_to_zero(const unsigned char *p, size_t n)
{
	unsigned char sum = 0;

	while (n-- > 0)
		sum += *p++;
	return sum == 0;
}

/* The 3.0 entry point: 24 bytes, a 64-bit address and a maximum length. */
static const char *
entry3(const unsigned char *b, size_t n, struct smbios *e)
{
	if (n < 24 || b[6] < 24 || b[6] > n)
		return "entry point too short";
	if (!sums_to_zero(b, b[6]))
		return "bad entry point checksum";
	e->v3 = 1;
	e->major = b[7];
	e->minor = b[8];
	e->docrev = b[9];
	e->len = smbios_dword(b + 12);
	e->addr = smbios_qword(b + 16);
	return NULL;
}

/* The legacy DMI part: 15 bytes, in the 2.x entry point from offset 16. */
static const char *
entry_dmi(const unsigned char *b, size_t n, struct smbios *e)
{
	if (n < 15)
		return "entry point too short";
	if (!sums_to_zero(b, 15))
		return "bad entry point checksum";
	e->len = smbios_word(b + 6);
	e->addr = smbios_dword(b + 8);
	e->count = smbios_word(b + 12);
	if (e->major == 0) {
		e->major = b[14] >> 4;
		e->minor = b[14] & 15;
	}
	return NULL;
}

static const char *
entry2(const unsigned char *b, size_t n, struct smbios *e)
{
	if (n < 31 || b[5] < 31 || b[5] > n)
		return "entry point too short";
	if (!sums_to_zero(b, b[5]))
		return "bad entry point checksum";
	if (memcmp(b + 16, "_DMI_", 5) != 0)
		return "no _DMI_ anchor in the entry point";
	e->major = b[6];
	e->minor = b[7];
	/* 2.1 and 2.2 entry points that say 2.33 and 2.51 mean 2.3 and 2.6, as dmidecode reads them */
	if (e->major == 2 && e->minor == 33)
		e->minor = 3;
	else if (e->major == 2 && e->minor == 51)
		e->minor = 6;
	return entry_dmi(b + 16, n - 16, e);
}

const char *
smbios_entry(const unsigned char *buf, size_t n, struct smbios *e)
{
	memset(e, 0, sizeof *e);
	if (n >= 5 && memcmp(buf, "_SM3_", 5) == 0)
		return entry3(buf, n, e);
	if (n >= 4 && memcmp(buf, "_SM_", 4) == 0)
		return entry2(buf, n, e);
	if (n >= 5 && memcmp(buf, "_DMI_", 5) == 0)
		return entry_dmi(buf, n, e);
	return "no SMBIOS entry point anchor";
}

int
smbios_next(const unsigned char *t, size_t n, size_t *off, struct smbios_struct *s,
    const char **why)
{
	size_t at = *off, end;

	if (at >= n || (at > 0 && s->data != NULL && s->type == 127))
		return 0;
	if (n - at < 4) {
		*why = "truncated structure header";
		return -1;
	}
	s->data = t + at;
	s->type = t[at];
	s->len = t[at + 1];
	s->handle = smbios_word(t + at + 2);
	if (s->len < 4) {
		*why = "structure length under 4";
		return -1;
	}
	if (s->len > n - at) {
		*why = "structure runs past the end of the table";
		return -1;
	}
	/* The strings end at two NULs in a row, which may start at the formatted area's end. */
	for (end = at + s->len; end + 1 < n; end++)
		if (t[end] == 0 && t[end + 1] == 0)
			break;
	if (end + 1 >= n) {
		*why = "strings run past the end of the table";
		return -1;
	}
	s->size = end + 2 - at;
	*off = end + 2;
	return 1;
}

const char *
smbios_string(const struct smbios_struct *s, unsigned i)
{
	const char *p = (const char *)s->data + s->len;
	const char *end = (const char *)s->data + s->size - 1;

	if (i == 0 || *p == '\0')
		return NULL;
	while (--i > 0) {
		p += strlen(p) + 1;
		if (p >= end || *p == '\0')
			return NULL;
	}
	return p;
}
