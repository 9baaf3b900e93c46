/* chgrp - change file groups */
#include "cmd.h"

static const char usage[] = "chgrp [-hR] [-H|-L|-P] GROUP FILE...";

static gid_t gid;
static int recurse;

static int
change(struct walk *w, int type)
{
	int r;

	w->skip = !recurse;
	if (type == WALK_DP)
		return 0;
	/* The walk stopped at a link it was not to follow: change the link. */
	if (S_ISLNK(w->st.st_mode))
		r = lchown(w->path, (uid_t)-1, gid);
	else
		r = chown(w->path, (uid_t)-1, gid);
	if (r < 0)
		warn_errno("%s", w->path);
	return 0;
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	struct walk w;
	int c, nolink = 0, follow = 'P';

	recurse = 0;
	while ((c = opt_next(&o, "hHLPR")) != -1) {
		switch (c) {
		case 'h': nolink = 1; break;
		case 'H': case 'L': case 'P': follow = c; break;
		case 'R': recurse = 1; break;
		default: die_usage(&o);
		}
	}
	if (strcmp(argv[o.ind - 1], "--") != 0 && opt_late(&argc, argv, o.ind, "-R"))
		recurse = 1;
	if (argc - o.ind < 2)
		die_usage(&o);
	if (gid_parse(argv[o.ind], &gid) < 0)
		die("invalid group '%s'", argv[o.ind]);
	o.ind++;
	memset(&w, 0, sizeof w);
	w.visit = change;
	/* Alone, links given are followed unless -h; -R goes by -H, -L or -P. */
	w.follow = recurse ? follow : nolink ? 'P' : 'H';
	for (int i = o.ind; i < argc; i++)
		walk(&w, argv[i]);
	walk_free(&w);
	return cmd_exit();
}
