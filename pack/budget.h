/* budget.h - which image fits the flash */
#ifndef BUDGET_H
#define BUDGET_H

enum mode { MODE_NONE, MODE_SOURCE, MODE_MULTICALL };

/* "4194304", "512K", "8M" (powers of 1024) -> bytes. 0, or -1 if malformed. */
int flash_size(const char *s, unsigned long long *bytes);
/* "source", "multicall", "" (either) -> mode; -1 if unknown. */
int flash_mode(const char *s, enum mode *m);

/*
 * Pick the source image when it fits, else the multicall one, else none.
 * A kernel, when given, shares the flash region with the initramfs.
 * forced != MODE_NONE allows only that mode. why gets one line saying why.
 */
enum mode choose(unsigned long long source, unsigned long long multicall,
    unsigned long long kernel, unsigned long long budget, enum mode forced,
    char *why, unsigned long whylen);

#endif
