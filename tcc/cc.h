/* cc.h - the project's only door to libtcc */
#ifndef CC_H
#define CC_H

enum cc_kind { CC_EXE, CC_OBJ };

struct cc_job {
	enum cc_kind kind;
	const char *out;		/* file to write */
	const char *const *inputs;	/* .c .o .a, NULL-terminated, link order */
	const char *const *incdirs;	/* -I, NULL-terminated, or NULL */
	const char *const *defines;	/* "NAME=VALUE", NULL-terminated, or NULL */
	const char *const *undefines;	/* -U NAME */
	const char *const *libdirs;	/* -L DIR */
	const char *const *libnames;	/* -l NAME, after the inputs */
	const char *options;		/* more tcc flags (-Wall -g ...), space-separated */
	/* told every file the build reads and its descriptor (read it with pread:
	 * the build's offset must not move), or NULL */
	void (*opened)(void *, const char *, int);
	void *opened_arg;
	const char *const *probe;	/* CC_EXE: symbols to look up in the link, or NULL */
	char *defined;			/* defined[i]: did the link define probe[i] */
};

/*
 * Compile and (for CC_EXE) statically link a job. Diagnostics, in tcc's
 * "file:line: error: message" form, go to diag(arg, msg). Returns 0 or -1.
 * libtcc is not reentrant. Its exit() on an internal error fails the build
 * (see __wrap_exit), after which no build runs in this process again.
 */
int cc_build(const struct cc_job *job, void (*diag)(void *, const char *), void *arg);

/* The builder links with -Wl,--wrap=open so that job->opened sees libtcc's
 * opens, and with -Wl,--wrap=exit (see cc.c). */
int __wrap_open(const char *path, int flags, ...);
_Noreturn void __wrap_exit(int status);

#endif
