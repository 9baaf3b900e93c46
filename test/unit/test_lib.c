/* test_lib.c - the library's file list: sorted, only sources, maybe empty */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ubuild.h"

static void
lists_sources_sorted(void **state)
{
	char dir[64], cmd[256];
	struct ub u = { dir, NULL, NULL, NULL, NULL, 0, 0, NULL, NULL, NULL, NULL, NULL, 0 };
	char **v;

	(void)state;
	strcpy(dir, "/tmp/libtest.XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(cmd, sizeof cmd, "cd %s && mkdir lib && cd lib && "
	    "touch z.c a.h m.c .hidden.c notes.txt x.o c", dir);
	assert_int_equal(system(cmd), 0);
	v = ub_lib_sources(&u);
	assert_non_null(v);
	assert_non_null(strstr(v[0], "/lib/a.h"));
	assert_non_null(strstr(v[1], "/lib/m.c"));
	assert_non_null(strstr(v[2], "/lib/z.c"));
	assert_null(v[3]);
	assert_true(ub_is_c(v[1]));
	assert_false(ub_is_c(v[0]));
	ub_free_list(v);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
}

static void
missing_library_is_empty(void **state)
{
	struct ub u = { "/nonexistent", NULL, NULL, NULL, NULL, 0, 0, NULL, NULL, NULL, NULL, NULL, 0 };
	char **v = ub_lib_sources(&u);

	(void)state;
	assert_non_null(v);
	assert_null(v[0]);
	ub_free_list(v);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lists_sources_sorted),
		cmocka_unit_test(missing_library_is_empty),
	};

	return cmocka_run_group_tests_name("lib", tests, NULL, NULL);
}
