/* cp.h - cp, mv and ln, one command (main.c): what its files share */
#include "cmd.h"
#include "io.h"
#include "path.h"

/* How to copy, and when what is at the target may be replaced. */
struct copy {
	int recurse, preserve, links, verbose;
	int follow;		/* the walk's: 'H', 'L' or 'P' */
	int force, interactive, noclobber;
	int ask_unwritable;	/* mv: from a terminal, ask before replacing what may not be written */
	mode_t mask;		/* the umask, for directories made without preserve */
};

/* copy.c: FROM (with recurse, its tree) to TO, as HOW says; errors are
 * reported and counted by cmd_status. copy_free when done. */
void copy_tree(const struct copy *how, const char *from, const char *to);
void copy_free(void);

/* main.c: SOURCE... TARGET as the three take them; FN(SOURCE, ITS TARGET) for
 * each: one source to TARGET itself unless ISDIR, else into it. */
void operands(char **src, int n, const char *target, int isdir,
    void (*fn)(const char *from, const char *to));
void operands_into(char **src, int n, const char *dir,
    void (*fn)(const char *from, const char *to));
int same_file(const struct stat *a, const struct stat *b);
int may_replace(const struct copy *how, const char *to);

int cp_main(int argc, char **argv);
int mv_main(int argc, char **argv);
int ln_main(int argc, char **argv);
