/* cmd.h - the shared command library: options, errors, exit status, I/O */
#ifndef CMD_H
#define CMD_H

/* Commands are Linux programs: take the whole libc, under tcc and gcc -std=c99 alike. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include <sys/types.h>
#include <sys/stat.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/*
 * Option parsing, getopt's spec syntax ("ab:c"), but all state lives in the
 * struct: no hidden globals, so a command can be run twice in one process.
 * "--help" as the first argument prints "usage: USAGE" and exits 0.
 */
struct opt {
	int argc;
	char **argv;
	const char *usage;
	const char *name;	/* basename of argv[0], also set as cmd_name */
	int ind;		/* index of the next argument to look at */
	int pos;		/* offset inside a cluster such as -la */
	int opt;		/* last option character returned */
	char *arg;		/* its argument, for "x:" options */
};
#define OPT_INIT(argc, argv, usage) \
	{ (argc), (argv), (usage), cmd_setname((argv)[0]), 1, 0, 0, NULL }

int opt_next(struct opt *o, const char *spec);
_Noreturn void die_usage(const struct opt *o);

/* Errors: "name: message[: strerror]" on stderr. warn* set a sticky status 1. */
extern const char *cmd_name;
extern int cmd_status;
const char *cmd_setname(const char *argv0);
void warn(const char *fmt, ...);
void warn_errno(const char *fmt, ...);
_Noreturn void die(const char *fmt, ...);
_Noreturn void die_errno(const char *fmt, ...);
/* Flush stdout; a write error becomes a message and status 1. Returns the status. */
int cmd_exit(void);

/* Memory: die with "name: out of memory" rather than return NULL. */
void *xmalloc(size_t n);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *path_join(const char *dir, const char *name);	/* malloc'd "dir/name" */

/* I/O on file descriptors, restarting on EINTR and short writes. */
int write_all(int fd, const void *buf, size_t n);	/* 0 or -1 */
int copy_fd(int in, int out);	/* 0; -1 read failed; -2 write failed; errno set */

/* Modes: apply chmod's MODE, octal or symbolic ("u+rwx,go-w", "a=rX", "g=u"),
 * to *m. Clauses naming no user leave the bits in MASK (a umask) alone; ISDIR
 * makes X mean x. Returns 0, or -1 for a malformed MODE. */
int mode_parse(const char *spec, mode_t *m, mode_t mask, int isdir);

/* Names for ids from the passwd and group files, cached; the number if unknown. */
const char *uid_name(uid_t uid);
const char *gid_name(gid_t gid);

/* Columns of the terminal on FD: $COLUMNS, else its window size, else 80. */
int term_cols(int fd);

/* A size for people, in powers of 1024 rounded up: "999", "1.5K", "12M". */
#define HUMAN_LEN 8
char *human_size(char buf[HUMAN_LEN], unsigned long long n);

/* SHA-256 (FIPS 180-4), streaming: init, update any number of times, final. */
struct sha256 {
	uint32_t h[8];
	uint64_t len;
	unsigned char buf[64];
};
void sha256_init(struct sha256 *s);
void sha256_update(struct sha256 *s, const void *data, size_t n);
void sha256_final(struct sha256 *s, unsigned char out[32]);

/* poweroff, reboot, halt: "NAME [-f] [-n] [-d SECONDS]"; signal init, or reboot(how) with -f. */
int power_main(int argc, char **argv, int sig, int how);

#endif
