/* builtins.c - the builtin table and the builtins that steer the shell */
#include "sh.h"

/* ---- true, false, echo, break, continue, return, exit, eval, exec, . ---------------- */

static int
bi_true(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

static int
bi_false(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return 1;
}

int
bad_number(const char *cmd, const char *s)
{
	msg("%s: %s: bad number", cmd, s);
	return 2;
}

/* A non-negative decimal argument, or -1. */
long
number_arg(const char *s)
{
	char *end;
	long n;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	n = strtol(s, &end, 10);
	return *end || errno ? -1 : n;
}

static int
bi_echo(int argc, char **argv)
{
	static const char from[] = "\\abefnrtv", to[] = "\\\a\b\033\f\n\r\t\v";
	int i = 1, nl = 1, esc = 0, c, k;
	const char *s, *p;

	for (; i < argc && argv[i][0] == '-' && argv[i][1] &&
	     argv[i][1 + strspn(argv[i] + 1, "neE")] == '\0'; i++)
		for (s = argv[i] + 1; *s; s++)
			if (*s == 'n')
				nl = 0;
			else
				esc = *s == 'e';
	for (; i < argc; i++) {
		for (s = argv[i]; esc && *s; s++) {
			if (*s != '\\' || s[1] == '\0') {
				out_c(*s);
				continue;
			}
			if (*++s == 'c')
				return 0;
			if (*s == '0') {
				for (c = 0, k = 0; k < 3 && s[1] >= '0' && s[1] <= '7'; k++)
					c = c * 8 + (*++s - '0');
			} else if ((p = strchr(from, *s)) != NULL) {
				c = to[p - from];
			} else {
				out_c('\\');
				c = *s;
			}
			out_c(c);
		}
		if (!esc)
			out_s(argv[i]);
		if (i + 1 < argc)
			out_c(' ');
	}
	if (nl)
		out_c('\n');
	return 0;
}

static int
loop_ctl(int argc, char **argv, int kind)
{
	long n = 1;

	if (argc > 1 && (n = number_arg(argv[1])) < 1) {
		msg("%s: %s: bad number", argv[0], argv[1]);
		return 1;
	}
	if (sh.loops == 0)
		return 0;
	sh.skip = kind;
	sh.skipn = n > sh.loops ? sh.loops : (int)n;
	return 0;
}

static int
bi_break(int argc, char **argv)
{
	return loop_ctl(argc, argv, SK_BREAK);
}

static int
bi_continue(int argc, char **argv)
{
	return loop_ctl(argc, argv, SK_CONT);
}

static int
bi_return(int argc, char **argv)
{
	long n = sh.status;

	if (argc > 1) {
		errno = 0;
		n = strtol(argv[1], NULL, 10);
	}
	if (sh.funcs == 0 && sh.dots == 0) {
		if (sh.interactive)
			return (int)n & 255;
		sh_exit((int)n & 255);
	}
	sh.retval = (int)n & 255;
	sh.skip = SK_RETURN;
	return sh.retval;
}

static int
bi_exit(int argc, char **argv)
{
	long n = sh.trapstatus >= 0 ? sh.trapstatus : sh.status;	/* POSIX: a trap's exit */

	if (argc > 1 && (n = number_arg(argv[1])) < 0) {
		msg("exit: %s: bad number", argv[1]);
		n = 2;
	}
	sh_exit((int)n & 255);
	return 0;
}

static int
bi_eval(int argc, char **argv)
{
	struct sbuf b;
	int i;

	sb_init(&b, NULL);
	for (i = 1; i < argc; i++) {
		sb_adds(&b, argv[i]);
		if (i + 1 < argc)
			sb_addc(&b, ' ');
	}
	return eval_string(sb_str(&b), 0);
}

int
bi_exec(int argc, char **argv)
{
	if (argc < 2)
		return 0;
	out_flush();
	if (sh.interactive)
		set_handler(SIGINT, SIG_DFL);
	set_handler(SIGQUIT, ign_at_entry[SIGQUIT] ? SIG_IGN : SIG_DFL);
	set_handler(SIGTERM, ign_at_entry[SIGTERM] ? SIG_IGN : SIG_DFL);
	shell_exec(argv + 1, make_env());
	return 0;
}

/*
 * The first file NAME in $PATH (unset: DFLT, NULL for the library's default)
 * that is regular and allows MODE, or NAME itself if it has a slash; on the
 * stack, or NULL.
 */
static char *
path_lookup(const char *name, const char *dflt, int mode)
{
	const char *path = getvar("PATH");
	char *p = path_find(path ? path : dflt, name, mode), *r;

	if (p == NULL)
		return NULL;
	r = st_strdup(p);
	free(p);
	return r;
}

static int
bi_dot(int argc, char **argv)
{
	struct params save = pp;
	char *path;
	int fd, st, fd2;

	if (argc < 2) {
		msg(".: filename argument required");
		return 2;
	}
	if ((path = path_lookup(argv[1], "", R_OK)) == NULL || (fd = open(path, O_RDONLY)) < 0)
		sh_error(".: %s: not found", argv[1]);
	fd2 = fcntl(fd, F_DUPFD_CLOEXEC, 10);
	close(fd);
	if (argc > 2)
		params_set(&pp, argc - 2, argv + 2);
	sh.dots++;
	st = run_file(fd2, 0);
	sh.dots--;
	close(fd2);
	if (argc > 2) {
		params_free(&pp);
		pp = save;
	}
	if (sh.skip == SK_RETURN) {
		sh.skip = SK_NONE;
		st = sh.retval;
	}
	return st;
}

/* ---- test, [ ---------------------------------------------------------------------------- */

/* The library's test, as the test and [ commands have it; its messages say "sh: test:". */
static int
bi_test(int argc, char **argv)
{
	const char *name = cmd_name;
	char prefix[64];
	int r;

	if (argv[0][0] == '[') {
		if (strcmp(argv[argc - 1], "]") != 0) {
			msg("[: missing \"]\"");
			return 2;
		}
		argc--;
	}
	snprintf(prefix, sizeof prefix, "%s: %s", name, argv[0]);
	cmd_name = prefix;
	r = test_eval(argc - 1, argv + 1);
	cmd_name = name;
	return r;
}

/* ---- type, command ---------------------------------------------------------------------- */

/* Say what NAME is; VERBOSE: as "type" does. Returns 0 if found. */
static int
describe(const char *name, int verbose)
{
	const struct builtin *b;
	char *p;

	if (keyword(name) != K_NONE) {
		out_fmt(verbose ? "%s is a shell keyword\n" : "%s\n", name);
	} else if (func_find(name)) {
		out_fmt(verbose ? "%s is a function\n" : "%s\n", name);
	} else if ((b = find_builtin(name)) != NULL) {
		out_fmt(verbose ? "%s is a %sshell builtin\n" : "%s\n", name,
			b->special ? "special " : "");
	} else if ((p = path_lookup(name, NULL, X_OK)) != NULL) {
		if (verbose)
			out_fmt("%s is %s\n", name, p);
		else
			out_fmt("%s\n", p);
	} else {
		if (verbose)
			msg("%s: not found", name);
		return 127;
	}
	return 0;
}

static int
bi_type(int argc, char **argv)
{
	int i, st = 0;

	for (i = 1; i < argc; i++)
		if (describe(argv[i], 1))
			st = 127;
	return st;
}

static int
bi_command(int argc, char **argv)
{
	int i = 1, v = 0, st = 0;

	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (strcmp(argv[i], "--") == 0) {
			i++;
			break;
		}
		if (strchr(argv[i], 'v'))
			v = 1;
		if (strchr(argv[i], 'V'))
			v = 2;
	}
	if (i >= argc)
		return 0;
	if (v) {
		for (; i < argc; i++)
			if (describe(argv[i], v == 2))
				st = 127;
		return st == 127 && v == 1 ? 1 : st;
	}
	out_flush();
	return run_argv(argc - i, argv + i);
}

/* Sorted by name, for bsearch. */
const struct builtin builtins[] = {
	{ ".", bi_dot, 1 },
	{ ":", bi_true, 1 },
	{ "[", bi_test, 0 },
	{ "alias", bi_alias, 0 },
	{ "break", bi_break, 1 },
	{ "cd", bi_cd, 0 },
	{ "command", bi_command, 0 },
	{ "continue", bi_continue, 1 },
	{ "echo", bi_echo, 0 },
	{ "eval", bi_eval, 1 },
	{ "exec", bi_exec, 1 },
	{ "exit", bi_exit, 1 },
	{ "export", bi_export, 1 },
	{ "false", bi_false, 0 },
	{ "getopts", bi_getopts, 0 },
	{ "jobs", bi_jobs, 0 },
	{ "kill", bi_kill, 0 },
	{ "let", bi_let, 0 },
	{ "local", bi_local, 0 },
	{ "pwd", bi_pwd, 0 },
	{ "read", bi_read, 0 },
	{ "readonly", bi_readonly, 1 },
	{ "return", bi_return, 1 },
	{ "set", bi_set, 1 },
	{ "shift", bi_shift, 1 },
	{ "test", bi_test, 0 },
	{ "times", bi_times, 1 },
	{ "trap", bi_trap, 1 },
	{ "true", bi_true, 0 },
	{ "type", bi_type, 0 },
	{ "ulimit", bi_ulimit, 0 },
	{ "umask", bi_umask, 0 },
	{ "unalias", bi_unalias, 0 },
	{ "unset", bi_unset, 1 },
	{ "wait", bi_wait, 0 },
};
const size_t nbuiltins = sizeof builtins / sizeof *builtins;

static int
builtin_cmp(const void *key, const void *b)
{
	return strcmp(key, ((const struct builtin *)b)->name);
}

const struct builtin *
find_builtin(const char *name)
{
	return bsearch(name, builtins, nbuiltins, sizeof *builtins,
		       builtin_cmp);
}
