/* chown - change file owners and groups; as chgrp, groups only */
#include "cmd.h"
#include "path.h"
#include "attr.h"

CMD_NAMES("chown", "chgrp");

static struct {
	uid_t uid;
	gid_t gid;
	int recurse;
} own;

static int
change(struct walk *w, int type)
{
	int r;

	w->skip = !own.recurse;
	if (type == WALK_DP)
		return 0;
	/* The walk stopped at a link it was not to follow: change the link. */
	if (S_ISLNK(w->st.st_mode))
		r = lchown(w->path, own.uid, own.gid);
	else
		r = chown(w->path, own.uid, own.gid);
	if (r < 0)
		warn_errno("%s", w->path);
	return 0;
}

int
main(int argc, char *argv[])
{
	static const char *const usages[] = {
		"chown [-hR] [-H|-L|-P] OWNER[:GROUP] FILE...",
		"chgrp [-hR] [-H|-L|-P] GROUP FILE...",
	};
	int group_only = cmd_called(argv[0], cmd_names);
	struct opt o = OPT_INIT(argc, argv, usages[group_only]);
	struct walk w;
	int c, nolink = 0, follow = 'P';

	own.recurse = 0;
	while ((c = opt_next(&o, "hHLPR")) != -1) {
		switch (c) {
		case 'h': nolink = 1; break;
		case 'H': case 'L': case 'P': follow = c; break;
		case 'R': own.recurse = 1; break;
		default: die_usage(&o);
		}
	}
	if (argc - o.ind < 2)
		die_usage(&o);
	if (!group_only) {
		owner_parse(argv[o.ind], &own.uid, &own.gid);
	} else {
		own.uid = (uid_t)-1;
		if (gid_parse(argv[o.ind], &own.gid) < 0)
			die("invalid group '%s'", argv[o.ind]);
	}
	o.ind++;
	memset(&w, 0, sizeof w);
	w.visit = change;
	/* Alone, links given are followed unless -h; -R goes by -H, -L or -P. */
	w.follow = own.recurse ? follow : nolink ? 'P' : 'H';
	for (int i = o.ind; i < argc; i++)
		walk(&w, argv[i]);
	walk_free(&w);
	return cmd_exit();
}
