/* rm - remove directory entries */
#include "cmd.h"
#include "io.h"

static const char usage[] = "rm [-dfiRrv] FILE...";

static int force, interactive, recursive, rmdirs, verbose;
static struct stat root;

/*
 * The path of the entry at hand, for messages and prompts only: the work goes
 * through directory descriptors (openat, unlinkat), so depth is no limit.
 */
static struct {
	char *s;
	size_t len, cap;
} path;

static size_t
path_push(const char *name)
{
	size_t old = path.len, n = strlen(name);

	if (path.len + n + 2 > path.cap) {
		path.cap = (path.len + n + 2) * 2;
		path.s = xrealloc(path.s, path.cap);
	}
	if (old > 0 && path.s[old - 1] != '/')
		path.s[path.len++] = '/';
	memcpy(path.s + path.len, name, n + 1);
	path.len += n;
	return old;
}

static void
path_pop(size_t old)
{
	path.len = old;
	path.s[old] = '\0';
}

/* -i asks always; otherwise only a write-protected file on a terminal asks. */
static int
confirm(int dfd, const char *name, const struct stat *st)
{
	if (interactive)
		return ask_yes("%s: remove '%s'? ", cmd_name, path.s);
	if (force || S_ISLNK(st->st_mode) || !isatty(0))
		return 1;
	if (faccessat(dfd, name, W_OK, AT_EACCESS) == 0)
		return 1;
	return ask_yes("%s: remove write-protected '%s'? ", cmd_name, path.s);
}

static int
is_dots(const char *s)
{
	return s[0] == '.' && (s[1] == '\0' || (s[1] == '.' && s[2] == '\0'));
}

static void
free_names(char **v)
{
	for (char **p = v; *p != NULL; p++)
		free(*p);
	free(v);
}

/* The names in directory FD but . and .., NULL-terminated; NULL and errno on failure. */
static char **
read_names(int fd)
{
	struct dirent *e;
	DIR *d;
	char **v;
	size_t n = 0, cap = 8;
	int err, dup_fd = dup(fd);

	if (dup_fd < 0)
		return NULL;
	if ((d = fdopendir(dup_fd)) == NULL) {
		err = errno;
		close(dup_fd);
		errno = err;
		return NULL;
	}
	v = xmalloc(cap * sizeof *v);
	while (errno = 0, (e = readdir(d)) != NULL) {
		if (is_dots(e->d_name))
			continue;
		if (n + 2 > cap)
			v = xrealloc(v, (cap *= 2) * sizeof *v);
		v[n++] = xstrdup(e->d_name);
	}
	v[n] = NULL;
	err = errno;
	closedir(d);
	if (err != 0) {
		free_names(v);
		errno = err;
		return NULL;
	}
	return v;
}

/* Back up from directory FD to its parent, which must still be UP. */
static int
reopen_parent(int fd, const struct stat *up)
{
	struct stat st;
	int p = openat(fd, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (p < 0) {
		warn_errno("%s/..", path.s);
		return -1;
	}
	if (fstat(p, &st) < 0 || st.st_dev != up->st_dev || st.st_ino != up->st_ino) {
		close(p);
		warn("%s: directory moved during removal", path.s);
		return -1;
	}
	return p;
}

static int remove_entry(int *dfd, const char *name);

/*
 * Remove what is inside directory NAME under *DFD. To reach any depth with a
 * handful of descriptors, *DFD is closed while we are inside and reopened
 * through "..", checked to be the same directory. Returns as remove_entry.
 */
static int
empty_dir(int *dfd, const char *name, const struct stat *st)
{
	struct stat self, up;
	char **names;
	int fd, parent = *dfd, kept = 0, r;

	fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &self) < 0 || (names = read_names(fd)) == NULL) {
		warn_errno("%s", path.s);
		if (fd >= 0)
			close(fd);
		return 1;
	}
	if (self.st_dev != st->st_dev || self.st_ino != st->st_ino) {
		warn("%s: replaced during removal", path.s);
		free_names(names);
		close(fd);
		return 1;
	}
	if (parent != AT_FDCWD) {
		if (fstat(parent, &up) < 0)
			die_errno("%s", path.s);
		close(parent);
		*dfd = -1;
	}
	for (char **p = names; *p != NULL && kept >= 0; p++) {
		size_t old = path_push(*p);

		r = remove_entry(&fd, *p);
		path_pop(old);
		kept = r < 0 ? -1 : kept | r;
	}
	free_names(names);
	if (parent != AT_FDCWD && kept >= 0 && (*dfd = reopen_parent(fd, &up)) < 0)
		kept = -1;
	if (fd >= 0)
		close(fd);
	return kept;
}

static int
remove_dir(int *dfd, const char *name, const struct stat *st)
{
	int r;

	if (!recursive && !rmdirs) {
		errno = EISDIR;
		warn_errno("%s", path.s);
		return 1;
	}
	if (recursive) {
		if (interactive && !ask_yes("%s: descend into directory '%s'? ", cmd_name, path.s))
			return 1;
		if ((r = empty_dir(dfd, name, st)) != 0)
			return r;
	}
	if (interactive && !ask_yes("%s: remove directory '%s'? ", cmd_name, path.s))
		return 1;
	if (unlinkat(*dfd, name, AT_REMOVEDIR) < 0) {
		warn_errno("%s", path.s);
		return 1;
	}
	if (verbose)
		printf("removed directory '%s'\n", path.s);
	return 0;
}

/*
 * Remove NAME under *DFD. Returns 0 when it is gone, 1 when it stays (an
 * error was reported, or the user said no), -1 when we lost our way back up.
 */
static int
remove_entry(int *dfd, const char *name)
{
	struct stat st;

	if (fstatat(*dfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		if (errno == ENOENT && force)
			return 0;
		warn_errno("%s", path.s);
		return 1;
	}
	if (S_ISDIR(st.st_mode))
		return remove_dir(dfd, name, &st);
	if (!confirm(*dfd, name, &st))
		return 1;
	if (unlinkat(*dfd, name, 0) < 0) {
		if (errno == ENOENT && force)
			return 0;
		warn_errno("%s", path.s);
		return 1;
	}
	if (verbose)
		printf("removed '%s'\n", path.s);
	return 0;
}

/* The last component, trailing slashes ignored, is . or .. */
static int
ends_in_dots(const char *a)
{
	size_t n = strlen(a), len;
	const char *b;

	while (n > 1 && a[n - 1] == '/')
		n--;
	for (b = a + n; b > a && b[-1] != '/'; b--)
		;
	len = a + n - b;
	return (len == 1 && b[0] == '.') || (len == 2 && b[0] == '.' && b[1] == '.');
}

static int
is_root(const char *a)
{
	struct stat st;

	return lstat(a, &st) == 0 && S_ISDIR(st.st_mode) &&
	    st.st_dev == root.st_dev && st.st_ino == root.st_ino;
}

static void
remove_operand(const char *arg)
{
	int dfd = AT_FDCWD;

	if (ends_in_dots(arg) || is_root(arg)) {
		warn("refusing to remove '%s'", arg);
		return;
	}
	path_pop(0);
	path_push(arg);
	remove_entry(&dfd, arg);
}

static const struct opt_long longs[] = {
	{ "dir", 'd' }, { "force", 'f' }, { "interactive", 'i' },
	{ "recursive", 'r' }, { "verbose", 'v' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c;

	force = interactive = recursive = rmdirs = verbose = 0;
	o.longs = longs;
	while ((c = opt_next(&o, "dfiRrv")) != -1) {
		switch (c) {
		case 'd': rmdirs = 1; break;
		case 'f': force = 1; interactive = 0; break;
		case 'i': interactive = 1; break;
		case 'R': case 'r': recursive = 1; break;
		case 'v': verbose = 1; break;
		default: die_usage(&o);
		}
	}
	if (o.ind == argc && !force)
		die_usage(&o);
	if (lstat("/", &root) < 0)
		die_errno("/");
	path.s = xmalloc(path.cap = 256);
	path.len = 0;
	for (int i = o.ind; i < argc; i++)
		remove_operand(argv[i]);
	free(path.s);
	path.s = NULL;
	return cmd_exit();
}
