/* ubuild.h - the on-demand builder: command name -> source -> cache -> exec */
#ifndef UBUILD_H
#define UBUILD_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

/* Where things are on the image. Tests point these at a scratch tree. */
struct ub {
	const char *src;	/* command sources: SRC/NAME.c or SRC/NAME/, library in SRC/lib */
	const char *cache;	/* built commands: CACHE/NAME, CACHE/.lib/libcmd.a */
	const char *bin;	/* builder entries: BIN/NAME, for stale rebuilds */
	const char *check;	/* object wrapped around every command's main */
	const char *const *libs;	/* more static libraries for every command, or NULL */
	int verbose;		/* report compiles and cache hits on stderr */
	int seed;		/* build with content keys only (ubuild -L, --audit): seed.c */
	const char *shipped;	/* the library as the image ships it (ubuild -L), or NULL */
	const char *cmdline;	/* the kernel command line: ubuild.strict there (measure.c) */
	const char *sums;	/* the image's source list, sha256sum lines of /src/... */
	const char *seeds;	/* prebuilt commands keyed by content: SEEDS/NAME (seed.c), or NULL */
	const char *lib;	/* with seed: the library already built, linked as it is */
	int once;		/* this process builds one command, then runs it or exits */
};

#define UB_NAME_MAX 64

/* name.c */
int ub_valid_name(const char *name);
const char *ub_name(const char *execfn, const char *argv0);
const char *ub_command_name(const char *execfn, const char *argv0, char *buf, size_t len);

/* Set by the builder for the binary it executes, so that a binary stale right
 * after its build says so instead of running the builder again (check.c). */
#define UB_BUILT_ENV "UBUILD_BUILT"

/* cache.c: the cache directory's primitives */
int ub_lock(const char *dir, const char *name);		/* fd, or -1 */
int ub_has(const char *path, const char *s, size_t n);	/* 1 yes, 0 no, -1 error */
int ub_elf_complete(const char *path);			/* 1 yes, 0 truncated, -1 */
char *ub_tmpname(const char *dir, const char *name);	/* dir/.tmp.NAME.PID */
int ub_publish(const char *tmp, const char *dst);	/* rename, or unlink tmp */
int ub_note_hit(const char *note, const char *key);	/* 1 KEY itself, 2 its files by an older key, 0 */
int ub_cmd_fresh(const char *path, char **own);	/* 1 its key is fresh and names OWN, 0 no, -1 */
char *ub_slurp(const char *path, size_t *len);	/* the file, NUL-terminated */
int ub_write_file(const char *path, const void *buf, size_t len, mode_t mode);	/* 0, or -1 */
void ub_clean_tmp(const char *dir);			/* remove dead builders' temp files */
int ub_mkdtemp(const char *tag, char *buf, size_t len);	/* $TMPDIR/TAG.XXXXXX made: 0, or -1 */
void ub_rm_tree(const char *dir);			/* a private directory, and all in it */

/* lib.c: the sources a command build reads */
char **ub_lib_sources(const struct ub *u);	/* .c and .h files of SRC/lib, sorted, NULL-terminated */
char **ub_dir_sources(const char *dir);		/* .c and .h files of DIR, the same way */
int ub_is_c(const char *path);
int ub_by_name(const void *a, const void *b);	/* qsort: strings */
void ub_free_list(char **v);

/* cmdsrc.c: a command is SRC/NAME.c or the directory SRC/NAME/ */
enum { UB_NONE, UB_FILE, UB_DIR };
#define UB_NAMES_MAX 16	/* names one command may answer to */
#define UB_FILES_MAX 64	/* .c files of one directory command */
int ub_form(const struct ub *u, const char *name, char *path, size_t len);	/* UB_*; PATH: its source */
char **ub_cmd_files(const struct ub *u, const char *name);	/* its own files, sorted */
char **ub_cmd_names(const struct ub *u, const char *name);	/* its names, its own first */
char *ub_alias_of(const struct ub *u, const char *alias);	/* the command declaring ALIAS, or NULL */
char **ub_all_names(const struct ub *u);	/* every command in SRC, sorted */

/* deps.c: the source files a build read */
struct paths {
	char **v;		/* NULL-terminated once one is added */
	size_t n, cap;
	const char *under;	/* paths_opened keeps paths below this directory */
	int failed;		/* out of memory (or a file unreadable) on the way */
	int hash;		/* paths_opened also keeps each file's SHA-256 ... */
	unsigned char (*sum)[32];	/* ... here, as the build read it (measure.c) */
};
#define DEPS_MAGIC "UBD1\n"
int paths_add(struct paths *p, const char *path);
int paths_add_sum(struct paths *p, const char *path, const unsigned char d[32]);
const unsigned char *paths_sum(const struct paths *p, const char *path);	/* or NULL */
void paths_opened(void *arg, const char *path, int fd);
void paths_free(struct paths *p);
int deps_put(FILE *f, const struct paths *p);
const char *deps_section(const char *note, size_t *len);
int deps_get(const char *note, size_t member, struct paths *p);

/*
 * build.c: build into dir (the cache, or a private fallback directory).
 * Both return 0 and a malloc'd path, or an UB_E* code.
 */
enum { UB_OK = 0, UB_ECOMPILE = 1, UB_ESPACE = 2, UB_ESYS = 3, UB_ESLOT = 4 /* key too long: retry */,
	UB_ESTRICT = 5 /* a source not as shipped */, UB_EMEASURE = 6 /* the TPM failed */,
	UB_ENOSEED = 7 /* no seed of these sources: compile */ };
#define LIB_HASH_LEN 71	/* "UBH1 " 64 hex digits "\n" NUL */
int ub_build_lib(const struct ub *u, const char *dir, char **lib);
int ub_build_cmd(const struct ub *u, const char *dir, const char *name, char **exe);

/* seed.c: content hashing; the rest of FD into S, 0 or -1 with errno;
 * N bytes as 2N lowercase hex digits and a NUL. */
struct sha256;
int ub_hash_fd(struct sha256 *s, int fd);
void ub_hex(const unsigned char *d, size_t n, char *out);
/* Each path's name (with its NUL), size (an off_t) and bytes, in order, as 64 hex digits. */
int ub_content_hash(char *const *paths, char hex[65]);
#define SEED_MAGIC "UBS1 "
struct seed_rec {
	char hash[65];		/* as the record says */
	size_t slot;		/* bytes of the key slot it stands in */
	struct paths paths;	/* the files, in the record's order */
};
char *ub_seed_record(char *const *paths, size_t slot);	/* malloc'd, NULL with errno */
int ub_seed_parse(const char *rec, struct seed_rec *sr);	/* 0, or -1 (malformed) */
long ub_seed_find(const char *buf, size_t len);	/* the record's offset in a binary, or -1 */

/* audit.c: ubuild --audit; its exit status */
int ub_audit(const struct ub *u, char **names);

/*
 * measure.c: strict mode and the source PCR. ub_strict_check and ub_seal
 * return UB_OK, or UB_ESTRICT / UB_EMEASURE after one line on stderr.
 */
#define UB_SOURCE_PCR 14
int ub_strict(const struct ub *u);		/* ubuild.strict on u->cmdline */
int ub_measuring(const struct ub *u);		/* strict, or a TPM: keep digests as files open */
int ub_hash_at(int fd, unsigned char d[32]);	/* the file at FD, offset untouched */
int ub_strict_check(const struct ub *u, char *const *files);	/* before a compile */
int ub_seal(const struct ub *u, char *const *paths, const struct paths *read);	/* after it */

/* Is errno one that means "this directory cannot hold the cache"? */
int ub_unusable(int err);

/* Run fn(arg) in a child (libtcc may exit); its exit status, or UB_ESYS. */
/* The data check.c reads, written as an ELF object (stamp.c). */
struct ub_stamp {
	const char *mark;	/* starts the key's slot, found after the link */
	size_t slot;		/* bytes for the key, the mark included */
	const char *entry, *bin;	/* __ubin_entry, __ubin_bin */
	const char *names;	/* __ubin_names: NUL-separated, an empty one last */
	size_t names_len;
};
int ub_stamp_write(const char *path, const struct ub_stamp *st);	/* 0, or -1 with errno */

int ub_in_child(const struct ub *u, const char *what, int (*fn)(void *), void *arg);
void ub_diag(void *arg, const char *msg);	/* compiler diagnostics to stderr */

/* tccfront.c: `tcc` and `cc`, and C scripts run with `tcc -run` */
int ub_tcc(const struct ub *u, int argc, char **argv);

#endif
