/* truncate - shrink or extend files to a size */
#include "cmd.h"
#include "num.h"

static const char usage[] = "truncate [-c] [-r RFILE] [-s [+-<>/%]SIZE] FILE...";

static int op;			/* 0 (set), or one of +-<>/% */
static off_t size;
static int nocreate;

/* The current size of FD: st_size, or for a block device its end. */
static int
current_size(int fd, off_t *n)
{
	struct stat st;

	if (fstat(fd, &st) < 0)
		return -1;
	if (S_ISBLK(st.st_mode)) {
		if ((*n = lseek(fd, 0, SEEK_END)) < 0)
			return -1;
		return 0;
	}
	*n = st.st_size;
	return 0;
}

static off_t
new_size(off_t cur)
{
	off_t n;

	switch (op) {
	case '+': return cur > INT64_MAX - size ? INT64_MAX : cur + size;
	case '-': return cur > size ? cur - size : 0;
	case '<': return cur < size ? cur : size;
	case '>': return cur > size ? cur : size;
	case '/': return cur / size * size;
	case '%':
		n = (cur + size - 1) / size * size;
		return n < cur ? cur : n;
	}
	return size;
}

static void
truncate_file(const char *path)
{
	int fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC | (nocreate ? 0 : O_CREAT), 0666);
	off_t cur = 0;

	if (fd < 0) {
		if (!(nocreate && errno == ENOENT))
			warn_errno("%s", path);
		return;
	}
	if ((op != 0 && current_size(fd, &cur) < 0) || ftruncate(fd, new_size(cur)) < 0)
		warn_errno("%s", path);
	close(fd);
}

/* [+-<>/%]SIZE, SIZE as parse_size reads it: digits and K, M or G. */
static void
parse_spec(const char *s)
{
	unsigned long long v;

	if (*s != '\0' && strchr("+-<>/%", *s) != NULL)
		op = *s++;
	if (parse_size(s, 10, &v) < 0 || v > INT64_MAX)
		die("invalid size '%s'", s);
	size = v;
	if ((op == '/' || op == '%') && size == 0)
		die("division by zero");
}

static const struct opt_long longs[] = {
	{ "no-create", 'c' }, { "reference", 'r' }, { "size", 's' }, { NULL, 0 },
};

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	const char *spec = NULL, *ref = NULL;
	struct stat st;
	int c;

	op = 0;
	size = 0;
	nocreate = 0;
	o.longs = longs;
	while ((c = opt_next(&o, "cr:s:")) != -1) {
		switch (c) {
		case 'c': nocreate = 1; break;
		case 'r': ref = o.arg; break;
		case 's': spec = o.arg; break;
		default: die_usage(&o);
		}
	}
	if (o.ind == argc || (spec == NULL && ref == NULL))
		die_usage(&o);
	if (spec != NULL)
		parse_spec(spec);
	if (ref != NULL) {
		if (spec != NULL && op == 0)
			die_usage(&o);
		if (stat(ref, &st) < 0)
			die_errno("%s", ref);
		/* -r with a relative -s: the reference's size is the base. */
		if (op != 0 && op != '+' && op != '-')
			die_usage(&o);
		size = op == '-' ? (st.st_size > size ? st.st_size - size : 0) :
		    op == '+' ? st.st_size + size : st.st_size;
		op = 0;
	}
	for (int i = o.ind; i < argc; i++)
		truncate_file(argv[i]);
	return cmd_exit();
}
