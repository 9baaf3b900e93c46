/* test_key.c - cache keys notice edits, renames, deletions and bad keys */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "key.h"

static char dir[64], a[96], b[96];

static void
put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

static int
setup(void **state)
{
	(void)state;
	strcpy(dir, "/tmp/keytest.XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(a, sizeof a, "%s/a.c", dir);
	snprintf(b, sizeof b, "%s/b.h", dir);
	put(a, "int main(void) { return 0; }\n");
	put(b, "#define B 1\n");
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	unlink(a);
	unlink(b);
	rmdir(dir);
	return 0;
}

static char *
make2(void)
{
	const char *paths[] = { a, b, NULL };
	char *k = key_make(paths);

	assert_non_null(k);
	return k;
}

static void
fresh_until_edited(void **state)
{
	char *k = make2();

	(void)state;
	assert_true(strncmp(k, KEY_MAGIC, strlen(KEY_MAGIC)) == 0);
	assert_non_null(strstr(k, a));
	assert_int_equal(key_fresh(k), 1);
	put(b, "#define B 2\n");	/* same size: mtime/ctime must tell */
	assert_int_equal(key_fresh(k), 0);
	free(k);
}

static void
same_files_same_key(void **state)
{
	char *k1 = make2(), *k2 = make2();

	(void)state;
	assert_string_equal(k1, k2);
	free(k1);
	free(k2);
}

static void
replaced_file_is_stale(void **state)
{
	char *k = make2(), tmp[128];
	struct stat st;
	struct timespec ts[2];

	(void)state;
	assert_int_equal(stat(a, &st), 0);
	snprintf(tmp, sizeof tmp, "%s/new", dir);
	put(tmp, "int main(void) { return 0; }\n");	/* same size and text */
	ts[0] = st.st_atim;
	ts[1] = st.st_mtim;
	assert_int_equal(utimensat(AT_FDCWD, tmp, ts, 0), 0);	/* same mtime */
	assert_int_equal(rename(tmp, a), 0);
	assert_int_equal(key_fresh(k), 0);
	free(k);
}

static void
deleted_file_is_stale(void **state)
{
	char *k = make2();

	(void)state;
	assert_int_equal(unlink(b), 0);
	assert_int_equal(key_fresh(k), 0);
	free(k);
}

static void
missing_file_has_no_key(void **state)
{
	const char *paths[] = { a, "/nonexistent/x.c", NULL };

	(void)state;
	assert_null(key_make(paths));
}

static void
malformed_keys_are_stale(void **state)
{
	char *k = make2(), *cut;

	(void)state;
	assert_int_equal(key_fresh(""), 0);
	assert_int_equal(key_fresh("UBK0\n"), 0);
	assert_int_equal(key_fresh(KEY_MAGIC "nospace\n"), 0);
	cut = strdup(k);
	cut[strlen(cut) - 1] = '\0';	/* last line lost its newline */
	assert_int_equal(key_fresh(cut), 0);
	assert_int_equal(key_fresh(KEY_MAGIC), 1);	/* depends on nothing */
	free(cut);
	free(k);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(fresh_until_edited, setup, teardown),
		cmocka_unit_test_setup_teardown(same_files_same_key, setup, teardown),
		cmocka_unit_test_setup_teardown(replaced_file_is_stale, setup, teardown),
		cmocka_unit_test_setup_teardown(deleted_file_is_stale, setup, teardown),
		cmocka_unit_test_setup_teardown(missing_file_has_no_key, setup, teardown),
		cmocka_unit_test_setup_teardown(malformed_keys_are_stale, setup, teardown),
	};

	return cmocka_run_group_tests_name("key", tests, NULL, NULL);
}
