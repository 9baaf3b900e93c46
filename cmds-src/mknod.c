/* mknod - make block or character special files, or FIFOs */
#include "cmd.h"
#include "attr.h"
#include <sys/sysmacros.h>

static const char usage[] = "mknod [-m MODE] NAME b|c|u|p [MAJOR MINOR]";

/* A device number: decimal, 0x hex or 0 octal, as strtoul reads it. */
static unsigned
number(const char *s, const char *what)
{
	unsigned long v;
	char *end;

	errno = 0;
	v = strtoul(s, &end, 0);
	if (*s < '0' || *s > '9' || *end != '\0' || errno != 0 || v > 0xffffffffUL)
		die("invalid %s number '%s'", what, s);
	return v;
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	const char *modearg = NULL, *name, *type;
	mode_t mask = umask(0), mode = 0666, kind;
	dev_t dev = 0;
	int c, n;

	umask(mask);
	while ((c = opt_next(&o, "+m:")) != -1) {
		if (c != 'm')
			die_usage(&o);
		modearg = o.arg;
	}
	n = argc - o.ind;
	if (n != 2 && n != 4)
		die_usage(&o);
	name = argv[o.ind];
	type = argv[o.ind + 1];
	if (strcmp(type, "p") == 0)
		kind = S_IFIFO;
	else if (strcmp(type, "b") == 0)
		kind = S_IFBLK;
	else if (strcmp(type, "c") == 0 || strcmp(type, "u") == 0)
		kind = S_IFCHR;
	else
		die("invalid device type '%s'", type);
	if ((kind == S_IFIFO) != (n == 2))
		die(kind == S_IFIFO ? "fifos do not have major and minor numbers" :
		    "special files need major and minor numbers");
	if (n == 4)
		dev = makedev(number(argv[o.ind + 2], "major"), number(argv[o.ind + 3], "minor"));
	if (modearg != NULL && mode_parse(modearg, &mode, mask, 0) < 0)
		die("invalid mode '%s'", modearg);
	if (mknod(name, kind | (mode & 0777), dev) < 0)
		die_errno("%s", name);
	if (modearg != NULL && chmod(name, mode) < 0)
		die_errno("%s", name);
	return cmd_exit();
}
