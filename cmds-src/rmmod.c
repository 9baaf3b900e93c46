/* rmmod - unload kernel modules */
#include "cmd.h"
#include <sys/syscall.h>

static const char usage[] = "rmmod [-f] MODULE...";

/* "/lib/modules/x/foo-bar.ko.zst" or "foo-bar" -> "foo_bar", in place. */
static char *
module_name(char *s)
{
	char *p = strrchr(s, '/');

	if (p != NULL)
		s = p + 1;
	if ((p = strstr(s, ".ko")) != NULL && (p[3] == '\0' || p[3] == '.'))
		*p = '\0';
	for (p = s; *p; p++)
		if (*p == '-')
			*p = '_';
	return s;
}

static void
unload(char *arg, int flags)
{
	char *name = module_name(arg);

	if (syscall(SYS_delete_module, name, flags) == 0)
		return;
	if (errno == ENOENT)
		warn("%s: module not loaded", name);
	else if (errno == EWOULDBLOCK)
		warn("%s: module in use", name);
	else
		warn_errno("%s", name);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, flags = O_NONBLOCK;

	while ((c = opt_next(&o, "fw")) != -1) {
		if (c == 'f')
			flags |= O_TRUNC;
		else if (c == 'w')
			flags &= ~O_NONBLOCK;
		else
			die_usage(&o);
	}
	if (o.ind == argc)
		die_usage(&o);
	for (int i = o.ind; i < argc; i++)
		unload(argv[i], flags);
	return cmd_exit();
}
