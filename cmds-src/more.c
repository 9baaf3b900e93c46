/* more - show files a screenful at a time, on any terminal a serial line offers */
#include "cmd.h"
#include <signal.h>
#include <sys/ioctl.h>
#include <termios.h>

static const char usage[] = "more [FILE...]";

static struct {
	int tty;			/* /dev/tty, where the keys come from; -1: just copy */
	struct termios saved;
	int rows, cols;
	int used;			/* screen lines shown since the last prompt */
	int page;			/* lines to show before the next prompt */
	int quit;
} m;

/* How many screen lines a line of N bytes takes: tabs to the next stop, long lines wrapped. */
static int
screen_lines(const char *s, size_t n)
{
	int col = 0, lines = 1;

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\n')
			break;
		col = s[i] == '\t' ? (col + 8) & ~7 : col + 1;
		if (col > m.cols) {
			lines++;
			col = s[i] == '\t' ? 0 : 1;
		}
	}
	return lines;
}

static void
restore(void)
{
	if (m.tty >= 0)
		tcsetattr(m.tty, TCSANOW, &m.saved);
}

/* A signal that ends us puts the terminal back first. */
static void
on_signal(int sig)
{
	restore();
	signal(sig, SIG_DFL);
	raise(sig);
}

/* A pager only on a terminal, and with one to read keys from. */
static void
setup(void)
{
	struct termios t;
	struct winsize ws;
	const char *s;

	m.tty = -1;
	if (!isatty(1) || (m.tty = open("/dev/tty", O_RDONLY | O_CLOEXEC)) < 0)
		return;
	if (tcgetattr(m.tty, &m.saved) < 0) {
		close(m.tty);
		m.tty = -1;
		return;
	}
	m.rows = 24;
	m.cols = 80;
	if (ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0) {
		m.rows = ws.ws_row;
		m.cols = ws.ws_col > 0 ? ws.ws_col : 80;
	} else {
		if ((s = getenv("LINES")) != NULL && atoi(s) > 1)
			m.rows = atoi(s);
		if ((s = getenv("COLUMNS")) != NULL && atoi(s) > 0)
			m.cols = atoi(s);
	}
	m.page = m.rows > 1 ? m.rows - 1 : 1;
	t = m.saved;
	t.c_lflag &= ~(ICANON | ECHO);
	t.c_cc[VMIN] = 1;
	t.c_cc[VTIME] = 0;
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGHUP, on_signal);
	signal(SIGQUIT, on_signal);
	tcsetattr(m.tty, TCSANOW, &t);
}

/* --More--, and what the key pressed asks for: a page, a line, half a page, or quit. */
static void
prompt(long long pos, long long size)
{
	char buf[32], c;
	int len;

	if (size > 0)
		len = snprintf(buf, sizeof buf, "--More--(%lld%%)", pos * 100 / size);
	else
		len = snprintf(buf, sizeof buf, "--More--");
	fputs(buf, stdout);
	fflush(stdout);
	for (;;) {
		if (read(m.tty, &c, 1) != 1) {
			if (errno == EINTR)
				continue;
			c = 'q';
		}
		if (c == ' ' || c == 'f' || c == 'z')
			m.page = m.rows > 1 ? m.rows - 1 : 1;
		else if (c == '\n' || c == '\r' || c == 'j')
			m.page = 1;
		else if (c == 'd' || c == 4)	/* ^D */
			m.page = m.rows > 2 ? m.rows / 2 : 1;
		else if (c == 'q' || c == 'Q')
			m.quit = 1;
		else
			continue;
		break;
	}
	/* Erase the prompt with what any terminal has: CR, spaces, CR. */
	printf("\r%*s\r", len, "");
	m.used = 0;
}

static void
put(const char *s, size_t n)
{
	if (fwrite(s, 1, n, stdout) != n)
		die_errno("write error");
}

/* One line to the screen, after a prompt if the screen is full. */
static void
show(const char *s, size_t n, long long pos, long long size)
{
	int need = m.tty >= 0 ? screen_lines(s, n) : 0;

	if (m.tty >= 0 && m.used > 0 && m.used + need > m.page)
		prompt(pos, size);
	if (m.quit)
		return;
	put(s, n);
	m.used += need;
}

static void
header(const char *name)
{
	char *s = xmalloc(strlen(name) + 40);
	int n = sprintf(s, "::::::::::::::\n%s\n", name);

	show("::::::::::::::\n", 15, 0, 0);
	show(s + 15, n - 15, 0, 0);
	show(s, 15, 0, 0);
	free(s);
}

static void
more_file(FILE *f, const char *name)
{
	struct stat st;
	long long size = 0, pos = 0;
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode))
		size = st.st_size;
	if ((pos = ftello(f)) < 0)
		pos = 0;
	while (!m.quit && (n = getline(&line, &cap, f)) > 0) {
		show(line, n, pos, size);
		pos += n;
	}
	if (ferror(f))
		warn_errno("%s", name);
	free(line);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	FILE *f;
	int c;

	memset(&m, 0, sizeof m);
	while ((c = opt_next(&o, "")) != -1)
		die_usage(&o);
	setup();
	if (o.ind == argc)
		more_file(stdin, "standard input");
	for (int i = o.ind; i < argc && !m.quit; i++) {
		if ((f = fopen(argv[i], "r")) == NULL) {
			warn_errno("%s", argv[i]);
			continue;
		}
		if (argc - o.ind > 1)
			header(argv[i]);
		more_file(f, argv[i]);
		fclose(f);
	}
	restore();
	return cmd_exit();
}
