/* realpath - print canonical absolute paths */
#include "cmd.h"
#include "path.h"

static const char usage[] = "realpath [-E|-e|-m] [-sqz] FILE...";

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, how = CANON_LAST, links = 0, quiet = 0, end = '\n';
	char *s;

	while ((c = opt_next(&o, "Eemsqz")) != -1) {
		switch (c) {
		case 'E': how = CANON_LAST; break;
		case 'e': how = 0; break;
		case 'm': how = CANON_ANY; break;
		case 's': links = CANON_NOLINKS; break;
		case 'q': quiet = 1; break;
		case 'z': end = '\0'; break;
		default: die_usage(&o);
		}
	}
	if (o.ind == argc)
		die_usage(&o);
	for (int i = o.ind; i < argc; i++) {
		if ((s = path_canon(argv[i], how | links)) == NULL) {
			if (quiet)
				cmd_status = 1;
			else
				warn_errno("%s", argv[i]);
			continue;
		}
		fputs(s, stdout);
		putchar(end);
		free(s);
	}
	return cmd_exit();
}
