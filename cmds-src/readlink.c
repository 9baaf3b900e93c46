/* readlink - print a symbolic link's target, or a canonical path */
#include "cmd.h"
#include "path.h"

static const char usage[] = "readlink [-f|-e|-m] [-nqsvz] FILE...";

static const struct opt_long longs[] = {
	{ "canonicalize", 'f' }, { "canonicalize-existing", 'e' },
	{ "canonicalize-missing", 'm' }, { "no-newline", 'n' }, { "quiet", 'q' },
	{ "silent", 's' }, { "verbose", 'v' }, { "zero", 'z' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, canon = -1, quiet = 0, end = '\n', newline = 1;
	char *s;

	o.longs = longs;
	while ((c = opt_next(&o, "efmnqsvz")) != -1) {
		switch (c) {
		case 'e': canon = 0; break;
		case 'f': canon = CANON_LAST; break;
		case 'm': canon = CANON_ANY; break;
		case 'n': newline = 0; break;
		case 'q': case 's': quiet = 1; break;
		case 'v': quiet = 0; break;
		case 'z': end = '\0'; break;
		default: die_usage(&o);
		}
	}
	if (o.ind == argc)
		die_usage(&o);
	/* Without a delimiter, several names would run together. */
	if (argc - o.ind > 1)
		newline = 1;
	for (int i = o.ind; i < argc; i++) {
		s = canon < 0 ? link_read(AT_FDCWD, argv[i]) : path_canon(argv[i], canon);
		if (s == NULL) {
			if (quiet)
				cmd_status = 1;
			else
				warn_errno("%s", argv[i]);
			continue;
		}
		fputs(s, stdout);
		if (newline)
			putchar(end);
		free(s);
	}
	return cmd_exit();
}
