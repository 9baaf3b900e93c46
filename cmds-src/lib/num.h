/* num.h - numbers, sizes and escapes read from text; sizes written for people */
#ifndef NUM_H
#define NUM_H

/* Decimal digits only (no blanks, no sign), at most MAX: 0, or -1. */
int parse_uint(const char *s, unsigned long long max, unsigned long long *v);
/* The same in BASE, as strtoull's (0: 0x and 0 prefixes as C writes them). */
int parse_ubase(const char *s, int base, unsigned long long max, unsigned long long *v);

/* A byte count: digits in BASE (as strtoull: 0 allows 0x and 0 prefixes) and an
 * optional unit b (512), k K (1024), m M, g G. 0, or -1 if malformed or too big. */
int parse_size(const char *s, int base, unsigned long long *v);

/* A size for people, in powers of 1024 rounded up: "999", "1.5K", "12M". */
#define HUMAN_LEN 8
char *human_size(char buf[HUMAN_LEN], unsigned long long n);

/* The byte a backslash escape stands for: *S is just past the backslash, at
 * one of \\abfnrtv or 1-3 octal digits. Advances *S; -1 (*S kept) for others. */
int unescape(const char **s);

/* N bytes from the 2N hex digits (either case) at S into OUT: 0, or -1 if
 * one is not a hex digit (OUT may then be partly written). */
int hex_bytes(const char *s, unsigned char *out, size_t n);

#endif
