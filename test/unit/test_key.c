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
#include <time.h>
#include <unistd.h>
#include "key.h"
#include "fixture.h"

static char dir[64], a[96], b[96];

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

static void future(const char *path);

/* Names that a space- or line-based key would cut or misread. */
static const char *const odd[] = {
	"with space.h", "new\nline.h", "tab\there.h", "100%.h", "%s%n.h",
	"\xff\xfe latin1 \xe9.h", "12:colon.h", " lead.h", "trail .h", "h=1 .h", NULL
};

static void
odd_names_round_trip(void **state)
{
	char path[256], buf[KEY_LINE_MAX];
	struct key_entry e;
	const char *next;

	(void)state;
	for (int i = 0; odd[i] != NULL; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, odd[i]);
		assert_true(key_path(path, buf, sizeof buf) > 0);
		strcat(buf, " 1 2 3 4.000000005 6.000000007\n");
		next = key_next(buf, &e);
		assert_non_null(next);
		assert_string_equal(e.path, path);
		assert_int_equal(*next, '\0');
		assert_int_equal(e.len, strlen(buf));
		assert_false(e.hashed);
	}
}

/* The builder and the check agree on odd names: fresh until edited. */
static void
odd_names_fresh_until_edited(void **state)
{
	char paths[16][256];
	const char *v[17];
	char *k;
	int n = 0;

	(void)state;
	for (; odd[n] != NULL; n++) {
		snprintf(paths[n], sizeof paths[n], "%s/%s", dir, odd[n]);
		put(paths[n], "#define X 1\n");
		v[n] = paths[n];
	}
	v[n] = NULL;
	k = key_make(v);
	assert_non_null(k);
	assert_int_equal(key_fresh(k), 1);
	for (int i = 0; i < n; i++) {
		put(paths[i], "#define X 2\n");	/* same size */
		assert_int_equal(key_fresh(k), 0);
		put(paths[i], "#define X 1\n");
	}
	free(k);
	for (int i = 0; i < n; i++)
		unlink(paths[i]);
}

/*
 * A racy entry: the stat fields the build saw, but other bytes. The ctime a
 * real same-tick edit would keep cannot be forged, so forge the key instead:
 * stat fields of the file as it is, hash of what it was.
 */
static void
racy_entry_is_checked_by_content(void **state)
{
	const char *one[] = { b, NULL };
	char *old, *now, *h1, *h2;

	(void)state;
	put(b, "#define B 1\n");
	future(b);
	old = key_make(one);	/* racy, so hashed */
	assert_non_null(old);
	assert_non_null(h1 = strstr(old, " h="));
	put(b, "#define B 2\n");
	future(b);
	now = key_make(one);
	assert_non_null(h2 = strstr(now, " h="));
	assert_int_equal(key_fresh(now), 1);
	assert_string_not_equal(h1, h2);
	memcpy(h2, h1, strlen(h1));
	assert_int_equal(key_fresh(now), 0);	/* stat says same, bytes differ */
	free(old);
	free(now);
}

/* A timestamp ahead of the clock is as racy as one in this very tick. */
static void
future(const char *path)
{
	struct timespec ts[2];

	clock_gettime(CLOCK_REALTIME, &ts[0]);
	ts[0].tv_sec += 60;
	ts[1] = ts[0];
	assert_int_equal(utimensat(AT_FDCWD, path, ts, 0), 0);
}

static void
old_files_are_not_hashed(void **state)
{
	struct timespec ts[2] = { { 1000000000, 0 }, { 1000000000, 0 } };
	const char *one[] = { a, NULL };
	char *k;

	(void)state;
	assert_int_equal(utimensat(AT_FDCWD, a, ts, 0), 0);
	usleep(2 * KEY_RACY_NS / 1000);	/* the new ctime ages (this filesystem keeps ns) */
	k = key_make(one);
	assert_null(strstr(k, " h="));
	assert_int_equal(key_fresh(k), 1);
	free(k);
}

static void
keys_match_by_paths_and_freshness(void **state)
{
	const char *one[] = { a, NULL }, *two[] = { a, b, NULL };
	char *k1 = key_make(one), *k2 = key_make(two), *k2b, *h;

	(void)state;
	k2b = strdup(k2);
	assert_int_equal(key_match(k2, k2b), 1);
	if ((h = strstr(k2b, " h=")) != NULL)	/* made later: no hash */
		memmove(h, strchr(h, '\n'), strlen(strchr(h, '\n')) + 1);
	assert_int_equal(key_match(k2, k2b), 1);
	assert_int_equal(key_match(k1, k2), 0);	/* a file more */
	assert_int_equal(key_match(k2, k1), 0);	/* a file fewer */
	put(b, "#define B 22\n");
	assert_int_equal(key_match(k2, k2b), 0);	/* stale */
	free(k1);
	free(k2);
	free(k2b);
}

static void
malformed_entries_are_rejected(void **state)
{
	static const char *const bad[] = {
		"", "0:x 1\n", "01:x 1\n", "5:abc 1\n", "3:abc1\n", "3:abc 1", ":abc 1\n",
		"99999999999999999999:a 1\n", "4097:a\n", "x:a 1\n", "3:a\0c 1\n", NULL
	};
	struct key_entry e;

	(void)state;
	for (int i = 0; bad[i] != NULL; i++)
		assert_null(key_next(bad[i], &e));
	assert_non_null(key_next("3:a\nc 1\n", &e));
	assert_string_equal(e.path, "a\nc");
}

/* The entry, byte for byte as printf would write it, and -1 when one byte short. */
static void
stat_line_format(void **state)
{
	struct stat st = { .st_dev = 2049, .st_ino = 18446744073709551615ULL, .st_size = 0 };
	char want[256], got[256];
	int n;

	(void)state;
	st.st_mtim.tv_sec = -5;
	st.st_mtim.tv_nsec = 7;
	st.st_ctim.tv_sec = 1764900000;
	st.st_ctim.tv_nsec = 999999999;
	n = snprintf(want, sizeof want, "%zu:%s %llu %llu %lld %lld.%09ld %lld.%09ld\n",
	    strlen(a), a, 2049ULL, 18446744073709551615ULL, 0LL, -5LL, 7L, 1764900000LL, 999999999L);
	assert_int_equal(key_stat_line(a, &st, 0, got, sizeof got), n);
	assert_string_equal(got, want);
	assert_int_equal(key_stat_line(a, &st, 0, got, n + 1), n);
	assert_int_equal(key_stat_line(a, &st, 0, got, n), -1);
	assert_int_equal(key_stat_line(a, &st, 1, got, sizeof got), n + 19);
	assert_memory_equal(got, want, n - 1);
	assert_int_equal(strlen(got + n - 1), 20);
	assert_memory_equal(got + n - 1, " h=", 3);
	assert_int_equal(strspn(got + n + 2, "0123456789abcdef"), 16);
	assert_int_equal(key_path(a, got, 3), -1);
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
		cmocka_unit_test_setup_teardown(odd_names_round_trip, setup, teardown),
		cmocka_unit_test_setup_teardown(odd_names_fresh_until_edited, setup, teardown),
		cmocka_unit_test_setup_teardown(racy_entry_is_checked_by_content, setup, teardown),
		cmocka_unit_test_setup_teardown(old_files_are_not_hashed, setup, teardown),
		cmocka_unit_test_setup_teardown(keys_match_by_paths_and_freshness, setup, teardown),
		cmocka_unit_test(malformed_entries_are_rejected),
		cmocka_unit_test_setup_teardown(stat_line_format, setup, teardown),
	};

	return cmocka_run_group_tests_name("key", tests, NULL, NULL);
}
