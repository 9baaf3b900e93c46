/* put_num.c - numbers to stdout without printf's format parsing, for dumps */
#include "dump.h"

void
put_num(unsigned long long v, int neg, int base, int digits, int width)
{
	char buf[96], *p = buf + sizeof buf;
	int n;

	do {
		*--p = "0123456789abcdef"[v % base];
		v /= base;
	} while (v != 0);
	while (buf + sizeof buf - p < digits && p > buf + 1)
		*--p = '0';
	if (neg)
		*--p = '-';
	n = buf + sizeof buf - p;
	for (; width > n; width--)
		putchar(' ');
	fwrite(p, 1, n, stdout);
}
