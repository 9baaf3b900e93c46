/* test_seed.c - seed records and content hashes: what a seed binary is keyed by */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "sha256.h"
#include "ubuild.h"
#include "fixture.h"

static char dir[64], a[96], b[96], odd[128];

static int
setup(void **state)
{
	(void)state;
	strcpy(dir, "/tmp/seedtest.XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(a, sizeof a, "%s/a.c", dir);
	snprintf(b, sizeof b, "%s/b.h", dir);
	snprintf(odd, sizeof odd, "%s/new\nline h.h", dir);
	put(a, "int main(void) { return 0; }\n");
	put(b, "#define B 1\n");
	put(odd, "/* odd */\n");
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	unlink(a);
	unlink(b);
	unlink(odd);
	rmdir(dir);
	return 0;
}

/* The scheme, computed here on its own: name with NUL, size as off_t, bytes. */
static void
expected(const char *const *paths, char hex[65])
{
	unsigned char d[32], buf[4096];
	struct sha256 s;
	struct stat st;

	sha256_init(&s);
	for (; *paths != NULL; paths++) {
		FILE *f = fopen(*paths, "r");
		size_t n;

		assert_non_null(f);
		assert_int_equal(stat(*paths, &st), 0);
		sha256_update(&s, *paths, strlen(*paths) + 1);
		sha256_update(&s, &st.st_size, sizeof st.st_size);
		while ((n = fread(buf, 1, sizeof buf, f)) > 0)
			sha256_update(&s, buf, n);
		fclose(f);
	}
	sha256_final(&s, d);
	ub_hex(d, 32, hex);
}

static void
hash_is_names_sizes_and_bytes(void **state)
{
	char *v[] = { a, b, NULL }, got[65], want[65];

	(void)state;
	assert_int_equal(ub_content_hash(v, got), 0);
	expected((const char *const *)v, want);
	assert_string_equal(got, want);
}

static void
hash_ignores_stat_data(void **state)
{
	char *v[] = { a, b, NULL }, h1[65], h2[65], tmp[128];

	(void)state;
	assert_int_equal(ub_content_hash(v, h1), 0);
	/* a new inode, new times, the same bytes: as a copy onto the target */
	snprintf(tmp, sizeof tmp, "%s/x", dir);
	put(tmp, "int main(void) { return 0; }\n");
	assert_int_equal(rename(tmp, a), 0);
	assert_int_equal(ub_content_hash(v, h2), 0);
	assert_string_equal(h1, h2);
}

static void
hash_sees_edits_order_and_names(void **state)
{
	char *v[] = { a, b, NULL }, *w[] = { b, a, NULL }, *one[] = { a, NULL }, h1[65], h2[65];

	(void)state;
	assert_int_equal(ub_content_hash(v, h1), 0);
	assert_int_equal(ub_content_hash(w, h2), 0);
	assert_string_not_equal(h1, h2);
	assert_int_equal(ub_content_hash(one, h2), 0);
	assert_string_not_equal(h1, h2);
	put(b, "#define B 2\n");	/* same size */
	assert_int_equal(ub_content_hash(v, h2), 0);
	assert_string_not_equal(h1, h2);
}

static void
hash_of_a_missing_file_fails(void **state)
{
	char gone[128], *v[] = { a, gone, NULL }, h[65];

	(void)state;
	snprintf(gone, sizeof gone, "%s/gone.c", dir);
	assert_int_equal(ub_content_hash(v, h), -1);
}

static void
hash_counts_a_directory_by_name(void **state)
{
	char *v[] = { dir, a, NULL }, h1[65], h2[65], more[128];

	(void)state;
	assert_int_equal(ub_content_hash(v, h1), 0);
	snprintf(more, sizeof more, "%s/more.c", dir);
	put(more, "int x;\n");	/* a new file is listed on its own, not through its directory */
	assert_int_equal(ub_content_hash(v, h2), 0);
	unlink(more);
	assert_string_equal(h1, h2);
}

static void
record_round_trip(void **state)
{
	char *v[] = { a, odd, b, NULL }, hex[65], head[128], line[256], *rec;
	struct seed_rec sr;

	(void)state;
	assert_non_null(rec = ub_seed_record(v, 4096));
	assert_int_equal(ub_content_hash(v, hex), 0);
	snprintf(head, sizeof head, "UBS1 %s 4096\n", hex);
	assert_memory_equal(rec, head, strlen(head));
	snprintf(line, sizeof line, "%zu:%s\n", strlen(odd), odd);
	assert_non_null(strstr(rec, line));
	assert_int_equal(ub_seed_parse(rec, &sr), 0);
	assert_string_equal(sr.hash, hex);
	assert_int_equal(sr.slot, 4096);
	assert_int_equal(sr.paths.n, 3);
	assert_string_equal(sr.paths.v[0], a);
	assert_string_equal(sr.paths.v[1], odd);
	assert_string_equal(sr.paths.v[2], b);
	paths_free(&sr.paths);
	free(rec);
}

static void
record_has_no_stat_data(void **state)
{
	char *v[] = { a, b, NULL }, *r1, *r2, tmp[128];

	(void)state;
	assert_non_null(r1 = ub_seed_record(v, 512));
	snprintf(tmp, sizeof tmp, "%s/x", dir);
	put(tmp, "#define B 1\n");
	assert_int_equal(rename(tmp, b), 0);
	assert_non_null(r2 = ub_seed_record(v, 512));
	assert_string_equal(r1, r2);
	free(r1);
	free(r2);
}

#define ZEROS "0000000000000000000000000000000000000000000000000000000000000000"

static void
malformed_records_are_refused(void **state)
{
	static const char *const bad[] = {
		"UBS2 0000000000000000000000000000000000000000000000000000000000000000 10\n4:/a.c\n",	/* magic */
		"UBS1 000000000000000000000000000000000000000000000000000000000000000 10\n4:/a.c\n",	/* 63 digits */
		"UBS1 000000000000000000000000000000000000000000000000000000000000000A 10\n4:/a.c\n",	/* upper case */
		"UBS1 0000000000000000000000000000000000000000000000000000000000000000\n4:/a.c\n",	/* no slot */
		"UBS1 0000000000000000000000000000000000000000000000000000000000000000 0\n4:/a.c\n",	/* slot 0 */
		"UBS1 0000000000000000000000000000000000000000000000000000000000000000 10\n5:/a.c\n",	/* LEN too long */
		"UBS1 0000000000000000000000000000000000000000000000000000000000000000 10\n3:/a.c\n",	/* LEN too short */
		"UBS1 0000000000000000000000000000000000000000000000000000000000000000 10\n4:/a.c",	/* no newline */
		"UBS1 0000000000000000000000000000000000000000000000000000000000000000 10\n",	/* no paths */
		"UBS1 0000000000000000000000000000000000000000000000000000000000000000 10\n0:\n",	/* empty path */
	};
	struct seed_rec sr;

	(void)state;
	assert_int_equal(ub_seed_parse("UBS1 " ZEROS " 10\n4:/a.c\n", &sr), 0);	/* the good one */
	paths_free(&sr.paths);
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		if (ub_seed_parse(bad[i], &sr) == 0)
			fail_msg("accepted record %zu", i);
		assert_null(sr.paths.v);
	}
}

static void
record_found_in_a_binary(void **state)
{
	char buf[512], rec[] = "UBS1 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef 64\n5:/a.c\n";
	size_t at = 200;

	(void)state;
	memset(buf, 0x7f, sizeof buf);
	memcpy(buf + 20, "UBS1 not a record", 17);	/* a decoy first */
	memcpy(buf + at, rec, sizeof rec);	/* with its NUL */
	assert_int_equal(ub_seed_find(buf, sizeof buf), (long)at);
	assert_int_equal(ub_seed_find(buf, at + 10), -1);	/* cut short */
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(hash_is_names_sizes_and_bytes, setup, teardown),
		cmocka_unit_test_setup_teardown(hash_ignores_stat_data, setup, teardown),
		cmocka_unit_test_setup_teardown(hash_sees_edits_order_and_names, setup, teardown),
		cmocka_unit_test_setup_teardown(hash_of_a_missing_file_fails, setup, teardown),
		cmocka_unit_test_setup_teardown(hash_counts_a_directory_by_name, setup, teardown),
		cmocka_unit_test_setup_teardown(record_round_trip, setup, teardown),
		cmocka_unit_test_setup_teardown(record_has_no_stat_data, setup, teardown),
		cmocka_unit_test(malformed_records_are_refused),
		cmocka_unit_test(record_found_in_a_binary),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
