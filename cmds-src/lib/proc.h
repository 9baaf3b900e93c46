/* proc.h - commands run as the shell would, PATH search; signals by name; test's expressions;
 * processes in /proc */
#ifndef PROC_H
#define PROC_H

#include <stddef.h>

/* Run ARGV as the shell would: search PATH, a file without #! goes to
 * /bin/sh. Returns only on failure: 127 (not found) or 126, errno set. */
int exec_cmd(char **argv);
/* Run ARGV (execvp) and wait: its exit status, 128 + the signal that ended
 * it, 127 if it could not be run (the child says why), or -1 with errno if
 * fork or wait failed. */
int run_wait(char *const argv[]);

/*
 * A search path such as $PATH: directories separated by colons, an empty one
 * the current directory; NULL is PATH_DEFAULT. path_search calls FN with
 * DIR/NAME for each directory in turn ("./NAME" for an empty one; with NAME
 * "", the directory) until FN returns non-zero, and returns that; 0 if it
 * never does. path_find gives the first DIR/NAME that is a regular file
 * which access MODE (X_OK, R_OK) allows, malloc'd, or NULL; a NAME with a
 * slash is not searched for: itself, if it is such a file.
 */
#define PATH_DEFAULT "/ubin:/bin:/sbin:/usr/bin:/usr/sbin"
int path_search(const char *path, const char *name, int (*fn)(const char *file, void *arg), void *arg);
char *path_find(const char *path, const char *name, int mode);

/* Signals: sig_num takes "TERM", "SIGterm", "15", "RTMIN+2" and gives the
 * number, 0 for "0", -1 if unknown; sig_name gives "TERM" (real-time ones
 * made in BUF), NULL for a number without a name. */
#define SIG_NAME_LEN 24
int sig_num(const char *s);
const char *sig_name(int sig, char buf[SIG_NAME_LEN]);
/* A command's signal operand: its number, or die saying it is invalid. */
int sig_arg(const char *s);
/* Every signal's name, one a line, as kill -l prints them. */
void sig_list(void);

/* test's expression in ARGV (test, [ and the shell's builtins): 0 true,
 * 1 false, 2 an error, which has been reported. */
int test_eval(int argc, char **argv);

/*
 * /proc: proc_pids gives the ids of the processes there, ascending, in a
 * malloc'd array, and their number; -1 and errno if /proc cannot be read.
 * proc_file gives the whole of /proc/PID/NAME, NUL-terminated and malloc'd,
 * its length in *LEN; NULL and errno if it cannot be read. proc_stat_comm
 * copies the name between the first "(" and the last ")" of a stat file's
 * text (the name may hold both) into COMM, cut to N, and returns the text
 * after the ")"; NULL if there is no such name.
 */
int proc_pids(int **pids);
char *proc_file(int pid, const char *name, size_t *len);
char *proc_stat_comm(char *stat, char *comm, size_t n);

/*
 * The names a process goes by, for pidof and killall. proc_name_read: 0, or
 * -1 if the process is gone. proc_name_match says whether NAME is its comm,
 * the last part of its argv[0], or (a script its #! line ran) of argv[1]; a
 * NAME with a slash must be the whole argv[0] or argv[1].
 */
struct proc_name {
	int pid;
	char state;		/* R, S, Z, ... from stat */
	char comm[64];
	char *cmdline;		/* argv, each NUL-terminated; len 0 for a kernel thread or zombie */
	size_t len;
};
int proc_name_read(int pid, struct proc_name *p);
int proc_name_match(const struct proc_name *p, const char *name);
void proc_name_free(struct proc_name *p);

#endif
