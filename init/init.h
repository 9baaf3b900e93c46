/* init.h - PID 1's parts */
#ifndef INIT_H
#define INIT_H

#include <signal.h>
#include <sys/types.h>

#define CMDLINE_MAX 4096
/* Words are separated by at least one byte, so this many always fit: no
 * command line the kernel can pass (2048 bytes on x86) is ever cut for its
 * number of words. */
#define CMDLINE_WORDS (CMDLINE_MAX / 2)

/* What PID 1 takes from the kernel command line. */
struct cmdline {
	char buf[CMDLINE_MAX];		/* the words, NUL-separated */
	char *uinit;			/* uinit=PATH */
	char *term;			/* TERM=... */
	char *args[CMDLINE_WORDS + 1];	/* the words after "--": uinit's arguments */
	int nargs;
	char *modules[CMDLINE_WORDS + 1];	/* modules_load=a,b (may repeat) */
	int nmodules;
	int verbose;			/* init.verbose */
	int precompile;			/* init.precompile: build every command at idle */
};

int cmdline_parse(const char *text, struct cmdline *c);	/* 0, or -1 if cut short */
int cmdline_read(const char *path, struct cmdline *c);

extern int init_verbose;
void say(int err, const char *fmt, ...);	/* to /dev/kmsg; errors also to stderr */

int wait_for(pid_t pid);	/* wait status of pid; pid 0: reap forever */
void child_signals(void);	/* in a child: empty mask, default dispositions */
pid_t spawn_console(char *const argv[]);
void load_modules(const struct cmdline *c);
void run_uinit(const struct cmdline *c);
void precompile(const struct cmdline *c);
void measure_box(void);		/* multicall mode: the box into the TPM */
_Noreturn void run_shell(void);

#endif
