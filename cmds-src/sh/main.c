/* sh - the POSIX command language interpreter: start, read, run (see sh.h) */
#include "sh.h"

static const char usage[] =
	"sh [-aCefnuvx] [-o OPTION] [-c STRING [NAME [ARG...]] | -s [ARG...] | FILE [ARG...]]";

struct shell sh;

/* ---- running text: eval, dot scripts, traps, script files ---------------------------- */

static int
run_commands(struct src *s, int lineno, int flags)
{
	struct parser p;
	struct node *n;
	struct arena *a;
	int r, st = 0;

	parser_init(&p, s, lineno);
	for (;;) {
		a = p.arena = arena_new();
		r = parse_next(&p, &n);
		if (r == PARSE_ERR) {
			arena_unref(a);
			raise_status(2);
		}
		if (r == PARSE_EOF) {
			arena_unref(a);
			break;
		}
		if (s->seekable && s->pos < s->len) {
			lseek(s->fd, -(off_t)(s->len - s->pos), SEEK_CUR);
			s->len = s->pos;
		}
		if (r == PARSE_OK && !sh.opt['n'])
			st = exec_node(n, flags);
		arena_unref(a);
		if (sh.skip)
			break;
	}
	return st;
}

int
eval_string(const char *str, int flags)
{
	struct src s;

	memset(&s, 0, sizeof s);
	s.type = SRC_STR;
	s.s = str;
	s.len = strlen(str);
	return run_commands(&s, sh.lineno > 0 ? sh.lineno : 1, flags);
}

int
run_file(int fd, int flags)
{
	struct src s;
	int st, old = script_fd;

	memset(&s, 0, sizeof s);
	s.type = SRC_FD;
	s.fd = script_fd = fd;
	st = run_commands(&s, 1, flags);
	free(s.buf);
	script_fd = old;
	return st;
}

/* ---- main ------------------------------------------------------------------------------- */

static void
recover(struct src *s, struct parser *p, const struct stmark *base)
{
	while (frames)
		frame_pop();
	out_restore(0);
	out_discard();
	sh.skip = SK_NONE;
	sh.loops = sh.funcs = sh.dots = sh.depth = 0;
	sh.trapstatus = -1;
	sh.builtin = NULL;
	st_release(base);
	s->pos = s->len;
	s->eof = 0;
	p->npush = 0;
	p->af = NULL;
	p->have = 0;
	p->hd = NULL;
	pending[SIGINT] = 0;
}

static void
interactive_loop(struct src *s)
{
	static struct parser p;
	static struct arena *cur;
	static struct stmark base;
	struct node *n;
	jmp_buf jb;
	int r;

	parser_init(&p, s, 1);
	st_mark(&base);
	if (setjmp(jb)) {
		arena_unref(cur);
		cur = NULL;
		recover(s, &p, &base);
	}
	sh.top = &jb;
	for (;;) {
		if (gotsig)
			do_signals();
		cur = p.arena = arena_new();
		r = parse_next(&p, &n);
		if (r == PARSE_EOF && s->eof && p.ps2 == 0)
			break;
		if (r == PARSE_ERR || r == PARSE_EOF) {
			if (r == PARSE_EOF)
				msg("syntax error: unexpected end of file");
			sh.status = 2;
			s->pos = s->len;
			s->eof = 0;
		} else if (r == PARSE_OK) {
			exec_node(n, 0);
		}
		cur = NULL;
		arena_unref(p.arena);
		sh.skip = SK_NONE;
		st_release(&base);
	}
	sh_exit(sh.status);
}

static void
init_vars(void)
{
	extern char **environ;
	char **e, *eq, *name, buf[32];
	const char *pwd;
	struct stat a, b;

	for (e = environ; *e; e++) {
		if ((eq = strchr(*e, '=')) == NULL)
			continue;
		name = st_strndup(*e, eq - *e);
		if (is_name(name))
			setvar_flags(name, eq + 1, V_EXPORT);
	}
	setvar_flags("IFS", " \t\n", 0);
	if (!getvar("PS1"))
		setvar_flags("PS1", geteuid() == 0 ? "# " : "$ ", 0);
	if (!getvar("PS2"))
		setvar_flags("PS2", "> ", 0);
	if (!getvar("PS4"))
		setvar_flags("PS4", "+ ", 0);
	setvar_flags("OPTIND", "1", 0);
	snprintf(buf, sizeof buf, "%ld", (long)getppid());
	setvar_flags("PPID", buf, 0);
	pwd = getvar("PWD");
	if (!(pwd && pwd[0] == '/' && stat(pwd, &a) == 0 && stat(".", &b) == 0 &&
	      a.st_dev == b.st_dev && a.st_ino == b.st_ino) && (pwd = physical_cwd()) != NULL)
		setvar_flags("PWD", pwd, 0);
}

static void
init_signals(void)
{
	struct sigaction sa;
	int i;

	for (i = 1; i < NSIGS; i++)
		if (sigaction(i, NULL, &sa) == 0 && sa.sa_handler == SIG_IGN)
			ign_at_entry[i] = 1;
	if (sh.interactive) {
		sig_apply(SIGINT);
		sig_apply(SIGQUIT);
		sig_apply(SIGTERM);
	}
}

static int
run_stdin(void)
{
	struct src s;

	memset(&s, 0, sizeof s);
	s.fd = 0;
	if (sh.interactive) {
		s.type = SRC_TTY;
		interactive_loop(&s);
	}
	s.type = SRC_FD;
	s.seekable = lseek(0, 0, SEEK_CUR) >= 0;
	s.byte = !s.seekable;
	return run_commands(&s, 1, 0);
}

int
main(int argc, char *argv[])
{
	const char *cmd = NULL, *script = NULL;
	struct stmark m;
	int i, fd;

	cmd_setname(argv[0]);
	if (cmd_name[0] == '-')
		cmd_name++;
	if (argc > 1 && strcmp(argv[1], "--help") == 0) {
		printf("usage: %s\n", usage);
		return cmd_exit();
	}
	sh.rootpid = getpid();
	sh.trapstatus = -1;
	st_mark(&m);
	init_vars();
	if ((i = parse_options(argc, argv, 1, &cmd)) < 0) {
		fprintf(stderr, "usage: %s\n", usage);
		return 2;
	}
	if (cmd && i >= argc) {
		msg("-c: option requires an argument");
		return 2;
	}
	if (cmd)
		cmd = argv[i++];
	else if (!sh.opt['s'] && i < argc)
		script = argv[i++];
	arg0 = xstrdup(cmd && i < argc ? argv[i++] : script ? script : argv[0]);
	params_set(&pp, argc - i, argv + i);
	sh.interactive = sh.opt['i'] || (!cmd && !script && isatty(0) && isatty(2));
	sh.opt['i'] = (char)sh.interactive;
	sh.opt['s'] = 0;
	init_signals();
	st_release(&m);
	if (cmd)
		sh_exit(eval_string(cmd, 0));
	if (script) {
		if ((fd = open(script, O_RDONLY)) < 0) {
			msg("%s: %s", script, strerror(errno));
			return errno == ENOENT ? 127 : 126;
		}
		i = fcntl(fd, F_DUPFD_CLOEXEC, 10);
		close(fd);
		sh_exit(run_file(i, 0));
	}
	sh_exit(run_stdin());
	return 2;	/* not reached; says so to compilers that do not know sh_exit */
}
