/* test_cmdline.c - what PID 1 takes from the kernel command line */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include "init.h"

static void
uinit_and_its_arguments(void **state)
{
	struct cmdline c;

	(void)state;
	assert_int_equal(cmdline_parse("console=ttyS0 quiet uinit=/bin/netboot -- -i http://x/i \"a b\"\n", &c), 0);
	assert_string_equal(c.uinit, "/bin/netboot");
	assert_int_equal(c.nargs, 3);
	assert_string_equal(c.args[0], "-i");
	assert_string_equal(c.args[1], "http://x/i");
	assert_string_equal(c.args[2], "a b");
	assert_null(c.args[3]);
	assert_false(c.verbose);
}

static void
words_after_dashes_are_not_options(void **state)
{
	struct cmdline c;

	(void)state;
	cmdline_parse("uinit=/bin/x -- init.verbose uinit=/bin/y", &c);
	assert_string_equal(c.uinit, "/bin/x");
	assert_false(c.verbose);
	assert_int_equal(c.nargs, 2);
}

static void
flags_term_and_modules(void **state)
{
	struct cmdline c;

	(void)state;
	cmdline_parse("init.verbose TERM=linux modules_load=virtio_net,e1000 modules_load=loop init.precompile", &c);
	assert_true(c.verbose);
	assert_true(c.precompile);
	assert_string_equal(c.term, "linux");
	assert_int_equal(c.nmodules, 3);
	assert_string_equal(c.modules[0], "virtio_net");
	assert_string_equal(c.modules[1], "e1000");
	assert_string_equal(c.modules[2], "loop");
	assert_null(c.uinit);
	assert_int_equal(c.nargs, 0);
}

static void
quotes_group_words(void **state)
{
	struct cmdline c;

	(void)state;
	cmdline_parse("uinit=\"/bin/my prog\" -- \"\" x", &c);
	assert_string_equal(c.uinit, "/bin/my prog");
	assert_int_equal(c.nargs, 2);
	assert_string_equal(c.args[0], "");
}

static void
too_many_words_is_reported(void **state)
{
	char text[CMDLINE_MAX];
	struct cmdline c;
	size_t n = 0;

	(void)state;
	n += snprintf(text, sizeof text, "--");
	for (int i = 0; i < CMDLINE_WORDS + 5; i++)
		n += snprintf(text + n, sizeof text - n, " a%d", i);
	assert_int_equal(cmdline_parse(text, &c), -1);
	assert_int_equal(cmdline_parse("", &c), 0);
	assert_null(c.uinit);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(uinit_and_its_arguments),
		cmocka_unit_test(words_after_dashes_are_not_options),
		cmocka_unit_test(flags_term_and_modules),
		cmocka_unit_test(quotes_group_words),
		cmocka_unit_test(too_many_words_is_reported),
	};

	return cmocka_run_group_tests_name("cmdline", tests, NULL, NULL);
}
