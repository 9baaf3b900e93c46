/* proc.h - commands run as the shell would; signals by name; test's expressions */
#ifndef PROC_H
#define PROC_H

/* Run ARGV as the shell would: search PATH, a file without #! goes to
 * /bin/sh. Returns only on failure: 127 (not found) or 126, errno set. */
int exec_cmd(char **argv);

/* Signals: sig_num takes "TERM", "SIGterm", "15", "RTMIN+2" and gives the
 * number, 0 for "0", -1 if unknown; sig_name gives "TERM" (real-time ones
 * made in BUF), NULL for a number without a name. */
#define SIG_NAME_LEN 24
int sig_num(const char *s);
const char *sig_name(int sig, char buf[SIG_NAME_LEN]);

/* test's expression in ARGV (test, [ and the shell's builtins): 0 true,
 * 1 false, 2 an error, which has been reported. */
int test_eval(int argc, char **argv);

#endif
