/* human_size.c - sizes like 999, 1.5K, 12M: powers of 1024, rounded up */
#include <stdio.h>
#include "num.h"

char *
human_size(char buf[HUMAN_LEN], unsigned long long n)
{
	static const char unit[] = "KMGTPE";
	unsigned long long div = 1024, q, tenths, whole;
	int u = 0;

	if (n < 1024) {
		snprintf(buf, HUMAN_LEN, "%llu", n);
		return buf;
	}
	while (u < 5 && n / div >= 1024) {
		div *= 1024;
		u++;
	}
	q = n / div;
	tenths = q * 10 + (n % div * 10 + div - 1) / div;
	if (tenths < 100) {
		snprintf(buf, HUMAN_LEN, "%llu.%llu%c", tenths / 10, tenths % 10, unit[u]);
		return buf;
	}
	whole = q + (n % div != 0);
	if (whole >= 1024 && u < 5)
		snprintf(buf, HUMAN_LEN, "1.0%c", unit[u + 1]);
	else
		snprintf(buf, HUMAN_LEN, "%llu%c", whole, unit[u]);
	return buf;
}
