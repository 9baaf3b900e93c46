/* bi_var.c - builtins on variables: export readonly local unset set shift read getopts */
#include "sh.h"
#include <poll.h>

/* ---- variables: export, readonly, unset, local, set, shift ----------------------------- */

/* A special builtin's error: a script stops, as POSIX says (status 2). */
static int
special_error(void)
{
	if (!sh.interactive)
		raise_status(2);
	return 1;
}

static int
declare(int argc, char **argv, unsigned flag, const char *what)
{
	struct var **list, *v;
	char *eq, *name;
	int i, n, off = 0;

	if (argc > 1 && flag == V_EXPORT && strcmp(argv[1], "-n") == 0) {
		off = 1;	/* export -n: take the mark away */
		argv++;
		argc--;
	}
	if (argc == 1 || (argc == 2 && strcmp(argv[1], "-p") == 0)) {
		list = var_list(flag, &n);
		for (i = 0; i < n; i++) {
			out_fmt("%s %s", what, list[i]->name);
			if (!(list[i]->flags & V_UNSET)) {
				out_c('=');
				out_quoted(list[i]->val);
			}
			out_c('\n');
		}
		return 0;
	}
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0 || strcmp(argv[i], "-p") == 0)
			continue;
		eq = strchr(argv[i], '=');
		name = eq ? st_strndup(argv[i], eq - argv[i]) : argv[i];
		if (!is_name(name)) {
			msg("%s: %s: bad variable name", what, name);
			return special_error();
		}
		v = var_find(name, 0);
		if ((eq || v == NULL) && setvar_flags(name, eq ? eq + 1 : NULL, 0) < 0)
			return special_error();
		v = var_find(name, 1);
		v->flags = off ? v->flags & ~flag : v->flags | flag;
	}
	return 0;
}

int
bi_export(int argc, char **argv)
{
	return declare(argc, argv, V_EXPORT, "export");
}

int
bi_readonly(int argc, char **argv)
{
	return declare(argc, argv, V_RDONLY, "readonly");
}

/* Is NAME already local to the running function? */
static int
is_local(const char *name)
{
	struct saved_var *s;

	for (s = frames->locals; s; s = s->next)
		if (strcmp(s->name, name) == 0)
			return 1;
	return 0;
}

int
bi_local(int argc, char **argv)
{
	struct saved_var *s;
	char *eq, *name;
	int i, st = 0;

	if (frames == NULL) {
		msg("local: not in a function");
		return 1;
	}
	for (i = 1; i < argc; i++) {
		eq = strchr(argv[i], '=');
		name = eq ? st_strndup(argv[i], eq - argv[i]) : argv[i];
		if (!is_name(name)) {
			msg("local: %s: bad variable name", name);
			st = 1;
			continue;
		}
		if (is_local(name)) {
			if (eq && setvar_flags(name, eq + 1, 0) < 0)
				st = 1;
			continue;
		}
		s = var_save(name);
		s->next = frames->locals;
		frames->locals = s;
		if (eq && setvar_flags(name, eq + 1, 0) < 0)
			st = 1;
		else if (!eq && unsetvar(name) < 0)	/* local x starts unset, as in ash and bash */
			st = 1;
	}
	return st;
}

int
bi_unset(int argc, char **argv)
{
	int i = 1, funcs = 0;

	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (strcmp(argv[i], "--") == 0) {
			i++;
			break;
		}
		if (strspn(argv[i] + 1, "fv") != strlen(argv[i] + 1)) {
			msg("unset: %s: bad option", argv[i]);
			return special_error();
		}
		funcs = strchr(argv[i], 'f') != NULL;
	}
	for (; i < argc; i++) {
		if (!funcs && !is_name(argv[i])) {
			msg("unset: %s: bad variable name", argv[i]);
			return special_error();
		}
		if (funcs)
			func_unset(argv[i]);
		else if (unsetvar(argv[i]) < 0)
			return special_error();
	}
	return 0;
}

static const struct {
	const char *name;
	char letter;
} longopts[] = {
	{ "allexport", 'a' }, { "errexit", 'e' }, { "noclobber", 'C' }, { "noexec", 'n' },
	{ "noglob", 'f' }, { "nounset", 'u' }, { "verbose", 'v' }, { "xtrace", 'x' },
	{ "monitor", 'm' }, { "notify", 'b' }, { "ignoreeof", 'I' }, { "vi", 'V' },
	{ "emacs", 'E' }, { "nolog", 'N' }, { "hashall", 'h' },
	{ "pipefail", 'P' },	/* no letter of its own: 'P' is only a slot */
};

static int
set_long(const char *name, int on)
{
	size_t i;

	for (i = 0; i < sizeof longopts / sizeof *longopts; i++)
		if (strcmp(name, longopts[i].name) == 0) {
			sh.opt[(unsigned char)longopts[i].letter] = (char)on;
			return 0;
		}
	msg("set: -o %s: bad option", name);
	return -1;
}

static void
print_options(int reinput)
{
	size_t i;

	for (i = 0; i < sizeof longopts / sizeof *longopts; i++) {
		if (reinput)
			out_fmt("set %co %s\n", sh.opt[(unsigned char)longopts[i].letter] ? '-' : '+',
				longopts[i].name);
		else
			out_fmt("%-15s %s\n", longopts[i].name,
				sh.opt[(unsigned char)longopts[i].letter] ? "on" : "off");
	}
}

/* Option arguments of set and of sh itself; returns the index of the first operand. */
int
parse_options(int argc, char **argv, int shell, const char **cmd)
{
	int i, on;
	const char *s;

	for (i = 1; i < argc; i++) {
		s = argv[i];
		if ((s[0] != '-' && s[0] != '+') || s[1] == '\0') {
			if (strcmp(s, "-") == 0) {
				sh.opt['x'] = sh.opt['v'] = 0;
				return i + 1;
			}
			break;
		}
		if (strcmp(s, "--") == 0)
			return i + 1;
		on = s[0] == '-';
		for (s++; *s; s++) {
			if (*s == 'o') {
				if (i + 1 >= argc) {
					print_options(!on);
					continue;
				}
				if (set_long(argv[++i], on) < 0)
					return -1;
			} else if (shell && *s == 'c') {
				*cmd = "";
			} else if (strchr("aCefnuvxmbhisI", *s) && (shell || (*s != 'i' && *s != 's'))) {
				sh.opt[(unsigned char)*s] = (char)on;
			} else {
				msg("%s: %c%c: bad option", shell ? "sh" : "set", on ? '-' : '+', *s);
				return -1;
			}
		}
	}
	return i;
}

int
bi_set(int argc, char **argv)
{
	struct var **list;
	int i, n;

	if (argc == 1) {
		list = var_list(0, &n);
		for (i = 0; i < n; i++) {
			out_fmt("%s=", list[i]->name);
			out_quoted(list[i]->val);
			out_c('\n');
		}
		return 0;
	}
	if ((i = parse_options(argc, argv, 0, NULL)) < 0)
		return 2;
	if (i < argc || strcmp(argv[i - 1], "--") == 0) {
		params_free(&pp);
		params_set(&pp, argc - i, argv + i);
	}
	return 0;
}

int
bi_shift(int argc, char **argv)
{
	long n = 1;
	int i;

	if (argc > 1 && (n = number_arg(argv[1])) < 0) {
		bad_number("shift", argv[1]);
		return special_error();
	}
	if (n > pp.n)
		return 1;	/* silently, as ash and bash do */
	for (i = 0; i < n; i++)
		free(pp.v[i]);
	memmove(pp.v, pp.v + n, (pp.n - n + 1) * sizeof *pp.v);
	pp.n -= (int)n;
	return 0;
}

/* ---- read, getopts -------------------------------------------------------------------- */

/* How read reads: -r, -d DELIM, -n COUNT, -t SECONDS (ms < 0: no limit). */
struct readopt {
	int raw, delim;
	long max, ms;
	struct timespec end;
};

/* Wait until fd 0 can be read: 1, or 0 at the deadline, -1 interrupted. */
static int
read_wait(struct readopt *o)
{
	struct pollfd pfd = { 0, POLLIN, 0 };
	struct timespec now;
	long left;

	if (o->ms < 0)
		return 1;
	clock_gettime(CLOCK_MONOTONIC, &now);
	left = (o->end.tv_sec - now.tv_sec) * 1000 + (o->end.tv_nsec - now.tv_nsec) / 1000000;
	if (left < 0)
		left = 0;
	return poll(&pfd, 1, (int)left);
}

/* One line from fd 0, byte by byte; ESC marks backslash-escaped bytes.
 * 0 at the delimiter or the count, -1 at the end, -2 interrupted, -3 timed out. */
static int
read_input_line(struct sbuf *b, struct sbuf *esc, struct readopt *o)
{
	char c;
	ssize_t r;
	int quote = 0;

	while (o->max < 0 || (long)b->n < o->max) {
		r = read_wait(o);
		if (r == 0)
			return -3;
		if (r > 0)
			r = read(0, &c, 1);
		if (r < 0 && errno == EINTR) {
			if (gotsig && pending[SIGINT])
				return -2;
			continue;
		}
		if (r <= 0)
			return -1;
		if (quote) {
			quote = 0;
			if (c == '\n')
				continue;
			sb_addc(b, c);
			sb_addc(esc, 1);
			continue;
		}
		if (c == '\\' && !o->raw) {
			quote = 1;
			continue;
		}
		if (c == o->delim)
			return 0;
		sb_addc(b, c);
		sb_addc(esc, 0);
	}
	return 0;
}

static int
read_assign(char **names, int nnames, const char *s, const char *esc, size_t n)
{
	const char *ifs = ifs_value();
	struct sbuf f;
	size_t i = 0, j, end;
	int k;

#define ISIFS(i) (!esc[i] && strchr(ifs, s[i]) != NULL)
#define ISWS(i) (ISIFS(i) && is_ifs_space((unsigned char)s[i]))
	while (i < n && ISWS(i))
		i++;
	for (k = 0; k < nnames; k++) {
		sb_init(&f, NULL);
		if (k == nnames - 1) {
			for (end = n; end > i && ISWS(end - 1); end--)
				;
			if (end > i && ISIFS(end - 1)) {
				for (j = i; j < end - 1 && !ISIFS(j); j++)
					;
				if (j == end - 1)
					end--;
			}
			sb_addn(&f, s + i, end - i);
		} else {
			while (i < n && !ISIFS(i))
				sb_addc(&f, s[i++]);
			while (i < n && ISWS(i))
				i++;
			if (i < n && ISIFS(i))
				for (i++; i < n && ISWS(i); i++)
					;
		}
		if (setvar_flags(names[k], sb_str(&f), 0) < 0)
			return 1;
	}
#undef ISIFS
#undef ISWS
	return 0;
}

/* read's option -LETTER: its value, attached or the next argument. */
static const char *
read_optval(int argc, char **argv, int *i)
{
	if (argv[*i][2])
		return argv[*i] + 2;
	return *i + 1 < argc ? argv[++*i] : NULL;
}

/* Read's options into O; the index of the first name, or -1 after a message. */
static int
read_options(int argc, char **argv, struct readopt *o, const char **prompt)
{
	const char *v;
	char *end;
	double t;
	int i, letter;

	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (strcmp(argv[i], "--") == 0)
			return i + 1;
		if (strcmp(argv[i], "-r") == 0) {
			o->raw = 1;
			continue;
		}
		letter = argv[i][1];
		if (strchr("pdnt", letter) == NULL || (v = read_optval(argc, argv, &i)) == NULL) {
			msg("read: %s: bad option", argv[i]);
			return -1;
		}
		switch (letter) {
		case 'p':
			*prompt = v;
			break;
		case 'd':
			o->delim = (unsigned char)v[0];
			break;
		case 'n':
			o->max = strtol(v, &end, 10);
			if (*v == '\0' || *end || o->max < 0)
				return bad_number("read", v), -1;
			break;
		case 't':
			t = strtod(v, &end);
			if (*v == '\0' || *end || t < 0)
				return bad_number("read", v), -1;
			o->ms = (long)(t * 1000);
			break;
		}
	}
	return i;
}

int
bi_read(int argc, char **argv)
{
	static char *reply[] = { "REPLY", NULL };
	struct readopt o = { 0, '\n', -1, -1, { 0, 0 } };
	struct pollfd pfd = { 0, POLLIN, 0 };
	struct sbuf b, esc;
	int i, r;
	const char *prompt = NULL;
	char **names;

	if ((i = read_options(argc, argv, &o, &prompt)) < 0)
		return 2;
	names = i < argc ? argv + i : reply;
	for (r = 0; names[r]; r++)
		if (!is_name(names[r])) {
			msg("read: %s: bad variable name", names[r]);
			return 2;
		}
	if (o.ms == 0)		/* -t 0: is there input, without reading it */
		return poll(&pfd, 1, 0) > 0 ? 0 : 1;
	if (prompt && isatty(0))
		write_all(2, prompt, strlen(prompt));
	if (o.ms > 0) {
		clock_gettime(CLOCK_MONOTONIC, &o.end);
		o.end.tv_sec += o.ms / 1000;
		o.end.tv_nsec += o.ms % 1000 * 1000000L;
		if (o.end.tv_nsec >= 1000000000L) {
			o.end.tv_sec++;
			o.end.tv_nsec -= 1000000000L;
		}
	}
	sb_init(&b, NULL);
	sb_init(&esc, NULL);
	r = read_input_line(&b, &esc, &o);
	if (r == -2)
		return 130;
	if (r == -3)
		return 128 + SIGALRM;	/* timed out, as bash says it */
	sb_str(&b);
	sb_str(&esc);
	if (i == argc)		/* REPLY: the line as it came, blanks and all */
		return setvar_flags("REPLY", b.s, 0) < 0 ? 2 : r < 0;
	if (read_assign(names, argc - i, b.s, esc.s, b.n))
		return 2;
	return r < 0 ? 1 : 0;
}

static void
getopts_result(const char *name, int c, const char *arg)
{
	char s[2] = { (char)c, '\0' };

	setvar(name, s);
	if (arg)
		setvar("OPTARG", arg);
	else
		unsetvar("OPTARG");
}

/* getopts speaks for the script, as ash's does: the text alone; OPTERR=0 silences it. */
static void
getopts_say(const char *fmt, int c)
{
	const char *e = getvar("OPTERR");
	char buf[64];
	int n;

	if (e && strcmp(e, "0") == 0)
		return;
	out_flush();
	n = snprintf(buf, sizeof buf - 1, fmt, c);
	buf[n++] = '\n';
	write_all(2, buf, n);
}

int
bi_getopts(int argc, char **argv)
{
	const char *spec, *o, *ind_s = getvar("OPTIND");
	char **args, *a, optc[2] = { 0, 0 };
	int nargs, ind = ind_s ? atoi(ind_s) : 1, silent, c, save;

	if (argc < 3) {
		msg("getopts: usage: getopts optstring name [arg...]");
		return 2;
	}
	spec = argv[1];
	silent = spec[0] == ':';
	args = argc > 3 ? argv + 3 : pp.v;
	nargs = argc > 3 ? argc - 3 : pp.n;
	if (ind < 1)
		ind = 1;
	if (optpos == 0) {
		if (ind > nargs || (a = args[ind - 1])[0] != '-' || a[1] == '\0') {
			getopts_result(argv[2], '?', NULL);
			return 1;
		}
		if (strcmp(a, "--") == 0) {
			setvar_int("OPTIND", ind + 1);
			getopts_result(argv[2], '?', NULL);
			return 1;
		}
		optpos = 1;
	}
	a = args[ind - 1];
	c = (unsigned char)a[optpos++];
	optc[0] = (char)c;
	o = c == ':' ? NULL : strchr(spec + silent, c);
	if (o == NULL) {
		if (!silent)
			getopts_say("Illegal option -%c", c);
		getopts_result(argv[2], '?', silent ? optc : NULL);
	} else if (o[1] == ':') {
		if (a[optpos]) {
			getopts_result(argv[2], c, a + optpos);
			ind++;
			optpos = 0;
		} else if (ind < nargs) {
			getopts_result(argv[2], c, args[ind]);
			ind += 2;
			optpos = 0;
		} else {
			if (!silent)
				getopts_say("No arg for -%c option", c);
			getopts_result(argv[2], silent ? ':' : '?', silent ? optc : NULL);
			ind++;
			optpos = 0;
		}
	} else {
		getopts_result(argv[2], c, NULL);
	}
	if (optpos && a[optpos] == '\0') {
		ind++;
		optpos = 0;
	}
	save = optpos;
	setvar_int("OPTIND", ind);
	optpos = save;
	return 0;
}
