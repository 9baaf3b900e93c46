/*
 * tccfront.c - `tcc` and `cc` on the target: the tcc command line people know
 * (-o -c -I -D -U -L -l -static -run, -W/-g/-O/-std passed on) over the same
 * libtcc the builder uses. `tcc -run FILE ARGS` also runs C scripts
 * (#!/bin/tcc -run): unlike stock tcc, the binary is cached with a key of
 * every file the compile read, so a second run costs no compile.
 */
#include <sys/stat.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cc.h"
#include "cmd.h"
#include "sha256.h"
#include "key.h"
#include "ubuild.h"

/* What tcc -v names: the CPU this builder compiles for (and runs on). */
#if defined(__aarch64__)
#define TCC_CPU_NAME "aarch64"
#else
#define TCC_CPU_NAME "x86_64"
#endif

#define MAXV 128

struct front {
	const char *name;	/* tcc or cc, for messages */
	const char *out;
	int compile_only, run;
	const char *inc[MAXV + 1], *def[MAXV + 1], *undef[MAXV + 1];
	const char *libdir[MAXV + 1], *lib[MAXV + 1], *in[MAXV + 1];
	int ninc, ndef, nundef, nlibdir, nlib, nin;
	char opts[2048];	/* flags handed to libtcc as they are */
	char **args;		/* -run: the script's argv */
};

extern char **environ;

static const char usage[] = "tcc [-c] [-o OUT] [-I DIR] [-D SYM[=V]] [-U SYM] [-L DIR] [-l LIB] "
    "[-static] [-Wall] [-g] [-O] FILE... | tcc [OPTIONS] -run FILE [ARGS...]";

static int
fail(const struct front *f, const char *what, const char *why)
{
	fprintf(stderr, "%s: %s: %s\n", f->name, what, why);
	return 1;
}

static int
push(const struct front *f, const char **v, int *n, const char *s)
{
	if (*n == MAXV)
		return fail(f, s, "too many arguments");
	v[(*n)++] = s;
	v[*n] = NULL;
	return 0;
}

/* -X VALUE or -XVALUE; returns the value and advances *i, or NULL. */
static const char *
value(int argc, char **argv, int *i)
{
	if (argv[*i][2] != '\0')
		return argv[*i] + 2;
	return *i + 1 < argc ? argv[++*i] : NULL;
}

static int
pass_on(struct front *f, const char *a)
{
	size_t n = strlen(f->opts);

	if (n + strlen(a) + 2 > sizeof f->opts)
		return fail(f, a, "too many options");
	snprintf(f->opts + n, sizeof f->opts - n, "%s%s", n ? " " : "", a);
	return 0;
}

static int
option(struct front *f, int argc, char **argv, int *i)
{
	const char *a = argv[*i], *v;

	if (strcmp(a, "-c") == 0)
		return f->compile_only = 1, 0;
	if (strcmp(a, "-run") == 0)
		return f->run = 1, 0;
	if (strcmp(a, "-static") == 0 || strcmp(a, "-pipe") == 0)
		return 0;	/* always static: the image has no shared libc */
	if (strchr("wWgOfm", a[1]) != NULL || strncmp(a, "-std=", 5) == 0)
		return pass_on(f, a);
	if (strchr("oIDULl", a[1]) == NULL)
		return fail(f, a, "unknown option");
	if ((v = value(argc, argv, i)) == NULL)
		return fail(f, a, "option requires an argument");
	switch (a[1]) {
	case 'o': f->out = v; return 0;
	case 'I': return push(f, f->inc, &f->ninc, v);
	case 'D': return push(f, f->def, &f->ndef, v);
	case 'U': return push(f, f->undef, &f->nundef, v);
	case 'L': return push(f, f->libdir, &f->nlibdir, v);
	default: return push(f, f->lib, &f->nlib, v);
	}
}

static int
parse(struct front *f, int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (argv[i][0] != '-' || argv[i][1] == '\0') {
			if (push(f, f->in, &f->nin, argv[i]))
				return 1;
			if (f->run) {
				f->args = argv + i;	/* the rest is the script's */
				return 0;
			}
		} else if (option(f, argc, argv, &i)) {
			return 1;
		}
	}
	if (f->nin == 0)
		return fail(f, "no input files", usage);
	return 0;
}

static struct cc_job
job_of(const struct front *f, enum cc_kind kind, const char *out)
{
	struct cc_job j = { .kind = kind, .out = out, .inputs = f->in, .incdirs = f->inc,
		.defines = f->def, .undefines = f->undef, .libdirs = f->libdir,
		.libnames = f->lib, .options = f->opts };

	return j;
}

/* -c with several inputs and no -o: one object per input, as cc does. */
static int
compile_each(struct front *f)
{
	char obj[4096], *dot;
	const char *base, *one[2] = { NULL, NULL };
	struct cc_job j;

	for (int i = 0; i < f->nin; i++) {
		base = strrchr(f->in[i], '/') ? strrchr(f->in[i], '/') + 1 : f->in[i];
		snprintf(obj, sizeof obj, "%s", base);
		if ((dot = strrchr(obj, '.')) != NULL)
			*dot = '\0';
		strncat(obj, ".o", sizeof obj - strlen(obj) - 1);
		j = job_of(f, CC_OBJ, obj);
		one[0] = f->in[i];
		j.inputs = one;
		if (cc_build(&j, ub_diag, NULL) < 0)
			return 1;
	}
	return 0;
}

/*
 * ---- tcc -run: compile once per script, then just execute ----
 * A script's binary is .run/ID, ID hashing its path (with the working
 * directory when a path is relative), options and inputs: two copies of one
 * script in two directories are two entries, since each may include its own
 * "cfg.h". Beside it, .run/ID.key is the stat key (key.h) of every file the
 * compile opened: the script, its headers, musl's headers, crt objects, the
 * libraries, and the compiler (the builder). A run whose key is fresh
 * executes the binary; any other compiles again.
 */

struct runjob {
	struct cc_job job;
	const char *keytmp;	/* the child writes the key here */
	const char *self;	/* the compiler */
	char **seen;		/* absolute paths the compile opened */
	size_t n, cap;
	int failed;		/* a path it could not record: the build fails */
};

static void
note_open(void *arg, const char *path, int fd)
{
	struct runjob *rj = arg;
	char cwd[4096], *p, **v;
	size_t i;

	(void)fd;
	if (path[0] == '/')
		p = strdup(path);
	else if (getcwd(cwd, sizeof cwd) != NULL && (p = malloc(strlen(cwd) + strlen(path) + 2)) != NULL)
		sprintf(p, "%s/%s", cwd, path);
	else
		p = NULL;
	if (p == NULL) {
		rj->failed = 1;	/* the build fails, nothing cached */
		return;
	}
	for (i = 0; i < rj->n && strcmp(rj->seen[i], p) != 0; i++)
		;
	if (i < rj->n) {
		free(p);
		return;
	}
	if (rj->n + 2 > rj->cap) {
		rj->cap = 2 * rj->cap + 16;
		if ((v = realloc(rj->seen, rj->cap * sizeof *v)) == NULL) {
			free(p);
			rj->failed = 1;
			return;
		}
		rj->seen = v;
	}
	rj->seen[rj->n++] = p;
	rj->seen[rj->n] = NULL;
}

/* Could any user read the absolute PATH: the file, and every directory on the way? */
static int
public_path(const char *path)
{
	char *p = strdup(path), *slash;
	struct stat st;
	int ok = p != NULL && stat(p, &st) == 0 && (st.st_mode & S_IROTH);

	while (ok && (slash = strrchr(p, '/')) != NULL && slash != p) {
		*slash = '\0';
		ok = stat(p, &st) == 0 && (st.st_mode & S_IXOTH);
	}
	free(p);
	return ok;
}

static int
all_public(char *const *v)
{
	for (; *v != NULL; v++)
		if (!public_path(*v))
			return 0;
	return 1;
}

/*
 * The binary holds what the compile read (a private script's strings), the
 * key names its files: both are the owner's alone (made so from the start:
 * umask) unless everything read was readable by anyone.
 */
static int
run_child(void *arg)
{
	struct runjob *rj = arg;
	char *key;
	int pub;

	umask(077);
	rj->job.opened = note_open;
	rj->job.opened_arg = rj;
	if (cc_build(&rj->job, ub_diag, NULL) < 0)
		return rj->failed ? UB_ESYS : UB_ECOMPILE;
	if (access(rj->self, R_OK) == 0)
		note_open(rj, rj->self, -1);
	if (rj->failed || rj->seen == NULL || (key = key_make((const char *const *)rj->seen)) == NULL)
		return UB_ESYS;
	pub = all_public(rj->seen);
	if (ub_write_file(rj->keytmp, key, strlen(key), pub ? 0644 : 0600) < 0 || chmod(rj->keytmp, pub ? 0644 : 0600) < 0 ||
	    chmod(rj->job.out, pub ? 0755 : 0700) < 0)
		return errno == ENOSPC || errno == EDQUOT ? UB_ESPACE : UB_ESYS;
	return UB_OK;
}

static void
hash_list(struct sha256 *s, const char *tag, const char *const *v)
{
	for (; *v != NULL; v++) {
		sha256_update(s, tag, strlen(tag));
		sha256_update(s, *v, strlen(*v) + 1);
	}
}

static int
any_relative(const char *const *v)
{
	for (; *v != NULL; v++)
		if (**v != '/')
			return 1;
	return 0;
}

/* Which script, built how: its path, options and inputs. */
static int
script_id(const struct front *f, char hex[65])
{
	struct sha256 s;
	unsigned char d[32];
	char cwd[4096];

	sha256_init(&s);
	sha256_update(&s, "ubuild tcc -run 2\n", 18);
	sha256_update(&s, f->opts, strlen(f->opts) + 1);
	hash_list(&s, "I", f->inc), hash_list(&s, "D", f->def), hash_list(&s, "U", f->undef);
	hash_list(&s, "L", f->libdir), hash_list(&s, "l", f->lib), hash_list(&s, "f", f->in);
	if (any_relative(f->in) || any_relative(f->inc) || any_relative(f->libdir)) {
		if (getcwd(cwd, sizeof cwd) == NULL)
			return -1;
		hash_list(&s, "C", (const char *const[]){ cwd, NULL });
	}
	sha256_final(&s, d);
	ub_hex(d, 32, hex);
	return 0;
}

/* Does KEYF hold a key that still describes the files? */
static int
script_fresh(const char *keyf)
{
	char buf[65536];
	ssize_t n, got = 0;
	int fd = open(keyf, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return 0;
	while (got < (ssize_t)sizeof buf - 1 && (n = read(fd, buf + got, sizeof buf - 1 - got)) > 0)
		got += n;
	close(fd);
	if (got == (ssize_t)sizeof buf - 1)
		return 0;
	buf[got] = '\0';
	return key_fresh(buf);
}

struct slot {
	char dir[4096], exe[4200], keyf[4200];
};

static void
slot_at(struct slot *sl, const char *dir, const char *hex)
{
	snprintf(sl->dir, sizeof sl->dir, "%s", dir);
	snprintf(sl->exe, sizeof sl->exe, "%s/%s", dir, hex);
	snprintf(sl->keyf, sizeof sl->keyf, "%s/%s.key", dir, hex);
}

/* Compile into temp files; publish the binary, then the key that vouches for it. */
static int
compile_script(const struct ub *u, struct front *f, const struct slot *sl, const char *hex)
{
	struct runjob rj = { 0 };
	char kname[80], self[4096], *tmp = ub_tmpname(sl->dir, hex), *ktmp;
	int r = UB_ESYS, fd;

	snprintf(kname, sizeof kname, "%s.key", hex);
	snprintf(self, sizeof self, "%s/ubuild", u->bin);
	ktmp = ub_tmpname(sl->dir, kname);
	unlink(sl->keyf);	/* from here until the end, the old binary is not vouched for */
	if (tmp == NULL || ktmp == NULL ||
	    (fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0700)) < 0)
		goto out;
	close(fd);
	rj.job = job_of(f, CC_EXE, tmp);
	rj.keytmp = ktmp;
	rj.self = self;
	r = ub_in_child(u, f->in[0], run_child, &rj);
	if (r == UB_OK && ub_elf_complete(tmp) != 1)
		r = UB_ESPACE;
	if (r == UB_OK && (ub_publish(tmp, sl->exe) < 0 || ub_publish(ktmp, sl->keyf) < 0))
		r = UB_ESYS;
out:
	if (tmp != NULL)
		unlink(tmp);
	if (ktmp != NULL)
		unlink(ktmp);
	free(tmp);
	free(ktmp);
	return r;
}

/* Build the script into its slot unless a fresh build is there; 0, or an UB_E* code. */
static int
build_script(const struct ub *u, struct front *f, const struct slot *sl, const char *hex)
{
	int lk, r = UB_OK;

	if ((mkdir(sl->dir, 0755) < 0 && errno != EEXIST) || (lk = ub_lock(sl->dir, hex)) < 0)
		return UB_ESYS;
	if (!script_fresh(sl->keyf) || access(sl->exe, X_OK) < 0) {
		ub_clean_tmp(sl->dir);
		r = compile_script(u, f, sl, hex);
	}
	close(lk);
	return r;
}

static int
run_uncached(const struct ub *u, struct front *f, const char *hex)
{
	struct slot sl;
	char dir[4096];
	int fd = -1, r;

	if (ub_mkdtemp("tcc-run", dir, sizeof dir) < 0)
		return fail(f, dir, strerror(errno));
	slot_at(&sl, dir, hex);
	r = build_script(u, f, &sl, hex);
	if (r == UB_OK)
		fd = open(sl.exe, O_RDONLY | O_CLOEXEC);
	ub_rm_tree(dir);
	if (r == UB_ECOMPILE)
		return 1;
	if (fd < 0)
		return fail(f, f->in[0], "cannot build it anywhere");
	fexecve(fd, f->args, environ);
	return fail(f, f->in[0], strerror(errno));
}

static int
run_script(const struct ub *u, struct front *f)
{
	struct slot sl;
	char hex[65], dir[4096];
	int r;

	if (script_id(f, hex) < 0)
		return fail(f, f->in[0], strerror(errno));
	snprintf(dir, sizeof dir, "%s/.run", u->cache);
	slot_at(&sl, dir, hex);
	if (script_fresh(sl.keyf)) {
		if (u->verbose)
			fprintf(stderr, "ubuild: %s: cached\n", f->in[0]);
		execve(sl.exe, f->args, environ);	/* gone since? build it */
	}
	r = build_script(u, f, &sl, hex);
	if (r == UB_ECOMPILE)
		return 1;
	if (r != UB_OK)
		return run_uncached(u, f, hex);
	execve(sl.exe, f->args, environ);
	return fail(f, sl.exe, strerror(errno));
}

int
ub_tcc(const struct ub *u, int argc, char **argv)
{
	static struct front f;
	struct cc_job j;
	const char *n = strrchr(argv[0], '/');

	f.name = n ? n + 1 : argv[0];
	if (argc == 2 && (strcmp(argv[1], "-v") == 0 || strcmp(argv[1], "--version") == 0)) {
		printf("tcc version 0.9.27 (%s Linux, musl, ubuild)\n", TCC_CPU_NAME);
		return 0;
	}
	if (argc == 2 && strcmp(argv[1], "--help") == 0) {
		printf("usage: %s\n", usage);
		return 0;
	}
	if (parse(&f, argc, argv))
		return 1;
	if (f.run)
		return run_script(u, &f);
	if (f.compile_only && f.out == NULL)
		return compile_each(&f);
	j = job_of(&f, f.compile_only ? CC_OBJ : CC_EXE, f.out ? f.out : "a.out");
	return cc_build(&j, ub_diag, NULL) < 0 ? 1 : 0;
}
