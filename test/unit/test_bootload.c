/* test_bootload.c - lib/boot_load.c: a kernel and none, one or several
 * initrds from files, each hashed from the descriptor loaded, several
 * concatenated into one. kexec_file_load and the TPM are stand-ins here that
 * record what they were given. */
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
#include "bootcheck.h"
#include "err.h"
#include "sha256.h"
#include "fixture.h"

static char dir[] = "/tmp/test_bootload.XXXXXX";
static char kernel[64], files[3][64], missing[64], errfile[64];
static char *initrd[] = { files[0], files[1], files[2] };
static char *names[] = { "a.img", "b.img", "c.img" };
static const char *const text[] = { "one;", "two;", "three;" };
static char errline[256];	/* the first line boot_load_files said */

/* What the stand-ins were given. */
static struct {
	int loads;
	char initrd[64];	/* the initrd's bytes, from offset 0 */
	int initrd_fd;
	char cmdline[64];
	int nparts;
	struct bootpart part[4];
} seen;
static int load_errno;		/* what kexec_load_fd fails with; 0 it does not */

int
kexec_load_fd(int kfd, int ifd, const char *cmdline)
{
	ssize_t n = 0;

	(void)kfd;
	seen.loads++;
	seen.initrd_fd = ifd;
	if (ifd >= 0 && (n = pread(ifd, seen.initrd, sizeof seen.initrd - 1, 0)) < 0)
		n = 0;
	seen.initrd[n] = '\0';
	snprintf(seen.cmdline, sizeof seen.cmdline, "%s", cmdline);
	errno = load_errno;
	return load_errno ? -1 : 0;
}

int
boot_measure(const struct bootplan *p, char *err, size_t errlen)
{
	(void)err, (void)errlen;
	seen.nparts = p->n < 4 ? p->n : 4;
	for (int i = 0; i < seen.nparts; i++) {
		seen.part[i] = p->part[i];
		seen.part[i].name = strdup(p->part[i].name);
	}
	return 0;
}

static int
setup(void **state)
{
	(void)state;
	if (mkdtemp(dir) == NULL)
		return -1;
	snprintf(kernel, sizeof kernel, "%s/vmlinuz", dir);
	snprintf(missing, sizeof missing, "%s/none.img", dir);
	snprintf(errfile, sizeof errfile, "%s/stderr", dir);
	put(kernel, "KERNEL");
	for (int i = 0; i < 3; i++) {
		snprintf(files[i], sizeof files[i], "%s/%s", dir, names[i]);
		put(initrd[i], text[i]);
	}
	cmd_name = "test";
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	for (int i = 0; i < 3; i++)
		unlink(initrd[i]);
	unlink(kernel), unlink(errfile);
	return rmdir(dir);
}

static void
forget(void)
{
	for (int i = 0; i < seen.nparts; i++)
		free(seen.part[i].name);
	memset(&seen, 0, sizeof seen);
}

/* boot_load_files with standard error in ERRFILE; its first line in errline. */
static int
load(int n, char *const *files, const char *cmdline)
{
	int save = dup(2), fd = open(errfile, O_WRONLY | O_CREAT | O_TRUNC, 0600), r, e;
	FILE *f;

	if (boot_keys())
		skip();	/* keys in /etc/boot-keys here: every load would be refused */
	forget();
	fflush(stderr);
	dup2(fd, 2);
	close(fd);
	r = boot_load_files(kernel, "vmlinuz", n, files, names, cmdline, "/nonexistent/SHA256SUMS",
	    "/nonexistent/SHA256SUMS.sig", NULL);
	e = errno;
	fflush(stderr);
	dup2(save, 2);
	close(save);
	errline[0] = '\0';
	if ((f = fopen(errfile, "r")) != NULL) {
		if (fgets(errline, sizeof errline, f) == NULL)
			errline[0] = '\0';
		fclose(f);
	}
	errline[strcspn(errline, "\n")] = '\0';
	errno = e;
	return r;
}

static void
assert_part(int i, const char *what, const char *name, const char *text)
{
	unsigned char h[32];
	struct sha256 s;

	assert_string_equal(seen.part[i].what, what);
	assert_string_equal(seen.part[i].name, name);
	sha256_init(&s);
	sha256_update(&s, text, strlen(text));
	sha256_final(&s, h);
	assert_memory_equal(seen.part[i].hash, h, 32);
}

/* The first N initrds loaded as JOINED; the kernel and each initrd hashed
 * as itself, in order, from the descriptor loaded. */
static void
assert_loads(int n, const char *joined)
{
	assert_int_equal(load(n, initrd, "quiet"), 0);
	assert_int_equal(seen.loads, 1);
	assert_string_equal(seen.initrd, joined);
	assert_string_equal(seen.cmdline, "quiet");
	assert_int_equal(seen.nparts, n + 1);
	assert_part(0, "kernel", "vmlinuz", "KERNEL");
	for (int i = 0; i < n; i++)
		assert_part(i + 1, "initrd", names[i], text[i]);
}

static void
no_initrd(void **state)
{
	(void)state;
	assert_loads(0, "");
	assert_int_equal(seen.initrd_fd, -1);
	assert_non_null(strstr(errline, "booting unverified"));
}

/* One is loaded from its own descriptor, several from a memfd. */
static void
initrds(void **state)
{
	(void)state;
	assert_loads(1, "one;");
	assert_loads(3, "one;two;three;");
}

/* A kernel or a lone initrd that cannot be opened: -2 and errno, for the
 * caller's "loading ...: why"; one of several: -1 and the line said. */
static void
missing_files(void **state)
{
	char *one[] = { missing }, *several[] = { initrd[0], missing, initrd[2] }, want[128];

	(void)state;
	assert_int_equal(load(1, one, "quiet"), -2);
	assert_int_equal(errno, ENOENT);
	assert_int_equal(seen.loads, 0);
	assert_int_equal(load(3, several, "quiet"), -1);
	snprintf(want, sizeof want, "test: %s: %s", missing, strerror(ENOENT));
	assert_string_equal(errline, want);
	assert_int_equal(seen.loads, 0);
	strcpy(kernel + strlen(kernel), ".gone");
	assert_int_equal(load(0, NULL, "quiet"), -2);
	assert_int_equal(errno, ENOENT);
	kernel[strlen(kernel) - 5] = '\0';
}

/* kexec_file_load's errno reaches the caller; no command line is "". */
static void
load_fails(void **state)
{
	(void)state;
	load_errno = ENOEXEC;
	assert_int_equal(load(3, initrd, NULL), -2);
	assert_int_equal(errno, ENOEXEC);
	assert_string_equal(seen.cmdline, "");
	load_errno = 0;
	forget();
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(no_initrd),
		cmocka_unit_test(initrds),
		cmocka_unit_test(missing_files),
		cmocka_unit_test(load_fails),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
