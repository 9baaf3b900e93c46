/* sh.h - the shell's own types and the functions its files share */
#ifndef SH_H
#define SH_H

#include "cmd.h"
#include "io.h"
#include "attr.h"
#include "proc.h"
#include <setjmp.h>
#include <signal.h>

/*
 * Structure: input is read by a lexer (lex.c) into an AST, one complete
 * command at a time (parse.c), which the evaluator walks (exec.c). Words stay
 * as lists of parts (literal, parameter, command substitution, arithmetic)
 * and are expanded at run time (expand.c, arith.c). Parse trees live in
 * reference-counted arenas; expansions live on a mark/release stack
 * (mem.c), so an error can unwind with one longjmp and nothing leaks.
 *
 * Options are "+"-aware ("set +x"), so the shell parses its own rather than
 * using opt_next().
 */

#define EOF_C (-1)
#define MAXDEPTH 400		/* nesting the parser and evaluator accept */

/* ---- mem.c: arenas, the expansion stack, growable strings ---------------- */

struct arena {
	struct block *top;
	int refs;
};

struct stmark {
	struct block *top;
	size_t used;
};

/* A growable string in an arena (the expansion stack unless told). */
struct sbuf {
	char *s;
	size_t n, cap;
	struct arena *a;
};

void *a_alloc(struct arena *a, size_t n);
struct arena *arena_new(void);
void arena_unref(struct arena *a);
void st_mark(struct stmark *m);
void st_release(const struct stmark *m);
void *st_alloc(size_t n);
char *st_strndup(const char *s, size_t n);
char *st_strdup(const char *s);
void sb_init(struct sbuf *b, struct arena *a);
void sb_grow(struct sbuf *b, size_t more);
void sb_addc(struct sbuf *b, int c);
void sb_addn(struct sbuf *b, const char *s, size_t n);
void sb_adds(struct sbuf *b, const char *s);
char *sb_str(struct sbuf *b);

/* ---- main.c: the shell's state, running text ------------------------------ */

enum { SK_NONE, SK_BREAK, SK_CONT, SK_RETURN };
#define EV_EXIT 1		/* the last thing this (sub)shell does */
#define EV_TESTED 2		/* a condition: set -e does not apply */

struct shell {
	int status;		/* $? */
	pid_t rootpid, lastbg;
	int interactive;	/* the main shell reads commands from a person */
	int child;		/* a forked subshell */
	int skip, skipn;	/* break, continue, return in progress */
	int loops, funcs, dots;	/* nesting of each, for the skip rules */
	int depth;		/* evaluator recursion */
	int cmdsub_status;	/* of the last command substitution */
	int retval;		/* of "return" */
	int traps_set;		/* any trap action is defined */
	int trapstatus;		/* in a trap action: $? before it (a plain exit's status); else -1 */
	int lineno;		/* of the command running: $LINENO, messages */
	const char *builtin;	/* the builtin running, for its messages */
	int cmdsub_fork;	/* the fork is for $(...): its "trap" lists the parent's */
	char opt[128];		/* option letters: opt['e'] ... */
	jmp_buf *top;		/* where an interactive shell recovers */
};
extern struct shell sh;

int eval_string(const char *str, int flags);
int run_file(int fd, int flags);

/* ---- out.c: builtins' output, messages, errors ---------------------------- */

void out_flush(void);
void out_discard(void);
void out_s(const char *s);
void out_c(int c);
void out_fmt(const char *fmt, ...);
void out_quoted(const char *s);
int out_status(void);
void msg(const char *fmt, ...);
_Noreturn void raise_status(int status);
_Noreturn void sh_error(const char *fmt, ...);

/* ---- var.c: variables, positional parameters, function frames ------------- */

#define V_EXPORT 1
#define V_RDONLY 2
#define V_UNSET 4		/* declared (export x, local x) but without value */

struct var {
	struct var *next;
	char *val;
	size_t cap;
	unsigned flags;
	char name[1];
};

struct params {
	int n;
	char **v;		/* malloc'd copies */
};

/* Saved variable state for "local" and for assignments before a command. */
struct saved_var {
	struct saved_var *next;
	char *name, *val;
	unsigned flags;
	int existed;
};

struct frame {
	struct frame *prev;
	struct saved_var *locals;
	struct params saved;	/* the caller's positional parameters */
};

extern struct params pp;
extern char *arg0;
extern struct frame *frames;
extern int optpos;		/* getopts: offset inside the current argument */

unsigned hash(const char *s);
int is_name_start(int c);
int is_name_char(int c);
int is_name(const char *s);
struct var *var_find(const char *name, int create);
const char *getvar(const char *name);
int setvar_flags(const char *name, const char *val, unsigned flags);
void setvar(const char *name, const char *val);
int unsetvar(const char *name);
void setvar_int(const char *name, long n);
struct var **var_list(unsigned flags, int *np);
char **make_env(void);
void params_set(struct params *p, int n, char **v);
void params_free(struct params *p);
struct saved_var *var_save(const char *name);
void restore_list(struct saved_var *s);
void frame_push(struct frame *f);
void frame_pop(void);

/* ---- the syntax tree ------------------------------------------------------ */

enum {
	N_CMD, N_PIPE, N_AND, N_OR, N_NOT, N_LIST, N_BG, N_SUB, N_GROUP,
	N_IF, N_WHILE, N_UNTIL, N_FOR, N_CASE, N_FUNC
};
enum { P_LIT, P_QLIT, P_PARAM, P_CMDSUB, P_ARITH };
enum { R_IN, R_OUT, R_APP, R_CLOB, R_RW, R_DUPIN, R_DUPOUT, R_HERE, R_HERESTRIP };

struct part {
	struct part *next;
	unsigned char type;
	unsigned char dq;	/* inside double quotes */
	unsigned char op;	/* parameter: 0 - = ? + # H(##) % P(%%) L(length),
				   S(:offset:length), / A(//) <(/#) >(/%) */
	unsigned char colon;	/* ${x:-word}...; S: a length was given */
	const char *s;		/* literal text, or parameter name */
	size_t len;
	struct part *sub;	/* the word of ${x-word}; the expression of $(( )); S: the offset */
	struct part *rep;	/* ${x/pat/rep}: rep; S: the length */
	struct node *cmd;	/* $( ) */
};

struct word {
	struct word *next;
	struct part *parts;
	const char *lit;	/* the whole word, if one plain literal */
	const char *name;	/* assignment: the variable; parts are the value */
	int kw;
};

struct redir {
	struct redir *next;
	int type, fd;
	struct word *word;	/* the target; for here-documents, the delimiter */
	struct part *here;	/* here-document body to expand */
	const char *heretext;	/* here-document body, literal */
};

struct citem {
	struct citem *next;
	struct word *pats;
	struct node *body;
};

struct node {
	int type, lineno;
	struct node *next;	/* in lists and pipelines */
	struct node *a, *b, *c;
	struct word *args, *assigns;
	struct redir *redir;
	const char *name;
	struct citem *items;
	int flag;		/* for: has "in" */
	struct arena *arena;	/* function definition: the tree's arena */
};

/* ---- lex.c: input sources, tokens, words, here-documents ----------------- */

enum { SRC_STR, SRC_FD, SRC_TTY };

struct src {
	int type, fd, byte, eof, seekable;
	const char *s;
	size_t len, pos;
	char *buf;
};

enum {
	T_EOF, T_NL, T_SEMI, T_AMP, T_PIPE, T_AND, T_OR, T_DSEMI, T_LPAR, T_RPAR,
	T_WORD, T_REDIR
};
enum {
	K_NONE, K_IF, K_THEN, K_ELSE, K_ELIF, K_FI, K_DO, K_DONE, K_CASE, K_ESAC,
	K_WHILE, K_UNTIL, K_FOR, K_IN, K_LBRACE, K_RBRACE, K_BANG
};
/* What ends a word, and what a backslash quotes in it. */
enum { C_NORM, C_DQ, C_SUB, C_SUBDQ, C_ARITH, C_HEREDOC,
	C_OFF,			/* ${x:offset:length}: up to ':' or '}' */
	C_PAT			/* ${x/pattern/...}: up to '/' or '}' */
};

/* An alias's value being read in place of its name (lex.c). */
struct aframe {
	struct aframe *next;	/* the one it came from, or that was being read */
	const char *name, *s;
	size_t pos, len;
	int push[4], npush;	/* what the lexer had pushed back when it began */
	int blank;		/* the value ends in a blank: check the next word too */
};

struct parser {
	struct src *src;
	struct arena *arena;
	jmp_buf *jb;
	int lineno, ps2, depth, quiet;
	int push[4], npush;
	struct aframe *af;	/* aliases being read, innermost first */
	int alias_next;		/* the next word is checked for an alias too */
	int tok, have, tokline;
	struct word *word;	/* T_WORD */
	int rtype, rfd;		/* T_REDIR */
	struct heredoc *hd;	/* pending here-documents */
	struct sbuf lit;	/* literal being collected */
	int litq;		/* ... quoted */
	char err[160];
};

_Noreturn void perr(struct parser *p, const char *fmt, ...);
void *palloc(struct parser *p, size_t n);
char *pstrndup(struct parser *p, const char *s, size_t n);
void deeper(struct parser *p);
struct part *read_parts(struct parser *p, int ctx);
int has_magic(const char *s);
int keyword(const char *s);
int lex(struct parser *p);
void alias_push(struct parser *p, const char *name, const char *val);
int alias_active(struct parser *p, const char *name);
void heredoc_add(struct parser *p, struct redir *r);
void read_heredocs(struct parser *p);

/* ---- parse.c -------------------------------------------------------------- */

enum { PARSE_OK, PARSE_EOF, PARSE_EMPTY, PARSE_ERR };

struct node *parse_cmdsub(struct parser *p);
struct node *parse_string(struct parser *p, const char *s, size_t n, int line);
int parse_next(struct parser *p, struct node **np);
void parser_init(struct parser *p, struct src *s, int lineno);
#ifdef SH_PARSE_ONLY
int parse_only(const char *data, size_t len);
#endif

/* ---- expand.c, arith.c ------------------------------------------------------ */

#define EXP_SPLIT 1		/* field splitting and pathname expansion */
#define EXP_PAT 2		/* a pattern: quoted magic characters escaped */
#define EXP_TILDE 4
#define EXP_ASSIGN 8		/* with EXP_TILDE: also after each ':' */

struct fields {
	char **v;
	int n, cap;
};

void fields_add(struct fields *f, char *s);
int is_ifs_space(int c);
const char *ifs_value(void);
void expand_word(struct word *w, int flags, struct fields *f);
char *expand_str(struct part *parts, int flags);
char *expand_word_str(struct word *w, int flags);
long arith(const char *s);
int bi_let(int argc, char **argv);

/* ---- trap.c: signals, traps, exit ----------------------------------------- */

#define NSIGS 65
extern char *traps[NSIGS];	/* 0 is EXIT; "" ignores */
extern char ign_at_entry[NSIGS];
extern volatile sig_atomic_t gotsig, pending[NSIGS];

void set_handler(int sig, void (*fn)(int));
void sig_apply(int sig);
void do_signals(void);
void traps_reset_child(int keep);
_Noreturn void sh_exit(int status);

/* ---- jobs.c: child processes ---------------------------------------------- */

void job_add(pid_t pid, struct node *n);
int job_pid(const char *cmd, const char *arg, pid_t *pid);
pid_t sh_fork(void);
int wait_fg(pid_t pid);

/* ---- redir.c -------------------------------------------------------------- */

extern int script_fd;	/* the script being read, kept out of the way */

int nsaved(void);
void out_restore(int level);
int redirect(struct redir *r, int save);

/* ---- exec.c: the evaluator ------------------------------------------------ */

#define NFTAB 64
struct func {
	struct func *next;
	struct node *body;
	struct arena *arena;
	char name[1];
};
extern struct func *ftab[NFTAB];

struct func *func_find(const char *name);
void func_unset(const char *name);
char *run_cmdsub(struct node *n);
int exec_node(struct node *n, int flags);
_Noreturn void shell_exec(char **argv, char **env);
int run_argv(int argc, char **argv);

/* ---- builtins.c and the builtins of other files --------------------------- */

struct builtin {
	const char *name;
	int (*fn)(int argc, char **argv);
	int special;
};
extern const struct builtin builtins[];
extern const size_t nbuiltins;

const struct builtin *find_builtin(const char *name);
int bad_number(const char *cmd, const char *s);
long number_arg(const char *s);
int bi_exec(int argc, char **argv);
int bi_export(int argc, char **argv);	/* bi_var.c */
int bi_readonly(int argc, char **argv);
int bi_local(int argc, char **argv);
int bi_unset(int argc, char **argv);
int bi_set(int argc, char **argv);
int bi_shift(int argc, char **argv);
int bi_read(int argc, char **argv);
int bi_getopts(int argc, char **argv);
int parse_options(int argc, char **argv, int shell, const char **cmd);
int bi_cd(int argc, char **argv);	/* bi_proc.c */
int bi_pwd(int argc, char **argv);
int bi_umask(int argc, char **argv);
int bi_ulimit(int argc, char **argv);
int bi_times(int argc, char **argv);
char *physical_cwd(void);
int bi_trap(int argc, char **argv);	/* trap.c */
int bi_kill(int argc, char **argv);
int bi_alias(int argc, char **argv);	/* alias.c */
int bi_unalias(int argc, char **argv);
const char *alias_value(const char *name);
int bi_wait(int argc, char **argv);	/* jobs.c */
int bi_jobs(int argc, char **argv);

/* ---- edit.c --------------------------------------------------------------- */

int tty_readline(struct src *s, int ps2);

#endif
