/* hostname - print or set the name of this host */
#include "cmd.h"
#include <netdb.h>
#include <sys/utsname.h>

static const char usage[] = "hostname [-s | -f | -d] [NAME | -F FILE]";

/* The first line of FILE that is not blank or a # comment, trimmed. */
static char *
name_from_file(const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL, *s, *e;
	size_t cap = 0;

	if (f == NULL)
		die_errno("%s", path);
	while (getline(&line, &cap, f) != -1) {
		s = line + strspn(line, " \t\r\n");
		if (*s == '\0' || *s == '#')
			continue;
		for (e = s + strlen(s); e > s && strchr(" \t\r\n", e[-1]) != NULL; e--)
			;
		*e = '\0';
		memmove(line, s, e - s + 1);
		fclose(f);
		return line;
	}
	if (ferror(f))
		die_errno("%s", path);
	die("%s: no host name", path);
	return NULL;
}

static void
set_name(const char *name)
{
	if (sethostname(name, strlen(name)) < 0)
		die_errno("%s", name);
}

/* The canonical name from the resolver, or the name itself if it knows
 * none; with DOMAIN only what follows its first dot (maybe nothing). */
static void
print_fqdn(const char *name, int domain)
{
	struct addrinfo hints, *ai = NULL;
	const char *fqdn = name, *dot;

	memset(&hints, 0, sizeof hints);
	hints.ai_flags = AI_CANONNAME;
	if (getaddrinfo(name, NULL, &hints, &ai) == 0 && ai->ai_canonname != NULL)
		fqdn = ai->ai_canonname;
	dot = strchr(fqdn, '.');
	puts(!domain ? fqdn : dot != NULL ? dot + 1 : "");
	if (ai != NULL)
		freeaddrinfo(ai);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	const char *file = NULL;
	struct utsname u;
	char *name;
	int c, form = 0;

	while ((c = opt_next(&o, "F:dfs")) != -1) {
		switch (c) {
		case 'F': file = o.arg; break;
		case 'd': case 'f': case 's': form = c; break;
		default: die_usage(&o);
		}
	}
	if (argc - o.ind > 1 || (file != NULL && o.ind != argc))
		die_usage(&o);
	if (file != NULL || o.ind < argc) {
		name = file != NULL ? name_from_file(file) : xstrdup(argv[o.ind]);
		set_name(name);
		free(name);
		return 0;
	}
	if (uname(&u) < 0)
		die_errno("uname");
	if (form == 's')
		u.nodename[strcspn(u.nodename, ".")] = '\0';
	if (form == 'f' || form == 'd')
		print_fqdn(u.nodename, form == 'd');
	else
		puts(u.nodename);
	return cmd_exit();
}
