/* ipxe.c - a subset of iPXE's boot scripts: lines, words, variables, commands */
#define _GNU_SOURCE 1
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "err.h"
#include "url.h"
#include "ipxe.h"

#define WORDS 1024		/* in a line */

/* What a command, a line or a script comes to. FAIL is a failed command's
 * status, which || may catch; HARD stops every script (an unsupported
 * command, a limit), BOOT ends them with something to boot. */
enum { OK = 0, FAIL = 1, HARD = -1, BOOT = 2, EXIT = 3, JUMP = 4 };

struct run {
	struct ipxe_env *env;
	const struct ipxe_ops *ops;
	struct ipxe_boot *boot;
	int chains, gotos;
	unsigned slept;
};

struct script {
	const char *text, *url;
	size_t len, pos;	/* pos: where the next line starts */
	int depth, line_no, next_no;
	int exited, exit_status;	/* by exit, with a status other than 0 */
};

/* A line's words before and after expansion. */
struct work {
	char buf[IPXE_LINE_MAX], arena[IPXE_LINE_MAX];
	char *w[WORDS], *argv[WORDS + 1];
};

static int run_script(struct run *r, struct script *s);

/* ---- variables ---- */

/* NAME without a network device's scope ("net0/", "netX/") and type
 * (":hexhyp") into OUT; TYPE, if not NULL, gets the type or "". */
static int
bare_name(const char *name, char out[IPXE_NAME_MAX + 1], const char **type)
{
	const char *p = name, *slash = strchr(name, '/');
	size_t n;

	if (slash != NULL && strncmp(name, "net", 3) == 0 && slash > name + 3 &&
	    (strspn(name + 3, "0123456789") == (size_t)(slash - name - 3) || (slash == name + 4 && name[3] == 'X')))
		p = slash + 1;
	n = strcspn(p, ":");
	if (n == 0 || n > IPXE_NAME_MAX)
		return -1;
	memcpy(out, p, n);
	out[n] = '\0';
	if (type != NULL)
		*type = p[n] ? p + n + 1 : "";
	return 0;
}

static int
find_var(const struct ipxe_env *env, const char *bare)
{
	for (int i = 0; i < env->n; i++)
		if (strcmp(env->v[i].name, bare) == 0)
			return i;
	return -1;
}

int
ipxe_set(struct ipxe_env *env, const char *name, const char *value)
{
	char bare[IPXE_NAME_MAX + 1];
	int i;

	if (bare_name(name, bare, NULL) < 0 || (value != NULL && strlen(value) > IPXE_VALUE_MAX))
		return -1;
	i = find_var(env, bare);
	if (value == NULL || *value == '\0') {
		if (i >= 0) {
			free(env->v[i].value);
			env->v[i] = env->v[--env->n];
		}
		return 0;
	}
	if (i < 0) {
		if (env->n == IPXE_VARS)
			return -1;
		i = env->n++;
		strcpy(env->v[i].name, bare);
	} else {
		free(env->v[i].value);
	}
	env->v[i].value = xstrdup(value);
	return 0;
}

const char *
ipxe_get(const struct ipxe_env *env, const char *name)
{
	char bare[IPXE_NAME_MAX + 1];
	int i;

	if (bare_name(name, bare, NULL) < 0 || (i = find_var(env, bare)) < 0)
		return NULL;
	return env->v[i].value;
}

void
ipxe_env_free(struct ipxe_env *env)
{
	for (int i = 0; i < env->n; i++)
		free(env->v[i].value);
	env->n = 0;
}

void
ipxe_boot_free(struct ipxe_boot *boot)
{
	free(boot->kernel);
	free(boot->args);
	for (int i = 0; i < boot->ninitrd; i++)
		free(boot->initrd[i]);
	boot->kernel = boot->args = NULL;
	boot->ninitrd = 0;
	boot->fetched = 0;
}

/* ---- messages, words, lines ---- */

/* One line in boot->error, "ipxe: [URL: ]line N: CMD: why", escaped for a
 * terminal as it holds the script's text; returns RC. */
static int
say(struct run *r, const struct script *s, int rc, const char *cmd, const char *fmt, ...)
{
	char msg[sizeof r->boot->error], *e;
	int n;
	va_list ap;

	if (s->depth > 0)
		n = snprintf(msg, sizeof msg, "ipxe: %s: line %d: %s: ", s->url, s->line_no, cmd);
	else
		n = snprintf(msg, sizeof msg, "ipxe: line %d: %s: ", s->line_no, cmd);
	if (n >= 0 && (size_t)n < sizeof msg) {
		va_start(ap, fmt);
		vsnprintf(msg + n, sizeof msg - n, fmt, ap);
		va_end(ap);
	}
	e = text_escape(msg);
	snprintf(r->boot->error, sizeof r->boot->error, "%s", e);
	free(e);
	return rc;
}

/* ARGV's words joined by spaces, malloc'd; NULL if longer than MAX. */
static char *
join(int argc, char **argv, size_t max)
{
	size_t n = 0;
	char *s;

	for (int i = 0; i < argc; i++)
		n += strlen(argv[i]) + 1;
	if (n > max + 1)
		return NULL;
	s = xmalloc(n + 1);
	s[0] = '\0';
	for (int i = 0; i < argc; i++)
		strcat(strcat(s, i ? " " : ""), argv[i]);
	return s;
}

/* The next line of S into BUF, backslash-newline joining lines and the CR of
 * CRLF dropped: 1, 0 at the end, -1 if too long (skipped). */
static int
next_line(struct script *s, char *buf)
{
	size_t n = 0;
	int over = 0;
	char c;

	if (s->pos >= s->len)
		return 0;
	s->line_no = s->next_no;
	while (s->pos < s->len) {
		if ((c = s->text[s->pos++]) == '\n') {
			s->next_no++;
			if (n > 0 && buf[n - 1] == '\r')
				n--;
			if (n > 0 && buf[n - 1] == '\\' && s->pos < s->len) {
				n--;
				continue;
			}
			break;
		}
		if (n < IPXE_LINE_MAX - 1)
			buf[n++] = c;
		else
			over = 1;
	}
	buf[n] = '\0';
	return over ? -1 : 1;
}

/* BUF split at blanks into W, up to a word that starts a comment; -1 if too many. */
static int
split(char *buf, char **w)
{
	int n = 0;
	char *p = buf;

	for (;;) {
		p += strspn(p, " \t\r");
		if (*p == '\0' || *p == '#')
			return n;
		if (n == WORDS)
			return -1;
		w[n++] = p;
		p += strcspn(p, " \t\r");
		if (*p != '\0')
			*p++ = '\0';
	}
}

static int
put(char *arena, size_t *n, char c)
{
	if (*n >= IPXE_LINE_MAX)
		return -1;
	arena[(*n)++] = c;
	return 0;
}

/* ${NAME} in a word: the value to put for it, converted per its type. */
static int
put_var(const struct ipxe_env *env, const char *ref, size_t len, char *arena, size_t *n)
{
	char name[IPXE_NAME_MAX * 2 + 16], bare[IPXE_NAME_MAX + 1];
	const char *type, *v;
	int hyphens;

	if (len >= sizeof name)
		return 0;	/* no such variable: empty */
	memcpy(name, ref, len);
	name[len] = '\0';
	if (bare_name(name, bare, &type) < 0 || (v = ipxe_get(env, bare)) == NULL)
		return 0;
	hyphens = strcmp(type, "hexhyp") == 0;	/* a MAC address as 52-54-00-12-34-56 */
	for (; *v; v++)
		if (put(arena, n, hyphens && *v == ':' ? '-' : *v) < 0)
			return -1;
	return 0;
}

/* Word W with its ${NAME}s expanded, at *N in ARENA; NULL if it is full. */
static char *
expand(const struct ipxe_env *env, const char *w, char *arena, size_t *n)
{
	char *start = arena + *n;
	const char *close;

	while (*w != '\0') {
		if (w[0] == '$' && w[1] == '{' && (close = strchr(w + 2, '}')) != NULL) {
			if (put_var(env, w + 2, (size_t)(close - w - 2), arena, n) < 0)
				return NULL;
			w = close + 1;
		} else if (put(arena, n, *w++) < 0) {
			return NULL;
		}
	}
	return put(arena, n, '\0') < 0 ? NULL : start;
}

static int
is_op(const char *w)
{
	return strcmp(w, "&&") == 0 || strcmp(w, "||") == 0 || strcmp(w, ";") == 0;
}

/* ---- commands ---- */

static char *
resolve(const struct script *s, const char *ref)
{
	return s->url != NULL ? url_join(s->url, ref) : xstrdup(ref);
}

/* The index of the first operand after iPXE's image options, which are
 * accepted and ignored (--name N, --timeout MS, --autofree, --replace); -1
 * for another option. */
static int
operand(int argc, char **argv)
{
	static const char *const valued[] = { "-n", "--name", "-t", "--timeout" };
	static const char *const flags[] = { "-a", "--autofree", "-r", "--replace" };
	int i = 1, known;

	while (i < argc && argv[i][0] == '-') {
		if (strcmp(argv[i], "--") == 0)
			return i + 1;
		known = strncmp(argv[i], "--name=", 7) == 0 || strncmp(argv[i], "--timeout=", 10) == 0;
		for (int k = 0; k < 4; k++) {
			if (strcmp(argv[i], valued[k]) == 0)
				known = 2;
			if (strcmp(argv[i], flags[k]) == 0)
				known = 1;
		}
		if (!known)
			return -1;
		i += known;
	}
	return i < argc ? i : argc;
}

/* kernel URL [ARG...]: the kernel to boot and its command line. */
static int
c_kernel(struct run *r, struct script *s, int argc, char **argv)
{
	int i = operand(argc, argv);
	char *args;

	if (i < 0)
		return say(r, s, FAIL, argv[0], "unknown option");
	if (i == argc)
		return say(r, s, FAIL, argv[0], "no URL");
	if ((args = join(argc - i - 1, argv + i + 1, IPXE_ARGS_MAX)) == NULL)
		return say(r, s, HARD, argv[0], "command line longer than %d bytes", IPXE_ARGS_MAX);
	free(r->boot->kernel);
	free(r->boot->args);
	r->boot->kernel = resolve(s, argv[i]);
	r->boot->args = args;
	r->boot->fetched = 0;
	return OK;
}

/* initrd URL: one more initrd, in order. */
static int
c_initrd(struct run *r, struct script *s, int argc, char **argv)
{
	int i = operand(argc, argv);

	if (i < 0)
		return say(r, s, FAIL, argv[0], "unknown option");
	if (i == argc)
		return say(r, s, FAIL, argv[0], "no URL");
	if (r->boot->ninitrd == IPXE_INITRDS)
		return say(r, s, HARD, argv[0], "more than %d initrds", IPXE_INITRDS);
	r->boot->initrd[r->boot->ninitrd++] = resolve(s, argv[i]);
	return OK;
}

static int
is_script(const char *text, size_t len)
{
	return len >= 6 && memcmp(text, "#!ipxe", 6) == 0 && (len == 6 || isspace((unsigned char)text[6]));
}

/* A script can be run: not too long, no NUL byte. */
static int
check_script(struct run *r, struct script *s)
{
	const char *nul;

	if (s->len > IPXE_SCRIPT_MAX)
		return say(r, s, HARD, "script", "longer than %d bytes", IPXE_SCRIPT_MAX);
	if ((nul = memchr(s->text, '\0', s->len)) != NULL) {
		for (const char *p = s->text; p < nul; p++)
			s->line_no += *p == '\n';
		return say(r, s, HARD, "script", "holds a NUL byte");
	}
	return OK;
}

/* Run the script TEXT fetched from URL for chain. */
static int
chain_script(struct run *r, struct script *s, char *url, char *text, size_t len)
{
	struct script sub = { .text = text, .url = url, .len = len, .depth = s->depth + 1, .line_no = 1, .next_no = 1 };
	int rc;

	if (sub.depth > IPXE_DEPTH)
		rc = say(r, s, HARD, "chain", "scripts chained more than %d deep", IPXE_DEPTH);
	else if ((rc = check_script(r, &sub)) == OK)
		rc = run_script(r, &sub);
	free(text);
	free(url);
	return rc;
}

/* chain|boot|imgexec [URL [ARG...]]: run a script, or boot a kernel (the
 * one kernel chose, without URL). */
static int
c_chain(struct run *r, struct script *s, int argc, char **argv)
{
	int i = operand(argc, argv);
	char *url, *text = NULL, *args;
	size_t len = 0;

	if (i < 0)
		return say(r, s, FAIL, argv[0], "unknown option");
	if (i == argc)
		return r->boot->kernel ? BOOT : say(r, s, FAIL, argv[0], "no kernel to boot");
	if (++r->chains > IPXE_CHAINS)
		return say(r, s, HARD, argv[0], "more than %d chains", IPXE_CHAINS);
	url = resolve(s, argv[i]);
	if (r->ops->fetch == NULL || r->ops->fetch(r->ops->ctx, url, IPXE_SCRIPT_MAX + 1, &text, &len) < 0) {
		say(r, s, FAIL, argv[0], "%s: fetch failed", url);
		free(url);
		return FAIL;
	}
	if (is_script(text, len))
		return chain_script(r, s, url, text, len);
	free(text);
	if ((args = join(argc - i - 1, argv + i + 1, IPXE_ARGS_MAX)) == NULL) {
		free(url);
		return say(r, s, HARD, argv[0], "command line longer than %d bytes", IPXE_ARGS_MAX);
	}
	free(r->boot->kernel);
	free(r->boot->args);
	r->boot->kernel = url;
	r->boot->args = args;
	r->boot->fetched = 1;
	return BOOT;
}

static int
c_dhcp(struct run *r, struct script *s, int argc, char **argv)
{
	(void)argc;
	if (r->ops->dhcp == NULL)
		return say(r, s, FAIL, argv[0], "not available");
	if (r->ops->dhcp(r->ops->ctx, r->env) != 0)
		return say(r, s, FAIL, argv[0], "failed");
	return OK;
}

/* set NAME [VALUE...]: no value deletes NAME. */
static int
c_set(struct run *r, struct script *s, int argc, char **argv)
{
	char *v;
	int rc = OK;

	if (argc < 2)
		return say(r, s, FAIL, argv[0], "no name");
	if ((v = join(argc - 2, argv + 2, IPXE_VALUE_MAX)) == NULL || ipxe_set(r->env, argv[1], v) < 0)
		rc = say(r, s, HARD, argv[0], "%s: name or value too long, or more than %d variables",
		    argv[1], IPXE_VARS);
	free(v);
	return rc;
}

/* The line number of LABEL's line in S, its next line the next to run. */
static int
find_label(struct script *s, const char *label)
{
	size_t p = 0, ll, j, n = strlen(label);
	const char *l, *eol;
	int no = 1, cont = 0;

	for (; p < s->len; p += ll + 1, no++) {
		l = s->text + p;
		eol = memchr(l, '\n', s->len - p);
		ll = eol ? (size_t)(eol - l) : s->len - p;
		for (j = 0; j < ll && (l[j] == ' ' || l[j] == '\t'); j++)
			;	/* S need not end in a NUL */
		if (!cont && j < ll && l[j] == ':' && ll - j - 1 >= n && memcmp(l + j + 1, label, n) == 0 &&
		    (j + 1 + n == ll || strchr(" \t\r", l[j + 1 + n]) != NULL)) {
			s->pos = p + ll + (eol != NULL);
			s->next_no = no + 1;
			return 0;
		}
		j = ll > 0 && l[ll - 1] == '\r' ? ll - 1 : ll;
		cont = j > 0 && l[j - 1] == '\\';	/* a continued line is not a label */
	}
	return -1;
}

static int
c_goto(struct run *r, struct script *s, int argc, char **argv)
{
	if (argc != 2)
		return say(r, s, FAIL, argv[0], "no label");
	if (++r->gotos > IPXE_GOTOS)
		return say(r, s, HARD, argv[0], "more than %d jumps", IPXE_GOTOS);
	if (find_label(s, argv[1]) < 0)
		return say(r, s, FAIL, argv[0], "%s: no such label", argv[1]);
	return JUMP;
}

static int
c_echo(struct run *r, struct script *s, int argc, char **argv)
{
	int nl = !(argc > 1 && strcmp(argv[1], "-n") == 0);
	char *text = join(argc - 2 + nl, argv + 2 - nl, IPXE_LINE_MAX);

	(void)s;
	if (r->ops->echo != NULL)
		r->ops->echo(r->ops->ctx, text, nl);
	free(text);
	return OK;
}

/* A decimal number up to MAX; -1 if it is not one. */
static long
number(const char *s, long max)
{
	long v = 0;

	if (*s == '\0' || strspn(s, "0123456789") != strlen(s))
		return -1;
	for (; *s; s++)
		if ((v = v * 10 + (*s - '0')) > max)
			return -1;
	return v;
}

static int
c_sleep(struct run *r, struct script *s, int argc, char **argv)
{
	long v = argc == 2 ? number(argv[1], IPXE_SLEEP_MAX) : -1;

	if (v < 0)
		return say(r, s, FAIL, argv[0], "not a number of seconds up to %d", IPXE_SLEEP_MAX);
	if (r->slept + v > IPXE_SLEEP_MAX)
		return say(r, s, HARD, argv[0], "more than %d seconds in all", IPXE_SLEEP_MAX);
	r->slept += v;
	if (r->ops->sleep != NULL)
		r->ops->sleep(r->ops->ctx, (unsigned)v);
	return OK;
}

/* isset VALUE: as a word that expands to nothing is dropped, whether there is one. */
static int
c_isset(struct run *r, struct script *s, int argc, char **argv)
{
	return argc > 1 ? OK : say(r, s, FAIL, argv[0], "not set");
}

static int
c_iseq(struct run *r, struct script *s, int argc, char **argv)
{
	return argc == 3 && strcmp(argv[1], argv[2]) == 0 ? OK : say(r, s, FAIL, argv[0], "not equal");
}

static int
c_exit(struct run *r, struct script *s, int argc, char **argv)
{
	long v = argc > 1 ? number(argv[1], 255) : 0;

	s->exited = 1;
	s->exit_status = v == 0 ? 0 : 1;
	if (v != 0)
		say(r, s, FAIL, argv[0], "status %s", argv[1]);
	return EXIT;
}

static const struct {
	const char *name;
	int (*fn)(struct run *, struct script *, int, char **);
} cmds[] = {
	{ "boot", c_chain }, { "chain", c_chain }, { "dhcp", c_dhcp }, { "echo", c_echo },
	{ "exit", c_exit }, { "goto", c_goto }, { "ifconf", c_dhcp }, { "imgexec", c_chain },
	{ "initrd", c_initrd }, { "iseq", c_iseq }, { "isset", c_isset }, { "kernel", c_kernel },
	{ "set", c_set }, { "sleep", c_sleep },
};

static int
command(struct run *r, struct script *s, int argc, char **argv)
{
	if (argc == 0)
		return OK;	/* as after a trailing ||: the line succeeds */
	for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
		if (strcmp(argv[0], cmds[i].name) == 0)
			return cmds[i].fn(r, s, argc, argv);
	return say(r, s, HARD, argv[0], "unsupported command");
}

/* ---- lines and scripts ---- */

/* Commands between && || and ;, run as iPXE does: after &&, if the status
 * so far is success; after ||, if failure; after ;, always. */
static int
run_line(struct run *r, struct script *s, struct work *wk)
{
	int nw = split(wk->buf, wk->w), i = 0, go = 1, rc = OK, argc;
	size_t used = 0;
	char *e;

	if (nw < 0)
		return say(r, s, HARD, wk->w[0], "more than %d words", WORDS);
	if (nw > 0 && wk->w[0][0] == ':')
		return OK;	/* a label */
	for (;;) {
		for (argc = 0; i < nw && !is_op(wk->w[i]); i++) {
			if (!go)
				continue;
			if ((e = expand(r->env, wk->w[i], wk->arena, &used)) == NULL)
				return say(r, s, HARD, argc ? wk->argv[0] : wk->w[i], "line longer than %d bytes expanded",
				    IPXE_LINE_MAX);
			if (*e != '\0')
				wk->argv[argc++] = e;
		}
		wk->argv[argc] = NULL;
		if (go && (rc = command(r, s, argc, wk->argv)) != OK && rc != FAIL)
			return rc;
		if (i >= nw)
			return rc;
		go = wk->w[i][0] == ';' || (wk->w[i][0] == '&') == (rc == OK);
		i++;
	}
}

static int
run_script(struct run *r, struct script *s)
{
	struct work *wk = xmalloc(sizeof *wk);
	int rc, got;

	for (;;) {
		if ((got = next_line(s, wk->buf)) == 0) {
			rc = OK;
			break;
		}
		if (got < 0) {
			rc = say(r, s, HARD, "line", "longer than %d bytes", IPXE_LINE_MAX - 1);
			break;
		}
		if ((rc = run_line(r, s, wk)) != OK && rc != JUMP)
			break;
	}
	free(wk);
	if (rc == EXIT)
		rc = s->exit_status ? FAIL : OK;
	return rc;
}

int
ipxe_run(const char *text, size_t len, const char *script_url, struct ipxe_env *env,
    const struct ipxe_ops *ops, struct ipxe_boot *boot)
{
	struct run r = { env, ops, boot, 0, 0, 0 };
	struct script s = { .text = text, .url = script_url, .len = len, .line_no = 1, .next_no = 1 };
	int rc;

	memset(boot, 0, sizeof *boot);
	if (!is_script(text, len))
		return 1;
	if ((rc = check_script(&r, &s)) == OK)
		rc = run_script(&r, &s);
	if (rc == BOOT) {
		boot->error[0] = '\0';
		return 0;
	}
	if (rc == OK)
		say(&r, &s, HARD, s.exited ? "exit" : "script",
		    "ended without booting");
	ipxe_boot_free(boot);
	return -1;
}
