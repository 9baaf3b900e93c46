/* archcheck - what tcc's arm64 code must get right, run in the guest */
#include "cmd.h"
#include <stdarg.h>
#include <setjmp.h>
#include <sys/utsname.h>

/* AAPCS64 passes these partly in registers, partly on the stack. */
struct pair {
	long a;
	double b;
};

struct big {
	int v[9];
};

static char *
fmt(char *buf, size_t n, const char *f, ...)
{
	va_list ap;

	va_start(ap, f);
	vsnprintf(buf, n, f, ap);
	va_end(ap);
	return buf;
}

static long
sum(int n, ...)
{
	va_list ap;
	long s = 0;

	va_start(ap, n);
	for (int i = 0; i < n; i++)
		s += i % 2 ? va_arg(ap, long) : (long)va_arg(ap, double);
	va_end(ap);
	return s;
}

static struct pair
swap(struct pair p, struct big b)
{
	struct pair q = { b.v[8] + (long)p.b, (double)p.a / 4 };

	return q;
}

static int
cmp(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

static jmp_buf env;

static void
jump(int v)
{
	longjmp(env, v);
}

/* Leaves the stack below it full of ones, where the next call's stack
 * arguments go: a narrow one stored short of its slot shows. */
static void
scribble(void)
{
	volatile unsigned char junk[512];

	for (size_t i = 0; i < sizeof junk; i++)
		junk[i] = 0xff;
}

/* char and short past the eighth argument, promoted to int as C says */
static void
narrow(void)
{
	unsigned char g[10];
	short s[2] = { -2, 300 };

	for (int i = 0; i < 10; i++)
		g[i] = (unsigned char)(0xa0 + i);
	scribble();
	printf("ARCH: narrow %X %X %X %X %X %X %X %X %X %X %d %d\n", g[0], g[1], g[2], g[3], g[4],
	    g[5], g[6], g[7], g[8], g[9], s[0], s[1]);
}

int
main(void)
{
	struct utsname u;
	char buf[64];
	int v[] = { 3, 1, 2 };
	struct big b = { { 0, 0, 0, 0, 0, 0, 0, 0, 40 } };
	struct pair p = swap((struct pair){ 10, 2.75 }, b);
	volatile int jumped = 0;

	if (uname(&u) < 0)
		die_errno("uname");
	printf("ARCH: machine %s\n", u.machine);
	printf("ARCH: format %s\n", fmt(buf, sizeof buf, "%d %s %.3f %lld %c", -7, "str", 3.14159, 1LL << 40, 'z'));
	printf("ARCH: varargs %ld\n", sum(10, 1.5, 2L, 3.5, 4L, 5.5, 6L, 7.5, 8L, 9.9, 10L));
	narrow();
	printf("ARCH: struct %ld %.2f\n", p.a, p.b);
	qsort(v, 3, sizeof *v, cmp);
	printf("ARCH: qsort %d %d %d\n", v[0], v[1], v[2]);
	if (setjmp(env) == 0)
		jump(5);
	else
		jumped = 1;
	printf("ARCH: longjmp %d\n", jumped);
	printf("ARCH: math %llu %lld %u\n", 0xffffffffffffffffULL / 3, -9000000000LL / 7, 0x80000000u >> 31);
	return cmd_exit();
}
