/* chmod - change file modes */
#include "cmd.h"
#include "path.h"
#include "attr.h"

static const char usage[] = "chmod [-R] MODE FILE...";

static const char *spec;
static mode_t mask;
static int recurse;

static int
change(struct walk *w, int type)
{
	mode_t m = w->st.st_mode;

	w->skip = !recurse;
	if (type == WALK_DP)
		return 0;
	/* A link met inside a tree is left alone: its mode means nothing. */
	if (S_ISLNK(m)) {
		if (w->depth == 0) {
			errno = ENOENT;
			warn_errno("%s", w->path);
		}
		return 0;
	}
	mode_parse(spec, &m, mask, S_ISDIR(m));
	if (chmod(w->path, m & 07777) < 0)
		warn_errno("%s", w->path);
	return 0;
}

/* A mode like -w or -x+t is an operand, though it starts with a dash. */
static int
is_mode(const char *a)
{
	return a[0] == '-' && a[1] != '\0' && strcmp(a, "--") != 0 &&
	    a[strspn(a, "rwxXstugoa=+-,01234567")] == '\0';
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	struct walk w;
	mode_t test = 0;
	int c;

	recurse = 0;
	while (o.ind < argc && !is_mode(argv[o.ind]) && (c = opt_next(&o, "+R")) != -1) {
		if (c != 'R')
			die_usage(&o);
		recurse = 1;
	}
	if (strcmp(argv[o.ind - 1], "--") != 0 && opt_late(&argc, argv, o.ind, "-R"))
		recurse = 1;
	if (argc - o.ind < 2)
		die_usage(&o);
	spec = argv[o.ind++];
	mask = umask(0);
	umask(mask);
	if (mode_parse(spec, &test, mask, 0) < 0)
		die("invalid mode '%s'", spec);
	memset(&w, 0, sizeof w);
	w.visit = change;
	w.follow = 'H';
	for (int i = o.ind; i < argc; i++)
		walk(&w, argv[i]);
	walk_free(&w);
	return cmd_exit();
}
