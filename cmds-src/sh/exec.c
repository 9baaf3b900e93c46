/* exec.c - the evaluator: syntax trees, functions, simple commands */
#include "sh.h"
#include <fnmatch.h>

/* ---- the evaluator ---------------------------------------------------------------- */

struct func *ftab[NFTAB];

static struct func **
func_slot(const char *name)
{
	struct func **f = &ftab[hash(name) % NFTAB];

	while (*f && strcmp((*f)->name, name) != 0)
		f = &(*f)->next;
	return f;
}

struct func *
func_find(const char *name)
{
	return *func_slot(name);
}

void
func_unset(const char *name)
{
	struct func **fp = func_slot(name), *f = *fp;

	if (f == NULL)
		return;
	*fp = f->next;
	arena_unref(f->arena);
	free(f);
}

static void
func_define(struct node *n)
{
	struct func *f;

	func_unset(n->name);
	f = xmalloc(sizeof *f + strlen(n->name));
	strcpy(f->name, n->name);
	f->body = n->a;
	f->arena = n->arena;
	f->arena->refs++;
	f->next = ftab[hash(n->name) % NFTAB];
	ftab[hash(n->name) % NFTAB] = f;
}

static int exec_simple(struct node *n, int flags);
static int exec_compound(struct node *n, int flags);

static int
exec_redirected(struct node *n, int flags)
{
	int level = nsaved(), st;

	if (redirect(n->redir, 1) < 0) {
		out_restore(level);
		return 1;
	}
	st = exec_compound(n, flags & ~EV_EXIT);
	out_restore(level);
	return st;
}

static int
exec_sub(struct node *n, int flags)
{
	pid_t pid;

	if (!(flags & EV_EXIT) || sh.traps_set) {
		pid = sh_fork();
		if (pid != 0)
			return wait_fg(pid);
	}
	if (redirect(n->redir, 0) < 0)
		sh_exit(1);
	exec_node(n->a, EV_EXIT | (flags & EV_TESTED));
	sh_exit(sh.status);
	return 0;
}

static int
exec_bg(struct node *n)
{
	pid_t pid = sh_fork();
	int fd;

	if (pid != 0) {
		sh.lastbg = pid;
		job_add(pid, n);
		return 0;
	}
	if (!sh.opt['m']) {
		if (!traps[SIGINT])
			set_handler(SIGINT, SIG_IGN);
		if (!traps[SIGQUIT])
			set_handler(SIGQUIT, SIG_IGN);
		if ((fd = open("/dev/null", O_RDONLY)) >= 0 && fd != 0) {
			dup2(fd, 0);
			close(fd);
		}
	}
	exec_node(n, EV_EXIT);
	sh_exit(sh.status);
	return 0;
}

static int
exec_pipe(struct node *n, int flags)
{
	struct node *c;
	pid_t pid, last = -1;
	int in = -1, fds[2], st = 0, count = 0, i;
	pid_t *pids;

	for (c = n->a; c; c = c->next)
		count++;
	pids = st_alloc(count * sizeof *pids);
	for (c = n->a, i = 0; c; c = c->next, i++) {
		if (c->next && pipe(fds) < 0)
			sh_error("pipe: %s", strerror(errno));
		pid = sh_fork();
		if (pid == 0) {
			if (in >= 0) {
				dup2(in, 0);
				close(in);
			}
			if (c->next) {
				close(fds[0]);
				if (fds[1] != 1) {
					dup2(fds[1], 1);
					close(fds[1]);
				}
			}
			exec_node(c, EV_EXIT | (flags & EV_TESTED));
			sh_exit(sh.status);
		}
		pids[i] = last = pid;
		if (in >= 0)
			close(in);
		if (c->next) {
			close(fds[1]);
			in = fds[0];
		}
	}
	for (i = 0; i < count; i++) {
		int s = wait_fg(pids[i]);

		/* pipefail: the last command that failed speaks for the pipeline */
		if (sh.opt['P'] ? s != 0 : pids[i] == last)
			st = s;
	}
	return st;
}

/* Command substitution: the output of N, trailing newlines removed. */
char *
run_cmdsub(struct node *n)
{
	struct sbuf b;
	int fds[2];
	pid_t pid;
	ssize_t r;

	if (n == NULL) {
		sh.cmdsub_status = 0;
		return "";
	}
	if (pipe(fds) < 0)
		sh_error("pipe: %s", strerror(errno));
	sh.cmdsub_fork = 1;
	pid = sh_fork();
	sh.cmdsub_fork = 0;
	if (pid == 0) {
		close(fds[0]);
		if (fds[1] != 1) {
			dup2(fds[1], 1);
			close(fds[1]);
		}
		exec_node(n, EV_EXIT);
		sh_exit(sh.status);
	}
	close(fds[1]);
	sb_init(&b, NULL);
	for (;;) {
		sb_grow(&b, 4096);
		r = read(fds[0], b.s + b.n, b.cap - b.n - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		b.n += r;
	}
	close(fds[0]);
	sh.cmdsub_status = wait_fg(pid);
	while (b.n > 0 && b.s[b.n - 1] == '\n')
		b.n--;
	return sb_str(&b);
}

static int
loop_skip(void)
{
	if (sh.skip == SK_RETURN)
		return 1;
	if (--sh.skipn > 0)
		return 1;
	if (sh.skip == SK_BREAK) {
		sh.skip = SK_NONE;
		return 1;
	}
	sh.skip = SK_NONE;
	return 0;
}

static int
exec_while(struct node *n, int flags)
{
	int st = 0, c;

	sh.loops++;
	for (;;) {
		c = exec_node(n->a, EV_TESTED);
		if (sh.skip) {
			if (loop_skip())
				break;
			continue;
		}
		if ((c == 0) == (n->type == N_UNTIL))
			break;
		st = exec_node(n->b, flags & ~EV_EXIT);
		if (sh.skip && loop_skip())
			break;
	}
	sh.loops--;
	return st;
}

static int
exec_for(struct node *n, int flags)
{
	struct fields f = { NULL, 0, 0 };
	struct stmark m;
	struct word *w;
	int st = 0, i;

	st_mark(&m);
	if (n->flag) {
		for (w = n->args; w; w = w->next)
			expand_word(w, EXP_SPLIT | EXP_TILDE, &f);
	} else {
		for (i = 0; i < pp.n; i++)
			fields_add(&f, st_strdup(pp.v[i]));
	}
	sh.loops++;
	for (i = 0; i < f.n; i++) {
		setvar(n->name, f.v[i]);
		st = exec_node(n->b, flags & ~EV_EXIT);
		if (sh.skip && loop_skip())
			break;
	}
	sh.loops--;
	st_release(&m);
	return st;
}

static int
exec_case(struct node *n, int flags)
{
	struct stmark m;
	struct citem *it;
	struct word *p;
	const char *s;
	int st = 0;

	st_mark(&m);
	s = expand_word_str(n->args, EXP_TILDE);
	for (it = n->items; it; it = it->next)
		for (p = it->pats; p; p = p->next)
			if (fnmatch(expand_word_str(p, EXP_PAT | EXP_TILDE), s, 0) == 0) {
				st_release(&m);
				return it->body ? exec_node(it->body, flags) : 0;
			}
	st_release(&m);
	return st;
}

static int
exec_list(struct node *n, int flags)
{
	struct node *c;
	int st = 0;

	for (c = n->a; c; c = c->next) {
		st = exec_node(c, c->next ? flags & ~EV_EXIT : flags);
		if (sh.skip)
			break;
	}
	return st;
}

static int
exec_compound(struct node *n, int flags)
{
	switch (n->type) {
	case N_LIST:
		return exec_list(n, flags);
	case N_AND:
	case N_OR:
		sh.status = exec_node(n->a, (flags & ~EV_EXIT) | EV_TESTED);
		if ((sh.status == 0) != (n->type == N_AND) || sh.skip)
			return sh.status;
		return exec_node(n->b, flags);
	case N_NOT:
		return !exec_node(n->a, (flags & ~EV_EXIT) | EV_TESTED);
	case N_BG:
		return exec_bg(n->a);
	case N_GROUP:
		return exec_node(n->a, flags);
	case N_IF:
		if (exec_node(n->a, EV_TESTED) == 0 && !sh.skip)
			return exec_node(n->b, flags);
		if (sh.skip)
			return sh.status;
		return n->c ? exec_node(n->c, flags) : 0;
	case N_WHILE:
	case N_UNTIL:
		return exec_while(n, flags);
	case N_FOR:
		return exec_for(n, flags);
	case N_CASE:
		return exec_case(n, flags);
	case N_FUNC:
		func_define(n);
		return 0;
	}
	return 0;
}

int
exec_node(struct node *n, int flags)
{
	int st;

	if (n == NULL)
		return 0;
	if (gotsig)
		do_signals();
	if (++sh.depth > 10 * MAXDEPTH) {
		sh.depth = 0;
		sh_error("evaluation nested too deep");
	}
	if (n->lineno > 0)
		sh.lineno = n->lineno;
	switch (n->type) {
	case N_CMD:
		st = exec_simple(n, flags);
		break;
	case N_PIPE:
		st = exec_pipe(n, flags);
		break;
	case N_SUB:
		st = exec_sub(n, flags);
		break;
	default:
		if (n->redir && n->type != N_FUNC)
			st = exec_redirected(n, flags);
		else
			st = exec_compound(n, flags);
		sh.depth--;
		sh.status = st;
		if (flags & EV_EXIT)
			sh_exit(st);
		return st;
	}
	sh.depth--;
	sh.status = st;
	if (sh.opt['e'] && st && !(flags & EV_TESTED) && !sh.skip)
		sh_exit(st);
	if (flags & EV_EXIT)
		sh_exit(st);
	return st;
}

/* ---- simple commands ---------------------------------------------------------------- */

static void
xtrace(struct word *as, char **argv)
{
	struct sbuf b;
	const char *ps4 = getvar("PS4");

	sb_init(&b, NULL);
	sb_adds(&b, ps4 ? ps4 : "+ ");
	for (; as; as = as->next) {
		sb_adds(&b, as->name);
		sb_addc(&b, '=');
		sb_adds(&b, expand_word_str(as, EXP_TILDE | EXP_ASSIGN));
		if (as->next || (argv && *argv))
			sb_addc(&b, ' ');
	}
	for (; argv && *argv; argv++) {
		sb_adds(&b, *argv);
		if (argv[1])
			sb_addc(&b, ' ');
	}
	sb_addc(&b, '\n');
	out_flush();
	write_all(2, b.s, b.n);
}

/* Assignments before a command: permanent, or saved for undoing (*SAVE). */
static void
do_assigns(struct word *as, struct saved_var **save, unsigned flags)
{
	struct saved_var *s;
	char *v;

	for (; as; as = as->next) {
		v = expand_word_str(as, EXP_TILDE | EXP_ASSIGN);
		if (save) {
			s = var_save(as->name);
			s->next = *save;
			*save = s;
		}
		if (setvar_flags(as->name, v, flags) < 0)
			raise_status(sh.interactive ? 1 : 2);
	}
}

static _Noreturn void
exec_script(const char *path, char **argv)
{
	char buf[256];
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC), i;

	n = fd < 0 ? -1 : read(fd, buf, sizeof buf);
	if (n < 0 || memchr(buf, '\0', n) != NULL) {
		msg("%s: cannot execute", path);
		sh_exit(126);
	}
	lseek(fd, 0, SEEK_SET);
	for (i = 0; argv[i]; i++)
		;
	params_free(&pp);
	params_set(&pp, i - 1, argv + 1);
	free(arg0);
	arg0 = xstrdup(path);
	for (i = 0; i < NFTAB; i++)
		while (ftab[i])
			func_unset(ftab[i]->name);
	sh_exit(run_file(fd, 0));
}

static void
try_exec(const char *path, char **argv, char **env)
{
	execve(path, argv, env);
	if (errno == ENOEXEC)
		exec_script(path, argv);
}

struct search {
	char **argv, **env;
	int err;	/* what to report: ENOENT, else the first EACCES, else the last error */
};

static int
search_one(const char *file, void *arg)
{
	struct search *s = arg;

	try_exec(file, s->argv, s->env);
	if (errno != ENOENT && errno != ENOTDIR && s->err != EACCES)
		s->err = errno;
	return 0;
}

/* Find ARGV[0] in PATH and run it in this process. */
_Noreturn void
shell_exec(char **argv, char **env)
{
	struct search s = { argv, env, ENOENT };

	if (strchr(argv[0], '/')) {
		try_exec(argv[0], argv, env);
		s.err = errno;
	} else if (argv[0][0] != '\0') {	/* "" names no command */
		path_search(getvar("PATH"), argv[0], search_one, &s);
	}
	if (s.err == ENOENT || s.err == ENOTDIR) {
		msg("%s: not found", argv[0]);
		sh_exit(127);
	}
	msg("%s: %s", argv[0], strerror(s.err));
	sh_exit(126);
}

static int
run_external(struct node *n, char **argv, int flags)
{
	pid_t pid = 0;

	if (!(flags & EV_EXIT) || sh.traps_set)
		pid = sh_fork();
	if (pid != 0)
		return wait_fg(pid);
	if (redirect(n->redir, 0) < 0)
		sh_exit(1);
	do_assigns(n->assigns, NULL, V_EXPORT);
	shell_exec(argv, make_env());
	return 0;
}

static int
call_function(struct func *f, int argc, char **argv, int flags)
{
	struct params save = pp;
	struct frame *fr;
	struct arena *a = f->arena;
	int st;

	if (sh.funcs >= MAXDEPTH)
		sh_error("%s: function nesting too deep", argv[0]);
	fr = xmalloc(sizeof *fr);
	params_set(&pp, argc - 1, argv + 1);
	fr->saved = save;
	frame_push(fr);
	sh.funcs++;
	a->refs++;
	st = exec_node(f->body, flags & EV_TESTED);
	if (sh.skip == SK_RETURN) {
		sh.skip = SK_NONE;
		st = sh.retval;
	}
	sh.funcs--;
	frame_pop();
	arena_unref(a);
	return st;
}

static int
run_builtin(struct node *n, const struct builtin *b, int argc, char **argv, int special)
{
	struct saved_var *save = NULL;
	int level = nsaved(), st;

	do_assigns(n->assigns, special ? NULL : &save, special ? 0 : V_EXPORT);
	if (b->fn == bi_exec) {
		if (redirect(n->redir, 0) < 0) {
			if (!sh.interactive)
				sh_exit(2);
			return 1;
		}
		sh.builtin = b->name;
		return bi_exec(argc, argv);
	}
	if (redirect(n->redir, 1) < 0) {
		st = 1;
	} else {
		sh.builtin = b->name;
		st = b->fn(argc, argv);
		sh.builtin = NULL;
		out_flush();
		if (out_status() > 0)
			st = 1;
	}
	out_restore(level);
	restore_list(save);
	return st;
}

static int
run_function(struct node *n, struct func *f, int argc, char **argv, int flags)
{
	struct saved_var *save = NULL;
	int level = nsaved(), st = 1;

	do_assigns(n->assigns, &save, V_EXPORT);
	if (redirect(n->redir, 1) >= 0)
		st = call_function(f, argc, argv, flags);
	out_restore(level);
	restore_list(save);
	return st;
}

static int
exec_assign_only(struct node *n)
{
	int level = nsaved(), st;

	if (sh.opt['x'] && n->assigns)
		xtrace(n->assigns, NULL);
	do_assigns(n->assigns, NULL, 0);
	st = sh.cmdsub_status;
	if (n->redir) {
		if (redirect(n->redir, 1) < 0)
			st = 1;
		out_restore(level);
	}
	return st;
}

static int
exec_simple(struct node *n, int flags)
{
	struct fields f = { NULL, 0, 0 };
	struct stmark m;
	struct word *w;
	const struct builtin *b;
	struct func *fn;
	int st;

	st_mark(&m);
	sh.cmdsub_status = 0;
	sh.builtin = NULL;
	for (w = n->args; w; w = w->next)
		expand_word(w, EXP_SPLIT | EXP_TILDE, &f);
	if (f.n == 0) {
		st = exec_assign_only(n);
	} else {
		if (sh.opt['x'])
			xtrace(n->assigns, f.v);
		b = find_builtin(f.v[0]);
		if (b && b->special)
			st = run_builtin(n, b, f.n, f.v, 1);
		else if ((fn = func_find(f.v[0])) != NULL)
			st = run_function(n, fn, f.n, f.v, flags);
		else if (b)
			st = run_builtin(n, b, f.n, f.v, 0);
		else
			st = run_external(n, f.v, flags);
	}
	st_release(&m);
	return st;
}

/* For "command": run ARGV without functions. */
int
run_argv(int argc, char **argv)
{
	const struct builtin *b = find_builtin(argv[0]);
	const char *was = sh.builtin;
	pid_t pid;
	int st;

	if (b) {
		sh.builtin = b->name;
		st = b->fn(argc, argv);
		sh.builtin = was;
		return st;
	}
	pid = sh_fork();
	if (pid == 0)
		shell_exec(argv, make_env());
	return wait_fg(pid);
}
