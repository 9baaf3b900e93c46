/*
 * ubuild - the on-demand builder. Every /bin/NAME on the image is a link to
 * it. Run as NAME, it compiles /src/NAME.c into /ubin/NAME (once: later runs
 * come straight from /ubin, first in PATH) and executes it with the same argv.
 * Run as ubuild, it builds or runs commands by name.
 */
#include <sys/auxv.h>
#include <sys/stat.h>
#include <dirent.h>
#include <errno.h>
#include <sched.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "ubuild.h"

#ifndef UB_SRC
#define UB_SRC "/src"
#endif
#ifndef UB_CACHE
#define UB_CACHE "/ubin"
#endif
#ifndef UB_BIN
#define UB_BIN "/bin"
#endif
#ifndef UB_CHECK
#define UB_CHECK "/usr/lib/ubuild/check.o"
#endif
#ifndef UB_SHIPPED
#define UB_SHIPPED "/usr/lib/ubuild/libcmd.a"
#endif
/* Commands the image ships prebuilt, keyed by their sources' content (seed.c). */
#ifndef UB_SEEDS
#define UB_SEEDS "/usr/lib/ubuild/seed"
#endif
/* The image's source list (pack/stage-source.sh), for ubuild.strict. */
#ifndef UB_SUMS
#define UB_SUMS "/usr/lib/ubuild/sources.sha256"
#endif

extern char **environ;

static const char usage[] =
    "ubuild [-vfi] -b NAME... | ubuild [-vfi] -a | ubuild -L [NAME...] | ubuild [-v] --audit [NAME...]\n"
    "  | ubuild -l | ubuild NAME [ARG...] | rebuild [NAME...]\n"
    "  -b build without running  -a every command in " UB_SRC " (with -f, the library too)\n"
    "  -f force a rebuild  -i at idle priority  -v report compiles\n"
    "  -L build the library keyed by content only, as the image ships it, and each NAME into " UB_SEEDS "\n"
    "  --audit recompile the shipped library and seeds from " UB_SRC " and compare every byte\n"
    "  -l list the commands built in " UB_CACHE ", one per line (pack/mkimage --from-ubin reads it)";

/* The binary we run next was just built or checked: see check.c. */
static void
mark_built(const struct ub *u, const char *name)
{
	char entry[4096];

	snprintf(entry, sizeof entry, "%s/%s", u->bin, name);
	setenv(UB_BUILT_ENV, entry, 1);
}

/*
 * The cache cannot take the build (read-only, full, missing): build in a
 * private directory, keep only an open descriptor, remove the directory and
 * execute from the descriptor, so nothing half-made stays anywhere.
 */
static int
run_uncached(const struct ub *u, const char *name, char **argv)
{
	char dir[4096], *exe, *cmd;
	int fd = -1, r;

	cmd = ub_form(u, name, dir, sizeof dir) == UB_NONE ? ub_alias_of(u, name) : NULL;
	if (ub_mkdtemp("ubuild", dir, sizeof dir) < 0) {
		fprintf(stderr, "%s: no cache and no temporary directory: %s: %s\n",
		    name, dir, strerror(errno));
		free(cmd);
		return 126;
	}
	r = ub_build_cmd(u, dir, cmd ? cmd : name, &exe);
	free(cmd);
	if (r == UB_OK) {
		fd = open(exe, O_RDONLY | O_CLOEXEC);
		free(exe);
	}
	ub_rm_tree(dir);
	if (r == UB_ECOMPILE || r == UB_ESTRICT || r == UB_EMEASURE)
		return 126;	/* the compiler, or measure.c, said why */
	if (fd < 0) {
		fprintf(stderr, "%s: cannot build in %s: %s\n", name, dir,
		    r == UB_ESPACE ? strerror(ENOSPC) : strerror(errno));
		return 126;
	}
	mark_built(u, name);
	fexecve(fd, argv, environ);
	fprintf(stderr, "%s: %s\n", name, strerror(errno));
	return 126;
}

/*
 * Build the command NAME, or the command that declares NAME as another of its
 * names. Returns 0 with *exe set to the cache entry that runs as NAME, or
 * the exit status to give.
 */
static int
build(const struct ub *u, const char *name, char **exe)
{
	char path[4096], *cmd = NULL, *built = NULL;
	const char *what = name;
	int r;

	*exe = NULL;
	if (ub_form(u, name, path, sizeof path) == UB_NONE && ub_valid_name(name) &&
	    (cmd = ub_alias_of(u, name)) != NULL)
		what = cmd;
	if (ub_form(u, what, path, sizeof path) == UB_NONE) {
		snprintf(path, sizeof path, "%s/%s", u->cache, name);
		if (ub_valid_name(name))
			unlink(path);	/* the source is gone: so is the command */
		fprintf(stderr, "%s: not found\n", name);
		return 127;
	}
	r = ub_build_cmd(u, u->cache, what, &built);
	if (r == UB_OK && cmd != NULL) {	/* run it by the link made for NAME */
		free(built);
		snprintf(path, sizeof path, "%s/%s", u->cache, name);
		built = strdup(path);
	}
	free(cmd);
	if (r == UB_OK)
		return (*exe = built) != NULL ? 0 : -ENOMEM;
	if (r == UB_ECOMPILE) {
		fprintf(stderr, "%s: %s: compile failed, nothing cached\n", name, path);
		return 126;
	}
	if (r == UB_ESTRICT || r == UB_EMEASURE)
		return 126;	/* its one line is out (measure.c) */
	if (r == UB_ESPACE)
		errno = ENOSPC;
	return -errno;
}

static int
run(const struct ub *u, const char *name, char **argv)
{
	char *exe;
	int r = build(u, name, &exe);

	if (r < 0 && ub_unusable(-r)) {
		fprintf(stderr, "%s: cache %s: %s; building outside it\n", name, u->cache, strerror(-r));
		return run_uncached(u, name, argv);
	}
	if (r < 0) {
		fprintf(stderr, "%s: build: %s\n", name, strerror(-r));
		return 126;
	}
	if (r > 0)
		return r;
	mark_built(u, name);
	execv(exe, argv);
	fprintf(stderr, "%s: %s: %s\n", name, exe, strerror(errno));
	return 126;
}

static int
build_only(const struct ub *u, int argc, char **argv, int force)
{
	char path[4096], *exe;
	int status = 0, r;

	for (int i = 0; i < argc; i++) {
		if (force && ub_valid_name(argv[i])) {
			snprintf(path, sizeof path, "%s/%s", u->cache, argv[i]);
			unlink(path);
		}
		r = build(u, argv[i], &exe);
		if (r < 0) {
			fprintf(stderr, "ubuild: %s: %s\n", argv[i], strerror(-r));
			r = 126;
		}
		free(exe);
		if (r > status)
			status = r;
	}
	return status;
}

/*
 * The commands this boot compiled, for trimming an image to them: every
 * command of SRC that has a binary in the cache (temp files, locks and the
 * library are not commands).
 */
static int
list_built(const struct ub *u)
{
	char **names = ub_all_names(u), path[4096];
	struct stat st;
	int err = 0;

	if (names == NULL) {
		fprintf(stderr, "ubuild: %s: %s\n", u->src, strerror(errno));
		return 126;
	}
	for (size_t i = 0; names[i] != NULL; i++) {
		snprintf(path, sizeof path, "%s/%s", u->cache, names[i]);
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && printf("%s\n", names[i]) < 0 && !err)
			err = errno;	/* before the next stat changes it */
	}
	ub_free_list(names);
	if (fflush(stdout) != 0 && !err)
		err = errno;
	if (!err)
		return 0;
	fprintf(stderr, "ubuild: write error: %s\n", strerror(err));
	return 1;
}

/* One seed: the command NAME, built in seed mode into u->seeds. */
static int
seed_one(const struct ub *u, const char *name)
{
	char path[4096], *exe;
	int r;

	if (!ub_valid_name(name) || ub_form(u, name, path, sizeof path) == UB_NONE) {
		fprintf(stderr, "ubuild: -L: %s: no such command\n", name);
		return UB_ECOMPILE;
	}
	if ((r = ub_build_cmd(u, u->seeds, name, &exe)) == UB_OK)
		free(exe);
	else if (r != UB_ECOMPILE)	/* a compile error is the compiler's to tell */
		fprintf(stderr, "ubuild: %s/%s: %s\n", u->seeds, name,
		    strerror(r == UB_ESPACE ? ENOSPC : errno));
	return r;
}

/*
 * The library alone, as the image build seeds it (see lib_hash in build.c),
 * then each command NAMES names, linked with that library, into u->seeds.
 */
static int
seed_lib(struct ub *u, char **names)
{
	char *lib;
	int r;

	u->seed = 1;
	r = ub_build_lib(u, u->cache, &lib);
	if (r == UB_ESYS || r == UB_ESPACE)
		fprintf(stderr, "ubuild: %s/.lib/libcmd.a: %s\n", u->cache,
		    strerror(r == UB_ESPACE ? ENOSPC : errno));
	u->lib = lib;
	if (r == UB_OK && *names != NULL && mkdir(u->seeds, 0755) < 0 && errno != EEXIST) {
		fprintf(stderr, "ubuild: %s: %s\n", u->seeds, strerror(errno));
		r = UB_ESYS;
	}
	for (; r == UB_OK && *names != NULL; names++)
		r = seed_one(u, *names);
	free(lib);
	return r == UB_OK ? 0 : 126;
}

/* A full rebuild means everything from source, the library too. */
static void
drop_lib(struct ub *u)
{
	char path[4096];

	snprintf(path, sizeof path, "%s/.lib/libcmd.a", u->cache);
	unlink(path);
	u->shipped = NULL;
}

/* Precompiling at boot must not slow down anything the user does. */
static void
idle_priority(void)
{
	struct sched_param sp = { 0 };

	if (sched_setscheduler(0, SCHED_IDLE, &sp) < 0)
		(void)!nice(19);
}

static int
cli(struct ub *u, int argc, char **argv, int rebuild)
{
	int i, all = rebuild, force = rebuild, only = rebuild, n, r;
	char **names;

	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1] != '\0'; i++) {
		if (strcmp(argv[i], "--help") == 0) {
			printf("usage: %s\n", usage);
			return 0;
		}
		if (strcmp(argv[i], "--audit") == 0)
			return ub_audit(u, argv + i + 1);
		for (const char *p = argv[i] + 1; *p; p++) {
			switch (*p) {
			case 'v': u->verbose = 1; break;
			case 'b': only = 1; break;
			case 'a': all = only = 1; break;
			case 'f': force = only = 1; break;
			case 'i': idle_priority(); break;
			case 'L': return seed_lib(u, argv + i + 1);
			case 'l': return list_built(u);
			default:
				fprintf(stderr, "%s: -%c: unknown option\nusage: %s\n",
				    rebuild ? "rebuild" : "ubuild", *p, usage);
				return 2;
			}
		}
	}
	if (force)
		u->seeds = NULL;	/* a forced rebuild compiles from source */
	u->once = !only || argc - i == 1;	/* then no child for the compile */
	if (!only)
		return i < argc ? run(u, argv[i], argv + i) : (fprintf(stderr, "usage: %s\n", usage), 2);
	if (i < argc || !all)
		return build_only(u, argc - i, argv + i, force);
	if (force)
		drop_lib(u);
	if ((names = ub_all_names(u)) == NULL) {
		fprintf(stderr, "ubuild: %s: %s\n", u->src, strerror(errno));
		return 126;
	}
	for (n = 0; names[n] != NULL; n++)
		;
	r = build_only(u, n, names, force);
	ub_free_list(names);
	return r;
}

/* Libraries the image ships for commands (zlib, libzstd, BearSSL): linked into every
 * command, which takes only the members it uses. Missing ones are skipped. */
static const char *const *
shipped_libs(void)
{
	static const char *const all[] = { "/usr/lib/libzstd.a", "/usr/lib/libz.a",
		"/usr/lib/libbearssl.a" };
	static const char *found[4];
	size_t n = 0;

	for (size_t i = 0; i < sizeof all / sizeof *all; i++)
		if (access(all[i], R_OK) == 0)
			found[n++] = all[i];
	found[n] = NULL;
	return found;
}

static int
is_compiler(const char *name)
{
	return strcmp(name, "tcc") == 0 || strcmp(name, "cc") == 0;
}

int
main(int argc, char **argv)
{
	struct ub u = { UB_SRC, UB_CACHE, UB_BIN, UB_CHECK, NULL, 0, 0, UB_SHIPPED,
		"/proc/cmdline", UB_SUMS, UB_SEEDS, NULL, 0 };
	char interp[256];
	const char *name;

	u.verbose = getenv("UBUILD_VERBOSE") != NULL;
	u.libs = shipped_libs();
	name = ub_command_name((const char *)getauxval(AT_EXECFN), argv[0], interp, sizeof interp);
	if (strcmp(name, "ubuild") == 0 || strcmp(name, "rebuild") == 0)
		return cli(&u, argc, argv, strcmp(name, "rebuild") == 0);
	if (is_compiler(name))
		return ub_tcc(&u, argc, argv);
	u.once = 1;
	return run(&u, name, argv);
}
