/* test_name.c - which command the builder was asked for */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(name_comes_from_the_executed_path),
		cmocka_unit_test(names_are_checked),
	};

	return cmocka_run_group_tests_name("name", tests, NULL, NULL);
}
