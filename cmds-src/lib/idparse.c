/* idparse.c - user and group ids from names in the passwd and group files, or numbers */
#include <grp.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "attr.h"
#include "err.h"

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

/*
 * chown's OWNER[:GROUP] (also "OWNER:" for the owner's login group, ":GROUP",
 * and the old OWNER.GROUP when no user has that dotted name). What is not
 * given is -1. Bad input ends the command in one line.
 */
void
owner_parse(const char *spec, uid_t *uid, gid_t *gid)
{
	char *s = xstrdup(spec), *sep = strchr(s, ':');
	struct passwd *pw;

	if (sep == NULL && (sep = strchr(s, '.')) != NULL && uid_parse(s, uid) == 0)
		sep = NULL;
	if (sep != NULL)
		*sep++ = '\0';
	*uid = (uid_t)-1;
	*gid = (gid_t)-1;
	if (*s != '\0' && uid_parse(s, uid) < 0)
		die("invalid user '%s'", s);
	if (sep != NULL && *sep != '\0' && gid_parse(sep, gid) < 0)
		die("invalid group '%s'", sep);
	if (sep != NULL && *sep == '\0' && *s != '\0') {
		if ((pw = getpwuid(*uid)) == NULL)
			die("%s: no login group", s);
		*gid = pw->pw_gid;
	}
	if (*s == '\0' && (sep == NULL || *sep == '\0'))
		die("invalid owner '%s'", spec);
	free(s);
}
