/* sync - write cached data to storage */
#include "cmd.h"

static const char usage[] = "sync [-d|-f] [FILE...]";

/* fsync FILE, or with -d its data only, or with -f its whole file system. */
static void
sync_file(const char *path, int how)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC), r;

	if (fd < 0 && (errno == EACCES || errno == EPERM))
		fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		warn_errno("%s", path);
		return;
	}
	if (how == 'f')
		r = syncfs(fd);
	else if (how == 'd')
		r = fdatasync(fd);
	else
		r = fsync(fd);
	if (r < 0)
		warn_errno("%s", path);
	close(fd);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, how = 0;

	while ((c = opt_next(&o, "df")) != -1) {
		if (c != 'd' && c != 'f')
			die_usage(&o);
		how = c;
	}
	if (o.ind == argc) {
		if (how != 0)
			die_usage(&o);
		sync();
		return cmd_exit();
	}
	for (int i = o.ind; i < argc; i++)
		sync_file(argv[i], how);
	return cmd_exit();
}
