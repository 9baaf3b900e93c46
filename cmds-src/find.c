/* find - walk file trees and act on what an expression selects */
#include "cmd.h"
#include "io.h"
#include "path.h"
#include "num.h"
#include "attr.h"
#include "proc.h"
#include <fnmatch.h>
#include <grp.h>
#include <pwd.h>
#include <sys/wait.h>

static const char usage[] = "find [-H|-L] [PATH...] [EXPRESSION]";

enum type {
	T_AND, T_OR, T_NOT, T_TRUE, T_FALSE,
	T_NAME, T_PATH, T_TYPE, T_SIZE, T_TIME, T_NEWER, T_PERM, T_USER, T_GROUP,
	T_NOUSER, T_NOGROUP, T_LINKS, T_INUM, T_EMPTY, T_PRUNE,
	T_PRINT, T_PRINT0, T_PRINTF, T_EXEC, T_OK, T_DELETE, T_QUIT,
};

/* A batch of paths for -exec ... {} +: the command's words, then the paths. */
struct batch {
	char **argv;
	size_t n, cap, fixed, bytes;
};

struct node {
	enum type type;
	struct node *l, *r;
	const char *s;		/* pattern, format */
	int flags;		/* FNM_CASEFOLD; time field; perm mode kind; type mask */
	int cmp;		/* '+', '-' or 0 for numbers */
	long long n;
	long long unit;		/* -size unit, time unit in seconds */
	struct timespec ts;	/* -newer */
	char **argv;		/* -exec, -ok: the words up to ; or + */
	struct batch *batch;	/* -exec ... + */
};

static struct {
	char **tok;		/* the expression's words */
	int ntok, pos;
	int depth_first, mindepth, maxdepth, follow, xdev;
	int actions;		/* the expression acts; else it is ( expr ) -print */
	int quit;
	struct node *root;	/* the expression */
	size_t rootlen;		/* strlen of the operand being walked */
	time_t now;
	struct node **all;	/* every node, to free */
	size_t nall, allcap;
} find;

static struct node *parse_or(void);

static struct node *
new_node(enum type type)
{
	struct node *n = xmalloc(sizeof *n);

	memset(n, 0, sizeof *n);
	n->type = type;
	if (find.nall == find.allcap) {
		find.allcap = find.allcap ? find.allcap * 2 : 32;
		find.all = xrealloc(find.all, find.allcap * sizeof *find.all);
	}
	find.all[find.nall++] = n;
	return n;
}

static const char *
peek(void)
{
	return find.pos < find.ntok ? find.tok[find.pos] : NULL;
}

static const char *
arg(const char *primary)
{
	if (find.pos >= find.ntok)
		die("%s: missing argument", primary);
	return find.tok[find.pos++];
}

/* [+-]N with an optional unit letter from UNITS; N in *N, the unit's size returned. */
static long long
number(const char *primary, const char *s, struct node *n, const char *units)
{
	static const struct { char c; long long size; } sizes[] = {
		{ 'c', 1 }, { 'w', 2 }, { 'b', 512 }, { 'k', 1024 },
		{ 'M', 1024 * 1024 }, { 'G', 1024LL * 1024 * 1024 },
	};
	const char *p = s;
	long long v = 0;

	n->cmp = *p == '+' || *p == '-' ? *p++ : 0;
	if (*p < '0' || *p > '9')
		die("%s: invalid number '%s'", primary, s);
	for (; *p >= '0' && *p <= '9'; p++) {
		if (v > (LLONG_MAX - 9) / 10)
			die("%s: invalid number '%s'", primary, s);
		v = v * 10 + (*p - '0');
	}
	n->n = v;
	if (*p == '\0')
		return units ? 512 : 1;
	v = 0;
	if (units != NULL && p[1] == '\0' && strchr(units, *p) != NULL)
		for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
			if (sizes[i].c == *p)
				v = sizes[i].size;
	if (v == 0)
		die("%s: invalid number '%s'", primary, s);
	return v;
}

static int
type_mask(const char *primary, const char *s)
{
	static const char letters[] = "bcdpfls";
	const char *p;
	int mask = 0;

	for (; *s; s++) {
		if ((p = strchr(letters, *s)) == NULL || *s == '\0')
			die("%s: unknown type '%c'", primary, *s);
		mask |= 1 << (p - letters);
		if (s[1] == ',' && s[2] != '\0')
			s++;
		else if (s[1] != '\0')
			die("%s: unknown type '%s'", primary, s);
	}
	return mask;
}

static void
parse_pattern(struct node *n, const char *primary)
{
	n->flags = primary[1] == 'i' ? FNM_CASEFOLD : 0;
	n->s = arg(primary);
}

static void
parse_type(struct node *n, const char *primary)
{
	n->flags = type_mask(primary, arg(primary));
}

static void
parse_size_arg(struct node *n, const char *primary)
{
	n->unit = number(primary, arg(primary), n, "cwbkMG");
}

static void
parse_count(struct node *n, const char *primary)
{
	number(primary, arg(primary), n, NULL);
}

/* -atime -ctime -mtime count days, -amin -cmin -mmin minutes. */
static void
parse_time(struct node *n, const char *primary)
{
	n->flags = primary[1];
	n->unit = primary[2] == 'm' ? 60 : 86400;
	number(primary, arg(primary), n, NULL);
}

static void
parse_perm(struct node *n, const char *primary)
{
	const char *s = arg(primary);
	mode_t m = 0;

	n->flags = *s == '-' || *s == '/' ? *s++ : 0;
	if (mode_parse(s, &m, 0, 0) < 0)
		die("%s: invalid mode '%s'", primary, s);
	n->n = m & 07777;
}

static void
parse_user(struct node *n, const char *primary)
{
	const char *s = arg(primary);
	uid_t uid;

	if (uid_parse(s, &uid) < 0)
		die("%s: invalid user '%s'", primary, s);
	n->n = uid;
}

static void
parse_group(struct node *n, const char *primary)
{
	const char *s = arg(primary);
	gid_t gid;

	if (gid_parse(s, &gid) < 0)
		die("%s: invalid group '%s'", primary, s);
	n->n = gid;
}

static void
parse_format(struct node *n, const char *primary)
{
	n->s = arg(primary);
}

/* The words of -exec or -ok, up to ";" or a "{}" right before "+". */
static void
parse_exec(struct node *n, const char *primary)
{
	int start = find.pos, end;
	const char *t;

	for (end = start; end < find.ntok; end++) {
		t = find.tok[end];
		if (strcmp(t, ";") == 0)
			break;
		if (strcmp(t, "+") == 0 && n->type == T_EXEC && end > start &&
		    strcmp(find.tok[end - 1], "{}") == 0)
			break;
	}
	if (end == find.ntok || end == start)
		die("%s: missing argument", primary);
	n->argv = find.tok + start;
	if (strcmp(find.tok[end], "+") == 0) {
		n->batch = xmalloc(sizeof *n->batch);
		n->batch->fixed = end - 1 - start;
		n->batch->cap = n->batch->fixed + 64;
		n->batch->argv = xmalloc(n->batch->cap * sizeof *n->batch->argv);
		memcpy(n->batch->argv, n->argv, n->batch->fixed * sizeof *n->argv);
		n->batch->n = n->batch->fixed;
		n->batch->bytes = 0;
	}
	find.tok[end] = NULL;
	find.pos = end + 1;
}

static void
parse_newer(struct node *n, const char *primary)
{
	const char *file = arg(primary);
	struct stat st;

	if ((find.follow == 'P' ? lstat(file, &st) : stat(file, &st)) < 0)
		die_errno("%s", file);
	n->ts = st.st_mtim;
}

/* Options that act on the whole walk wherever they stand; they are true. */
static int
global_option(const char *t)
{
	const char *v;
	char *end;
	long d;

	if (strcmp(t, "-depth") == 0) {
		find.depth_first = 1;
	} else if (strcmp(t, "-xdev") == 0 || strcmp(t, "-mount") == 0) {
		find.xdev = 1;
	} else if (strcmp(t, "-follow") == 0) {
		find.follow = 'L';
	} else if (strcmp(t, "-maxdepth") == 0 || strcmp(t, "-mindepth") == 0) {
		v = arg(t);
		d = strtol(v, &end, 10);
		if (*v < '0' || *v > '9' || *end != '\0' || d > INT_MAX)
			die("%s: invalid depth '%s'", t, v);
		*(t[2] == 'a' ? &find.maxdepth : &find.mindepth) = d;
	} else {
		return 0;
	}
	return 1;
}

/* The primaries: name, node, whether it acts (else -print is implied), its argument. */
static const struct primary {
	const char *name;
	enum type type;
	int action;
	void (*parse)(struct node *n, const char *primary);
} primaries[] = {
	{ "-name", T_NAME, 0, parse_pattern }, { "-iname", T_NAME, 0, parse_pattern },
	{ "-path", T_PATH, 0, parse_pattern }, { "-ipath", T_PATH, 0, parse_pattern },
	{ "-wholename", T_PATH, 0, parse_pattern }, { "-type", T_TYPE, 0, parse_type },
	{ "-size", T_SIZE, 0, parse_size_arg }, { "-links", T_LINKS, 0, parse_count },
	{ "-inum", T_INUM, 0, parse_count }, { "-newer", T_NEWER, 0, parse_newer },
	{ "-atime", T_TIME, 0, parse_time }, { "-ctime", T_TIME, 0, parse_time },
	{ "-mtime", T_TIME, 0, parse_time }, { "-amin", T_TIME, 0, parse_time },
	{ "-cmin", T_TIME, 0, parse_time }, { "-mmin", T_TIME, 0, parse_time },
	{ "-perm", T_PERM, 0, parse_perm }, { "-user", T_USER, 0, parse_user },
	{ "-group", T_GROUP, 0, parse_group }, { "-nouser", T_NOUSER, 0, NULL },
	{ "-nogroup", T_NOGROUP, 0, NULL }, { "-empty", T_EMPTY, 0, NULL },
	{ "-prune", T_PRUNE, 0, NULL }, { "-true", T_TRUE, 0, NULL },
	{ "-false", T_FALSE, 0, NULL }, { "-print", T_PRINT, 1, NULL },
	{ "-print0", T_PRINT0, 1, NULL }, { "-printf", T_PRINTF, 1, parse_format },
	{ "-exec", T_EXEC, 1, parse_exec }, { "-ok", T_OK, 1, parse_exec },
	{ "-delete", T_DELETE, 1, NULL }, { "-quit", T_QUIT, 1, NULL },
};

static struct node *
parse_primary(void)
{
	const char *t = arg("expression");
	const struct primary *p = primaries;
	struct node *n;

	if (global_option(t))
		return new_node(T_TRUE);
	while (p < primaries + sizeof primaries / sizeof primaries[0] && strcmp(t, p->name) != 0)
		p++;
	if (p == primaries + sizeof primaries / sizeof primaries[0])
		die("%s: unknown primary or operator", t);
	n = new_node(p->type);
	if (p->parse != NULL)
		p->parse(n, t);
	find.actions |= p->action;
	/* -delete must empty a directory before it can go. */
	if (p->type == T_DELETE)
		find.depth_first = 1;
	return n;
}

static struct node *
binary(enum type type, struct node *l, struct node *r)
{
	struct node *n = new_node(type);

	n->l = l;
	n->r = r;
	return n;
}

static struct node *
parse_not(void)
{
	const char *t = peek();
	struct node *n;

	if (t == NULL)
		die("expression ends too soon");
	if (strcmp(t, "!") == 0 || strcmp(t, "-not") == 0) {
		find.pos++;
		return binary(T_NOT, parse_not(), NULL);
	}
	if (strcmp(t, "(") == 0) {
		find.pos++;
		if ((t = peek()) != NULL && strcmp(t, ")") == 0)
			die("empty parentheses");
		n = parse_or();
		if ((t = peek()) == NULL || strcmp(t, ")") != 0)
			die("missing ')'");
		find.pos++;
		return n;
	}
	if (strcmp(t, ")") == 0 || strcmp(t, "-o") == 0 || strcmp(t, "-or") == 0 ||
	    strcmp(t, "-a") == 0 || strcmp(t, "-and") == 0)
		die("%s: operand expected", t);
	return parse_primary();
}

/* Juxtaposition is -a, which binds tighter than -o. */
static struct node *
parse_and(void)
{
	struct node *n = parse_not();
	const char *t;

	while ((t = peek()) != NULL && strcmp(t, "-o") != 0 && strcmp(t, "-or") != 0 &&
	    strcmp(t, ")") != 0) {
		if (strcmp(t, "-a") == 0 || strcmp(t, "-and") == 0)
			find.pos++;
		n = binary(T_AND, n, parse_not());
	}
	return n;
}

static struct node *
parse_or(void)
{
	struct node *n = parse_and();
	const char *t;

	while ((t = peek()) != NULL && (strcmp(t, "-o") == 0 || strcmp(t, "-or") == 0)) {
		find.pos++;
		n = binary(T_OR, n, parse_and());
	}
	return n;
}

/*
 * Run ARGV and wait; its exit status. A command that cannot be run is
 * reported and makes find's status 1: the child says so through a pipe
 * that closes by itself when the exec works.
 */
static int
run(char **argv)
{
	int status, r, err, fds[2];
	pid_t pid;

	fflush(stdout);
	if (pipe2(fds, O_CLOEXEC) < 0 || (pid = fork()) < 0) {
		warn_errno("%s", argv[0]);
		return 1;
	}
	if (pid == 0) {
		close(fds[0]);
		r = exec_cmd(argv);
		err = errno;
		if (write(fds[1], &err, sizeof err) != sizeof err)
			r = 127;
		_exit(r);
	}
	close(fds[1]);
	while ((r = read(fds[0], &err, sizeof err)) < 0 && errno == EINTR)
		;
	close(fds[0]);
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			warn_errno("wait");
			return 1;
		}
	}
	if (r == sizeof err) {
		errno = err;
		warn_errno("%s", argv[0]);
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* ARG with each {} replaced by PATH, in fresh memory. */
static char *
substitute(const char *arg, const char *path)
{
	size_t n = 0, plen = strlen(path);
	const char *p;
	char *s, *q;

	for (p = arg; (p = strstr(p, "{}")) != NULL; p += 2)
		n++;
	s = q = xmalloc(strlen(arg) + n * plen + 1);
	for (p = arg; *p;) {
		if (p[0] == '{' && p[1] == '}') {
			memcpy(q, path, plen);
			q += plen;
			p += 2;
		} else {
			*q++ = *p++;
		}
	}
	*q = '\0';
	return s;
}


static int
exec_one(struct node *n, const char *path)
{
	size_t count = 0, i;
	char **argv;
	int r = 1;

	while (n->argv[count] != NULL)
		count++;
	argv = xmalloc((count + 1) * sizeof *argv);
	for (i = 0; i < count; i++)
		argv[i] = substitute(n->argv[i], path);
	argv[count] = NULL;
	if (n->type == T_EXEC || ask_yes("< %s ... %s > ? ", argv[0], path))
		r = run(argv);
	for (i = 0; i < count; i++)
		free(argv[i]);
	free(argv);
	return r == 0;
}

static void
flush_batch(struct batch *b)
{
	size_t i;

	if (b->n == b->fixed)
		return;
	b->argv[b->n] = NULL;
	if (run(b->argv) != 0)
		cmd_status = 1;
	for (i = b->fixed; i < b->n; i++)
		free(b->argv[i]);
	b->n = b->fixed;
	b->bytes = 0;
}

/* Room for the kernel's limit on arguments, with plenty to spare for the environment. */
#define BATCH_BYTES (128 * 1024)

static int
exec_batch(struct batch *b, const char *path)
{
	size_t len = strlen(path) + 1 + sizeof(char *);

	if (b->n > b->fixed && (b->bytes + len > BATCH_BYTES || b->n + 2 > 4096))
		flush_batch(b);
	if (b->n + 2 > b->cap) {
		b->cap *= 2;
		b->argv = xrealloc(b->argv, b->cap * sizeof *b->argv);
	}
	b->argv[b->n++] = xstrdup(path);
	b->bytes += len;
	return 1;
}

/* The name an entry goes by: its last component, or the operand without trailing slashes. */
static int
match_name(struct node *n, struct walk *w)
{
	const char *name = w->path + w->base;
	size_t len = strlen(name);
	char *tmp;
	int r;

	while (len > 1 && name[len - 1] == '/')
		len--;
	if (name[len] == '\0')
		return fnmatch(n->s, name, n->flags) == 0;
	tmp = xmalloc(len + 1);
	memcpy(tmp, name, len);
	tmp[len] = '\0';
	r = fnmatch(n->s, tmp, n->flags) == 0;
	free(tmp);
	return r;
}

static int
compare(const struct node *n, long long v)
{
	return n->cmp == '+' ? v > n->n : n->cmp == '-' ? v < n->n : v == n->n;
}

static int
match_type(int mask, mode_t m)
{
	static const mode_t kinds[] = { S_IFBLK, S_IFCHR, S_IFDIR, S_IFIFO, S_IFREG, S_IFLNK, S_IFSOCK };

	for (int i = 0; i < 7; i++)
		if ((mask & 1 << i) && (m & S_IFMT) == kinds[i])
			return 1;
	return 0;
}

/* Whole units of age, the remainder dropped, as POSIX counts -mtime. */
static int
match_time(const struct node *n, const struct stat *st)
{
	time_t t = n->flags == 'a' ? st->st_atim.tv_sec : n->flags == 'c' ? st->st_ctim.tv_sec : st->st_mtim.tv_sec;
	long long age = (long long)find.now - t, units;

	units = age >= 0 ? age / n->unit : -((-age + n->unit - 1) / n->unit);
	return compare(n, units);
}

static int
is_empty(struct walk *w)
{
	struct dirent *e;
	DIR *d;
	int empty = 1;

	if (S_ISREG(w->st.st_mode))
		return w->st.st_size == 0;
	if (!S_ISDIR(w->st.st_mode))
		return 0;
	if ((d = opendir(w->path)) == NULL) {
		warn_errno("%s", w->path);
		return 0;
	}
	while (empty && (e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			empty = 0;
	closedir(d);
	return empty;
}

static int
delete(struct walk *w)
{
	if (strcmp(w->path, ".") == 0)
		return 1;
	if ((S_ISDIR(w->st.st_mode) ? rmdir(w->path) : unlink(w->path)) < 0) {
		warn_errno("%s", w->path);
		return 0;
	}
	return 1;
}

static void put_printf(const char *fmt, struct walk *w);

static int
eval(struct node *n, struct walk *w, int type)
{
	const struct stat *st = &w->st;

	switch (n->type) {
	case T_AND: return eval(n->l, w, type) && eval(n->r, w, type);
	case T_OR: return eval(n->l, w, type) || eval(n->r, w, type);
	case T_NOT: return !eval(n->l, w, type);
	case T_TRUE: return 1;
	case T_FALSE: return 0;
	case T_NAME: return match_name(n, w);
	case T_PATH: return fnmatch(n->s, w->path, n->flags) == 0;
	case T_TYPE: return match_type(n->flags, st->st_mode);
	case T_SIZE: return compare(n, (st->st_size + n->unit - 1) / n->unit);
	case T_TIME: return match_time(n, st);
	case T_NEWER:
		return st->st_mtim.tv_sec > n->ts.tv_sec ||
		    (st->st_mtim.tv_sec == n->ts.tv_sec && st->st_mtim.tv_nsec > n->ts.tv_nsec);
	case T_PERM:
		if (n->flags == '-')
			return (st->st_mode & n->n) == n->n;
		if (n->flags == '/')
			return n->n == 0 || (st->st_mode & n->n) != 0;
		return (st->st_mode & 07777) == n->n;
	case T_USER: return st->st_uid == (uid_t)n->n;
	case T_GROUP: return st->st_gid == (gid_t)n->n;
	case T_NOUSER: return getpwuid(st->st_uid) == NULL;
	case T_NOGROUP: return getgrgid(st->st_gid) == NULL;
	case T_LINKS: return compare(n, st->st_nlink);
	case T_INUM: return compare(n, st->st_ino);
	case T_EMPTY: return is_empty(w);
	case T_PRUNE:
		if (type == WALK_D && !find.depth_first)
			w->skip = 1;
		return 1;
	case T_PRINT: case T_PRINT0:
		fputs(w->path, stdout);
		putchar(n->type == T_PRINT ? '\n' : '\0');
		return 1;
	case T_PRINTF: put_printf(n->s, w); return 1;
	case T_EXEC: case T_OK:
		return n->batch ? exec_batch(n->batch, w->path) : exec_one(n, w->path);
	case T_DELETE: return delete(w);
	case T_QUIT: find.quit = 1; return 1;
	}
	return 0;
}

static int
visit(struct walk *w, int type)
{
	if (type == WALK_D && w->depth >= find.maxdepth)
		w->skip = 1;
	if (w->depth >= find.mindepth && (type == WALK_F || (type == WALK_D) != find.depth_first))
		eval(find.root, w, type);
	return find.quit;
}

/* -printf's escapes: \n \t \0 \\ and octal. */
static const char *
put_escape(const char *f)
{
	int c = unescape(&f);

	if (c < 0) {
		putchar('\\');
		return f;
	}
	putchar(c);
	return f;
}

static void
put_mode(mode_t m)
{
	char s[11];

	mode_str(s, m);
	fputs(s, stdout);
}

/* -printf's directives: %p %f %h %P %d %s %m %M %u %U %g %G %i %n %l %k %b %y %%. */
static void
put_directive(int c, struct walk *w)
{
	const struct stat *st = &w->st;
	const char *p = w->path, *slash;
	char *link;

	switch (c) {
	case 'p': fputs(p, stdout); break;
	case 'f': fputs(p + w->base, stdout); break;
	case 'h':
		if ((slash = strrchr(p, '/')) == NULL)
			putchar('.');
		else
			fwrite(p, 1, slash - p, stdout);
		break;
	case 'P':
		p += find.rootlen;
		fputs(p + (*p == '/'), stdout);
		break;
	case 'd': printf("%d", w->depth); break;
	case 's': printf("%lld", (long long)st->st_size); break;
	case 'm': printf("%o", (unsigned)(st->st_mode & 07777)); break;
	case 'M': put_mode(st->st_mode); break;
	case 'u': fputs(uid_name(st->st_uid), stdout); break;
	case 'U': printf("%u", (unsigned)st->st_uid); break;
	case 'g': fputs(gid_name(st->st_gid), stdout); break;
	case 'G': printf("%u", (unsigned)st->st_gid); break;
	case 'i': printf("%llu", (unsigned long long)st->st_ino); break;
	case 'n': printf("%lu", (unsigned long)st->st_nlink); break;
	case 'k': printf("%llu", ((unsigned long long)st->st_blocks + 1) / 2); break;
	case 'b': printf("%llu", (unsigned long long)st->st_blocks); break;
	case 'y': putchar("?pc?d?b?f?l?s???"[(st->st_mode & S_IFMT) >> 12]); break;
	case 'l':
		if (!S_ISLNK(st->st_mode))
			break;
		if ((link = link_read(AT_FDCWD, p)) != NULL)
			fputs(link, stdout);
		free(link);
		break;
	case '%': putchar('%'); break;
	default: putchar('%'); putchar(c); break;
	}
}

static void
put_printf(const char *f, struct walk *w)
{
	while (*f) {
		if (*f == '\\') {
			f = put_escape(f + 1);
		} else if (*f == '%' && f[1] != '\0') {
			put_directive(f[1], w);
			f += 2;
		} else {
			putchar(*f++);
		}
	}
}

static int
is_option(const char *a, int ind)
{
	return (a[0] == '-' && a[1] != '\0' && a[strspn(a + 1, "HLP") + 1] == '\0') ||
	    strcmp(a, "--") == 0 || (ind == 1 && strcmp(a, "--help") == 0);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	static char *dot[] = { ".", NULL };
	struct node *expr = NULL;
	struct walk w;
	char **paths;
	int c, npaths, i;

	memset(&find, 0, sizeof find);
	find.follow = 'P';
	find.maxdepth = INT_MAX;
	/* Only -H, -L and -P are options: other words with a dash start the expression. */
	while (o.ind < argc && (o.pos > 0 || is_option(argv[o.ind], o.ind)) &&
	    (c = opt_next(&o, "+HLP")) != -1) {
		if (c != 'H' && c != 'L' && c != 'P')
			die_usage(&o);
		find.follow = c;
	}
	for (i = o.ind; i < argc; i++)
		if ((argv[i][0] == '-' && argv[i][1] != '\0') ||
		    strcmp(argv[i], "!") == 0 || strcmp(argv[i], "(") == 0)
			break;
	npaths = i - o.ind;
	paths = npaths > 0 ? argv + o.ind : dot;
	find.tok = argv + i;
	find.ntok = argc - i;
	if (find.ntok > 0) {
		expr = parse_or();
		if (find.pos < find.ntok)
			die("%s: unexpected", find.tok[find.pos]);
	}
	if (!find.actions) {
		struct node *print = new_node(T_PRINT);

		expr = expr ? binary(T_AND, expr, print) : print;
	}
	find.root = expr;
	find.now = time(NULL);
	memset(&w, 0, sizeof w);
	w.visit = visit;
	w.follow = find.follow;
	w.post = find.depth_first;
	w.xdev = find.xdev;
	for (i = 0; i < (npaths > 0 ? npaths : 1) && !find.quit; i++) {
		find.rootlen = strlen(paths[i]);
		walk(&w, paths[i]);
	}
	for (size_t k = 0; k < find.nall; k++) {
		if (find.all[k]->batch != NULL) {
			flush_batch(find.all[k]->batch);
			free(find.all[k]->batch->argv);
			free(find.all[k]->batch);
		}
		free(find.all[k]);
	}
	free(find.all);
	walk_free(&w);
	return cmd_exit();
}
