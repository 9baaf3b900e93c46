/* err.h - messages, the exit status, and memory that never comes back NULL */
#ifndef ERR_H
#define ERR_H

#include <stddef.h>

/* Errors: "name: message[: strerror]" on stderr. warn* set a sticky status 1. */
extern const char *cmd_name;
extern int cmd_status;
const char *cmd_setname(const char *argv0);
void warn(const char *fmt, ...);
void warn_errno(const char *fmt, ...);
_Noreturn void die(const char *fmt, ...);
_Noreturn void die_errno(const char *fmt, ...);
/* Flush stdout; a write error becomes a message and status 1. Returns the status. */
int cmd_exit(void);
/* exit(STATUS), unless a harness set the hook: it must not return. */
_Noreturn void cmd_quit(int status);
extern void (*cmd_quit_hook)(int status);

/* Memory: die with "name: out of memory" rather than return NULL. */
void *xmalloc(size_t n);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

#endif
