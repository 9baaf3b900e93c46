/* tee - copy standard input to standard output and files */
#include "cmd.h"
#include "io.h"
#include <signal.h>

static const char usage[] = "tee [-ai] [FILE...]";

/* Descriptor 1 and the files; a failed one is set to -1 and skipped. */
struct out {
	const char *name;
	int fd;
};

static void
write_out(struct out *o, const char *buf, size_t n)
{
	if (o->fd < 0 || write_all(o->fd, buf, n) == 0)
		return;
	if (o->fd == 1)
		warn_errno("write error");
	else
		warn_errno("%s", o->name);
	if (o->fd != 1)
		close(o->fd);
	o->fd = -1;
}

static const struct opt_long longs[] = {
	{ "append", 'a' }, { "ignore-interrupts", 'i' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, n = 1;
	struct out *outs;
	char buf[65536];
	ssize_t r;

	o.longs = longs;
	while ((c = opt_next(&o, "ai")) != -1) {
		switch (c) {
		case 'a': flags = (flags & ~O_TRUNC) | O_APPEND; break;
		case 'i': signal(SIGINT, SIG_IGN); break;
		default: die_usage(&o);
		}
	}
	outs = xmalloc((argc - o.ind + 1) * sizeof *outs);
	outs[0].name = "standard output";
	outs[0].fd = 1;
	for (int i = o.ind; i < argc; i++) {
		outs[n].name = argv[i];
		if ((outs[n].fd = open(argv[i], flags, 0666)) < 0)
			warn_errno("%s", argv[i]);
		else
			n++;
	}
	while ((r = read(0, buf, sizeof buf)) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			warn_errno("read error");
			break;
		}
		for (int i = 0; i < n; i++)
			write_out(&outs[i], buf, r);
	}
	for (int i = 1; i < n; i++)
		if (outs[i].fd >= 0 && close(outs[i].fd) < 0)
			warn_errno("%s", outs[i].name);
	free(outs);
	return cmd_exit();
}
