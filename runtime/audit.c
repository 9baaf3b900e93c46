/*
 * audit.c - ubuild --audit: are the prebuilt files the image ships (the
 * library, the seeds) what the sources on the board make? Each is compiled
 * again from SRC by the board's own compiler, in seed mode (no stat data, no
 * temp names in the bytes: seed.c), into a private directory, and compared
 * byte for byte with the shipped file. Nobody has to trust the image build.
 *
 * One line per item on stdout, "NAME: same" or "NAME: differs"; the status
 * is 0 when all are the same, 1 when one differs, 2 when one could not be
 * audited (after "ubuild: audit: NAME: why" on stderr).
 */
#include <sys/stat.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "ubuild.h"

enum { SAME = 0, DIFFERS = 1, FAILED = 2 };

/* The first offset at which A and B differ, or -1 when they are the same bytes. */
static long long
first_difference(FILE *a, FILE *b)
{
	long long off = 0;
	int ca, cb;

	do {
		ca = getc(a);
		cb = getc(b);
		if (ca != cb)
			return off;
		off++;
	} while (ca != EOF);
	return -1;
}

static int
compare(const struct ub *u, const char *name, const char *built, const char *shipped)
{
	FILE *a = fopen(built, "re"), *b = fopen(shipped, "re");
	long long off = -1;

	if (a == NULL || b == NULL) {
		fprintf(stderr, "ubuild: audit: %s: %s: %s\n", name, a ? shipped : built, strerror(errno));
		off = -2;
	} else {
		off = first_difference(a, b);
	}
	if (a != NULL)
		fclose(a);
	if (b != NULL)
		fclose(b);
	if (off == -2)
		return FAILED;
	if (off == -1)
		printf("%s: same\n", name);
	else if (u->verbose)
		printf("%s: differs (first at byte %lld)\n", name, off);
	else
		printf("%s: differs\n", name);
	return off == -1 ? SAME : DIFFERS;
}

static int
failed(const char *name, int r)
{
	fprintf(stderr, "ubuild: audit: %s: %s\n", name,
	    r == UB_ECOMPILE ? "compile failed" : r == UB_ESPACE ? strerror(ENOSPC) :
	    r == UB_ESTRICT || r == UB_EMEASURE ? "refused (see above)" : strerror(errno));
	return FAILED;
}

static int
listed(char **v, const char *name)
{
	for (; *v != NULL; v++)
		if (strcmp(*v, name) == 0)
			return 1;
	return 0;
}

/* Is NAME asked for (every item when NAMES is empty)? */
static int
wanted(char **names, const char *name)
{
	return *names == NULL || listed(names, name);
}

/* The seeds, sorted: the regular files of DIR not starting with a dot. */
static char **
seed_names(const char *dir)
{
	struct dirent *e;
	struct stat st;
	char **v = calloc(1, sizeof *v), **w, path[4096];
	size_t n = 0;
	DIR *d = opendir(dir);

	if (d == NULL)
		return errno == ENOENT ? v : (free(v), NULL);
	while (v != NULL && (e = readdir(d)) != NULL) {
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (e->d_name[0] == '.' || lstat(path, &st) < 0 || !S_ISREG(st.st_mode))
			continue;
		if ((w = realloc(v, (n + 2) * sizeof *v)) == NULL || (w[n] = strdup(e->d_name)) == NULL) {
			ub_free_list(w ? w : v);
			v = NULL;
			break;
		}
		v = w;
		v[++n] = NULL;
	}
	closedir(d);
	if (v != NULL)
		qsort(v, n, sizeof *v, ub_by_name);
	return v;
}

/* One seed, built again in V's directory. */
static int
audit_seed(const struct ub *u, const struct ub *v, const char *name)
{
	char shipped[4096], *exe;
	int r;

	if (!ub_valid_name(name) || ub_form(u, name, shipped, sizeof shipped) == UB_NONE) {
		fprintf(stderr, "ubuild: audit: %s: no source in %s\n", name, u->src);
		return FAILED;
	}
	if ((r = ub_build_cmd(v, v->cache, name, &exe)) != UB_OK)
		return failed(name, r);
	snprintf(shipped, sizeof shipped, "%s/%s", u->seeds, name);
	r = compare(u, name, exe, shipped);
	free(exe);
	return r;
}

/* The library first (the seeds link it), then each seed; the worst status. */
static int
audit_all(const struct ub *u, struct ub *v, char **names)
{
	char **seeds = seed_names(u->seeds), *lib = NULL;
	int status = SAME, r, built;

	if (seeds == NULL) {
		fprintf(stderr, "ubuild: audit: %s: %s\n", u->seeds, strerror(errno));
		return FAILED;
	}
	built = (r = ub_build_lib(v, v->cache, &lib)) == UB_OK;

	if (!built)
		status = failed("libcmd.a", r);
	else if (lib != NULL && u->shipped != NULL && access(u->shipped, F_OK) == 0 && wanted(names, "libcmd.a"))
		status = compare(u, "libcmd.a", lib, u->shipped);
	v->lib = lib;
	for (size_t i = 0; built && seeds[i] != NULL; i++)	/* no library, no seed build */
		if (wanted(names, seeds[i]) && (r = audit_seed(u, v, seeds[i])) > status)
			status = r;
	for (; *names != NULL; names++)
		if (strcmp(*names, "libcmd.a") != 0 && !listed(seeds, *names))
			status = FAILED, fprintf(stderr, "ubuild: audit: %s: no seed in %s\n", *names, u->seeds);
	ub_free_list(seeds);
	free(lib);
	return status;
}

int
ub_audit(const struct ub *u, char **names)
{
	char dir[4096] = "";
	struct ub v = *u;
	int status;

	if (u->seeds == NULL || ub_mkdtemp("ubuild-audit", dir, sizeof dir) < 0) {
		fprintf(stderr, "ubuild: audit: %s: %s\n", dir, strerror(errno));
		return FAILED;
	}
	v.seed = 1;
	v.verbose = 0;	/* stdout is the report; the compiler's own errors still show */
	v.cache = v.seeds = dir;
	v.shipped = NULL;
	status = audit_all(u, &v, names);
	ub_rm_tree(dir);
	if (fflush(stdout) != 0) {
		fprintf(stderr, "ubuild: write error: %s\n", strerror(errno));
		return FAILED;
	}
	return status;
}
