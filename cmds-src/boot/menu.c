/* menu.c - the entries on the console: a countdown to the default, digits, arrows, edit, shell */
#include "disk.h"
#include <poll.h>
#include <termios.h>

struct menu {
	struct blist *l;
	const char *failed;	/* per entry: its load failed */
	int sel;		/* the entry Enter boots */
	int left;		/* countdown in tenths; -1 stopped */
	char num[8];		/* digits typed so far */
	int esc;		/* 0; 1 after ESC; 2 after ESC [ */
};

static void
draw(const struct menu *m)
{
	printf("\n");
	for (int i = 0; i < m->l->n; i++) {
		const struct bentry *e = &m->l->e[i];

		printf("%c%2d %c %s  [%s]%s\n", i == m->sel ? '>' : ' ', i + 1, i == m->l->def ? '*' : ' ',
		    e->title ? e->title : "(untitled)", e->fs ? e->fs->dev : "?",
		    m->failed[i] ? "  (failed)" : "");
	}
	printf("boot: number and Enter, or j/k or arrows and Enter; e edits the command line, s for a shell\n");
	fflush(stdout);
}

/* 'e': a new command line for this boot, read as a whole line (works on any serial line). */
static void
edit(struct menu *m, struct termios *saved)
{
	struct bentry *e = &m->l->e[m->sel];
	char line[4096];

	if (saved)
		tcsetattr(0, TCSANOW, saved);
	printf("\nboot: command line of '%s' (Enter keeps it):\n%s\n> ", e->title, e->cmdline ? e->cmdline : "");
	fflush(stdout);
	if (fgets(line, sizeof line, stdin) != NULL && line[0] != '\n') {
		line[strcspn(line, "\r\n")] = '\0';
		free(e->cmdline);
		e->cmdline = xstrdup(line);
		e->edited = 1;
	}
}

static void
move(struct menu *m, int by)
{
	m->sel = (m->sel + by + m->l->n) % m->l->n;
	draw(m);
}

/* One key: the entry to boot, -1 for the shell, -2 to go on. */
static int
key(struct menu *m, int c, struct termios *saved)
{
	size_t n = strlen(m->num);

	if (m->esc == 1) {
		m->esc = c == '[' || c == 'O' ? 2 : 0;
		return -2;
	}
	if (m->esc == 2) {
		m->esc = 0;
		if (c == 'A' || c == 'B')
			move(m, c == 'A' ? -1 : 1);
		return -2;
	}
	if (c >= '0' && c <= '9' && n + 1 < sizeof m->num) {
		m->num[n] = (char)c, m->num[n + 1] = '\0';
		putchar(c);
	} else if ((c == 127 || c == 8) && n > 0) {
		m->num[n - 1] = '\0';
		printf("\b \b");
	} else if (c == '\r' || c == '\n') {
		if (n == 0)
			return m->sel;
		c = atoi(m->num);
		m->num[0] = '\0';
		if (c >= 1 && c <= m->l->n)
			return c - 1;
		printf("\nboot: no entry %d\n", c);
	} else if (c == 27) {
		m->esc = 1;
	} else if (c == 'j' || c == 'k') {
		move(m, c == 'j' ? 1 : -1);
	} else if (c == 'e') {
		edit(m, saved);
		return m->sel;
	} else if (c == 's') {
		return -1;
	}
	fflush(stdout);
	return -2;
}

static void
tick(struct menu *m)
{
	if (m->left % 10 == 0)
		printf("\rboot: booting %d in %d s (any key stops) ", m->l->def + 1, m->left / 10);
	fflush(stdout);
	m->left--;
}

/* Keys until a choice: the countdown boots the default; a key stops it. */
static int
wait_keys(struct menu *m, struct termios *saved)
{
	struct pollfd p = { 0, POLLIN, 0 };
	unsigned char c;
	int r, eof = 0;

	for (;;) {
		if (m->left == 0) {
			printf("\n");
			return m->l->def;
		}
		if (eof && m->left < 0)
			return -1;	/* no one to ask: the shell (or the caller) decides */
		r = eof ? 0 : poll(&p, 1, 100);
		if (r == 0 || (r < 0 && errno == EINTR)) {
			if (eof)
				usleep(100000);
			if (m->left > 0)
				tick(m);
			continue;
		}
		if (read(0, &c, 1) != 1) {
			eof = 1;
			continue;
		}
		if (m->left > 0)
			printf("\rboot: countdown stopped                      \n");
		m->left = -1;
		if ((r = key(m, c, saved)) != -2)
			return r;
	}
}

int
menu(struct blist *l, const char *failed)
{
	struct menu m = { l, failed, l->def, l->timeout, "", 0 };
	struct termios saved, raw;
	int tty = tcgetattr(0, &saved) == 0, r;

	if (tty) {
		raw = saved;
		raw.c_lflag &= ~(ICANON | ECHO);
		raw.c_cc[VMIN] = 1;
		raw.c_cc[VTIME] = 0;
		tcsetattr(0, TCSANOW, &raw);
	}
	draw(&m);
	r = wait_keys(&m, tty ? &saved : NULL);
	if (tty)
		tcsetattr(0, TCSANOW, &saved);
	printf("\n");
	fflush(stdout);
	return r;
}
