/* test_cache.c - locks, publication, and the checks on cache files */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "ubuild.h"
#include "key.h"
#include <elf.h>

static char dir[64];

static int
setup(void **state)
{
	(void)state;
	strcpy(dir, "/tmp/cachetest.XXXXXX");
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

/* Can another process take the lock right now? */
static int
lock_free(const char *name)
{
	char path[128];
	pid_t pid;
	int st, fd;

	snprintf(path, sizeof path, "%s/.lock/%s", dir, name);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		fd = open(path, O_RDWR);
		_exit(fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0 ? 0 : 1);
	}
	assert_int_equal(waitpid(pid, &st, 0), pid);
	return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

static void
lock_excludes_others_until_closed(void **state)
{
	int fd;

	(void)state;
	fd = ub_lock(dir, "ls");
	assert_true(fd >= 0);
	assert_false(lock_free("ls"));
	close(fd);
	assert_true(lock_free("ls"));
}

static void
lock_in_missing_dir_fails(void **state)
{
	(void)state;
	assert_int_equal(ub_lock("/nonexistent/cache", "ls"), -1);
	assert_true(ub_unusable(errno));
}

static void
has_finds_bytes(void **state)
{
	char path[128];
	FILE *f;

	(void)state;
	snprintf(path, sizeof path, "%s/f", dir);
	f = fopen(path, "w");
	fwrite("abc\0def\0", 1, 8, f);
	fclose(f);
	assert_int_equal(ub_has(path, "def", 4), 1);
	assert_int_equal(ub_has(path, "abc\0d", 5), 1);
	assert_int_equal(ub_has(path, "xyz", 3), 0);
	snprintf(path, sizeof path, "%s/missing", dir);
	assert_int_equal(ub_has(path, "abc", 3), 0);
}

static void
truncated_elf_is_caught(void **state)
{
	char path[128], cmd[256];

	(void)state;
	snprintf(path, sizeof path, "%s/true", dir);
	snprintf(cmd, sizeof cmd, "cp /bin/true %s", path);
	assert_int_equal(system(cmd), 0);
	assert_int_equal(ub_elf_complete(path), 1);
	assert_int_equal(truncate(path, 4096), 0);
	assert_int_equal(ub_elf_complete(path), 0);
	assert_int_equal(truncate(path, 10), 0);
	assert_int_equal(ub_elf_complete(path), 0);
	assert_int_equal(ub_elf_complete("/etc/passwd"), 0);
	assert_int_equal(ub_elf_complete("/nonexistent"), -1);
}

static void
publish_replaces_atomically_or_cleans_up(void **state)
{
	char *tmp = ub_tmpname(dir, "ls"), dst[128];
	int fd;

	(void)state;
	assert_non_null(strstr(tmp, "/.tmp.ls."));
	fd = open(tmp, O_WRONLY | O_CREAT, 0755);
	assert_true(fd >= 0);
	close(fd);
	snprintf(dst, sizeof dst, "%s/ls", dir);
	assert_int_equal(ub_publish(tmp, dst), 0);
	assert_int_equal(access(dst, X_OK), 0);
	assert_int_equal(access(tmp, F_OK), -1);
	fd = open(tmp, O_WRONLY | O_CREAT, 0755);
	close(fd);
	assert_int_equal(ub_publish(tmp, "/nonexistent/ls"), -1);
	assert_int_equal(access(tmp, F_OK), -1);	/* no temp file left behind */
	free(tmp);
}

static void
unusable_errors(void **state)
{
	(void)state;
	assert_true(ub_unusable(EROFS));
	assert_true(ub_unusable(ENOSPC));
	assert_true(ub_unusable(EACCES));
	assert_false(ub_unusable(EINTR));
	assert_false(ub_unusable(ENOMEM));
}

/* An archive's note: its content hash, what its objects read, its stat key. */
static void
note_hit_takes_a_fresh_key(void **state)
{
	char path[96], note[8192];
	const char *files[] = { path, NULL };
	char *key, *hashed;

	(void)state;
	snprintf(path, sizeof path, "%s/a.c", dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("int a;\n", f);
	fclose(f);
	key = key_make(files);	/* made at once: the entry is hashed */
	assert_non_null(key);
	assert_non_null(strstr(key, " h="));
	snprintf(note, sizeof note, "UBH1 abc\n3:x.c\n%s", key);
	assert_int_equal(ub_note_hit(note, key), 1);	/* the same key */
	hashed = strdup(key);
	strcpy(strstr(key, " h="), "\n");	/* a later key: no hash */
	snprintf(note, sizeof note, "UBH1 abc\n3:x.c\n%s", hashed);
	assert_int_equal(ub_note_hit(note, key), 2);	/* the old key, still fresh */
	assert_int_equal(ub_note_hit(NULL, key), 0);
	assert_int_equal(ub_note_hit("UBH1 abc\n", key), 0);
	f = fopen(path, "w");
	fputs("int b;\n", f);
	fclose(f);
	assert_int_equal(ub_note_hit(note, key), 0);	/* edited: stale */
	free(key);
	free(hashed);
}

/* The stamp object: four global arrays in .rodata, with the bytes given. */
static void
stamp_object_holds_the_arrays(void **state)
{
	static const char *const want[] = { "__ubin_key", "__ubin_entry", "__ubin_bin", "__ubin_names" };
	struct ub_stamp st = { .mark = "MARK", .slot = 100, .entry = "/bin/x", .bin = "/bin",
		.names = "x\0y\0", .names_len = 5 };
	char path[96], buf[4096];
	const Elf64_Ehdr *eh = (const void *)buf;
	const Elf64_Shdr *sh;
	const Elf64_Sym *sym;
	const char *str, *ro;
	int fd;
	ssize_t n;

	(void)state;
	snprintf(path, sizeof path, "%s/st.o", dir);
	assert_int_equal(ub_stamp_write(path, &st), 0);
	fd = open(path, O_RDONLY);
	n = read(fd, buf, sizeof buf);
	close(fd);
	assert_true(n > (ssize_t)sizeof *eh && memcmp(buf, ELFMAG, SELFMAG) == 0);
	assert_int_equal(eh->e_type, ET_REL);
	assert_true(eh->e_shoff + eh->e_shnum * sizeof *sh <= (size_t)n);
	sh = (const void *)(buf + eh->e_shoff);
	assert_int_equal(sh[2].sh_type, SHT_SYMTAB);
	assert_int_equal(sh[2].sh_size / sizeof *sym, 5);
	sym = (const void *)(buf + sh[2].sh_offset);
	str = buf + sh[sh[2].sh_link].sh_offset;
	ro = buf + sh[1].sh_offset;
	assert_int_equal(sh[1].sh_flags, SHF_ALLOC);
	for (int i = 0; i < 4; i++) {
		assert_string_equal(str + sym[i + 1].st_name, want[i]);
		assert_int_equal(sym[i + 1].st_shndx, 1);
		assert_int_equal(ELF64_ST_BIND(sym[i + 1].st_info), STB_GLOBAL);
	}
	assert_int_equal(sym[1].st_size, 100);
	assert_memory_equal(ro + sym[1].st_value, "MARK\0\0\0", 7);
	assert_string_equal(ro + sym[2].st_value, "/bin/x");
	assert_string_equal(ro + sym[3].st_value, "/bin");
	assert_int_equal(sym[4].st_size, 5);
	assert_memory_equal(ro + sym[4].st_value, "x\0y\0\0", 5);
	st.slot = 4;	/* no room for the mark */
	assert_int_equal(ub_stamp_write(path, &st), -1);
	assert_int_equal(errno, EINVAL);
	st.slot = 100;
	snprintf(path, sizeof path, "%s/no/st.o", dir);
	assert_int_equal(ub_stamp_write(path, &st), -1);
	assert_int_equal(errno, ENOENT);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lock_excludes_others_until_closed),
		cmocka_unit_test(lock_in_missing_dir_fails),
		cmocka_unit_test(has_finds_bytes),
		cmocka_unit_test(truncated_elf_is_caught),
		cmocka_unit_test(publish_replaces_atomically_or_cleans_up),
		cmocka_unit_test(unusable_errors),
		cmocka_unit_test_setup_teardown(note_hit_takes_a_fresh_key, setup, teardown),
		cmocka_unit_test_setup_teardown(stamp_object_holds_the_arrays, setup, teardown),
	};

	return cmocka_run_group_tests_name("cache", tests, setup, teardown);
}
