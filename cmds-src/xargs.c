/* xargs - build and run command lines from standard input */
#include "cmd.h"
#include "proc.h"
#include "num.h"
#include <ctype.h>
#include <sys/wait.h>

static const char usage[] =
    "xargs [-0prtx] [-d DELIM] [-E EOFSTR] [-I REPLSTR] [-L NUMBER] [-n NUMBER] [-P PROCS] "
    "[-s SIZE] [COMMAND [ARG...]]";

static struct {
	int delim;		/* -0, -d: the byte that ends each argument; -1 for none */
	int prompt, no_empty, trace, exact;
	const char *eof, *repl;
	long lines, max_args;
	long procs;		/* -P: at most this many at once; 0 for no limit */
	size_t size;
} f;

/* The commands running, and their names for messages. */
static struct {
	pid_t *pid;
	char **name;
	size_t n, cap;
} kids;

static FILE *tty;
static int status;		/* the exit status so far */

/* The command line being built: the fixed words, then the input's. */
static struct {
	char **v;
	size_t n, cap, fixed;
	size_t bytes, fixed_bytes;
} cmd;

static void
push(char *arg)
{
	if (cmd.n + 2 > cmd.cap)
		cmd.v = xrealloc(cmd.v, (cmd.cap = cmd.cap * 2 + 64) * sizeof *cmd.v);
	cmd.v[cmd.n++] = arg;
	cmd.v[cmd.n] = NULL;
	cmd.bytes += strlen(arg) + 1;
}

static void
drop_input_args(void)
{
	for (size_t i = cmd.fixed; i < cmd.n; i++)
		free(cmd.v[i]);
	cmd.n = cmd.fixed;
	cmd.v[cmd.n] = NULL;
	cmd.bytes = cmd.fixed_bytes;
}

static void
trace(char **v)
{
	for (size_t i = 0; v[i] != NULL; i++)
		fprintf(stderr, "%s%s", i ? " " : "", v[i]);
}

/* -p: ask on the terminal; a line starting with y runs the command. */
static int
confirm(char **v)
{
	int c, yes;

	if (tty == NULL && (tty = fopen("/dev/tty", "r")) == NULL)
		die_errno("/dev/tty");
	trace(v);
	fputs("?...", stderr);
	fflush(stderr);
	c = getc(tty);
	yes = c == 'y' || c == 'Y';
	while (c != '\n' && c != EOF)
		c = getc(tty);
	return yes;
}

/* A child's end: 1-125 makes the status 123; 255 or a signal stops xargs. */
static void
ended(const char *name, int st)
{
	if (WIFSIGNALED(st)) {
		warn("%s: terminated by signal %d", name, WTERMSIG(st));
		exit(125);
	}
	if (WEXITSTATUS(st) == 255) {
		warn("%s: exited with status 255; aborting", name);
		exit(124);
	}
	if (WEXITSTATUS(st) != 0)
		status = 123;
}

/* Wait for one of the commands running. */
static void
reap(void)
{
	pid_t pid;
	size_t i;
	int st;

	while ((pid = waitpid(-1, &st, 0)) < 0)
		if (errno != EINTR)
			die_errno("wait");
	for (i = 0; i < kids.n && kids.pid[i] != pid; i++)
		;
	if (i == kids.n)
		return;
	ended(kids.name[i], st);
	free(kids.name[i]);
	kids.n--;
	kids.pid[i] = kids.pid[kids.n];
	kids.name[i] = kids.name[kids.n];
}

static void
add_kid(pid_t pid, const char *name)
{
	if (kids.n == kids.cap) {
		kids.cap = kids.cap * 2 + 8;
		kids.pid = xrealloc(kids.pid, kids.cap * sizeof *kids.pid);
		kids.name = xrealloc(kids.name, kids.cap * sizeof *kids.name);
	}
	kids.pid[kids.n] = pid;
	kids.name[kids.n++] = xstrdup(name);
}

/* Start V; while -P commands run, wait for one (with -P 1, the default, for V
 * before the input is read on). Exec failures come back through a
 * close-on-exec pipe. A file without #! runs as a shell script, as POSIX's
 * execvp has it. */
static void
run(char **v)
{
	int p[2], st, err = 0;
	pid_t pid;

	if (f.prompt && !confirm(v))
		return;
	if (f.trace && !f.prompt) {
		trace(v);
		fputc('\n', stderr);
	}
	fflush(stdout);
	if (pipe2(p, O_CLOEXEC) < 0 || (pid = fork()) < 0)
		die_errno("fork");
	if (pid == 0) {
		close(p[0]);
		if (!f.prompt) {
			int fd = open("/dev/null", O_RDONLY);

			if (fd > 0) {
				dup2(fd, 0);
				close(fd);
			}
		}
		exec_cmd(v);
		err = errno;
		(void)!write(p[1], &err, sizeof err);
		_exit(127);
	}
	close(p[1]);
	if (read(p[0], &err, sizeof err) != sizeof err)
		err = 0;
	close(p[0]);
	if (err != 0) {
		while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
			;
		errno = err;
		warn_errno("%s", v[0]);
		exit(err == ENOENT ? 127 : 126);
	}
	add_kid(pid, v[0]);
	while (f.procs > 0 && kids.n >= (size_t)f.procs)
		reap();
}

/* -I: each fixed word with REPL replaced by ARG. */
static void
run_replaced(const char *arg)
{
	size_t rl = strlen(f.repl), al = strlen(arg), n;
	char **v = xmalloc((cmd.fixed + 1) * sizeof *v), *s, *w;
	const char *p, *q;

	for (size_t i = 0; i < cmd.fixed; i++) {
		for (n = 0, p = cmd.v[i]; (q = strstr(p, f.repl)) != NULL && rl > 0; p = q + rl)
			n++;
		w = s = xmalloc(strlen(cmd.v[i]) + n * al + 1);
		for (p = cmd.v[i]; rl > 0 && (q = strstr(p, f.repl)) != NULL; p = q + rl) {
			memcpy(w, p, q - p);
			w += q - p;
			memcpy(w, arg, al);
			w += al;
		}
		strcpy(w, p);
		v[i] = s;
		if (strlen(s) + 1 > f.size)
			die("argument line too long");
	}
	v[cmd.fixed] = NULL;
	run(v);
	for (size_t i = 0; i < cmd.fixed; i++)
		free(v[i]);
	free(v);
}

/* The input, one argument at a time. */
static struct {
	char *s;
	size_t len, cap;
	int eof;		/* the input or -E's string ended it */
	int line_end;		/* the argument ended a line (for -L) */
} word;

static void
word_add(int c)
{
	if (word.len + 2 > word.cap)
		word.s = xrealloc(word.s, word.cap = word.cap * 2 + 256);
	word.s[word.len++] = c;
	word.s[word.len] = '\0';
}

static int
is_blank(int c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

/* -0, -d: arguments ended by one byte, taken as they are (empty ones too). */
static int
read_delim(void)
{
	int c;

	while ((c = getchar()) != EOF && c != f.delim)
		word_add(c);
	return c != EOF || word.len > 0;
}

/* -I: whole lines, leading white space dropped; so blank lines are
 * skipped (as GNU's and BusyBox's xargs do). */
static int
read_line(void)
{
	int c;

	while ((c = getchar()) != EOF && isspace(c))
		;
	for (; c != EOF && c != '\n'; c = getchar())
		word_add(c);
	return c != EOF || word.len > 0;
}

/* POSIX: blanks separate, quotes and backslash protect. */
static int
read_quoted(void)
{
	int c, q = 0, any = 0;

	while ((c = getchar()) != EOF && is_blank(c))
		;
	for (; c != EOF; c = getchar()) {
		if (q) {
			if (c == q) {
				q = 0;
			} else if (c == '\n') {
				die("unmatched %s quote", q == '"' ? "double" : "single");
			} else {
				word_add(c);
			}
			continue;
		}
		if (is_blank(c)) {
			word.line_end = c == '\n';
			break;
		}
		any = 1;
		if (c == '"' || c == '\'') {
			q = c;
		} else if (c == '\\') {
			if ((c = getchar()) == EOF)
				break;
			word_add(c);
		} else {
			word_add(c);
		}
	}
	if (q)
		die("unmatched %s quote", q == '"' ? "double" : "single");
	if (c == EOF)
		word.line_end = 1;
	return any;
}

/* The next argument in word.s; 0 at the end of the input. */
static int
next_word(void)
{
	int got;

	if (word.eof)
		return 0;
	word.len = 0;
	word.line_end = 0;
	word_add('\0');
	word.len = 0;
	got = f.delim >= 0 ? read_delim() : f.repl ? read_line() : read_quoted();
	/* -E means nothing with -0 or -d, as in GNU's xargs. */
	if (!got || (f.eof != NULL && f.delim < 0 && strcmp(word.s, f.eof) == 0)) {
		word.eof = 1;
		return 0;
	}
	if (f.delim >= 0 || f.repl)
		word.line_end = 1;
	return 1;
}

static void
xargs(void)
{
	long nargs = 0, nlines = 0;
	int ran = 0, size_ok;

	while (next_word()) {
		if (f.repl) {
			run_replaced(word.s);
			ran = 1;
			continue;
		}
		if (cmd.fixed_bytes + word.len + 1 > f.size)
			die("argument line too long");
		size_ok = cmd.bytes + word.len + 1 <= f.size;
		if (!size_ok && f.exact && (f.max_args || f.lines))
			die("argument list too long");
		if (!size_ok) {
			run(cmd.v);
			ran = 1;
			drop_input_args();
			nargs = nlines = 0;
		}
		push(xstrdup(word.s));
		nargs++;
		nlines += word.line_end;
		if ((f.max_args && nargs >= f.max_args) || (f.lines && nlines >= f.lines)) {
			run(cmd.v);
			ran = 1;
			drop_input_args();
			nargs = nlines = 0;
		}
	}
	if (cmd.n > cmd.fixed || (!ran && !f.no_empty && !f.repl))
		run(cmd.v);
	drop_input_args();
	while (kids.n > 0)
		reap();
}

static long
number(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*s < '0' || *s > '9' || *end != '\0' || v <= 0)
		die("%s: invalid number", s);
	return v;
}

/* -P: a count, 0 for as many as there are commands. */
static long
procs(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*s < '0' || *s > '9' || *end != '\0')
		die("%s: invalid number", s);
	return v;
}

/* -d: one byte, or a backslash escape as in C (\n, \t, \0, \101, \x41). */
static int
delimiter(const char *s)
{
	const char *p = s + 1;
	char *end;
	int c = -1;

	if (s[0] != '\0' && s[1] == '\0')
		return (unsigned char)s[0];
	if (s[0] == '\\' && *p == 'x' && isxdigit((unsigned char)p[1])) {
		c = (int)strtol(p + 1, &end, 16);
		if (*end != '\0' || end - p > 3)
			c = -1;
	} else if (s[0] == '\\' && ((c = unescape(&p)) < 0 || *p != '\0')) {
		c = -1;
	}
	if (c < 0)
		die("%s: invalid delimiter: one byte or a backslash escape", s);
	return c;
}

static const struct opt_long longs[] = {
	{ "null", '0' }, { "delimiter", 'd' }, { "eof", 'E' }, { "replace", 'I' },
	{ "max-lines", 'L' }, { "max-args", 'n' }, { "max-procs", 'P' },
	{ "interactive", 'p' }, { "max-chars", 's' }, { "verbose", 't' },
	{ "exit", 'x' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	long max = sysconf(_SC_ARG_MAX) - 4096;
	int c;

	memset(&f, 0, sizeof f);
	memset(&cmd, 0, sizeof cmd);
	memset(&word, 0, sizeof word);
	memset(&kids, 0, sizeof kids);
	status = 0;
	f.size = 131072;
	f.delim = -1;
	f.procs = 1;
	o.longs = longs;
	while ((c = opt_next(&o, "+0d:E:I:L:n:P:prs:tx")) != -1) {
		switch (c) {
		case '0': f.delim = '\0'; break;
		case 'd': f.delim = delimiter(o.arg); break;
		case 'E': f.eof = o.arg; break;
		case 'I': f.repl = o.arg; f.exact = 1; break;
		case 'L': f.lines = number(o.arg); f.max_args = 0; break;
		case 'n': f.max_args = number(o.arg); f.lines = 0; break;
		case 'P': f.procs = procs(o.arg); break;
		case 'p': f.prompt = f.trace = 1; break;
		case 'r': f.no_empty = 1; break;
		case 's': f.size = number(o.arg); break;
		case 't': f.trace = 1; break;
		case 'x': f.exact = 1; break;
		default: die_usage(&o);
		}
	}
	if (max > 0 && f.size > (size_t)max)
		f.size = max;
	if (o.ind == argc)
		push("echo");
	for (int i = o.ind; i < argc; i++)
		push(argv[i]);
	cmd.fixed = cmd.n;
	cmd.fixed_bytes = cmd.bytes;
	xargs();
	if (ferror(stdin))
		warn_errno("read error");
	free(cmd.v);
	free(word.s);
	free(kids.pid);
	free(kids.name);
	if (cmd_exit() != 0 && status == 0)
		return 1;
	return status;
}
