/* test_name.c - which command the builder was asked for */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include "ubuild.h"

static void
name_comes_from_the_executed_path(void **state)
{
	(void)state;
	assert_string_equal(ub_name("/bin/ls", "ls"), "ls");
	assert_string_equal(ub_name("/bin/sh", "-sh"), "sh");	/* login shell */
	assert_string_equal(ub_name("/bin/ls", "anything"), "ls");	/* exec -a */
	assert_string_equal(ub_name(NULL, "/usr/bin/cat"), "cat");
	assert_string_equal(ub_name("", "echo"), "echo");
	assert_string_equal(ub_name(NULL, NULL), "");
}

static void
names_are_checked(void **state)
{
	(void)state;
	assert_true(ub_valid_name("ls"));
	assert_true(ub_valid_name("["));
	assert_true(ub_valid_name("sha256sum"));
	assert_true(ub_valid_name("switch_root"));
	assert_false(ub_valid_name(""));
	assert_false(ub_valid_name(".lib"));
	assert_false(ub_valid_name("-x"));
	assert_false(ub_valid_name("a/b"));
	assert_false(ub_valid_name("a b"));
	assert_false(ub_valid_name("a\"b"));
	assert_false(ub_valid_name("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"));
}

/* The image's sources, for ub_command_name. */
static int
in_image(const char *name, void *arg)
{
	const char *const *v = arg;

	for (; *v != NULL; v++)
		if (strcmp(*v, name) == 0)
			return 1;
	return 0;
}

static void
command_name_prefers_argv0_when_it_is_a_command(void **state)
{
	const char *const image[] = { "sh", "ls", "echo", NULL };
	void *a = (void *)image;

	(void)state;
	/* #!/bin/sh script: the kernel runs /bin/sh with AT_EXECFN = the script */
	assert_string_equal(ub_command_name("/root/script", "/bin/sh", in_image, a), "sh");
	/* login shell: argv[0] is "-sh", the link that ran was /bin/sh */
	assert_string_equal(ub_command_name("/bin/sh", "-sh", in_image, a), "sh");
	/* exec -a name: not a command, so the executed path decides */
	assert_string_equal(ub_command_name("/bin/ls", "myls", in_image, a), "ls");
	assert_string_equal(ub_command_name("/bin/echo", "echo", in_image, a), "echo");
	assert_string_equal(ub_command_name(NULL, "/bin/nosuch", in_image, a), "nosuch");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(name_comes_from_the_executed_path),
		cmocka_unit_test(names_are_checked),
		cmocka_unit_test(command_name_prefers_argv0_when_it_is_a_command),
	};

	return cmocka_run_group_tests_name("name", tests, NULL, NULL);
}
