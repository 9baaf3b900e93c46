/* test_budget.c - flash sizes and the choice of image mode */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include "budget.h"

static void
sizes(void **state)
{
	unsigned long long n;

	(void)state;
	assert_int_equal(flash_size("4194304", &n), 0);
	assert_int_equal(n, 4194304);
	assert_int_equal(flash_size("512K", &n), 0);
	assert_int_equal(n, 512 * 1024);
	assert_int_equal(flash_size("8M", &n), 0);
	assert_int_equal(n, 8 * 1024 * 1024);
	assert_int_equal(flash_size("8m", &n), 0);
	assert_int_equal(flash_size("0", &n), 0);
	assert_int_equal(n, 0);
}

static void
bad_sizes(void **state)
{
	unsigned long long n = 42;

	(void)state;
	assert_int_equal(flash_size("", &n), -1);
	assert_int_equal(flash_size("M", &n), -1);
	assert_int_equal(flash_size("-1", &n), -1);
	assert_int_equal(flash_size("8G", &n), -1);
	assert_int_equal(flash_size("8MB", &n), -1);
	assert_int_equal(flash_size("1.5M", &n), -1);
	assert_int_equal(flash_size(" 8M", &n), -1);
	assert_int_equal(flash_size("99999999999999999999", &n), -1);
	assert_int_equal(flash_size("18014398509481984M", &n), -1);	/* 2^54 M overflows */
	assert_int_equal(n, 42);
}

static void
modes(void **state)
{
	enum mode m;

	(void)state;
	assert_int_equal(flash_mode("source", &m), 0);
	assert_int_equal(m, MODE_SOURCE);
	assert_int_equal(flash_mode("multicall", &m), 0);
	assert_int_equal(m, MODE_MULTICALL);
	assert_int_equal(flash_mode("", &m), 0);
	assert_int_equal(m, MODE_NONE);
	assert_int_equal(flash_mode("Source", &m), -1);
}

static void
source_when_it_fits(void **state)
{
	char why[256];

	(void)state;
	assert_int_equal(choose(700, 50, 0, 700, MODE_NONE, why, sizeof why), MODE_SOURCE);
	assert_non_null(strstr(why, "source mode"));
	assert_int_equal(choose(701, 50, 0, 700, MODE_NONE, why, sizeof why), MODE_MULTICALL);
	assert_non_null(strstr(why, "701"));
	assert_int_equal(choose(701, 701, 0, 700, MODE_NONE, why, sizeof why), MODE_NONE);
	assert_string_equal(why, "no image fits the flash: source 701 bytes, multicall 701 bytes, budget 700 bytes");
}

static void
kernel_shares_the_flash(void **state)
{
	char why[256];

	(void)state;
	assert_int_equal(choose(700, 50, 100, 790, MODE_NONE, why, sizeof why), MODE_MULTICALL);
	assert_int_equal(choose(700, 50, 100, 800, MODE_NONE, why, sizeof why), MODE_SOURCE);
	assert_non_null(strstr(why, "+ kernel"));
	assert_int_equal(choose(700, 50, 800, 800, MODE_NONE, why, sizeof why), MODE_NONE);
	assert_non_null(strstr(why, "source + kernel 1500 bytes, multicall + kernel 850 bytes, budget 800"));
}

static void
forced_mode_still_must_fit(void **state)
{
	char why[256];

	(void)state;
	assert_int_equal(choose(100, 50, 0, 1000, MODE_MULTICALL, why, sizeof why), MODE_MULTICALL);
	assert_non_null(strstr(why, "forced"));
	assert_int_equal(choose(2000, 50, 0, 1000, MODE_SOURCE, why, sizeof why), MODE_NONE);
	assert_non_null(strstr(why, "source image does not fit"));
	assert_int_equal(choose(100, 2000, 0, 1000, MODE_MULTICALL, why, sizeof why), MODE_NONE);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sizes),
		cmocka_unit_test(bad_sizes),
		cmocka_unit_test(modes),
		cmocka_unit_test(source_when_it_fits),
		cmocka_unit_test(kernel_shares_the_flash),
		cmocka_unit_test(forced_mode_still_must_fit),
	};

	return cmocka_run_group_tests_name("budget", tests, NULL, NULL);
}
