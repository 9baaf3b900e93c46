/* mkfifo - make FIFO special files */
#include "cmd.h"
#include "attr.h"

static const char usage[] = "mkfifo [-m MODE] FILE...";

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	const char *modearg = NULL;
	mode_t mask = umask(0), mode = 0666;
	int c;

	umask(mask);
	while ((c = opt_next(&o, "m:")) != -1) {
		if (c != 'm')
			die_usage(&o);
		modearg = o.arg;
	}
	if (o.ind == argc)
		die_usage(&o);
	if (modearg != NULL && mode_parse(modearg, &mode, mask, 0) < 0)
		die("invalid mode '%s'", modearg);
	for (int i = o.ind; i < argc; i++) {
		if (mkfifo(argv[i], mode & 0777) < 0)
			warn_errno("%s", argv[i]);
		else if (modearg != NULL && chmod(argv[i], mode) < 0)
			warn_errno("%s", argv[i]);
	}
	return cmd_exit();
}
