/*
 * fuzz_ed - libFuzzer harness: ed (cmds-src/ed.c, its main called in-process)
 * on arbitrary commands, read from a pipe as from a script, over a small
 * fixed file. Files stay in the working directory, a scratch one (a name with
 * a slash cannot be opened); ! runs nothing, and !command reads and writes
 * /dev/null.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <time.h>
static inline FILE *sandboxed_fopen(const char *name, const char *mode);
static FILE *no_popen(const char *command, const char *mode);
static int no_system(const char *command);
/* Scripts may grow the buffer for ever: a budget of lines and bytes, per
 * input, small enough that an input takes a millisecond or so (g/./t. doubles
 * the buffer at every line). Every path of ed is reached with a few lines of
 * text: a budget five times this one found nothing more and cost a quarter
 * more CPU per run. Counted as lines are made, checked between
 * commands, where release finds all that ed holds. Lines printed and
 * written count too: a command per line of g that writes them all is
 * quadratic. So are others (a range s/// per line of g): a second of an
 * input's time is the last bound, as any one command is linear. The bytes are few because
 * glibc's regexec takes strlen of the rest of the line at every match, so
 * s/x/y/g over one joined line is quadratic here (musl's is not). */
static unsigned long made, bytes, work;
static struct timespec started;
static int over_time(void);
#define ED_STEP(n) (made++, bytes += (n))
#define ED_WORK() (work++)
#define ED_CHECK() \
	do { \
		if (made > 2000 || bytes > (1 << 14) || work > 20000 || over_time()) \
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
#include "io.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static const char text[] = "one\ntwo\nthree\n\nfoo bar  baz\n\t x\\y/z\nlast\n";

/* /dev/null opened as it is: never created (fopen "w" would make a regular
 * file of it on a host where it had gone missing, and fill it). */
static FILE *
no_popen(const char *command, const char *mode)
{
	int fd = open("/dev/null", mode[0] == 'r' ? O_RDONLY | O_CLOEXEC : O_WRONLY | O_CLOEXEC);
	FILE *f = fd < 0 ? NULL : fdopen(fd, mode);

	(void)command;
	if (f == NULL && fd >= 0)
		close(fd);
	return f;
}

static int
no_system(const char *command)
{
	(void)command;
	return 0;
}

/* Files an earlier input wrote are removed: each input starts with only
 * "text". Else W (append) grows a file from input to input without bound,
 * and one e or r reads it all before the budget is looked at. Only ever in
 * the directory LLVMFuzzerInitialize made for it. */
static void
empty_scratch(void)
{
	DIR *d = opendir(".");
	struct dirent *e;

	if (d == NULL)
		abort();
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			unlink(e->d_name);
	closedir(d);
}

static int
over_time(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - started.tv_sec) * 1000 + (now.tv_nsec - started.tv_nsec) / 1000000 > 1000;
}

/* Run ed -s text on SCRIPT, as for an input. */
static void
run_script(const char *script, size_t size)
{
	char *argv[] = { "ed", "-s", "text", NULL };
	int p[2];

	/* The commands fit in the pipe (max_len): no writer needed. */
	if (size > 65536 || pipe(p) < 0 || write_all(p[1], script, size) < 0)
		abort();
	close(p[1]);
	if (dup2(p[0], 0) < 0)
		abort();
	close(p[0]);
	__fpurge(stdin);
	clearerr(stdin);
	empty_scratch();
	incmd_file("text", text, sizeof text - 1);
	made = bytes = work = 0;
	clock_gettime(CLOCK_MONOTONIC, &started);
	/* A run that quit (an error in a script, the budget) did not release
	 * what it held: done here, so the next input starts as a fresh ed. */
	if (incmd_run(ed_main, 3, argv) >= 256)
		release();
}

/*
 * A run stopped inside g (over budget) once left its command list behind,
 * and every later input read that spent list instead of its own commands:
 * a fuzzer running nothing. Here a later run must still write the file.
 */
static void
check_fresh_after_global(void)
{
	static struct list spent;
	static const char script[] = "w copy\nq\n";
	char buf[sizeof text];
	FILE *f;

	glist = &spent;
	in_global = 1;
	run_script(script, sizeof script - 1);
	if ((f = fopen("copy", "r")) == NULL || fread(buf, 1, sizeof buf, f) != sizeof text - 1 ||
	    memcmp(buf, text, sizeof text - 1) != 0) {
		fprintf(stderr, "fuzz_ed: a run after a stopped g did not run its commands\n");
		abort();
	}
	fclose(f);
	unlink("copy");
	/* libFuzzer opens its own descriptors after this: incmd notes them
	 * again at the first input, so that it does not close them. */
	incmd_top = -1;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static char dir[] = "fuzz_ed.XXXXXX";

	(void)argc, (void)argv;
	if (mkdtemp(dir) == NULL || chdir(dir) < 0)
		abort();
	check_fresh_after_global();
	return 0;
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	run_script((const char *)data, size);
	return 0;
}
