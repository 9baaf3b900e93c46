/*
 * test_cc.c - cc.c around a stand-in libtcc: an exit() inside a build fails
 * that build and every later one, and leaves the process running; an exit()
 * outside a build exits; files opened during a build are closed on exec.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "libtcc.h"
#include "cc.h"

/* ---- the stand-in: options "exit" calls exit(), inputs are opened ---- */

struct TCCState {
	TCCErrorFunc diag;
	void *arg;
};
static struct TCCState state;
static int input_cloexec = -1, deleted;

TCCState *tcc_new(void) { deleted = 0; return &state; }
void tcc_delete(TCCState *s) { (void)s; deleted = 1; }
void tcc_set_error_func(TCCState *s, void *arg, TCCErrorFunc f) { s->diag = f, s->arg = arg; }
int tcc_set_output_type(TCCState *s, int t) { (void)s; (void)t; return 0; }
int tcc_add_include_path(TCCState *s, const char *p) { (void)s; (void)p; return 0; }
void tcc_define_symbol(TCCState *s, const char *n, const char *v) { (void)s; (void)n; (void)v; }
void tcc_undefine_symbol(TCCState *s, const char *n) { (void)s; (void)n; }
int tcc_add_library_path(TCCState *s, const char *p) { (void)s; (void)p; return 0; }
int tcc_add_library(TCCState *s, const char *n) { (void)s; (void)n; return 0; }
int tcc_output_file(TCCState *s, const char *f) { (void)s; (void)f; return 0; }
void tcc_list_symbols(TCCState *s, void *c, void (*f)(void *, const char *, const void *))
{ (void)s; (void)c; (void)f; }

void
tcc_set_options(TCCState *s, const char *opt)
{
	if (strcmp(opt, "exit") == 0) {
		s->diag(s->arg, "tcc: error: giving up");
		exit(1);
	}
}

int
tcc_add_file(TCCState *s, const char *path)
{
	int fd = open(path, O_RDONLY);

	(void)s;
	if (fd < 0)
		return -1;
	input_cloexec = (fcntl(fd, F_GETFD) & FD_CLOEXEC) != 0;
	close(fd);
	return 0;
}

/* ---- the tests ---- */

static char said[256];
static int opened_count;

static void
diag(void *arg, const char *msg)
{
	(void)arg;
	snprintf(said, sizeof said, "%s", msg);
}

static void
opened(void *arg, const char *path, int fd)
{
	(void)arg;
	(void)path;
	(void)fd;
	opened_count++;
}

static const char *const inputs[] = { "/dev/null", NULL };

static void
inputs_opened_close_on_exec(void **st)
{
	struct cc_job job = { .kind = CC_OBJ, .out = "/dev/null", .inputs = inputs,
		.opened = opened };
	int fd;

	(void)st;
	assert_int_equal(cc_build(&job, diag, NULL), 0);
	assert_int_equal(input_cloexec, 1);
	assert_int_equal(opened_count, 1);
	assert_true(deleted);
	fd = open("/dev/null", O_RDONLY);	/* outside a build: as asked */
	assert_true(fd >= 0);
	assert_int_equal(fcntl(fd, F_GETFD) & FD_CLOEXEC, 0);
	close(fd);
}

static void
exit_outside_a_build_exits(void **st)
{
	pid_t pid;
	int status;

	(void)st;
	if ((pid = fork()) == 0)
		exit(7);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 7);
}

/* Last: it leaves this process without a usable libtcc. */
static void
exit_in_a_build_fails_it(void **st)
{
	struct cc_job job = { .kind = CC_OBJ, .out = "/dev/null", .inputs = inputs,
		.options = "exit" };

	(void)st;
	assert_int_equal(cc_build(&job, diag, NULL), -1);
	assert_string_equal(said, "tcc: error: giving up");
	assert_false(deleted);	/* libtcc's state is left as it was */
	job.options = NULL;
	input_cloexec = -1;
	assert_int_equal(cc_build(&job, diag, NULL), -1);
	assert_non_null(strstr(said, "ended in exit()"));
	assert_int_equal(input_cloexec, -1);	/* not even started */
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(inputs_opened_close_on_exec),
		cmocka_unit_test(exit_outside_a_build_exits),
		cmocka_unit_test(exit_in_a_build_fails_it),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
