/* idname.c - user and group names for numeric ids, looked up once each */
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include "err.h"
#include "attr.h"

struct idname {
	struct idname *next;
	unsigned id;
	int group;
	char *name;
};

static struct idname *cache;

static const char *
lookup(unsigned id, int group)
{
	struct idname *p;
	struct passwd *pw;
	struct group *gr;
	const char *name = NULL;
	char num[24];

	for (p = cache; p != NULL; p = p->next)
		if (p->id == id && p->group == group)
			return p->name;
	if (group && (gr = getgrgid(id)) != NULL)
		name = gr->gr_name;
	if (!group && (pw = getpwuid(id)) != NULL)
		name = pw->pw_name;
	if (name == NULL) {
		snprintf(num, sizeof num, "%u", id);
		name = num;
	}
	p = xmalloc(sizeof *p);
	p->id = id;
	p->group = group;
	p->name = xstrdup(name);
	p->next = cache;
	cache = p;
	return p->name;
}

const char *
uid_name(uid_t uid)
{
	return lookup(uid, 0);
}

const char *
gid_name(gid_t gid)
{
	return lookup(gid, 1);
}
