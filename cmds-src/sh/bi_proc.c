/* bi_proc.c - builtins on the process's own state: cd pwd umask ulimit times */
#include "sh.h"
#include <sys/resource.h>
#include <sys/times.h>

/* ---- cd, pwd -------------------------------------------------------------------------- */

/* Canonical form of absolute path P: no ".", "..", or repeated slashes. */
static char *
canon(const char *p)
{
	char *r = st_alloc(strlen(p) + 2), *d = r;
	const char *e;
	size_t n;

	for (;;) {
		while (*p == '/')
			p++;
		if (*p == '\0')
			break;
		for (e = p; *e && *e != '/'; e++)
			;
		n = e - p;
		if (n == 2 && p[0] == '.' && p[1] == '.') {
			while (d > r && *--d != '/')
				;
		} else if (!(n == 1 && p[0] == '.')) {
			*d++ = '/';
			memcpy(d, p, n);
			d += n;
		}
		p = e;
	}
	if (d == r)
		*d++ = '/';
	*d = '\0';
	return r;
}

char *
physical_cwd(void)
{
	char buf[PATH_MAX];

	return getcwd(buf, sizeof buf) ? st_strdup(buf) : NULL;
}

static int
chdir_to(const char *dir, int physical, int print)
{
	const char *pwd = getvar("PWD");
	char *target, *newpwd;

	if (physical || dir[0] == '/' || (pwd && pwd[0] == '/')) {
		if (!physical && dir[0] != '/') {
			target = st_alloc(strlen(pwd) + strlen(dir) + 2);
			sprintf(target, "%s/%s", pwd, dir);
			target = canon(target);
		} else {
			target = physical ? (char *)dir : canon(dir);
		}
	} else {
		target = (char *)dir;
	}
	if (chdir(target) < 0)
		return -1;
	newpwd = physical || target[0] != '/' ? physical_cwd() : target;
	if (pwd)
		setvar_flags("OLDPWD", pwd, 0);
	if (newpwd)
		setvar_flags("PWD", newpwd, 0);
	if (print)
		out_fmt("%s\n", newpwd ? newpwd : target);
	return 0;
}

int
bi_cd(int argc, char **argv)
{
	const char *dir, *cdpath, *p, *e;
	int physical = 0, i = 1, print = 0;
	char *full;

	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (strcmp(argv[i], "--") == 0) {
			i++;
			break;
		}
		physical = strchr(argv[i], 'P') != NULL;
	}
	dir = i < argc ? argv[i] : getvar("HOME");
	if (dir == NULL || *dir == '\0') {
		msg("cd: HOME not set");
		return 1;
	}
	if (strcmp(dir, "-") == 0) {
		if ((dir = getvar("OLDPWD")) == NULL) {
			msg("cd: OLDPWD not set");
			return 1;
		}
		print = 1;
	}
	cdpath = getvar("CDPATH");
	if (cdpath && dir[0] != '/' && strncmp(dir, "./", 2) && strncmp(dir, "../", 3) &&
	    strcmp(dir, ".") && strcmp(dir, "..")) {
		for (p = cdpath;; p = e + 1) {
			for (e = p; *e && *e != ':'; e++)
				;
			if (e > p) {
				full = st_alloc((e - p) + strlen(dir) + 2);
				sprintf(full, "%.*s/%s", (int)(e - p), p, dir);
				if (chdir_to(full, physical, 1) == 0)
					return 0;
			}
			if (*e == '\0')
				break;
		}
	}
	if (chdir_to(dir, physical, print) == 0)
		return 0;
	msg("cd: %s: %s", dir, strerror(errno));
	return 1;
}

int
bi_pwd(int argc, char **argv)
{
	const char *pwd = getvar("PWD");
	struct stat a, b;
	char *p;

	if (argc > 1 && strcmp(argv[1], "-P") == 0)
		pwd = NULL;
	if (pwd && pwd[0] == '/' && stat(pwd, &a) == 0 && stat(".", &b) == 0 &&
	    a.st_dev == b.st_dev && a.st_ino == b.st_ino) {
		out_fmt("%s\n", pwd);
		return 0;
	}
	if ((p = physical_cwd()) == NULL) {
		msg("pwd: %s", strerror(errno));
		return 1;
	}
	out_fmt("%s\n", p);
	return 0;
}

/* ---- umask, ulimit, times -------------------------------------------------------------------- */

int
bi_umask(int argc, char **argv)
{
	mode_t m = umask(0), mode;
	int sym = argc > 1 && strcmp(argv[1], "-S") == 0, i;

	umask(m);
	if (argc - sym == 1) {
		if (!sym) {
			out_fmt("%04o\n", (unsigned)m);
			return 0;
		}
		mode = ~m & 0777;
		for (i = 0; i < 3; i++) {
			unsigned bits = (mode >> (6 - 3 * i)) & 7;

			out_fmt("%s%c=%s%s%s", i ? "," : "", "ugo"[i], bits & 4 ? "r" : "",
				bits & 2 ? "w" : "", bits & 1 ? "x" : "");
		}
		out_c('\n');
		return 0;
	}
	mode = ~m & 0777;
	if (argv[1 + sym][0] >= '0' && argv[1 + sym][0] <= '7') {
		mode = 0;
		if (mode_parse(argv[1 + sym], &mode, 0, 1) < 0)
			goto bad;
		umask(mode & 0777);
		return 0;
	}
	if (mode_parse(argv[1 + sym], &mode, 0, 1) < 0)
		goto bad;
	umask(~mode & 0777);
	return 0;
bad:
	msg("umask: %s: bad mode", argv[1 + sym]);
	return 1;
}

static const struct {
	char opt;
	int res, unit;
	const char *name;
} limits[] = {
	{ 'c', RLIMIT_CORE, 512, "core file size (blocks)" },
	{ 'd', RLIMIT_DATA, 1024, "data seg size (kb)" },
	{ 'f', RLIMIT_FSIZE, 512, "file size (blocks)" },
	{ 'l', RLIMIT_MEMLOCK, 1024, "locked memory (kb)" },
	{ 'm', RLIMIT_RSS, 1024, "resident set size (kb)" },
	{ 'n', RLIMIT_NOFILE, 1, "open files" },
	{ 's', RLIMIT_STACK, 1024, "stack size (kb)" },
	{ 't', RLIMIT_CPU, 1, "cpu time (seconds)" },
	{ 'u', RLIMIT_NPROC, 1, "max user processes" },
	{ 'v', RLIMIT_AS, 1024, "virtual memory (kb)" },
};

static void
print_limit(rlim_t v, int unit)
{
	if (v == RLIM_INFINITY)
		out_s("unlimited\n");
	else
		out_fmt("%llu\n", (unsigned long long)(v / unit));
}

int
bi_ulimit(int argc, char **argv)
{
	int i, k = 2, hard = 0, soft = 0, all = 0;
	const char *s, *val = NULL;
	struct rlimit rl;
	unsigned long long v;
	char *end;

	for (i = 1; i < argc && argv[i][0] == '-'; i++)
		for (s = argv[i] + 1; *s; s++) {
			if (*s == 'H')
				hard = 1;
			else if (*s == 'S')
				soft = 1;
			else if (*s == 'a')
				all = 1;
			else {
				for (k = 0; k < (int)(sizeof limits / sizeof *limits); k++)
					if (limits[k].opt == *s)
						break;
				if (k == (int)(sizeof limits / sizeof *limits)) {
					msg("ulimit: -%c: bad option", *s);
					return 2;
				}
			}
		}
	if (i < argc)
		val = argv[i];
	if (all) {
		for (k = 0; k < (int)(sizeof limits / sizeof *limits); k++) {
			getrlimit(limits[k].res, &rl);
			out_fmt("-%c: %-26s ", limits[k].opt, limits[k].name);
			print_limit(hard ? rl.rlim_max : rl.rlim_cur, limits[k].unit);
		}
		return 0;
	}
	getrlimit(limits[k].res, &rl);
	if (val == NULL) {
		print_limit(hard ? rl.rlim_max : rl.rlim_cur, limits[k].unit);
		return 0;
	}
	if (strcmp(val, "unlimited") == 0) {
		v = RLIM_INFINITY;
	} else {
		v = strtoull(val, &end, 10);
		if (*val < '0' || *val > '9' || *end)
			return bad_number("ulimit", val);
		v *= limits[k].unit;
	}
	if (hard || !soft)
		rl.rlim_max = v;
	if (soft || !hard)
		rl.rlim_cur = v;
	if (setrlimit(limits[k].res, &rl) < 0) {
		msg("ulimit: %s", strerror(errno));
		return 1;
	}
	return 0;
}

static void
print_time(clock_t t, long hz, int last)
{
	out_fmt("%ldm%ld.%03lds%c", (long)(t / hz / 60), (long)(t / hz % 60),
		(long)(t % hz * 1000 / hz), last ? '\n' : ' ');
}

int
bi_times(int argc, char **argv)
{
	struct tms t;
	long hz = sysconf(_SC_CLK_TCK);

	(void)argc;
	(void)argv;
	times(&t);
	print_time(t.tms_utime, hz, 0);
	print_time(t.tms_stime, hz, 1);
	print_time(t.tms_cutime, hz, 0);
	print_time(t.tms_cstime, hz, 1);
	return 0;
}
