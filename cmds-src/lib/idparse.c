/* idparse.c - user and group ids from names in the passwd and group files, or numbers */
#include <grp.h>
#include <pwd.h>
#include <unistd.h>
#include "attr.h"

/* All digits, and no more than an id holds. */
static int
number(const char *s, unsigned *id)
{
	unsigned long long v = 0;

	if (*s == '\0')
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		v = v * 10 + (*s - '0');
		if (v >= 0xffffffffULL)
			return -1;
	}
	*id = v;
	return 0;
}

int
uid_parse(const char *s, uid_t *uid)
{
	struct passwd *pw = *s ? getpwnam(s) : NULL;
	unsigned id;

	if (pw != NULL) {
		*uid = pw->pw_uid;
		return 0;
	}
	if (number(s, &id) < 0)
		return -1;
	*uid = id;
	return 0;
}

int
gid_parse(const char *s, gid_t *gid)
{
	struct group *gr = *s ? getgrnam(s) : NULL;
	unsigned id;

	if (gr != NULL) {
		*gid = gr->gr_gid;
		return 0;
	}
	if (number(s, &id) < 0)
		return -1;
	*gid = id;
	return 0;
}
