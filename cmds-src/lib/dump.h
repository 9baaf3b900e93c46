/* dump.h - for od and hexdump: the operands as one stream; numbers and bytes out */
#ifndef DUMP_H
#define DUMP_H

#include <stddef.h>
#include <stdio.h>

/* The operands as one stream, for od and hexdump: each file in turn ("-" is
 * standard input), one that cannot be opened reported and passed over.
 * Fill files and nfiles, then skip (bytes to pass over first) and, if
 * limited, left (bytes to read at most). instream_next opens the next file
 * (0: none left); instream_skip returns what could not be skipped;
 * instream_read gives fewer than WANT bytes only at the end. */
struct instream {
	char **files;
	int nfiles, next;
	FILE *fp;
	const char *name;
	unsigned long long skip, left;
	int limited;
};
int instream_next(struct instream *in);
unsigned long long instream_skip(struct instream *in);
size_t instream_read(struct instream *in, unsigned char *buf, size_t want);
/* V (negated if NEG) in BASE 8, 10 or 16, of at least DIGITS digits (zeros
 * in front), right-aligned in WIDTH columns, on stdout: printf's "%*.*llx"
 * without the parsing, which costs more than the number in a dump. */
void put_num(unsigned long long v, int neg, int base, int digits, int width);
/* An integer of SIZE (1, 2, 4 or 8) bytes at P, unaligned, in the machine's order. */
unsigned long long dump_uint(const unsigned char *p, int size);
long long dump_int(const unsigned char *p, int size);
/* A byte as od -t c shows it: itself, a C escape (\0 \n...), or 3 octal digits. */
const char *byte_c(int c, char tmp[8]);

#endif
