/* id - print user and group ids */
#include "cmd.h"
#include "attr.h"
#include <grp.h>
#include <pwd.h>

static const char usage[] = "id [-G | -g | -u] [-nr] [USER]";

struct ids {
	uid_t uid, euid;
	gid_t gid, egid;
	gid_t *groups;	/* the effective group first, no repeats */
	int ngroups;
};

/* Add G to the list unless it is there already. */
static void
add_group(struct ids *p, gid_t g)
{
	for (int i = 0; i < p->ngroups; i++)
		if (p->groups[i] == g)
			return;
	p->groups[p->ngroups++] = g;
}

static void
add_groups(struct ids *p, const gid_t *v, int n)
{
	p->groups = xrealloc(p->groups, (p->ngroups + n) * sizeof *p->groups);
	for (int i = 0; i < n; i++)
		add_group(p, v[i]);
}

static void
process_ids(struct ids *p)
{
	int n = getgroups(0, NULL);
	gid_t *v = xmalloc((n > 0 ? n : 1) * sizeof *v);

	p->uid = getuid();
	p->euid = geteuid();
	p->gid = getgid();
	p->egid = getegid();
	if (n < 0 || (n = getgroups(n, v)) < 0)
		die_errno("getgroups");
	add_groups(p, &p->egid, 1);
	add_groups(p, v, n);
	free(v);
}

/* USER is a name, or failing that a number. */
static void
user_ids(struct ids *p, const char *user)
{
	struct passwd *pw = getpwnam(user);
	gid_t *v;
	char *end;
	unsigned long n;
	int count = 16;

	if (pw == NULL && *user >= '0' && *user <= '9') {
		n = strtoul(user, &end, 10);
		if (*end == '\0' && n == (uid_t)n)
			pw = getpwuid(n);
	}
	if (pw == NULL)
		die("%s: no such user", user);
	p->uid = p->euid = pw->pw_uid;
	p->gid = p->egid = pw->pw_gid;
	for (;;) {
		v = xmalloc(count * sizeof *v);
		if (getgrouplist(pw->pw_name, pw->pw_gid, v, &count) >= 0)
			break;
		free(v);
		count *= 2;
	}
	add_groups(p, &p->gid, 1);
	add_groups(p, v, count);
	free(v);
}

/* Is NAME just the number, uid_name's answer when there is no name? */
static int
unnamed(const char *name, unsigned id)
{
	char num[24];

	snprintf(num, sizeof num, "%u", id);
	return strcmp(name, num) == 0;
}

/* "PREFIX" then the id, and its name in parentheses if it has one. */
static void
put_pair(const char *prefix, unsigned id, const char *name)
{
	printf("%s%u", prefix, id);
	if (!unnamed(name, id))
		printf("(%s)", name);
}

static void
put_all(const struct ids *p)
{
	put_pair("uid=", p->uid, uid_name(p->uid));
	put_pair(" gid=", p->gid, gid_name(p->gid));
	if (p->euid != p->uid)
		put_pair(" euid=", p->euid, uid_name(p->euid));
	if (p->egid != p->gid)
		put_pair(" egid=", p->egid, gid_name(p->egid));
	for (int i = 0; i < p->ngroups; i++)
		put_pair(i == 0 ? " groups=" : ",", p->groups[i], gid_name(p->groups[i]));
	putchar('\n');
}

/* -u, -g or -G: numbers, or with -n names; -r the real ids. */
static void
put_only(const struct ids *p, int what, int names, int real)
{
	unsigned id;

	if (what == 'G') {
		for (int i = 0; i < p->ngroups; i++) {
			id = p->groups[i];
			if (names)
				printf(i ? " %s" : "%s", gid_name(id));
			else
				printf(i ? " %u" : "%u", id);
		}
		putchar('\n');
		return;
	}
	id = what == 'u' ? (real ? p->uid : p->euid) : (real ? p->gid : p->egid);
	if (names)
		puts(what == 'u' ? uid_name(id) : gid_name(id));
	else
		printf("%u\n", id);
}

static const struct opt_long longs[] = {
	{ "groups", 'G' }, { "group", 'g' }, { "user", 'u' }, { "name", 'n' },
	{ "real", 'r' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	struct ids ids = { 0, 0, 0, 0, NULL, 0 };
	int c, what = 0, names = 0, real = 0;

	o.longs = longs;
	while ((c = opt_next(&o, "Ggunr")) != -1) {
		switch (c) {
		case 'G': case 'g': case 'u':
			if (what != 0 && what != c)
				die_usage(&o);
			what = c;
			break;
		case 'n': names = 1; break;
		case 'r': real = 1; break;
		default: die_usage(&o);
		}
	}
	if (argc - o.ind > 1 || ((names || real) && what == 0))
		die_usage(&o);
	if (o.ind < argc)
		user_ids(&ids, argv[o.ind]);
	else
		process_ids(&ids);
	if (what == 0)
		put_all(&ids);
	else
		put_only(&ids, what, names, real);
	free(ids.groups);
	return cmd_exit();
}
