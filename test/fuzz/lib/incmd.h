/*
 * incmd.h - run a command's main in-process, for the fuzz harnesses that
 * include a command's source. Its fatal paths (die, die_usage: cmd_quit)
 * jump back here instead of ending the fuzzer. (run.sh passes -close_fd_mask=3:
 * what the command prints goes to /dev/null, libFuzzer's reports do not.)
 */
#include <setjmp.h>

static jmp_buf incmd_jump;

static _Noreturn void
incmd_quit(int status)
{
	longjmp(incmd_jump, 256 + status);
}

#define INCMD_FDS 64

/* The descriptors open before any run, noted once: libFuzzer's own set
 * does not change between inputs, and a check per input would cost 60
 * system calls. */
static char incmd_open[INCMD_FDS];
static int incmd_top = -1;

static void
incmd_note_fds(void)
{
	incmd_top = 2;
	for (int fd = 3; fd < INCMD_FDS; fd++)
		if ((incmd_open[fd] = fcntl(fd, F_GETFD) >= 0))
			incmd_top = fd;
}

/* After a quit: close what the command opened, one call for all above the top. */
static void
incmd_close_fds(void)
{
	for (int fd = 3; fd <= incmd_top; fd++)
		if (!incmd_open[fd])
			close(fd);
	close_range(incmd_top + 1, ~0U, 0);
}

/* MAIN's status, or 256 + the status it quit with. A command that quits
 * leaves its descriptors open for exit to close: they are closed here. */
static int
incmd_run(int (*main_fn)(int, char **), int argc, char **argv)
{
	volatile int r;

	if (incmd_top < 0)
		incmd_note_fds();
	cmd_status = 0;
	cmd_quit_hook = incmd_quit;
	if ((r = setjmp(incmd_jump)) == 0)
		r = main_fn(argc, argv);
	cmd_quit_hook = NULL;
	if (r >= 256)
		incmd_close_fds();
	fflush(stdout);
	clearerr(stdout);
	return r;
}

/* A file of the working directory (a scratch directory, see run.sh) holding P. */
static void
incmd_file(const char *name, const void *p, size_t n)
{
	FILE *f = fopen(name, "w");

	if (f == NULL || fwrite(p, 1, n, f) != n || fclose(f) != 0)
		abort();
}

/* For a harness that says "#define fopen sandboxed_fopen" before including a
 * command (sed w, ed w and r): files stay in the working directory, a
 * scratch one; a name with a slash cannot be opened. */
static inline FILE *
sandboxed_fopen(const char *name, const char *mode)
{
	if (strchr(name, '/') != NULL) {
		errno = EACCES;
		return NULL;
	}
	return fopen(name, mode);
}
