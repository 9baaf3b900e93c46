/* cc.c - build one job with libtcc; every libtcc call of the project is here */
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "libtcc.h"
#include "cc.h"

/*
 * What a build read, whatever libtcc's version: every file it opens for
 * reading (sources, headers found on the include path, crt objects, libc.a,
 * libtcc1.a) passes through open(), which the link redirects here.
 */
static void (*opened)(void *, const char *, int);
static void *opened_arg;
static jmp_buf *escape;	/* set while a build runs: see __wrap_exit */

int
__wrap_open(const char *path, int flags, ...)
{
	va_list ap;
	int mode = 0, fd;

	if (flags & (O_CREAT | O_TMPFILE)) {
		va_start(ap, flags);
		mode = va_arg(ap, int);
		va_end(ap);
	}
	/* a build may run in the process that then executes the command */
	if (escape != NULL)
		flags |= O_CLOEXEC;
	/* The system call itself: musl's open() follows each O_CLOEXEC open
	 * with an fcntl, for kernels older than 2.6.23. */
	fd = syscall(SYS_openat, AT_FDCWD, path, flags, mode);
	if (fd >= 0 && opened != NULL && (flags & O_ACCMODE) == O_RDONLY)
		opened(opened_arg, path, fd);
	return fd;
}

/*
 * libtcc calls exit() on errors it cannot return from (out of memory, some
 * linker errors). The builder links with -Wl,--wrap=exit: during a build
 * that exit fails the build instead, so a build may run in the process that
 * asked for it. libtcc's state is then left as it was: no later build in
 * this process.
 */
static int spent;

_Noreturn void __real_exit(int status);

_Noreturn void
__wrap_exit(int status)
{
	if (escape != NULL)
		longjmp(*escape, 1);
	__real_exit(status);
}

static int
add_all(TCCState *s, const char *const *v, int (*add)(TCCState *, const char *))
{
	for (; v != NULL && *v != NULL; v++)
		if (add(s, *v) < 0)
			return -1;
	return 0;
}

static int
define(TCCState *s, const char *def)
{
	tcc_define_symbol(s, def, NULL);
	return 0;
}

static int
undefine(TCCState *s, const char *name)
{
	tcc_undefine_symbol(s, name);
	return 0;
}

static void
probed(void *arg, const char *name, const void *val)
{
	const struct cc_job *job = arg;

	(void)val;
	for (size_t i = 0; job->probe[i] != NULL; i++)
		if (name[0] == job->probe[i][0] && strcmp(name, job->probe[i]) == 0)
			job->defined[i] = 1;
}

static int
compile(TCCState *s, const struct cc_job *job)
{
	if (tcc_set_output_type(s, job->kind == CC_OBJ ? TCC_OUTPUT_OBJ : TCC_OUTPUT_EXE) < 0)
		return -1;
	if (job->kind == CC_EXE)
		tcc_set_options(s, "-static");
	if (job->options != NULL)
		tcc_set_options(s, job->options);
	if (add_all(s, job->incdirs, tcc_add_include_path) < 0 ||
	    add_all(s, job->defines, define) < 0 ||
	    add_all(s, job->undefines, undefine) < 0 ||
	    add_all(s, job->libdirs, tcc_add_library_path) < 0 ||
	    add_all(s, job->inputs, tcc_add_file) < 0 ||
	    add_all(s, job->libnames, tcc_add_library) < 0)
		return -1;
	if (tcc_output_file(s, job->out) < 0)
		return -1;
	/* The linked state stays until tcc_delete: which symbols it defined
	 * tells which archive members it took. (tcc_get_symbol cannot say:
	 * a static link leaves the symbol table without its hash.) */
	if (job->probe != NULL)
		tcc_list_symbols(s, (void *)job, probed);
	return 0;
}

int
cc_build(const struct cc_job *job, void (*diag)(void *, const char *), void *arg)
{
	jmp_buf here;
	TCCState *s;
	int r;

	if (spent) {
		diag(arg, "tcc: an earlier build in this process ended in exit()");
		return -1;
	}
	if ((s = tcc_new()) == NULL)
		return -1;
	tcc_set_error_func(s, arg, diag);
	opened = job->opened;
	opened_arg = job->opened_arg;
	if (setjmp(here) == 0) {
		escape = &here;
		r = compile(s, job);
		escape = NULL;
		tcc_delete(s);
	} else {
		escape = NULL;
		spent = 1;
		r = -1;
	}
	opened = NULL;
	return r;
}
