/* test_ar.c - archives that real linkers can pick members from */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "ar.h"
#include "ubuild.h"

static char dir[64];

static void
sh(const char *fmt, ...)
{
	char cmd[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof cmd, fmt, ap);
	va_end(ap);
	assert_int_equal(system(cmd), 0);
}

static int
setup(void **state)
{
	(void)state;
	strcpy(dir, "/tmp/artest.XXXXXX");
	assert_non_null(mkdtemp(dir));
	sh("cd %s && printf 'int twice(int x) { return 2 * x; }\\n' >twice.c", dir);
	sh("cd %s && printf 'int unused_fn(void) { return 1; }\\nint unused_var = 3;\\n' "
	    ">a_rather_long_member_name.c", dir);
	sh("cd %s && printf '#include <stdio.h>\\nint twice(int);\\n"
	    "int main(void) { printf(\"%%%%d\\\\n\", twice(21)); return 0; }\\n' >main.c", dir);
	sh("cd %s && cc -c twice.c a_rather_long_member_name.c main.c", dir);
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	sh("rm -rf %s", dir);
	return 0;
}

static void
write_lib(const char *name, const char *note)
{
	char path[128], o1[128], o2[128];
	const char *objs[] = { o1, o2, NULL };
	int fd;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	snprintf(o1, sizeof o1, "%s/a_rather_long_member_name.o", dir);
	snprintf(o2, sizeof o2, "%s/twice.o", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	assert_true(fd >= 0);
	assert_int_equal(ar_write(fd, objs, note), 0);
	assert_int_equal(close(fd), 0);
}

static void
linker_takes_only_what_is_needed(void **state)
{
	(void)state;
	write_lib("libt.a", "KEY");
	sh("cd %s && cc -o prog main.o libt.a && test \"$(./prog)\" = 42", dir);
	sh("cd %s && ! nm prog | grep -q unused_fn", dir);
	sh("cd %s && nm -s libt.a | grep -q 'twice in twice.o'", dir);
	sh("cd %s && nm -s libt.a | grep -q 'unused_var in a_rather_long_m'", dir);
	sh("cd %s && ar t libt.a | grep -qx twice.o", dir);
}

static void
note_is_kept_with_its_nul(void **state)
{
	char path[128];

	(void)state;
	write_lib("libn.a", "UBK1\nsomething\n");
	snprintf(path, sizeof path, "%s/libn.a", dir);
	assert_int_equal(ub_has(path, "UBK1\nsomething\n", 16), 1);
	assert_int_equal(ub_has(path, "UBK1\nsome", 9), 1);	/* a prefix, without NUL */
	assert_int_equal(ub_has(path, "UBK1\nsomething\nmore", 20), 0);
}

/* A new note, the members and index as they were: the linker still works. */
static void
renote_replaces_only_the_note(void **state)
{
	char path[128], out[128];
	int fd;

	(void)state;
	write_lib("libr.a", "UBH1 old\n");
	snprintf(path, sizeof path, "%s/libr.a", dir);
	snprintf(out, sizeof out, "%s/libr2.a", dir);
	fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	assert_true(fd >= 0);
	assert_int_equal(ar_renote(path, fd, "UBH1 old\nUBK1\nnew, longer\n"), 0);
	assert_int_equal(close(fd), 0);
	assert_int_equal(ub_has(out, "UBK1\nnew, longer\n", 18), 1);
	assert_int_equal(ub_has(out, "UBH1 old\n", 9), 1);
	sh("cd %s && cc -o prog2 main.o libr2.a && test \"$(./prog2)\" = 42", dir);
	sh("cd %s && ar t libr2.a | tr '\\n' ' ' | grep -qx 'a_rather_long_m twice.o __.NOTE '", dir);
	sh("cd %s && test \"$(ar p libr2.a __.NOTE | tr -d '\\0')\" = \"$(printf 'UBH1 old\\nUBK1\\nnew, longer')\"", dir);
}

static void
renote_needs_a_note(void **state)
{
	char path[128];
	int fd = open("/dev/null", O_WRONLY);

	(void)state;
	write_lib("libnn.a", NULL);
	snprintf(path, sizeof path, "%s/libnn.a", dir);
	assert_int_equal(ar_renote(path, fd, "K"), -1);
	assert_int_equal(errno, EINVAL);
	snprintf(path, sizeof path, "%s/twice.c", dir);
	assert_int_equal(ar_renote(path, fd, "K"), -1);
	assert_int_equal(errno, EINVAL);
	close(fd);
}

static void
output_is_reproducible(void **state)
{
	(void)state;
	write_lib("l1.a", "K");
	sleep(1);
	write_lib("l2.a", "K");
	sh("cmp %s/l1.a %s/l2.a", dir, dir);
}

static void
bad_inputs_fail_cleanly(void **state)
{
	char bad[128];
	const char *objs[] = { bad, NULL };
	int fd = open("/dev/null", O_WRONLY);

	(void)state;
	snprintf(bad, sizeof bad, "%s/twice.c", dir);	/* text, not ELF */
	assert_int_equal(ar_write(fd, objs, NULL), -1);
	assert_int_equal(errno, EINVAL);
	snprintf(bad, sizeof bad, "%s/missing.o", dir);
	assert_int_equal(ar_write(fd, objs, NULL), -1);
	assert_int_equal(errno, ENOENT);
	close(fd);
}

static void
full_disk_is_reported(void **state)
{
	char o[128];
	const char *objs[] = { o, NULL };
	int fd = open("/dev/full", O_WRONLY);

	(void)state;
	assert_true(fd >= 0);
	snprintf(o, sizeof o, "%s/twice.o", dir);
	assert_int_equal(ar_write(fd, objs, "K"), -1);
	assert_int_equal(errno, ENOSPC);
	close(fd);
}

/* ar_read finds each symbol's object (by order, whatever its name's length) and the note. */
static void
read_back_index_and_note(void **state)
{
	struct ar_info a;
	char path[128];
	int seen = 0;

	(void)state;
	write_lib("libr.a", "NOTE\n");
	snprintf(path, sizeof path, "%s/libr.a", dir);
	assert_int_equal(ar_read(path, &a), 0);
	assert_int_equal(a.nmembers, 2);
	assert_int_equal(a.nsyms, 3);
	for (size_t i = 0; i < a.nsyms; i++) {
		if (strcmp(a.syms[i], "twice") == 0)
			assert_int_equal(a.member[i], 1), seen |= 1;
		if (strcmp(a.syms[i], "unused_fn") == 0)
			assert_int_equal(a.member[i], 0), seen |= 2;
	}
	assert_int_equal(seen, 3);
	assert_string_equal(a.note, "NOTE\n");
	ar_info_free(&a);
	sh("cd %s && printf 'not an archive' >junk.a", dir);
	snprintf(path, sizeof path, "%s/junk.a", dir);
	assert_int_equal(ar_read(path, &a), -1);
	assert_int_equal(errno, EINVAL);
}

/* What each object read, as the archive's note keeps it: any byte but NUL in a path. */
static void
deps_lines_round_trip(void **state)
{
	struct paths p = { 0 }, q = { 0 }, r = { 0 };
	char *buf = NULL, note[512];
	size_t len;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	assert_int_equal(paths_add(&p, "/src/lib/a b.c"), 0);
	assert_int_equal(paths_add(&p, "/src/lib/new\nline.h"), 0);
	assert_int_equal(paths_add(&p, "/src/lib/a b.c"), 0);	/* once */
	assert_int_equal(p.n, 2);
	assert_int_equal(paths_add(&q, "/src/lib/x.c"), 0);
	fputs(DEPS_MAGIC, f);
	assert_int_equal(deps_put(f, &p), 0);
	assert_int_equal(deps_put(f, &q), 0);
	fclose(f);
	snprintf(note, sizeof note, "UBH1 abc\n%sUBK2\n1:/ 1 2 3 4.5 6.7\n", buf);
	assert_int_equal(deps_get(note, 1, &r), 0);
	assert_int_equal(r.n, 1);
	assert_string_equal(r.v[0], "/src/lib/x.c");
	assert_int_equal(deps_get(note, 0, &r), 0);
	assert_int_equal(r.n, 3);
	assert_string_equal(r.v[2], "/src/lib/new\nline.h");
	assert_int_equal(deps_get(note, 2, &r), -1);	/* no such object */
	assert_int_equal(deps_get("UBH1 abc\n", 0, &r), -1);	/* an older archive */
	paths_free(&p);
	paths_free(&q);
	paths_free(&r);
	free(buf);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(linker_takes_only_what_is_needed),
		cmocka_unit_test(note_is_kept_with_its_nul),
		cmocka_unit_test(renote_replaces_only_the_note),
		cmocka_unit_test(renote_needs_a_note),
		cmocka_unit_test(output_is_reproducible),
		cmocka_unit_test(bad_inputs_fail_cleanly),
		cmocka_unit_test(full_disk_is_reported),
		cmocka_unit_test(read_back_index_and_note),
		cmocka_unit_test(deps_lines_round_trip),
	};

	return cmocka_run_group_tests_name("ar", tests, setup, teardown);
}
