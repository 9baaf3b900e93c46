/* sysctl - read and write kernel parameters under /proc/sys */
#include "cmd.h"
#include "io.h"
#include "path.h"

static const char usage[] = "sysctl [-enNq] [-w] NAME[=VALUE]... | -a | -p [FILE...]";

static const char base[] = "/proc/sys/";

static struct {
	int all, names_only, values_only, quiet, ignore_unknown;
} sc;

/* "net.ipv4.ip_forward" and "net/ipv4/ip_forward" alike: the first separator
 * says which one separates; the other is a literal part of a name, as in
 * "net.ipv4.conf.eth0/100.forwarding" for the directory "eth0.100". */
static char *
key_path(const char *name)
{
	int slashes, first;
	char *path, *p;

	while (*name == '/' || *name == '.')
		name++;
	first = name[strcspn(name, "./")];
	slashes = first == '/';
	path = xmalloc(sizeof base + strlen(name));
	p = stpcpy(path, base);
	for (; *name; name++)
		*p++ = slashes ? *name : *name == '.' ? '/' : *name == '/' ? '.' : *name;
	*p = '\0';
	return path;
}

/* The name shown for a path under /proc/sys: slashes become dots, dots slashes. */
static char *
key_name(const char *path)
{
	char *name = xstrdup(path + sizeof base - 1);

	for (char *p = name; *p; p++)
		*p = *p == '/' ? '.' : *p == '.' ? '/' : *p;
	return name;
}

/* The whole of a /proc/sys file; NULL and errno if it cannot be read. */
static char *
read_value(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t n = 0, cap = 256;
	char *buf;
	ssize_t r;

	if (fd < 0)
		return NULL;
	buf = xmalloc(cap);
	while ((r = read(fd, buf + n, cap - n - 1)) != 0) {
		if (r < 0) {
			if (errno == EINTR)
				continue;
			r = errno;
			free(buf);
			close(fd);
			errno = (int)r;
			return NULL;
		}
		n += r;
		if (cap - n < 2)
			buf = xrealloc(buf, cap *= 2);
	}
	close(fd);
	while (n > 0 && buf[n - 1] == '\n')
		n--;
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* "name = value", one line of the value at a time. */
static void
show(const char *name, const char *value)
{
	const char *nl;

	if (sc.names_only) {
		printf("%s\n", name);
		return;
	}
	if (sc.values_only) {
		printf("%s\n", value);
		return;
	}
	do {
		nl = strchrnul(value, '\n');
		printf("%s = %.*s\n", name, (int)(nl - value), value);
		value = nl + 1;
	} while (*nl != '\0');
}

static void walk_dir(const char *path);

/* Show PATH, a parameter or a directory of them; QUIET_FAIL for the walks of -a. */
static void
read_key(const char *path, const char *shown, int quiet_fail)
{
	struct stat st;
	char *value, *name;
	size_t len;

	if (stat(path, &st) < 0) {
		if (!quiet_fail && !(sc.ignore_unknown && errno == ENOENT))
			warn_errno("%s", shown);
		return;
	}
	if (S_ISDIR(st.st_mode)) {
		walk_dir(path);
		return;
	}
	if (quiet_fail && !(st.st_mode & 0444))
		return;		/* write-only, such as vm.drop_caches */
	name = key_name(path);
	if (sc.names_only) {
		show(name, "");
	} else if ((value = read_value(path, &len)) != NULL) {
		show(name, value);
		free(value);
	} else if (!quiet_fail) {
		warn_errno("%s", name);
	}
	free(name);
}

static int
visible(const struct dirent *e)
{
	return e->d_name[0] != '.';
}

static void
walk_dir(const char *path)
{
	struct dirent **v;
	char *sub;
	int n = scandir(path, &v, visible, alphasort);

	if (n < 0) {
		warn_errno("%s", path);
		return;
	}
	for (int i = 0; i < n; i++) {
		sub = path_join(path, v[i]->d_name);
		read_key(sub, sub, 1);
		free(sub);
		free(v[i]);
	}
	free(v);
}

static void
trim(char **s)
{
	char *end;

	*s += strspn(*s, " \t");
	end = *s + strlen(*s);
	while (end > *s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\n' || end[-1] == '\r'))
		end--;
	*end = '\0';
}

/* "name=value": write the value, then show it unless -q. Returns 0 or -1. */
static int
write_key(char *arg, int complain)
{
	char *eq = strchr(arg, '='), *name = arg, *value, *path;
	int fd, ok;

	if (eq == NULL) {
		warn("%s: not of the form name=value", arg);
		return -1;
	}
	*eq = '\0';
	value = eq + 1;
	trim(&name);
	trim(&value);
	path = key_path(name);
	fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	ok = fd >= 0 && write_all(fd, value, strlen(value)) == 0;
	if (fd >= 0 && close(fd) < 0)
		ok = 0;
	free(path);
	if (!ok) {
		if (complain && !(sc.ignore_unknown && errno == ENOENT))
			warn_errno("%s", name);
		return -1;
	}
	if (!sc.quiet)
		show(name, value);
	return 0;
}

/* sysctl.conf: "name = value" lines, # and ; comments; a leading - lets a line fail quietly. */
static void
load(const char *file)
{
	FILE *f = strcmp(file, "-") == 0 ? stdin : fopen(file, "r");
	char *line = NULL, *p;
	size_t cap = 0;
	int lineno = 0;

	if (f == NULL) {
		warn_errno("%s", file);
		return;
	}
	while (getline(&line, &cap, f) > 0) {
		lineno++;
		p = line;
		trim(&p);
		if (*p == '\0' || *p == '#' || *p == ';')
			continue;
		if (*p == '-') {
			write_key(p + 1, 0);
			continue;
		}
		if (strchr(p, '=') == NULL) {
			warn("%s:%d: not of the form name=value", file, lineno);
			continue;
		}
		write_key(p, 1);
	}
	if (ferror(f))
		warn_errno("%s", file);
	free(line);
	if (f != stdin)
		fclose(f);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, writing = 0, loading = 0;
	char *path;

	memset(&sc, 0, sizeof sc);
	while ((c = opt_next(&o, "aAXenNqwp")) != -1) {
		switch (c) {
		case 'a': case 'A': case 'X': sc.all = 1; break;
		case 'e': sc.ignore_unknown = 1; break;
		case 'n': sc.values_only = 1; break;
		case 'N': sc.names_only = 1; break;
		case 'q': sc.quiet = 1; break;
		case 'w': writing = 1; break;
		case 'p': loading = 1; break;
		default: die_usage(&o);
		}
	}
	if (loading) {
		if (o.ind == argc)
			load("/etc/sysctl.conf");
		for (int i = o.ind; i < argc; i++)
			load(argv[i]);
		return cmd_exit();
	}
	if (sc.all) {
		if (o.ind != argc)
			die_usage(&o);
		path = key_path("");
		path[strlen(path) - 1] = '\0';
		walk_dir(path);
		free(path);
		return cmd_exit();
	}
	if (o.ind == argc)
		die_usage(&o);
	for (int i = o.ind; i < argc; i++) {
		if (writing || strchr(argv[i], '=') != NULL) {
			write_key(argv[i], 1);
			continue;
		}
		path = key_path(argv[i]);
		read_key(path, argv[i], 0);
		free(path);
	}
	return cmd_exit();
}
