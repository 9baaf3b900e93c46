/* build.c - compile the library and commands into a cache directory */
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "ar.h"
#include "cc.h"
#include "cmd.h"
#include "key.h"
#include "ubuild.h"

void
ub_diag(void *arg, const char *msg)
{
	(void)arg;
	fprintf(stderr, "%s\n", msg);
}

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void
report(const struct ub *u, const char *what, double t0, const struct rusage *ru)
{
	if (u->verbose)
		fprintf(stderr, "ubuild: %s: compiled in %.2f ms, peak RSS %ld KiB\n",
		    what, now_ms() - t0, ru->ru_maxrss);
}

/*
 * libtcc keeps global state, and what one build leaves behind (memory,
 * a crash) should not reach the next: a process that builds several things
 * compiles each in a child. Returns the child's exit status, or UB_ESYS.
 */
int
ub_in_child(const struct ub *u, const char *what, int (*fn)(void *), void *arg)
{
	struct rusage ru;
	double t0 = now_ms();
	pid_t pid = fork();
	int st;

	if (pid < 0)
		return UB_ESYS;
	if (pid == 0)
		_exit(fn(arg));
	while (wait4(pid, &st, 0, &ru) < 0)
		if (errno != EINTR)
			return UB_ESYS;
	report(u, what, t0, &ru);
	if (!WIFEXITED(st))
		return errno = EINTR, UB_ESYS;
	return WEXITSTATUS(st);
}

/* One command, and then this process runs it or exits (u->once): a fork less. */
static int
in_process(const struct ub *u, const char *what, int (*fn)(void *), void *arg)
{
	struct rusage ru;
	double t0 = now_ms();
	int r = fn(arg);

	if (getrusage(RUSAGE_SELF, &ru) == 0)
		report(u, what, t0, &ru);
	return r;
}

static char *
join(const char *a, const char *b)
{
	size_t n = strlen(a) + strlen(b) + 2;
	char *p = malloc(n);

	if (p != NULL)
		snprintf(p, n, "%s/%s", a, b);
	return p;
}

/* ---- the library: the .c files of SRC/lib -> DIR/.lib/libcmd.a ---- */

struct libjob {
	char **srcs;		/* all library files; the .c ones are compiled */
	const char *tmpdir;	/* objects go here, named after their sources */
	const char *key;	/* the stat key, or NULL (ubuild -L) */
	char hash[LIB_HASH_LEN];	/* the content key */
	const struct ub *u;
	int fd;			/* the archive */
	struct paths read;	/* what all objects read, with digests (measure.c) */
};

/* What the archive records: the content key, what each object read, the stat key. */
static char *
lib_note(const struct libjob *j, const char *deps, size_t len)
{
	char *note = NULL;
	size_t n;
	FILE *f = open_memstream(&note, &n);

	if (f == NULL)
		return NULL;
	fputs(j->hash, f);
	fwrite(deps, 1, len, f);
	if (j->key != NULL)
		fputs(j->key, f);
	if (fclose(f) != 0) {
		free(note);
		return NULL;
	}
	return note;
}

static char *
obj_name(const char *tmpdir, const char *src)
{
	const char *b = strrchr(src, '/');
	char *o = join(tmpdir, b ? b + 1 : src);

	if (o != NULL)
		o[strlen(o) - 1] = 'o';
	return o;
}

/* Compile SRC into OUT and add the line of what it read to DEPS. */
static int
lib_object(struct libjob *j, const char *src, const char *out, FILE *deps)
{
	const char *in[2] = { src, NULL };
	struct paths p = { .under = j->u->src, .hash = j->read.hash };
	struct cc_job job = { .kind = CC_OBJ, .inputs = in, .out = out,
		.opened = paths_opened, .opened_arg = &p };
	int r = UB_OK;

	if (cc_build(&job, ub_diag, NULL) < 0)
		r = UB_ECOMPILE;
	else if (ub_elf_complete(out) != 1)
		r = UB_ESPACE;	/* tcc does not see its own write errors */
	else if (p.failed || deps_put(deps, &p) < 0)
		r = UB_ESYS;
	for (size_t i = 0; r == UB_OK && i < p.n; i++)
		paths_add_sum(&j->read, p.v[i], p.hash ? p.sum[i] : NULL);
	if (j->read.failed)
		r = UB_ESYS;
	paths_free(&p);
	return r;
}

static int
lib_child(void *arg)
{
	struct libjob *j = arg;
	const char *objs[256];
	char *deps = NULL, *note;
	size_t n = 0, len;
	FILE *df = open_memstream(&deps, &len);
	int r;

	if (df == NULL)
		return UB_ESYS;
	j->read.under = j->u->src;
	j->read.hash = ub_measuring(j->u);
	fputs(DEPS_MAGIC, df);
	for (size_t i = 0; j->srcs[i] != NULL; i++) {
		if (!ub_is_c(j->srcs[i]))
			continue;
		if (n + 1 == sizeof objs / sizeof *objs) {
			fprintf(stderr, "ubuild: library: too many files\n");
			return UB_ECOMPILE;
		}
		if ((objs[n] = obj_name(j->tmpdir, j->srcs[i])) == NULL)
			return UB_ESYS;
		if ((r = lib_object(j, j->srcs[i], objs[n++], df)) != UB_OK)
			return r;
	}
	objs[n] = NULL;
	if (fclose(df) != 0 || (note = lib_note(j, deps, len)) == NULL)
		return UB_ESYS;
	if (ar_write(j->fd, objs, note) < 0 || fsync(j->fd) < 0)
		return errno == EINVAL ? UB_ECOMPILE : UB_ESPACE;
	return j->read.v != NULL ? ub_seal(j->u, j->read.v, &j->read) : UB_OK;
}

static void
remove_objs(const char *tmpdir, char **srcs)
{
	char *o;

	for (size_t i = 0; srcs[i] != NULL; i++) {
		if (ub_is_c(srcs[i]) && (o = obj_name(tmpdir, srcs[i])) != NULL) {
			unlink(o);
			free(o);
		}
	}
	rmdir(tmpdir);
}

static int
has_c(char **v)
{
	for (; *v != NULL; v++)
		if (ub_is_c(*v))
			return 1;
	return 0;
}

static int
lib_compile(const struct ub *u, struct libjob *j, const char *libdir, const char *out)
{
	char *tmp = ub_tmpname(libdir, "libcmd.a");
	int r = UB_ESYS;

	j->tmpdir = ub_tmpname(libdir, "objs");
	if (tmp == NULL || j->tmpdir == NULL || mkdir(j->tmpdir, 0700) < 0)
		goto out;
	if ((j->fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)) < 0)
		goto out_dir;
	r = ub_in_child(u, "libcmd.a", lib_child, j);
	close(j->fd);
	if (r != UB_OK || ub_publish(tmp, out) < 0) {
		r = r == UB_OK ? UB_ESYS : r;
		unlink(tmp);
	}
out_dir:
	remove_objs(j->tmpdir, j->srcs);
out:
	free(tmp);
	free((char *)j->tmpdir);
	return r;
}

/*
 * "UBH1 <SHA-256 of each library file's name, size and bytes>\n": the
 * content key. Unlike the stat key it survives copying the files, so an
 * archive built with the image (ubuild -L) is taken on the target as long as
 * the sources are unchanged, and rebuilt as soon as one is edited.
 */
static int
lib_hash(char **srcs, char out[LIB_HASH_LEN])
{
	memcpy(out, "UBH1 ", 5);
	if (ub_content_hash(srcs, out + 5) < 0)
		return -1;
	memcpy(out + 69, "\n", 2);
	return 0;
}

/* FROM was built from these very sources elsewhere: copy it to OUT with our stat key. */
static int
lib_adopt(const struct ub *u, struct libjob *j, const char *libdir, const char *from,
    const char *out)
{
	char *tmp = ub_tmpname(libdir, "libcmd.a"), *note = NULL;
	const char *deps;
	struct ar_info a;
	size_t len;
	int fd, r = UB_ESYS;

	if (tmp == NULL)
		return UB_ESYS;
	if (ar_read(from, &a) < 0) {
		free(tmp);
		return UB_ESYS;
	}
	if ((deps = deps_section(a.note, &len)) == NULL)
		deps = "", len = 0;	/* an older archive: the next build remakes it */
	note = lib_note(j, deps, len);
	ar_info_free(&a);
	if (note != NULL && (fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)) >= 0) {
		if (ar_renote(from, fd, note) == 0 && fsync(fd) == 0)
			r = UB_OK;
		else
			r = errno == ENOSPC || errno == EDQUOT ? UB_ESPACE : UB_ESYS;
		close(fd);
	}
	if (r != UB_OK || ub_publish(tmp, out) < 0) {
		r = r == UB_OK ? UB_ESYS : r;
		unlink(tmp);
	}
	if (r == UB_OK && u->verbose && strcmp(from, out) != 0)
		fprintf(stderr, "ubuild: libcmd.a: sources unchanged, taken as built from %s\n", from);
	free(tmp);
	free(note);
	return r;
}

/* Not fresh by its stat key: take it, or the shipped one, by the content key; or compile. */
static int
lib_refresh(const struct ub *u, struct libjob *j, const char *libdir, const char *out)
{
	ub_clean_tmp(libdir);
	if (lib_hash(j->srcs, j->hash) < 0)
		return UB_ESYS;
	if (u->seed) {
		j->key = NULL;	/* no stat key: it would differ per build host */
		return lib_compile(u, j, libdir, out);
	}
	if (ub_has(out, j->hash, strlen(j->hash)) == 1)
		return lib_adopt(u, j, libdir, out, out);
	if (u->shipped != NULL && ub_has(u->shipped, j->hash, strlen(j->hash)) == 1)
		return lib_adopt(u, j, libdir, u->shipped, out);
	if (u->verbose)
		fprintf(stderr, "ubuild: libcmd.a: no build of these sources (%.13s...)\n", j->hash);
	if (ub_strict_check(u, j->srcs) != UB_OK)
		return UB_ESTRICT;
	return lib_compile(u, j, libdir, out);
}

/*
 * Is the archive at OUT built from what KEY describes? 1 by the key it
 * holds: then it is read into KEEP, if not NULL; 2 by an older key still
 * fresh: then HASH is its content key.
 */
static int
lib_fresh(const char *out, const char *key, char hash[LIB_HASH_LEN], struct ar_info *keep)
{
	struct ar_info a;
	int r;

	if (ar_read(out, &a) < 0)
		return 0;
	r = ub_note_hit(a.note, key);
	if (r == 2 && (strncmp(a.note, "UBH1 ", 5) != 0 || strlen(a.note) < LIB_HASH_LEN - 1 ||
	    a.note[LIB_HASH_LEN - 2] != '\n'))
		r = 1;	/* no content key to carry over */
	else if (r == 2)
		snprintf(hash, LIB_HASH_LEN, "%.*s", LIB_HASH_LEN - 1, a.note);
	if (r == 1 && keep != NULL)
		*keep = a;
	else
		ar_info_free(&a);
	return r;
}

/* Does KEY check any file by its bytes (one edited moments before)? */
static int
key_racy(const char *key)
{
	static struct key_entry e;
	const char *p = key + strlen(KEY_MAGIC);

	while (*p != '\0' && (p = key_next(p, &e)) != NULL)
		if (e.hashed)
			return 1;
	return 0;
}

/* The library from SRCS, the files of SRC/lib as listed (not freed here);
 * read into AR (if not NULL) when it was fresh. */
static int
build_lib(const struct ub *u, const char *dir, char **srcs, char **lib, struct ar_info *ar)
{
	struct libjob j = { .u = u, .srcs = srcs };
	char *libdir = join(dir, ".lib"), *out = NULL, *key = NULL;
	int lk = -1, r = UB_ESYS, fresh = 0;

	*lib = NULL;
	if (libdir == NULL)
		goto out;
	if (!has_c(j.srcs)) {
		r = UB_OK;
		goto out;
	}
	if ((j.key = key = key_make((const char *const *)j.srcs)) == NULL ||
	    (out = join(libdir, "libcmd.a")) == NULL)
		goto out;
	if ((mkdir(libdir, 0755) < 0 && errno != EEXIST) || (lk = ub_lock(dir, ".lib")) < 0)
		goto out;
	if (u->seed || (fresh = lib_fresh(out, j.key, j.hash, ar)) == 0)
		r = lib_refresh(u, &j, libdir, out);
	else
		r = UB_OK;
	/* Fresh by an older key that hashes files: a copy under today's key
	 * spares every later build those hashes (a failed copy changes nothing). */
	if (fresh == 2 && !key_racy(j.key))
		lib_adopt(u, &j, libdir, out, out);
	if (r == UB_OK) {
		*lib = out;
		out = NULL;
	}
out:
	if (lk >= 0)
		close(lk);
	free(key);
	free(libdir);
	free(out);
	return r;
}

int
ub_build_lib(const struct ub *u, const char *dir, char **lib)
{
	char **srcs = ub_lib_sources(u);
	int r;

	*lib = NULL;
	if (srcs == NULL)
		return UB_ESYS;
	r = build_lib(u, dir, srcs, lib, NULL);
	ub_free_list(srcs);
	return r;
}

/* ---- a command: SRC/NAME.c or the .c files of SRC/NAME/ + check object + library -> DIR/NAME ---- */

/*
 * The key goes into the binary, but it names what the build read, known only
 * once the build is done. So the binary gets a slot for it, marked, big
 * enough for any key the build can make, and the key is written into the
 * slot afterwards: no second compile, and the layout does not move.
 */
#define SLOT_MARK "\001UBKEYSLOT\002"

struct cmdjob {
	char **files;		/* the command's own files: .c compiled, .h and the directory not */
	char **libsrcs;		/* the library's files, listed once per build */
	const char *lib, *out, *dir;	/* dir: SRC/NAME for a directory command, or NULL */
	struct ar_info ar;	/* the library's index and note */
	size_t slot;		/* bytes for the key */
	const struct ub *u;
	char *stamp;		/* an object: the slot, the entry and the names for check.c */
};

/* __ubin_names: "NAME\0OTHER\0...\0", what check.c may re-run the builder as. */
static char *
names_blob(char **names, size_t *len)
{
	size_t n = 1;
	char *blob, *p;

	for (size_t i = 0; names[i] != NULL; i++)
		n += strlen(names[i]) + 1;
	if ((p = blob = malloc(n)) == NULL)
		return NULL;
	for (size_t i = 0; names[i] != NULL; i++)
		p = stpcpy(p, names[i]) + 1;
	*p = '\0';
	*len = n;
	return blob;
}

/* The slot, the entry and the names for check.c, as an object at PATH. */
static int
write_stamp(const struct ub *u, const char *name, char **names, size_t slot, const char *path)
{
	char entry[4096];
	struct ub_stamp st = { .mark = SLOT_MARK, .slot = slot, .entry = entry, .bin = u->bin };
	char *blob = names_blob(names, &st.names_len);
	int r;

	if (blob == NULL)
		return -1;
	st.names = blob;
	snprintf(entry, sizeof entry, "%s/%s", u->bin, name);
	r = ub_stamp_write(path, &st);
	free(blob);
	return r;
}

/*
 * What the build read: its own files, the headers under SRC it opened, and
 * the library files of every object it took from the archive (an object is
 * taken when the link defines any of its symbols; when the archive cannot
 * say what an object read, every library file counts).
 */
static int
cmd_read(struct cmdjob *j, const struct paths *seen, const char *defined, struct paths *all)
{
	char **opened = malloc((seen->n + 1) * sizeof *opened);

	if (opened == NULL)
		return -1;
	all->under = j->u->src;
	for (size_t i = 0; j->files[i] != NULL; i++)
		paths_add(all, j->files[i]);
	/* sorted apart: seen's digests stay beside their paths */
	memcpy(opened, seen->v, seen->n * sizeof *opened);
	qsort(opened, seen->n, sizeof *opened, ub_by_name);
	for (size_t i = 0; i < seen->n; i++)
		paths_add(all, opened[i]);
	free(opened);
	for (size_t i = 0; i < j->ar.nsyms; i++) {
		if (!defined[i] || deps_get(j->ar.note, j->ar.member[i], all) == 0)
			continue;
		for (size_t k = 0; j->libsrcs[k] != NULL; k++)
			paths_add(all, j->libsrcs[k]);
		break;
	}
	return all->failed ? -1 : 0;
}

/* KEY at SLOTP, then zeros to the slot's end: nothing of a longer record stays behind it. */
static int
put_key(char *slotp, const char *key, size_t slot)
{
	size_t n = strlen(key) + 1;

	if (n > slot)
		return UB_ESLOT;
	memcpy(slotp, key, n);
	memset(slotp + n, 0, slot - n);
	return UB_OK;
}

/* Write KEY into the slot of the binary at PATH. */
static int
fill_slot(const char *path, const char *key, size_t slot)
{
	size_t len;
	char *buf = ub_slurp(path, &len), *p;
	int fd, r = UB_ESYS;

	if (buf == NULL)
		return UB_ESYS;
	p = memmem(buf, len, SLOT_MARK, sizeof SLOT_MARK);
	if (p == NULL || memmem(p + 1, len - (p + 1 - buf), SLOT_MARK, sizeof SLOT_MARK) != NULL ||
	    slot > len - (p - buf)) {
		fprintf(stderr, "ubuild: %s: no single key slot in the binary\n", path);
		r = UB_ECOMPILE;
	} else if ((r = put_key(p, key, slot)) == UB_OK && (fd = open(path, O_WRONLY | O_CLOEXEC)) >= 0) {
		if (pwrite(fd, p, slot, p - buf) != (ssize_t)slot)
			r = UB_ESYS;
		close(fd);
	} else if (r == UB_OK) {
		r = UB_ESYS;
	}
	free(buf);
	return r;
}

/*
 * Key the binary by what the build read; then check and measure that
 * (measure.c). A seed build (ubuild -L) gets the content record instead:
 * no stat data, so the same sources give the same bytes anywhere.
 */
static int
cmd_stamp(struct cmdjob *j, const struct paths *seen, const char *defined)
{
	struct paths all = { 0 };
	char *key;
	int r = UB_ESYS;

	if (cmd_read(j, seen, defined, &all) == 0 &&
	    (key = j->u->seed ? ub_seed_record(all.v, j->slot) : key_make((const char *const *)all.v)) != NULL) {
		r = fill_slot(j->out, key, j->slot);
		free(key);
	}
	if (r == UB_OK)
		r = ub_seal(j->u, all.v, seen);
	paths_free(&all);
	return r;
}

/* Compile and link the command into j->out: what it opened into SEEN,
 * which of the library's symbols it defined into DEFINED. */
static int
cmd_link(struct cmdjob *j, struct paths *seen, char *defined)
{
	char inc[4096];
	const char *in[UB_FILES_MAX + 8], *incs[] = { j->dir ? j->dir : inc, j->dir ? inc : NULL, NULL };
	const char *defs[] = { "main=__ubin_main", NULL };
	struct cc_job job = { .kind = CC_EXE, .out = j->out, .inputs = in,
		.incdirs = incs, .defines = defs, .opened = paths_opened, .opened_arg = seen,
		.probe = (const char *const *)j->ar.syms, .defined = defined };
	size_t n = 0;

	for (size_t i = 0; j->files[i] != NULL; i++) {
		if (!ub_is_c(j->files[i]))
			continue;
		if (n == UB_FILES_MAX) {
			fprintf(stderr, "ubuild: %s: more than %d .c files\n", j->dir, UB_FILES_MAX);
			return UB_ECOMPILE;
		}
		in[n++] = j->files[i];
	}
	in[n++] = j->stamp;
	in[n++] = j->u->check;
	if (j->lib != NULL)
		in[n++] = j->lib;
	for (const char *const *l = j->u->libs; l != NULL && *l != NULL && n < UB_FILES_MAX + 7; l++)
		in[n++] = *l;
	in[n] = NULL;
	snprintf(inc, sizeof inc, "%s/lib", j->u->src);
	if (cc_build(&job, ub_diag, NULL) < 0)
		return UB_ECOMPILE;
	return ub_elf_complete(j->out) == 1 ? UB_OK : UB_ESPACE;
}

static int
cmd_child(void *arg)
{
	struct cmdjob *j = arg;
	struct paths seen = { .under = j->u->src, .hash = ub_measuring(j->u) };
	char *defined = calloc(j->ar.nsyms + 1, 1);
	int r = defined == NULL ? UB_ESYS : cmd_link(j, &seen, defined);

	if (r == UB_OK)
		r = seen.failed ? UB_ESYS : cmd_stamp(j, &seen, defined);
	paths_free(&seen);
	free(defined);
	return r;
}

/* Room for the largest key this build can make: its own files and the whole library. */
static size_t
slot_size(char **own, char **lib)
{
	size_t n = 256;

	for (size_t i = 0; own[i] != NULL; i++)
		n += strlen(own[i]) + 200;
	for (size_t i = 0; lib[i] != NULL; i++)
		n += strlen(lib[i]) + 200;	/* "LEN:", five numbers, a hash: < 200 */
	return n;
}

static int
cmd_compile(const struct ub *u, struct cmdjob *j, const char *dir, const char *name,
    const char *out)
{
	char *tmp = ub_tmpname(dir, name);
	int fd, r;

	if (tmp == NULL)
		return UB_ESYS;
	ub_clean_tmp(dir);
	/* Claim the name first: an unwritable cache shows here, not as a compile error. */
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0755)) < 0) {
		free(tmp);
		return UB_ESYS;
	}
	close(fd);
	j->out = tmp;
	r = (u->once ? in_process : ub_in_child)(u, name, cmd_child, j);
	if (r == UB_OK && ub_elf_complete(tmp) != 1)
		r = UB_ESPACE;
	if (r == UB_ECOMPILE || r == UB_ESTRICT || r == UB_EMEASURE)
		unlink(out);	/* a failed build leaves the slot empty, never stale */
	if (r != UB_OK || ub_publish(tmp, out) < 0) {
		r = r == UB_OK ? UB_ESYS : r;
		unlink(tmp);
	}
	free(tmp);
	return r;
}

/* A build that reads files outside its own and the library's may need a bigger slot. */
static int
cmd_build(const struct ub *u, struct cmdjob *j, const char *dir, const char *name,
    char **names, const char *out)
{
	int r = UB_ESLOT;

	if ((j->stamp = ub_tmpname(dir, "stamp.o")) == NULL)
		return UB_ESYS;
	for (j->slot = slot_size(j->files, j->libsrcs); r == UB_ESLOT && j->slot < ((size_t)1 << 24); j->slot *= 4) {
		if (write_stamp(u, name, names, j->slot, j->stamp) < 0) {
			r = UB_ESYS;	/* errno says why, as for the output's own temp file */
			break;
		}
		r = cmd_compile(u, j, dir, name, out);
	}
	unlink(j->stamp);
	return r;
}

/*
 * DIR/OTHER -> NAME for each other name, made as a temp link and renamed
 * over: running DIR/OTHER shows the kernel (AT_EXECFN) the name it was run by.
 */
static void
link_names(const char *dir, char **names)
{
	char *tmp, *to;

	for (size_t i = 1; names[i] != NULL; i++) {
		if ((tmp = ub_tmpname(dir, names[i])) == NULL || (to = join(dir, names[i])) == NULL) {
			free(tmp);
			continue;
		}
		unlink(tmp);
		if (symlink(names[0], tmp) == 0)
			ub_publish(tmp, to);
		free(tmp);
		free(to);
	}
}

/* ---- a seed: the image's build of a command, keyed by content (seed.c) ---- */

static int
has_path(const struct paths *p, const char *path)
{
	for (size_t i = 0; i < p->n; i++)
		if (strcmp(p->v[i], path) == 0)
			return 1;
	return 0;
}

/* The record at AT of the seed BUF (LEN bytes): does it describe today's files,
 * every one of OWN among them (a file added to a directory command is in none)? */
static int
seed_matches(const char *buf, size_t len, long at, char **own, struct seed_rec *sr)
{
	char hex[65];

	if (at < 0 || ub_seed_parse(buf + at, sr) < 0)
		return 0;
	if ((size_t)at + sr->slot <= len && ub_content_hash(sr->paths.v, hex) == 0 &&
	    strcmp(hex, sr->hash) == 0) {
		for (; *own != NULL && has_path(&sr->paths, *own); own++)
			;
		if (*own == NULL)
			return 1;
	}
	paths_free(&sr->paths);
	return 0;
}

/* SEEDS/NAME, if built from exactly today's sources: its bytes, or NULL. */
static char *
seed_load(const struct ub *u, const char *name, char **own, struct seed_rec *sr, size_t *len, long *at)
{
	char path[4096], *buf;

	if (u->seeds == NULL)
		return NULL;
	snprintf(path, sizeof path, "%s/%s", u->seeds, name);
	if ((buf = ub_slurp(path, len)) == NULL)
		return NULL;
	*at = ub_seed_find(buf, *len);
	if (seed_matches(buf, *len, *at, own, sr))
		return buf;
	if (u->verbose)
		fprintf(stderr, "ubuild: %s: no seed of these sources\n", name);
	free(buf);
	return NULL;
}

/* The seed's bytes, its slot keyed, as TMP: whole, or an error code. */
static int
seed_write(const char *tmp, const char *buf, size_t len)
{
	if (ub_write_file(tmp, buf, len, 0755) < 0)
		return errno == ENOSPC || errno == EDQUOT ? UB_ESPACE : UB_ESYS;
	return ub_elf_complete(tmp) == 1 ? UB_OK : UB_ESPACE;
}

/*
 * NAME has a seed built from today's sources: take it as OUT, a stat key of
 * the files it lists in its slot, under a compile's rules: strict mode
 * checks those files and the TPM measures them (measure.c), and the result
 * is published by temp file, ELF check and rename. UB_ENOSEED: compile.
 */
static int
seed_adopt(const struct ub *u, struct cmdjob *j, const char *dir, const char *name, const char *out)
{
	struct seed_rec sr;
	struct paths none = { 0 };
	size_t len;
	long at;
	char *buf = seed_load(u, name, j->files, &sr, &len, &at), *tmp = NULL, *key = NULL;
	int r;

	if (buf == NULL)
		return UB_ENOSEED;
	if ((r = ub_strict_check(u, sr.paths.v)) == UB_OK &&
	    ((key = key_make((const char *const *)sr.paths.v)) == NULL || (tmp = ub_tmpname(dir, name)) == NULL))
		r = UB_ESYS;
	if (r == UB_OK && (r = put_key(buf + at, key, sr.slot)) == UB_OK && (r = seed_write(tmp, buf, len)) == UB_OK)
		r = ub_seal(u, sr.paths.v, &none);
	if (r == UB_ESTRICT || r == UB_EMEASURE)
		unlink(out);	/* as for a compile: the slot empty, never stale */
	if (r == UB_OK && ub_publish(tmp, out) < 0)
		r = UB_ESYS;
	else if (r != UB_OK && tmp != NULL)
		unlink(tmp);
	if (r == UB_OK && u->verbose)
		fprintf(stderr, "ubuild: %s: sources unchanged, taken from the seed\n", name);
	paths_free(&sr.paths);
	free(buf);
	free(tmp);
	free(key);
	return r == UB_ESLOT ? UB_ENOSEED : r;
}

/* Compile; the library first, only now: a fresh command or a seed needs none. */
static int
cmd_make(const struct ub *u, struct cmdjob *j, const char *dir, const char *name, char **names,
    const char *out)
{
	char *lib = NULL;
	int r;

	if ((r = ub_strict_check(u, j->files)) != UB_OK) {
		unlink(out);	/* refused: nothing cached */
		return r;
	}
	if (j->libsrcs == NULL && (j->libsrcs = ub_lib_sources(u)) == NULL)
		return UB_ESYS;
	if (u->lib != NULL)
		r = (lib = strdup(u->lib)) == NULL ? UB_ESYS : UB_OK;
	else
		r = build_lib(u, dir, j->libsrcs, &lib, &j->ar);
	if (r != UB_OK)
		return r;
	j->lib = lib;
	if (lib != NULL && j->ar.data == NULL && ar_read(lib, &j->ar) < 0)
		r = UB_ESYS;
	else
		r = cmd_build(u, j, dir, name, names, out);
	j->lib = NULL;
	free(lib);
	return r;
}

/*
 * NAME into DIR: fresh in the cache, else taken from its seed, else compiled.
 * A seed build (u->seed) always compiles, links u->lib and makes no links.
 */
int
ub_build_cmd(const struct ub *u, const char *dir, const char *name, char **exe)
{
	struct cmdjob j = { 0 };
	char *out = NULL, **names = NULL;
	char path[4096];
	int lk = -1, r = UB_ESYS;

	*exe = NULL;
	j.u = u;
	if ((out = join(dir, name)) == NULL || (j.files = ub_cmd_files(u, name)) == NULL ||
	    (names = ub_cmd_names(u, name)) == NULL || (lk = ub_lock(dir, name)) < 0)
		goto out;
	if (ub_form(u, name, path, sizeof path) == UB_DIR)
		j.dir = j.files[0];
	if (u->seed) {
		r = cmd_make(u, &j, dir, name, names, out);
	} else if (ub_cmd_fresh(out, j.files) == 1) {
		r = UB_OK;
		if (u->verbose)
			fprintf(stderr, "ubuild: %s: cached\n", name);
	} else if ((r = seed_adopt(u, &j, dir, name, out)) == UB_ENOSEED) {
		r = cmd_make(u, &j, dir, name, names, out);
	}
	if (r == UB_OK) {
		if (!u->seed)
			link_names(dir, names);
		*exe = out;
		out = NULL;
	}
out:
	if (lk >= 0)
		close(lk);
	ar_info_free(&j.ar);
	ub_free_list(j.files);
	ub_free_list(j.libsrcs);
	ub_free_list(names);
	free(j.stamp);
	free(out);
	return r == UB_ESLOT ? UB_ECOMPILE : r;
}
