/* mode.c - chmod-style modes: octal, or symbolic clauses like u+rwx,go-w */
#define _GNU_SOURCE 1
#include <sys/stat.h>
#include "attr.h"

/* Bits each "who" letter may touch; none named means all, less the umask. */
static mode_t
who_bits(const char **s)
{
	mode_t who = 0;

	for (;; (*s)++) {
		switch (**s) {
		case 'u': who |= S_ISUID | S_IRWXU; break;
		case 'g': who |= S_ISGID | S_IRWXG; break;
		case 'o': who |= S_ISVTX | S_IRWXO; break;
		case 'a': who |= 07777; break;
		default: return who;
		}
	}
}

/* The permission list after an operator: "rwxXst", or one of "ugo" to copy. */
static mode_t
perm_bits(const char **s, mode_t m, int isdir)
{
	mode_t perm = 0, v;

	if (**s == 'u' || **s == 'g' || **s == 'o') {
		v = **s == 'u' ? m >> 6 : **s == 'g' ? m >> 3 : m;
		(*s)++;
		return (v & 7) * 0111;
	}
	for (;; (*s)++) {
		switch (**s) {
		case 'r': perm |= 0444; break;
		case 'w': perm |= 0222; break;
		case 'x': perm |= 0111; break;
		case 'X': perm |= isdir || (m & 0111) ? 0111 : 0; break;
		case 's': perm |= S_ISUID | S_ISGID; break;
		case 't': perm |= S_ISVTX; break;
		default: return perm;
		}
	}
}

static int
parse_octal(const char *s, mode_t *m)
{
	unsigned long v = 0;

	for (; *s; s++) {
		if (*s < '0' || *s > '7')
			return -1;
		v = v * 8 + (*s - '0');
		if (v > 07777)
			return -1;
	}
	*m = (*m & S_IFMT) | v;
	return 0;
}

/* One clause: [ugoa]*([-+=]([rwxXst]*|[ugo]))+ */
static int
parse_clause(const char **s, mode_t *m, mode_t mask, int isdir)
{
	mode_t who = who_bits(s), affect, perm;
	int op;

	affect = who ? who : 07777 & ~mask;
	if (**s != '+' && **s != '-' && **s != '=')
		return -1;
	while (**s == '+' || **s == '-' || **s == '=') {
		op = *(*s)++;
		perm = perm_bits(s, *m, isdir) & affect;
		if (op == '=')
			*m &= ~(who ? who : 07777);
		if (op == '-')
			*m &= ~perm;
		else
			*m |= perm;
	}
	return 0;
}

int
mode_parse(const char *spec, mode_t *m, mode_t mask, int isdir)
{
	const char *s = spec;

	if (*s >= '0' && *s <= '7')
		return parse_octal(s, m);
	for (;;) {
		if (parse_clause(&s, m, mask, isdir) < 0)
			return -1;
		if (*s == '\0')
			return 0;
		if (*s++ != ',')
			return -1;
	}
}
