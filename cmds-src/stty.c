/* stty - show and change a terminal's settings: serial consoles, ptys */
#include "cmd.h"
#include <ctype.h>
#include <sys/ioctl.h>
#include <termios.h>

static const char usage[] = "stty [-F DEVICE] [-a | -g | SETTING...]";

enum field { CFLAG, IFLAG, OFLAG, LFLAG };

/* How a flag shows and what sane does with it, as GNU stty's table has it. */
#define REV 1		/* shown as -name when off, and -name turns it off */
#define SANE_SET 2
#define SANE_UNSET 4

static const struct mode {
	const char *name;
	enum field field;
	int flags;
	tcflag_t bits, mask;	/* mask 0: the bits alone */
} modes[] = {
	{ "parenb", CFLAG, REV, PARENB, 0 },
	{ "parodd", CFLAG, REV, PARODD, 0 },
	{ "cmspar", CFLAG, REV, CMSPAR, 0 },
	{ "cs5", CFLAG, 0, CS5, CSIZE },
	{ "cs6", CFLAG, 0, CS6, CSIZE },
	{ "cs7", CFLAG, 0, CS7, CSIZE },
	{ "cs8", CFLAG, 0, CS8, CSIZE },
	{ "hupcl", CFLAG, REV, HUPCL, 0 },
	{ "cstopb", CFLAG, REV, CSTOPB, 0 },
	{ "cread", CFLAG, SANE_SET | REV, CREAD, 0 },
	{ "clocal", CFLAG, REV, CLOCAL, 0 },
	{ "crtscts", CFLAG, REV, CRTSCTS, 0 },
	{ "ignbrk", IFLAG, SANE_UNSET | REV, IGNBRK, 0 },
	{ "brkint", IFLAG, SANE_SET | REV, BRKINT, 0 },
	{ "ignpar", IFLAG, REV, IGNPAR, 0 },
	{ "parmrk", IFLAG, REV, PARMRK, 0 },
	{ "inpck", IFLAG, REV, INPCK, 0 },
	{ "istrip", IFLAG, REV, ISTRIP, 0 },
	{ "inlcr", IFLAG, SANE_UNSET | REV, INLCR, 0 },
	{ "igncr", IFLAG, SANE_UNSET | REV, IGNCR, 0 },
	{ "icrnl", IFLAG, SANE_SET | REV, ICRNL, 0 },
	{ "ixon", IFLAG, REV, IXON, 0 },
	{ "ixoff", IFLAG, SANE_UNSET | REV, IXOFF, 0 },
	{ "iuclc", IFLAG, SANE_UNSET | REV, IUCLC, 0 },
	{ "ixany", IFLAG, SANE_UNSET | REV, IXANY, 0 },
	{ "imaxbel", IFLAG, SANE_SET | REV, IMAXBEL, 0 },
	{ "iutf8", IFLAG, SANE_UNSET | REV, IUTF8, 0 },
	{ "opost", OFLAG, SANE_SET | REV, OPOST, 0 },
	{ "olcuc", OFLAG, SANE_UNSET | REV, OLCUC, 0 },
	{ "ocrnl", OFLAG, SANE_UNSET | REV, OCRNL, 0 },
	{ "onlcr", OFLAG, SANE_SET | REV, ONLCR, 0 },
	{ "onocr", OFLAG, SANE_UNSET | REV, ONOCR, 0 },
	{ "onlret", OFLAG, SANE_UNSET | REV, ONLRET, 0 },
	{ "ofill", OFLAG, SANE_UNSET | REV, OFILL, 0 },
	{ "ofdel", OFLAG, SANE_UNSET | REV, OFDEL, 0 },
	{ "nl1", OFLAG, SANE_UNSET, NL1, NLDLY },
	{ "nl0", OFLAG, SANE_SET, NL0, NLDLY },
	{ "cr3", OFLAG, SANE_UNSET, CR3, CRDLY },
	{ "cr2", OFLAG, SANE_UNSET, CR2, CRDLY },
	{ "cr1", OFLAG, SANE_UNSET, CR1, CRDLY },
	{ "cr0", OFLAG, SANE_SET, CR0, CRDLY },
	{ "tab3", OFLAG, SANE_UNSET, TAB3, TABDLY },
	{ "tab2", OFLAG, SANE_UNSET, TAB2, TABDLY },
	{ "tab1", OFLAG, SANE_UNSET, TAB1, TABDLY },
	{ "tab0", OFLAG, SANE_SET, TAB0, TABDLY },
	{ "bs1", OFLAG, SANE_UNSET, BS1, BSDLY },
	{ "bs0", OFLAG, SANE_SET, BS0, BSDLY },
	{ "vt1", OFLAG, SANE_UNSET, VT1, VTDLY },
	{ "vt0", OFLAG, SANE_SET, VT0, VTDLY },
	{ "ff1", OFLAG, SANE_UNSET, FF1, FFDLY },
	{ "ff0", OFLAG, SANE_SET, FF0, FFDLY },
	{ "isig", LFLAG, SANE_SET | REV, ISIG, 0 },
	{ "icanon", LFLAG, SANE_SET | REV, ICANON, 0 },
	{ "iexten", LFLAG, SANE_SET | REV, IEXTEN, 0 },
	{ "echo", LFLAG, SANE_SET | REV, ECHO, 0 },
	{ "echoe", LFLAG, SANE_SET | REV, ECHOE, 0 },
	{ "echok", LFLAG, SANE_SET | REV, ECHOK, 0 },
	{ "echonl", LFLAG, SANE_UNSET | REV, ECHONL, 0 },
	{ "noflsh", LFLAG, SANE_UNSET | REV, NOFLSH, 0 },
	{ "xcase", LFLAG, SANE_UNSET | REV, XCASE, 0 },
	{ "tostop", LFLAG, SANE_UNSET | REV, TOSTOP, 0 },
	{ "echoprt", LFLAG, SANE_UNSET | REV, ECHOPRT, 0 },
	{ "echoctl", LFLAG, SANE_SET | REV, ECHOCTL, 0 },
	{ "echoke", LFLAG, SANE_SET | REV, ECHOKE, 0 },
	{ "flusho", LFLAG, SANE_UNSET | REV, FLUSHO, 0 },
	{ "extproc", LFLAG, SANE_UNSET | REV, EXTPROC, 0 },
	{ NULL, 0, 0, 0, 0 }
};

#define CTL(c) ((c) & 037)

static const struct cchar {
	const char *name;
	int index;
	unsigned char sane;
} cchars[] = {
	{ "intr", VINTR, CTL('c') }, { "quit", VQUIT, CTL('\\') },
	{ "erase", VERASE, 0177 }, { "kill", VKILL, CTL('u') }, { "eof", VEOF, CTL('d') },
	{ "eol", VEOL, 0 }, { "eol2", VEOL2, 0 }, { "swtch", VSWTC, 0 },
	{ "start", VSTART, CTL('q') }, { "stop", VSTOP, CTL('s') }, { "susp", VSUSP, CTL('z') },
	{ "rprnt", VREPRINT, CTL('r') }, { "werase", VWERASE, CTL('w') },
	{ "lnext", VLNEXT, CTL('v') }, { "discard", VDISCARD, CTL('o') },
	{ "min", VMIN, 1 }, { "time", VTIME, 0 }, { NULL, 0, 0 }
};

static const struct speed {
	unsigned long baud;
	speed_t code;
} speeds[] = {
	{ 0, B0 }, { 50, B50 }, { 75, B75 }, { 110, B110 }, { 134, B134 }, { 150, B150 },
	{ 200, B200 }, { 300, B300 }, { 600, B600 }, { 1200, B1200 }, { 1800, B1800 },
	{ 2400, B2400 }, { 4800, B4800 }, { 9600, B9600 }, { 19200, B19200 },
	{ 38400, B38400 }, { 57600, B57600 }, { 115200, B115200 }, { 230400, B230400 },
	{ 460800, B460800 }, { 500000, B500000 }, { 576000, B576000 }, { 921600, B921600 },
	{ 1000000, B1000000 }, { 1152000, B1152000 }, { 1500000, B1500000 },
	{ 2000000, B2000000 }, { 2500000, B2500000 }, { 3000000, B3000000 },
	{ 3500000, B3500000 }, { 4000000, B4000000 },
};
#define NSPEEDS (sizeof speeds / sizeof speeds[0])

static const char *dev;		/* for messages */
static int col, width;		/* output wrapping, as GNU stty does it */

static tcflag_t *
field(struct termios *t, enum field f)
{
	switch (f) {
	case CFLAG: return &t->c_cflag;
	case IFLAG: return &t->c_iflag;
	case OFLAG: return &t->c_oflag;
	default: return &t->c_lflag;
	}
}

/* One item of output; a line holds no more than the terminal's width. */
static void
wrapf(const char *fmt, ...)
{
	char buf[128];
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (col > 0) {
		if (col + 1 + len > width) {
			putchar('\n');
			col = 0;
		} else {
			putchar(' ');
			col++;
		}
	}
	fputs(buf, stdout);
	col += len;
}

static void
endline(void)
{
	if (col > 0)
		putchar('\n');
	col = 0;
}

static int
screen_width(void)
{
	struct winsize ws;
	const char *s = getenv("COLUMNS");

	if (ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	if (s != NULL && atoi(s) > 0)
		return atoi(s);
	return 80;
}

/*
 * The input speed is the CIBAUD field of c_cflag, 0 for "as the output's".
 * musl's cfsetispeed only sets both, and its cfgetispeed reads the output's.
 */
#define IBSHIFT 16

static speed_t
ispeed(const struct termios *t)
{
	speed_t v = (t->c_cflag & CIBAUD) >> IBSHIFT;

	return v != 0 ? v : cfgetospeed(t);
}

static void
set_ispeed(struct termios *t, speed_t code)
{
	t->c_cflag = (t->c_cflag & ~CIBAUD) | ((code << IBSHIFT) & CIBAUD);
}

static unsigned long
baud(speed_t code)
{
	for (size_t i = 0; i < NSPEEDS; i++)
		if (speeds[i].code == code)
			return speeds[i].baud;
	return 0;
}

/* ^C, ^?, M-x, <undef>: a control character as stty shows it. */
static void
show_cc(const char *name, unsigned char c)
{
	char s[8], *p = s;

	if (c == _POSIX_VDISABLE) {
		wrapf("%s = <undef>;", name);
		return;
	}
	if (c >= 0200) {
		*p++ = 'M';
		*p++ = '-';
		c -= 0200;
	}
	if (c < 040 || c == 0177) {
		*p++ = '^';
		*p++ = c == 0177 ? '?' : c + '@';
	} else {
		*p++ = c;
	}
	*p = '\0';
	wrapf("%s = %s;", name, s);
}

static void
show_speed(const struct termios *t, int all)
{
	unsigned long i = baud(ispeed(t)), o = baud(cfgetospeed(t));

	if (i == 0 || i == o)
		wrapf("speed %lu baud;", o);
	else
		wrapf("ispeed %lu baud; ospeed %lu baud;", i, o);
	(void)all;
}

static void
show_ccs(const struct termios *t, int all)
{
	const struct cchar *c;

	for (c = cchars; c->name != NULL; c++) {
		if (c->index == VMIN || c->index == VTIME) {
			if (all || !(t->c_lflag & ICANON))
				wrapf("%s = %u;", c->name, t->c_cc[c->index]);
		} else if (all || t->c_cc[c->index] != c->sane) {
			show_cc(c->name, t->c_cc[c->index]);
		}
	}
	endline();
}

/* Every flag (-a), or those that differ from sane (no operands). */
static void
show_modes(struct termios *t, int all)
{
	const struct mode *m;
	tcflag_t *p;

	for (m = modes; m->name != NULL; m++) {
		if (m != modes && m->field != m[-1].field)
			endline();
		p = field(t, m->field);
		if ((*p & (m->mask ? m->mask : m->bits)) == m->bits) {
			if (all || (m->flags & SANE_UNSET))
				wrapf("%s", m->name);
		} else if ((m->flags & REV) && (all || (m->flags & SANE_SET))) {
			wrapf("-%s", m->name);
		}
	}
	endline();
}

static void
show(int fd, struct termios *t, int all)
{
	struct winsize ws;

	width = screen_width();
	col = 0;
	show_speed(t, all);
	if (all && ioctl(fd, TIOCGWINSZ, &ws) == 0)
		wrapf("rows %u; columns %u;", ws.ws_row, ws.ws_col);
	wrapf("line = %u;", t->c_line);
	endline();
	show_ccs(t, all);
	show_modes(t, all);
}

/* -g: GNU's form, which an stty given it as its one operand restores. */
static void
show_saved(const struct termios *t)
{
	printf("%lx:%lx:%lx:%lx", (unsigned long)t->c_iflag, (unsigned long)t->c_oflag,
	    (unsigned long)t->c_cflag, (unsigned long)t->c_lflag);
	for (int i = 0; i < NCCS; i++)
		printf(":%x", t->c_cc[i]);
	putchar('\n');
}

static int
parse_saved(const char *s, struct termios *t)
{
	unsigned long v[4 + NCCS];
	char *end;
	int i;

	for (i = 0; i < 4 + NCCS; i++) {
		if (!isxdigit((unsigned char)*s))
			return -1;
		errno = 0;
		v[i] = strtoul(s, &end, 16);
		if (errno != 0 || (*end != (i == 3 + NCCS ? '\0' : ':')) || (i >= 4 && v[i] > 255))
			return -1;
		s = end + 1;
	}
	t->c_iflag = v[0];
	t->c_oflag = v[1];
	t->c_cflag = v[2];
	t->c_lflag = v[3];
	for (i = 0; i < NCCS; i++)
		t->c_cc[i] = v[4 + i];
	return 0;
}

static void
sane(struct termios *t)
{
	const struct mode *m;
	tcflag_t *p, mask;

	for (const struct cchar *c = cchars; c->name != NULL; c++)
		t->c_cc[c->index] = c->sane;
	for (m = modes; m->name != NULL; m++) {
		p = field(t, m->field);
		mask = m->mask ? m->mask : m->bits;
		if (m->flags & SANE_SET)
			*p = (*p & ~mask) | m->bits;
		else if (m->flags & SANE_UNSET)
			*p &= ~mask & ~m->bits;
	}
}

/* raw, -raw and cooked, -cooked, evenp, oddp, parity, sane: 1 if NAME is one. */
static int
combination(const char *name, struct termios *t)
{
	int off = *name == '-';

	name += off;
	if (strcmp(name, "cooked") == 0) {
		name = "raw";
		off = !off;
	}
	if (strcmp(name, "raw") == 0 && !off) {
		t->c_iflag = 0;
		t->c_oflag &= ~OPOST;
		t->c_lflag &= ~(ISIG | ICANON | XCASE);
		t->c_cc[VMIN] = 1;
		t->c_cc[VTIME] = 0;
	} else if (strcmp(name, "raw") == 0) {
		t->c_iflag |= BRKINT | IGNPAR | ISTRIP | ICRNL | IXON;
		t->c_oflag |= OPOST;
		t->c_lflag |= ISIG | ICANON;
	} else if ((strcmp(name, "evenp") == 0 || strcmp(name, "parity") == 0 ||
	    strcmp(name, "oddp") == 0) && off) {
		t->c_cflag = (t->c_cflag & ~(PARENB | CSIZE)) | CS8;
	} else if (strcmp(name, "evenp") == 0 || strcmp(name, "parity") == 0) {
		t->c_cflag = (t->c_cflag & ~(PARODD | CSIZE)) | PARENB | CS7;
	} else if (strcmp(name, "oddp") == 0) {
		t->c_cflag = (t->c_cflag & ~CSIZE) | PARENB | PARODD | CS7;
	} else if (strcmp(name, "sane") == 0 && !off) {
		sane(t);
	} else {
		return 0;
	}
	return 1;
}

static int
set_mode(const char *name, struct termios *t)
{
	int off = *name == '-';
	const struct mode *m;
	tcflag_t *p;

	for (m = modes; m->name != NULL; m++) {
		if (strcmp(name + off, m->name) != 0 || (off && !(m->flags & REV)))
			continue;
		p = field(t, m->field);
		if (off)
			*p &= ~m->bits;
		else
			*p = (*p & ~(m->mask ? m->mask : m->bits)) | m->bits;
		return 1;
	}
	return 0;
}

static speed_t
speed_code(const char *s)
{
	size_t i = 0;
	char *end;
	unsigned long v = strtoul(s, &end, 10);

	if (*s >= '0' && *s <= '9' && *end == '\0')
		while (i < NSPEEDS && speeds[i].baud != v)
			i++;
	if (i == NSPEEDS || *end != '\0' || *s < '0' || *s > '9')
		die("invalid argument '%s'", s);
	return speeds[i].code;
}

/* ^C, ^?, ^- or undef (none), a single character, or its number (0x1b, 033, 27). */
static unsigned char
cc_value(const char *s)
{
	char *end;
	unsigned long v;

	if (strcmp(s, "^-") == 0 || strcmp(s, "undef") == 0)
		return _POSIX_VDISABLE;
	if (s[0] == '^' && s[1] != '\0' && s[2] == '\0')
		return s[1] == '?' ? 0177 : CTL(s[1]);
	if (s[0] != '\0' && s[1] == '\0')
		return s[0];
	v = strtoul(s, &end, 0);
	if (*s == '\0' || *end != '\0' || v > 255)
		die("invalid integer argument '%s'", s);
	return v;
}

static unsigned
number(const char *s, unsigned long max)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (*s < '0' || *s > '9' || *end != '\0' || errno != 0 || v > max)
		die("invalid integer argument '%s'", s);
	return v;
}

/* A setting that takes a value: 1 if NAME is one (its value used up), else 0. */
static int
set_value(const char *name, const char *arg, struct termios *t, struct winsize *ws)
{
	const struct cchar *c;

	for (c = cchars; c->name != NULL; c++)
		if (strcmp(name, c->name) == 0)
			break;
	if (c->name == NULL && strcmp(name, "ispeed") != 0 && strcmp(name, "ospeed") != 0 &&
	    strcmp(name, "rows") != 0 && strcmp(name, "cols") != 0 &&
	    strcmp(name, "columns") != 0 && strcmp(name, "line") != 0)
		return 0;
	if (arg == NULL)
		die("missing argument to '%s'", name);
	if (c->name != NULL && (c->index == VMIN || c->index == VTIME))
		t->c_cc[c->index] = number(arg, 255);
	else if (c->name != NULL)
		t->c_cc[c->index] = cc_value(arg);
	else if (strcmp(name, "ispeed") == 0)
		set_ispeed(t, speed_code(arg));
	else if (strcmp(name, "ospeed") == 0)
		cfsetospeed(t, speed_code(arg));
	else if (strcmp(name, "rows") == 0)
		ws->ws_row = number(arg, 65535);
	else if (strcmp(name, "line") == 0)
		t->c_line = number(arg, 255);
	else
		ws->ws_col = number(arg, 65535);
	return 1;
}

static int
same(const struct termios *a, const struct termios *b)
{
	return a->c_iflag == b->c_iflag && a->c_oflag == b->c_oflag &&
	    (a->c_cflag & ~CIBAUD) == (b->c_cflag & ~CIBAUD) && a->c_lflag == b->c_lflag &&
	    memcmp(a->c_cc, b->c_cc, sizeof a->c_cc) == 0 &&
	    ispeed(a) == ispeed(b) && cfgetospeed(a) == cfgetospeed(b);
}

/* The settings in ARGV, applied together; then what "size" and "speed" ask. */
static void
settings(int fd, struct termios *t, char **argv)
{
	struct termios want = *t, got;
	struct winsize ws, ws0;
	int wschange = 0, print_size = 0, print_speed = 0;

	if (ioctl(fd, TIOCGWINSZ, &ws) < 0)
		memset(&ws, 0, sizeof ws);
	ws0 = ws;
	if (argv[0] != NULL && argv[1] == NULL && strchr(argv[0], ':') != NULL) {
		if (parse_saved(argv[0], &want) < 0)
			die("invalid argument '%s'", argv[0]);
		argv++;
	}
	for (; *argv != NULL; argv++) {
		if (strcmp(*argv, "size") == 0)
			print_size = 1;
		else if (strcmp(*argv, "speed") == 0)
			print_speed = 1;
		else if (set_value(*argv, argv[1], &want, &ws))
			argv++;
		else if (**argv >= '0' && **argv <= '9') {
			cfsetospeed(&want, speed_code(*argv));
			set_ispeed(&want, 0);
		}
		else if (!set_mode(*argv, &want) && !combination(*argv, &want))
			die("invalid argument '%s'", *argv);
	}
	if (memcmp(&ws, &ws0, sizeof ws) != 0) {
		wschange = 1;
		if (ioctl(fd, TIOCSWINSZ, &ws) < 0)
			die_errno("%s", dev);
	}
	if (!same(&want, t)) {
		if (tcsetattr(fd, TCSADRAIN, &want) < 0)
			die_errno("%s", dev);
		/* The kernel fills fewer than NCCS control characters. */
		memset(&got, 0, sizeof got);
		if (tcgetattr(fd, &got) < 0 || !same(&want, &got))
			die("%s: unable to perform all requested operations", dev);
	}
	if (print_size && (wschange || ioctl(fd, TIOCGWINSZ, &ws) == 0))
		printf("%u %u\n", ws.ws_row, ws.ws_col);
	else if (print_size)
		die_errno("%s", dev);
	if (print_speed)
		printf("%lu\n", baud(cfgetospeed(&want)));
}

static int
open_device(const char *path)
{
	int fd;

	/* O_NONBLOCK: a serial line without carrier would block the open. */
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)) < 0)
		die_errno("%s", path);
	if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) < 0)
		die_errno("%s", path);
	return fd;
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	struct termios t;
	char **ops = xmalloc(argc * sizeof *ops);
	int fd = 0, all = 0, saved = 0, n = 0;
	const char *a;

	(void)o;
	dev = NULL;
	if (argc > 1 && strcmp(argv[1], "--help") == 0) {
		printf("usage: %s\n", usage);
		return cmd_exit();
	}
	/* Options mix with settings, which may start with '-' too (-echo). */
	for (int i = 1; i < argc; i++) {
		a = argv[i];
		if (strcmp(a, "-a") == 0 || strcmp(a, "--all") == 0)
			all = 1;
		else if (strcmp(a, "-g") == 0 || strcmp(a, "--save") == 0)
			saved = 1;
		else if (strcmp(a, "-F") == 0 || strcmp(a, "--file") == 0) {
			if (++i == argc)
				die("option requires an argument -- 'F'");
			dev = argv[i];
		} else if (strncmp(a, "-F", 2) == 0)
			dev = a + 2;
		else if (strncmp(a, "--file=", 7) == 0)
			dev = a + 7;
		else
			ops[n++] = argv[i];
	}
	ops[n] = NULL;
	if (all && saved)
		die("the options -a and -g are mutually exclusive");
	if ((all || saved) && n > 0)
		die("when an output style is given, settings may not be");
	if (dev != NULL)
		fd = open_device(dev);
	else
		dev = "standard input";
	memset(&t, 0, sizeof t);
	if (tcgetattr(fd, &t) < 0)
		die_errno("%s", dev);
	if (saved)
		show_saved(&t);
	else if (n == 0)
		show(fd, &t, all);
	else
		settings(fd, &t, ops);
	free(ops);
	return cmd_exit();
}
