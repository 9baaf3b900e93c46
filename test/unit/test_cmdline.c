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

/* 300 words used to make init drop the whole line, uinit too. */
static void
many_words_are_all_kept(void **state)
{
	char text[CMDLINE_MAX];
	struct cmdline c;
	size_t n = 0;

	(void)state;
	for (int i = 0; i < 300; i++)
		n += snprintf(text + n, sizeof text - n, "w%d ", i);
	n += snprintf(text + n, sizeof text - n, "uinit=/bin/x modules_load=m1,m2 --");
	for (int i = 0; i < 300; i++)
		n += snprintf(text + n, sizeof text - n, " a%d", i);
	assert_int_equal(cmdline_parse(text, &c), 0);
	assert_string_equal(c.uinit, "/bin/x");
	assert_int_equal(c.nmodules, 2);
	assert_int_equal(c.nargs, 300);
	assert_string_equal(c.args[299], "a299");
	assert_null(c.args[300]);
}

/* The most words a full buffer can hold: one byte each. */
static void
fullest_line_fits(void **state)
{
	char text[CMDLINE_MAX];
	struct cmdline c;
	size_t n;

	(void)state;
	n = snprintf(text, sizeof text, "uinit=/u --");
	while (n + 2 < sizeof text)
		n += snprintf(text + n, sizeof text - n, " x");
	assert_int_equal(cmdline_parse(text, &c), 0);
	assert_string_equal(c.uinit, "/u");
	assert_int_equal(c.nargs, (int)(n - 11) / 2);
}

/* Longer than the buffer: what fits is used, and the cut is reported. */
static void
too_long_is_reported_not_dropped(void **state)
{
	char text[2 * CMDLINE_MAX];
	struct cmdline c;

	(void)state;
	memset(text, 'y', sizeof text - 1);
	text[sizeof text - 1] = '\0';
	memcpy(text, "uinit=/v ", 9);
	assert_int_equal(cmdline_parse(text, &c), -1);
	assert_string_equal(c.uinit, "/v");
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
		cmocka_unit_test(many_words_are_all_kept),
		cmocka_unit_test(fullest_line_fits),
		cmocka_unit_test(too_long_is_reported_not_dropped),
	};

	return cmocka_run_group_tests_name("cmdline", tests, NULL, NULL);
}
