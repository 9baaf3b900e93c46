/* test_name.c - which command the builder was asked for */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
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

static char dir[64];

static const char *
file(const char *name, const char *text)
{
	static char path[128];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	assert_non_null(f = fopen(path, "w"));
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
	return path;
}

static int
setup(void **state)
{
	(void)state;
	strcpy(dir, "/tmp/nametest.XXXXXX");
	assert_non_null(mkdtemp(dir));
	return 0;
}

static int
teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	return system(cmd);
}

static void
executed_file_decides_never_argv0(void **state)
{
	char buf[64];
	const char *elf = file("ls", "\177ELF\2\1\1");

	(void)state;
	/* exec -a rm /bin/echo, or execv("/bin/echo", {"rm", ...}) */
	assert_string_equal(ub_command_name(elf, "rm", buf, sizeof buf), "ls");
	assert_string_equal(ub_command_name(elf, "/bin/rm", buf, sizeof buf), "ls");
	/* login shell: argv[0] is "-sh", the link that ran was /bin/sh */
	assert_string_equal(ub_command_name("/nonexistent/sh", "-sh", buf, sizeof buf), "sh");
	/* no AT_EXECFN at all: argv[0] is all there is */
	assert_string_equal(ub_command_name(NULL, "/bin/cat", buf, sizeof buf), "cat");
}

static void
script_names_its_interpreter(void **state)
{
	char buf[64];

	(void)state;
	/* #!/bin/sh script: the kernel runs /bin/sh with AT_EXECFN = the script
	 * (a path that is no link here: the host's /bin/sh may link to dash) */
	assert_string_equal(ub_command_name(file("s1", "#!/no/bin/sh\necho\n"), "/bin/sh", buf, sizeof buf), "sh");
	assert_string_equal(ub_command_name(file("s2", "#! /bin/tcc -run\n"), "/bin/tcc", buf, sizeof buf), "tcc");
	assert_string_equal(ub_command_name(file("s3", "#!/bin/echo\tx"), "rm", buf, sizeof buf), "echo");
	/* argv[0] does not matter here either */
	assert_string_equal(ub_command_name(file("s4", "#!/no/bin/sh -e\n"), "rm", buf, sizeof buf), "sh");
	/* an empty or too long #! line: the file's own name */
	assert_string_equal(ub_command_name(file("s5", "#!\n"), "rm", buf, sizeof buf), "s5");
	assert_string_equal(ub_command_name(file("s6", "#!/a/very/long/interpreter/path\n"), "x", buf, 8), "s6");
}

/* A link in DIR, as mkimage --shell makes /bin/sh -> NAME. */
static const char *
link_to(const char *name, const char *to)
{
	static char path[128];

	snprintf(path, sizeof path, "%s/%s", dir, name);
	assert_int_equal(symlink(to, path), 0);
	return path;
}

static void
a_link_to_another_name_runs_that_command(void **state)
{
	char buf[64], script[128];

	(void)state;
	file("ubuild", "\177ELF\2\1\1");
	link_to("echo", "ubuild");
	assert_string_equal(ub_command_name(link_to("sh", "echo"), "/bin/sh", buf, sizeof buf), "echo");
	/* the builder's own links keep their names: /bin/tcc -> ubuild */
	assert_string_equal(ub_command_name(link_to("tcc", "ubuild"), "tcc", buf, sizeof buf), "tcc");
	/* a link through a directory is not a name */
	snprintf(script, sizeof script, "%s/ubuild", dir);
	assert_string_equal(ub_command_name(link_to("ls", script), "ls", buf, sizeof buf), "ls");
	/* #!DIR/sh: the interpreter's link is followed too */
	snprintf(script, sizeof script, "#!%s/sh\n", dir);
	assert_string_equal(ub_command_name(file("s7", script), "x", buf, sizeof buf), "echo");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(name_comes_from_the_executed_path),
		cmocka_unit_test(names_are_checked),
		cmocka_unit_test_setup_teardown(executed_file_decides_never_argv0, setup, teardown),
		cmocka_unit_test_setup_teardown(script_names_its_interpreter, setup, teardown),
		cmocka_unit_test_setup_teardown(a_link_to_another_name_runs_that_command, setup, teardown),
	};

	return cmocka_run_group_tests_name("name", tests, NULL, NULL);
}
