/*
 * fuzz_ed - libFuzzer harness: ed (cmds-src/ed.c, its main called in-process)
 * on arbitrary commands, read from a pipe as from a script, over a small
 * fixed file. Files stay in the working directory, a scratch one (a name with
 * a slash cannot be opened); ! runs nothing, and !command reads and writes
 * /dev/null.
 */
#include <stdio.h>
#include <stdio_ext.h>
static inline FILE *sandboxed_fopen(const char *name, const char *mode);
static FILE *no_popen(const char *command, const char *mode);
static int no_system(const char *command);
/* Scripts may grow the buffer for ever: a budget of lines and bytes, per input. */
static unsigned long made, bytes;
#define ED_STEP(n) \
	do { \
		if (++made > 100000 || (bytes += (n)) > (16 << 20)) \
			die("fuzz: over budget"); \
	} while (0)
#define fopen sandboxed_fopen
#define popen no_popen
#define pclose fclose
#define system no_system
#define main ed_main
#include "../../../cmds-src/ed.c"
#undef main
#undef fopen
#include "../lib/incmd.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static const char text[] = "one\ntwo\nthree\n\nfoo bar  baz\n\t x\\y/z\nlast\n";

static FILE *
no_popen(const char *command, const char *mode)
{
	(void)command;
	return fopen("/dev/null", mode);
}

static int
no_system(const char *command)
{
	(void)command;
	return 0;
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	char *argv[] = { "ed", "-s", "text", NULL };
	int p[2];

	/* The commands fit in the pipe (max_len): no writer needed. */
	if (size > 65536 || pipe(p) < 0 || write_all(p[1], data, size) < 0)
		abort();
	close(p[1]);
	if (dup2(p[0], 0) < 0)
		abort();
	close(p[0]);
	__fpurge(stdin);
	clearerr(stdin);
	incmd_file("text", text, sizeof text - 1);
	made = bytes = 0;
	incmd_run(ed_main, 3, argv);
	return 0;
}
