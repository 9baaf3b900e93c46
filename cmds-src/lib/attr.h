/* attr.h - owners and modes of files, by name and by number */
#ifndef ATTR_H
#define ATTR_H

#include <sys/types.h>

/* Names for ids from the passwd and group files, cached; the number if unknown. */
const char *uid_name(uid_t uid);
const char *gid_name(gid_t gid);

/* Ids for user and group names, else decimal numbers; -1 if neither. */
int uid_parse(const char *s, uid_t *uid);
int gid_parse(const char *s, gid_t *gid);
/* chown's OWNER[:GROUP], OWNER:, :GROUP or OWNER.GROUP; -1 for what is not
 * given. Bad input ends the command with one line. */
void owner_parse(const char *spec, uid_t *uid, gid_t *gid);

/* Modes: apply chmod's MODE, octal or symbolic ("u+rwx,go-w", "a=rX", "g=u"),
 * to *m. Clauses naming no user leave the bits in MASK (a umask) alone; ISDIR
 * makes X mean x. Returns 0, or -1 for a malformed MODE. */
int mode_parse(const char *spec, mode_t *m, mode_t mask, int isdir);

/* "drwxr-xr-x" for M, as ls -l shows it. */
void mode_str(char s[11], mode_t m);

#endif
