/* cat - concatenate files to standard output */
#include "cmd.h"
#include "io.h"

static const char usage[] = "cat [-u] [FILE...]";

/* Copy one operand; "-" is standard input. Write errors are fatal. */
static void
cat_file(const char *path)
{
	int fd = 0;

	if (strcmp(path, "-") != 0 && (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		warn_errno("%s", path);
		return;
	}
	switch (copy_fd(fd, 1)) {
	case -1:
		warn_errno("%s", path);
		break;
	case -2:
		die_errno("write error");
	}
	if (fd != 0)
		close(fd);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c;

	while ((c = opt_next(&o, "u")) != -1)
		if (c != 'u')
			die_usage(&o);
	if (o.ind == argc)
		cat_file("-");
	for (int i = o.ind; i < argc; i++)
		cat_file(argv[i]);
	return cmd_exit();
}
