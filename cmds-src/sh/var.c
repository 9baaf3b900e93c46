/* var.c - variables, positional parameters and function frames */
#include "sh.h"

/* ---- variables: a hash table ----------------------------------------------- */

#define NBUCKET 256

static struct var *vtab[NBUCKET];
int optpos;

unsigned
hash(const char *s)
{
	unsigned h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

int
is_name_start(int c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

int
is_name_char(int c)
{
	return is_name_start(c) || (c >= '0' && c <= '9');
}

int
is_name(const char *s)
{
	if (!is_name_start((unsigned char)*s))
		return 0;
	while (is_name_char((unsigned char)*++s))
		;
	return *s == '\0';
}

/* The variable whose name is the first N bytes of NAME. */
static struct var *
var_findn(const char *name, size_t n, int create)
{
	unsigned h = 5381;
	size_t i;
	struct var *v;

	for (i = 0; i < n; i++)
		h = h * 33 + (unsigned char)name[i];
	for (v = vtab[h % NBUCKET]; v != NULL; v = v->next)
		if (strncmp(v->name, name, n) == 0 && v->name[n] == '\0')
			return v;
	if (!create)
		return NULL;
	v = xmalloc(sizeof *v + n);
	memcpy(v->name, name, n);
	v->name[n] = '\0';
	v->val = NULL;
	v->cap = 0;
	v->flags = V_UNSET;
	v->next = vtab[h % NBUCKET];
	vtab[h % NBUCKET] = v;
	return v;
}

struct var *
var_find(const char *name, int create)
{
	return var_findn(name, strlen(name), create);
}

const char *
getvar(const char *name)
{
	struct var *v = var_find(name, 0);

	return v == NULL || (v->flags & V_UNSET) ? NULL : v->val;
}

static void
var_store(struct var *v, const char *val)
{
	size_t n = strlen(val);

	if (n + 1 > v->cap) {
		v->cap = n + 1 < 16 ? 16 : n + 1;
		free(v->val);
		v->val = xmalloc(v->cap);
	}
	memcpy(v->val, val, n + 1);
	v->flags &= ~V_UNSET;
}

/* Set NAME to VAL (NULL: declared, no value). -1 if read-only (reported). */
int
setvar_flags(const char *name, const char *val, unsigned flags)
{
	struct var *v = var_find(name, 1);

	if (v->flags & V_RDONLY) {
		msg("%s: is read only", name);
		return -1;
	}
	if (val != NULL)
		var_store(v, val);
	v->flags |= flags;
	if (sh.opt['a'] && val != NULL)
		v->flags |= V_EXPORT;
	if (strcmp(name, "OPTIND") == 0)
		optpos = 0;
	return 0;
}

/* An assignment in the language: read-only is a shell error. */
void
setvar(const char *name, const char *val)
{
	if (setvar_flags(name, val, 0) < 0)
		raise_status(sh.interactive ? 1 : 2);
}

int
unsetvar(const char *name)
{
	struct var *v = var_find(name, 0);

	if (v == NULL)
		return 0;
	if (v->flags & V_RDONLY) {
		msg("%s: is read only", name);
		return -1;
	}
	v->flags = V_UNSET;
	return 0;
}

void
setvar_int(const char *name, long n)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%ld", n);
	setvar(name, buf);
}

static int
var_cmp(const void *a, const void *b)
{
	return strcmp((*(struct var *const *)a)->name, (*(struct var *const *)b)->name);
}

/* All variables with any of FLAGS (0: all that are set), sorted, on the stack. */
struct var **
var_list(unsigned flags, int *np)
{
	struct var *v, **list;
	int n = 0, i;

	for (i = 0; i < NBUCKET; i++)
		for (v = vtab[i]; v; v = v->next)
			n++;
	list = st_alloc((n + 1) * sizeof *list);
	n = 0;
	for (i = 0; i < NBUCKET; i++)
		for (v = vtab[i]; v; v = v->next)
			if (flags ? (v->flags & flags) != 0 : !(v->flags & V_UNSET))
				list[n++] = v;
	qsort(list, n, sizeof *list, var_cmp);
	*np = n;
	return list;
}

/* The environment for a new program: exported variables, on the stack. */
char **
make_env(void)
{
	struct var *v, **env_v;
	char **env;
	int n = 0, i, k = 0;
	size_t ln, lv;

	env_v = var_list(V_EXPORT, &n);
	env = st_alloc((n + 1) * sizeof *env);
	for (i = 0; i < n; i++) {
		v = env_v[i];
		if (v->flags & V_UNSET)
			continue;
		ln = strlen(v->name);
		lv = strlen(v->val);
		env[k] = st_alloc(ln + lv + 2);
		memcpy(env[k], v->name, ln);
		env[k][ln] = '=';
		memcpy(env[k] + ln + 1, v->val, lv + 1);
		k++;
	}
	env[k] = NULL;
	return env;
}

/* ---- positional parameters and function frames ----------------------------- */

struct params pp;
char *arg0;

void
params_set(struct params *p, int n, char **v)
{
	int i;

	p->n = n;
	p->v = xmalloc((n + 1) * sizeof *p->v);
	for (i = 0; i < n; i++)
		p->v[i] = xstrdup(v[i]);
	p->v[n] = NULL;
}

void
params_free(struct params *p)
{
	int i;

	for (i = 0; i < p->n; i++)
		free(p->v[i]);
	free(p->v);
	p->v = NULL;
	p->n = 0;
}

struct frame *frames;

struct saved_var *
var_save(const char *name)
{
	struct saved_var *s = xmalloc(sizeof *s);
	struct var *v = var_find(name, 0);

	s->name = xstrdup(name);
	s->existed = v != NULL;
	s->val = v && !(v->flags & V_UNSET) ? xstrdup(v->val) : NULL;
	s->flags = v ? v->flags : V_UNSET;
	s->next = NULL;
	return s;
}

static void
var_restore(struct saved_var *s)
{
	struct var *v = var_find(s->name, 1);

	if (s->val != NULL)
		var_store(v, s->val);
	v->flags = s->flags;
	if (s->val == NULL)
		v->flags |= V_UNSET;
	if (strcmp(s->name, "OPTIND") == 0)
		optpos = 0;
	free(s->name);
	free(s->val);
	free(s);
}

void
restore_list(struct saved_var *s)
{
	struct saved_var *next;

	for (; s != NULL; s = next) {
		next = s->next;
		var_restore(s);
	}
}

void
frame_push(struct frame *f)
{
	f->prev = frames;
	f->locals = NULL;
	frames = f;
}

void
frame_pop(void)
{
	struct frame *f = frames;

	frames = f->prev;
	restore_list(f->locals);
	params_free(&pp);
	pp = f->saved;
	free(f);
}
