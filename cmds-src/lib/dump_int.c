/* dump_int.c - for od and hexdump: an integer of 1, 2, 4 or 8 bytes, in the
 * machine's byte order, from bytes that may be unaligned */
#include <stdint.h>
#include <string.h>
#include "dump.h"

unsigned long long
dump_uint(const unsigned char *p, int size)
{
	uint8_t a;
	uint16_t b;
	uint32_t c;
	uint64_t d;

	switch (size) {
	case 1: memcpy(&a, p, 1); return a;
	case 2: memcpy(&b, p, 2); return b;
	case 4: memcpy(&c, p, 4); return c;
	}
	memcpy(&d, p, 8);
	return d;
}

long long
dump_int(const unsigned char *p, int size)
{
	int8_t a;
	int16_t b;
	int32_t c;
	int64_t d;

	switch (size) {
	case 1: memcpy(&a, p, 1); return a;
	case 2: memcpy(&b, p, 2); return b;
	case 4: memcpy(&c, p, 4); return c;
	}
	memcpy(&d, p, 8);
	return d;
}
