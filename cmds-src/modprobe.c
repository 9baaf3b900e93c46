/* modprobe - load or unload kernel modules with what they depend on */
#include "cmd.h"
#include "modules.h"
#include "path.h"
#include "proc.h"
#include <fnmatch.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>

static const char usage[] =
    "modprobe [-aDnqrv] [-C CONFIG] [-d ROOT] [-S VERSION] MODULE [PARAM=VALUE...]";

struct mod {
	char *name;		/* from the file name, - made _ */
	char *path;		/* as modules.dep has it: relative to the modules directory */
	char **deps;		/* paths, in modules.dep's order: load from the last */
	int ndeps;
	int state;		/* 0, LOADING or DONE */
};
enum { LOADING = 1, DONE = 2 };

struct pair {
	char *key, *value;
};

struct pairs {
	struct pair *v;
	size_t n;
};

struct live {
	char *name;
	int refcnt, removed;
	char *holders;		/* "a,b," as /proc/modules has them */
};

static struct {
	char *dir;		/* ROOT/lib/modules/VERSION */
	struct mod *mod;
	size_t nmod;
	char **builtin;
	size_t nbuiltin;
	struct live *live;
	size_t nlive;
	struct pairs alias;	/* modules.alias: pattern -> module */
	struct pairs conf_alias, options, blacklist, cmdline;
	int dry, verbose, quiet, all_new;
} mp;

static void
add_pair(struct pairs *p, const char *key, const char *value)
{
	p->v = xrealloc(p->v, (p->n + 1) * sizeof *p->v);
	p->v[p->n].key = xstrdup(key);
	p->v[p->n].value = xstrdup(value);
	p->n++;
}

/* Module names: - and _ are one, so keep them as _. */
static char *
normalize(char *s)
{
	for (char *p = s; *p; p++)
		if (*p == '-')
			*p = '_';
	return s;
}

/* Aliases the same, but not inside [...] where - makes a range. */
static char *
normalize_alias(char *s)
{
	int bracket = 0;

	for (char *p = s; *p; p++) {
		if (*p == '[')
			bracket = 1;
		else if (*p == ']')
			bracket = 0;
		else if (*p == '-' && !bracket)
			*p = '_';
	}
	return s;
}

/* "kernel/fs/foo-bar.ko.zst" -> "foo_bar", malloc'd. */
static char *
name_of(const char *path)
{
	const char *base = strrchr(path, '/');
	char *name = xstrdup(base ? base + 1 : path), *dot = strstr(name, ".ko");

	if (dot != NULL)
		*dot = '\0';
	return normalize(name);
}

/* Calls FN on each line of FILE without its newline, backslash-newline joined
 * when JOIN; -1 if FILE cannot be opened. */
static int
each_line(const char *file, int join, void (*fn)(char *line, const char *file))
{
	FILE *f = fopen(file, "r");
	char *line = NULL, *whole = NULL;
	size_t cap = 0, len, have = 0;

	if (f == NULL)
		return -1;
	while (getline(&line, &cap, f) > 0) {
		len = strcspn(line, "\n");
		line[len] = '\0';
		whole = xrealloc(whole, have + len + 1);
		memcpy(whole + have, line, len + 1);
		have += len;
		if (join && have > 0 && whole[have - 1] == '\\') {
			whole[--have] = ' ';
			continue;
		}
		fn(whole, file);
		have = 0;
	}
	if (have > 0)
		fn(whole, file);
	free(line);
	free(whole);
	fclose(f);
	return 0;
}

static void
dep_line(char *line, const char *file)
{
	char *colon = strchr(line, ':'), *save = NULL, *w;
	struct mod *m;

	(void)file;
	if (colon == NULL)
		return;
	*colon = '\0';
	mp.mod = xrealloc(mp.mod, (mp.nmod + 1) * sizeof *mp.mod);
	m = &mp.mod[mp.nmod++];
	memset(m, 0, sizeof *m);
	m->path = xstrdup(line);
	m->name = name_of(line);
	for (w = strtok_r(colon + 1, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
		m->deps = xrealloc(m->deps, (m->ndeps + 1) * sizeof *m->deps);
		m->deps[m->ndeps++] = xstrdup(w);
	}
}

static void
builtin_line(char *line, const char *file)
{
	(void)file;
	if (*line == '\0')
		return;
	mp.builtin = xrealloc(mp.builtin, (mp.nbuiltin + 1) * sizeof *mp.builtin);
	mp.builtin[mp.nbuiltin++] = name_of(line);
}

static void
alias_line(char *line, const char *file)
{
	char *save = NULL, *cmd = strtok_r(line, " \t", &save);
	char *pattern = strtok_r(NULL, " \t", &save), *module = strtok_r(NULL, " \t", &save);

	(void)file;
	if (cmd != NULL && strcmp(cmd, "alias") == 0 && module != NULL)
		add_pair(&mp.alias, normalize_alias(pattern), normalize(module));
}

/* "name size refcnt holders state address" */
static void
live_line(char *line, const char *file)
{
	char *save = NULL, *name = strtok_r(line, " ", &save), *size = strtok_r(NULL, " ", &save);
	char *refcnt = strtok_r(NULL, " ", &save), *holders = strtok_r(NULL, " ", &save);
	struct live *l;

	(void)file;
	if (name == NULL || size == NULL)
		return;
	mp.live = xrealloc(mp.live, (mp.nlive + 1) * sizeof *mp.live);
	l = &mp.live[mp.nlive++];
	l->name = normalize(xstrdup(name));
	l->refcnt = refcnt ? atoi(refcnt) : 0;
	l->holders = xstrdup(holders && strcmp(holders, "-") ? holders : "");
	l->removed = 0;
}

/* modprobe.d: alias, options and blacklist; the rest (install, softdep) is not for us. */
static void
conf_line(char *line, const char *file)
{
	char *save = NULL, *cmd = strtok_r(line, " \t", &save);
	char *a = strtok_r(NULL, " \t", &save), *rest;

	(void)file;
	if (cmd == NULL || *cmd == '#' || a == NULL)
		return;
	rest = save ? save + strspn(save, " \t") : "";
	if (strcmp(cmd, "alias") == 0) {
		char *b = strtok_r(NULL, " \t", &save);

		if (b != NULL)
			add_pair(&mp.conf_alias, normalize_alias(a), normalize(b));
	} else if (strcmp(cmd, "options") == 0) {
		add_pair(&mp.options, normalize(a), rest);
	} else if (strcmp(cmd, "blacklist") == 0) {
		add_pair(&mp.blacklist, normalize(a), "");
	}
}

static int
conf_file(const struct dirent *e)
{
	size_t n = strlen(e->d_name);

	return e->d_name[0] != '.' && n > 5 && strcmp(e->d_name + n - 5, ".conf") == 0;
}

/* A file, or a directory's *.conf files in name order. */
static void
read_conf(const char *path, int must)
{
	struct dirent **v;
	struct stat st;
	char *file;
	int n;

	if (stat(path, &st) < 0) {
		if (must)
			warn_errno("%s", path);
		return;
	}
	if (!S_ISDIR(st.st_mode)) {
		if (each_line(path, 1, conf_line) < 0)
			warn_errno("%s", path);
		return;
	}
	if ((n = scandir(path, &v, conf_file, alphasort)) < 0)
		return;
	for (int i = 0; i < n; i++) {
		file = path_join(path, v[i]->d_name);
		each_line(file, 1, conf_line);
		free(file);
		free(v[i]);
	}
	free(v);
}

/* "mod.param=value" on the kernel command line, quotes kept together. */
static void
read_cmdline(void)
{
	FILE *f = fopen("/proc/cmdline", "r");
	char *line = NULL, *p, *w, *dot, *eq;
	size_t cap = 0;
	int quoted;

	if (f == NULL)
		return;
	if (getline(&line, &cap, f) > 0) {
		for (p = line; *p;) {
			p += strspn(p, " \t\n");
			for (w = p, quoted = 0; *p && (quoted || !strchr(" \t\n", *p)); p++)
				quoted ^= *p == '"';
			if (*p)
				*p++ = '\0';
			if (strcmp(w, "--") == 0)
				break;
			dot = strchr(w, '.');
			eq = strchr(w, '=');
			if (dot == NULL || (eq != NULL && eq < dot) || dot == w)
				continue;
			*dot = '\0';
			add_pair(&mp.cmdline, normalize(w), dot + 1);
		}
	}
	free(line);
	fclose(f);
}

static struct mod *
find_mod(const char *name)
{
	for (size_t i = 0; i < mp.nmod; i++)
		if (strcmp(mp.mod[i].name, name) == 0)
			return &mp.mod[i];
	return NULL;
}

static struct mod *
find_path(const char *path)
{
	struct mod *m;
	char *name;

	for (size_t i = 0; i < mp.nmod; i++)
		if (strcmp(mp.mod[i].path, path) == 0)
			return &mp.mod[i];
	name = name_of(path);
	m = find_mod(name);
	free(name);
	return m;
}

static int
builtin(const char *name)
{
	for (size_t i = 0; i < mp.nbuiltin; i++)
		if (strcmp(mp.builtin[i], name) == 0)
			return 1;
	return 0;
}

static struct live *
live(const char *name)
{
	if (mp.all_new)
		return NULL;
	for (size_t i = 0; i < mp.nlive; i++)
		if (strcmp(mp.live[i].name, name) == 0 && !mp.live[i].removed)
			return &mp.live[i];
	return NULL;
}

static int
listed(const struct pairs *p, const char *key)
{
	for (size_t i = 0; i < p->n; i++)
		if (strcmp(p->v[i].key, key) == 0)
			return 1;
	return 0;
}

/* modprobe.d's options, then the kernel command line's, then EXTRA. */
static char *
params_for(const char *name, const char *extra)
{
	char *s = xstrdup("");
	const struct pairs *src[] = { &mp.options, &mp.cmdline };
	size_t len;

	for (int k = 0; k < 2; k++) {
		for (size_t i = 0; i < src[k]->n; i++) {
			if (strcmp(src[k]->v[i].key, name) != 0 || src[k]->v[i].value[0] == '\0')
				continue;
			len = strlen(s);
			s = xrealloc(s, len + strlen(src[k]->v[i].value) + 2);
			sprintf(s + len, "%s%s", len ? " " : "", src[k]->v[i].value);
		}
	}
	if (extra != NULL && *extra != '\0') {
		len = strlen(s);
		s = xrealloc(s, len + strlen(extra) + 2);
		sprintf(s + len, "%s%s", len ? " " : "", extra);
	}
	return s;
}

static char *
module_file(const struct mod *m)
{
	return m->path[0] == '/' ? xstrdup(m->path) : path_join(mp.dir, m->path);
}

/* An unpacked module straight to finit_module: 0 if loaded, -1 if it failed
 * (said why), 1 if insmod must do it (a packed file, or a kernel older than
 * finit_module). Running insmod for each module would cost a process each,
 * and in source mode a compile of insmod on the boot path. */
static int
finit(const char *file, const char *params)
{
	int fd = open(file, O_RDONLY | O_CLOEXEC), r = 1;

	if (fd < 0) {
		warn_errno("%s", file);
		return -1;
	}
	if (!module_packed(fd)) {
		if (syscall(SYS_finit_module, fd, params, 0) == 0)
			r = 0;
		else if (errno != ENOSYS) {
			warn("%s: %s", file, module_reason(errno));
			r = -1;
		}
	}
	close(fd);
	return r;
}

/* "insmod FILE PARAMS": the one place a module goes in. */
static int
insmod(const struct mod *m, const char *params)
{
	char *file = module_file(m);
	char *argv[] = { "insmod", file, (char *)params, NULL };
	int st, r = 0;
	pid_t pid;

	if (params[0] == '\0')
		argv[2] = NULL;
	if (mp.dry || mp.verbose)
		printf("insmod %s%s%s\n", file, params[0] ? " " : "", params);
	if (!mp.dry)
		r = finit(file, params);	/* 1: insmod does it */
	if (r <= 0) {
		free(file);
		if (r < 0)
			cmd_status = 1;
		return r;
	}
	fflush(stdout);
	if ((pid = fork()) < 0)
		die_errno("fork");
	if (pid == 0) {
		exec_cmd(argv);
		fprintf(stderr, "%s: insmod: %s\n", cmd_name, strerror(errno));
		_exit(127);
	}
	free(file);
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			die_errno("wait");
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return 0;
	cmd_status = 1;		/* insmod has said why */
	return -1;
}

/* M after what it needs, each once; EXTRA goes to M alone. */
static int
load(struct mod *m, const char *extra)
{
	struct mod *d;
	char *params;
	int r;

	if (m->state == DONE || live(m->name) != NULL) {
		m->state = DONE;
		return 0;
	}
	if (m->state == LOADING) {
		warn("%s: depends on itself", m->name);
		return -1;
	}
	m->state = LOADING;
	for (int i = m->ndeps; i-- > 0;) {
		if ((d = find_path(m->deps[i])) == NULL) {
			warn("%s: needs %s, which is not in modules.dep", m->name, m->deps[i]);
			return -1;
		}
		if (load(d, NULL) < 0)
			return -1;
	}
	params = params_for(m->name, extra);
	r = insmod(m, params);
	free(params);
	m->state = DONE;
	return r;
}

static void
say_builtin(const char *name)
{
	if (mp.dry || mp.verbose)
		printf("builtin %s\n", name);
}

/* Load the modules NAME matches in an alias list; with BL not the blacklisted
 * ones (which still count as found: blacklisting is not an error). */
static int
load_aliases(const struct pairs *p, const char *arg, const char *name, const char *extra, int bl)
{
	struct mod *m;
	int found = 0;

	for (size_t i = 0; i < p->n; i++) {
		if (fnmatch(p->v[i].key, name, 0) != 0)
			continue;
		found = 1;
		if (bl && listed(&mp.blacklist, p->v[i].value)) {
			if (mp.verbose)
				printf("blacklist %s\n", p->v[i].value);
			continue;
		}
		if ((m = find_mod(p->v[i].value)) != NULL)
			load(m, extra);
		else if (builtin(p->v[i].value))
			say_builtin(p->v[i].value);
		else if (!mp.quiet)
			warn("%s: alias for %s, which is not in modules.dep", arg, p->v[i].value);
		else
			cmd_status = 1;
	}
	return found;
}

static void
probe(const char *arg, const char *extra)
{
	char *name = normalize(xstrdup(arg)), *alias = normalize_alias(xstrdup(arg));
	struct mod *m;

	if (load_aliases(&mp.conf_alias, arg, alias, extra, 0))
		;
	else if ((m = find_mod(name)) != NULL)
		load(m, extra);
	else if (builtin(name))
		say_builtin(name);
	else if (!load_aliases(&mp.alias, arg, alias, extra, 1)) {
		if (!mp.quiet)
			warn("%s: module not found", arg);
		cmd_status = 1;
	}
	free(name);
	free(alias);
}

/* Whether every holder of L is gone, so that it may go too. */
static int
unused(const struct live *l)
{
	char *copy = xstrdup(l->holders), *save = NULL, *h;
	int n = 0, ok = 1;

	for (h = strtok_r(copy, ",", &save); h; h = strtok_r(NULL, ",", &save), n++)
		if (live(normalize(h)) != NULL)
			ok = 0;
	free(copy);
	return ok && l->refcnt <= n;
}

static int
rmmod(struct live *l, int complain)
{
	if (mp.dry || mp.verbose)
		printf("rmmod %s\n", l->name);
	if (!mp.dry && syscall(SYS_delete_module, l->name, O_NONBLOCK) < 0) {
		if (complain && errno == EWOULDBLOCK)
			warn("%s: module in use", l->name);
		else if (complain)
			warn_errno("%s", l->name);
		return -1;
	}
	l->removed = 1;
	return 0;
}

/* -r: NAME, then what it needed that nothing else holds. */
static void
remove_one(const char *arg)
{
	char *name = normalize(xstrdup(arg)), *dname;
	struct mod *m = find_mod(name);
	struct live *l = live(name), *dl;
	int progress = 1;

	if (builtin(name))
		warn("%s: module is built in", arg);
	else if (l == NULL && !mp.quiet)
		warn("%s: module not loaded", arg);
	else if (l == NULL)
		cmd_status = 1;
	else if (!unused(l)) {
		warn("%s: module in use", arg);
		l = NULL;
	}
	if (l == NULL || rmmod(l, 1) < 0 || m == NULL) {
		free(name);
		return;
	}
	while (progress) {
		progress = 0;
		for (int i = 0; i < m->ndeps; i++) {
			dname = name_of(m->deps[i]);
			if ((dl = live(dname)) != NULL && unused(dl) && rmmod(dl, 0) == 0)
				progress = 1;
			free(dname);
		}
	}
	free(name);
}

static void
load_tables(const char *root, const char *version, const char *config)
{
	static const char *const confdirs[] = { "/lib/modprobe.d", "/run/modprobe.d", "/etc/modprobe.d" };
	struct utsname u;
	char *file;
	size_t n;

	if (version == NULL) {
		if (uname(&u) < 0)
			die_errno("uname");
		version = u.release;
	}
	n = strlen(root) + strlen(version) + 16;
	mp.dir = xmalloc(n);
	snprintf(mp.dir, n, "%s/lib/modules/%s", strcmp(root, "/") ? root : "", version);
	file = path_join(mp.dir, "modules.dep");
	if (each_line(file, 0, dep_line) < 0)
		die_errno("%s", file);
	free(file);
	file = path_join(mp.dir, "modules.builtin");
	each_line(file, 0, builtin_line);
	free(file);
	file = path_join(mp.dir, "modules.alias");
	each_line(file, 0, alias_line);
	free(file);
	each_line("/proc/modules", 0, live_line);
	if (config != NULL)
		read_conf(config, 1);
	else
		for (size_t i = 0; i < sizeof confdirs / sizeof confdirs[0]; i++)
			read_conf(confdirs[i], 0);
	read_cmdline();
}

/* The words after the module, as one parameter string; a value with a blank
 * goes in double quotes, as the kernel wants it (name="a b"). */
static char *
join(char **v, int n)
{
	size_t len = 1;
	char *s, *p, *eq;

	for (int i = 0; i < n; i++)
		len += strlen(v[i]) + 3;
	p = s = xmalloc(len);
	*p = '\0';
	for (int i = 0; i < n; i++) {
		eq = strchr(v[i], '=');
		if (eq != NULL && strpbrk(eq, " \t") != NULL && eq[1] != '"')
			p += sprintf(p, "%s%.*s\"%s\"", i ? " " : "", (int)(eq - v[i] + 1), v[i], eq + 1);
		else
			p += sprintf(p, "%s%s", i ? " " : "", v[i]);
	}
	return s;
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	const char *root = "", *version = NULL, *config = NULL;
	int c, all = 0, remove = 0;
	char *extra;

	memset(&mp, 0, sizeof mp);
	while ((c = opt_next(&o, "aDnqrvbsC:d:S:")) != -1) {
		switch (c) {
		case 'a': all = 1; break;
		case 'D': mp.dry = mp.all_new = 1; break;
		case 'n': mp.dry = 1; break;
		case 'q': mp.quiet = 1; break;
		case 'r': remove = 1; break;
		case 'v': mp.verbose = 1; break;
		case 'b': case 's': break;	/* blacklists apply to aliases anyway; no syslog */
		case 'C': config = o.arg; break;
		case 'd': root = o.arg; break;
		case 'S': version = o.arg; break;
		default: die_usage(&o);
		}
	}
	if (o.ind == argc)
		die_usage(&o);
	load_tables(root, version, config);
	if (remove) {
		for (int i = o.ind; i < argc; i++)
			remove_one(argv[i]);
	} else if (all) {
		for (int i = o.ind; i < argc; i++)
			probe(argv[i], NULL);
	} else {
		extra = join(argv + o.ind + 1, argc - o.ind - 1);
		probe(argv[o.ind], extra);
		free(extra);
	}
	return cmd_exit();
}
