/*
 * vi - drive vi on a pseudo-terminal as a person at a serial console would
 * (test/lib/ptytest.h), then check the files it wrote and the terminal it
 * left behind.
 *   vi VI         (run in an empty scratch directory; see test/edit/run)
 * Prints "ok N - name" or "not ok N - name" per check.
 *
 * Each session runs a small wrapper on the pty: it notes the terminal
 * settings, starts vi (printing "VI-PID n"), waits for it and prints
 * "VI-EXIT n" or "VI-SIGNAL n", then "TTY-SAME" if the settings are as they
 * were, else "TTY-CHANGED". $PTY_WRAP (e.g. "valgrind -q --error-exitcode=99")
 * goes before vi; $PTY_SLOW multiplies the timeouts.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "../lib/ptytest.h"

static const char *vi;
static struct winsize winsz;
static pid_t vi_pid;

/* The wrapper on the pty: vi, then what became of it and of the terminal. */
static _Noreturn void
wrapper(char **argv)
{
	struct termios before, after;
	char *wrap = getenv("PTY_WRAP"), *v[64];
	int n = 0, status;
	pid_t pid;

	unsetenv("LINES");
	unsetenv("COLUMNS");
	setenv("TERM", "vt100", 1);
	tcgetattr(0, &before);
	if (wrap != NULL && *wrap != '\0')
		for (char *t = strtok(wrap, " "); t != NULL && n < 32; t = strtok(NULL, " "))
			v[n++] = t;
	v[n++] = (char *)vi;
	for (; *argv != NULL && n < 63; argv++)
		v[n++] = *argv;
	v[n] = NULL;
	pid = fork();
	if (pid == 0) {
		/* said before the exec, so always before vi's first byte */
		printf("VI-PID %d\r\n", (int)getpid());
		fflush(stdout);
		execvp(v[0], v);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	tcgetattr(0, &after);
	if (WIFSIGNALED(status))
		printf("VI-SIGNAL %d\r\n", WTERMSIG(status));
	else
		printf("VI-EXIT %d\r\n", WEXITSTATUS(status));
	if (before.c_iflag == after.c_iflag && before.c_oflag == after.c_oflag &&
	    before.c_cflag == after.c_cflag && before.c_lflag == after.c_lflag &&
	    memcmp(before.c_cc, after.c_cc, sizeof before.c_cc) == 0)
		printf("TTY-SAME\r\n");
	else
		printf("TTY-CHANGED iflag %o/%o oflag %o/%o lflag %o/%o\r\n",
		    (unsigned)before.c_iflag, (unsigned)after.c_iflag, (unsigned)before.c_oflag,
		    (unsigned)after.c_oflag, (unsigned)before.c_lflag, (unsigned)after.c_lflag);
	fflush(stdout);
	_exit(0);
}

/* Start vi with ARGS on a pty of ROWS x COLS (0: the size is never set). */
static int
start(int rows, int cols, ...)
{
	struct winsize ws = { rows, cols, 0, 0 };
	char *argv[8];
	int n = 0;
	va_list ap;

	va_start(ap, cols);
	while (n < 7 && (argv[n] = va_arg(ap, char *)) != NULL)
		n++;
	va_end(ap);
	argv[n] = NULL;
	winsz = ws;
	if (rows == 0)
		winsz.ws_row = 24, winsz.ws_col = 80;
	if (pty_start(rows > 0 ? &ws : NULL) == 0)
		wrapper(argv);
	vi_pid = 0;
	if (expect("VI-PID "))
		vi_pid = atoi(pty.out + pty.mark);
	/* the status line's key hint: vi is up and drawn */
	return vi_pid > 0 && expect("/find");
}

/* Wait for the session to end; 1 if vi exited with STATUS (or died of
 * signal -STATUS) and left the terminal as it found it. */
static int
finish(int status, const char *name)
{
	char want[32];
	int ok, st;

	if (status >= 0)
		snprintf(want, sizeof want, "VI-EXIT %d\r", status);
	else
		snprintf(want, sizeof want, "VI-SIGNAL %d\r", -status);
	ok = expect(want);
	check(ok, "%s: vi ends (%.*s)", name, (int)strcspn(want, "\r"), want);
	check(expect("TTY-SAME"), "%s: terminal settings restored", name);
	if (!ok && vi_pid > 0)
		kill(vi_pid, SIGKILL);
	pump(NULL, 0.05);
	close(pty.master);
	while (waitpid(pty.child, &st, 0) < 0 && errno == EINTR)
		;
	return ok;
}

static char *
slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	char *s;
	long len;

	*n = 0;
	if (f == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	s = malloc(len + 1);
	*n = fread(s, 1, len, f);
	s[*n] = '\0';
	fclose(f);
	return s;
}

static void
put_file(const char *path, const char *s, size_t n)
{
	FILE *f = fopen(path, "wb");

	fwrite(s, 1, n, f);
	fclose(f);
}

static int
file_is(const char *path, const char *want, size_t wn)
{
	size_t n;
	char *s = slurp(path, &n);
	int ok = s != NULL && n == wn && memcmp(s, want, n) == 0;

	if (!ok && s != NULL && n < 2000)
		fprintf(stderr, "--- %s holds (%zu bytes):\n%s\n---\n", path, n, s);
	free(s);
	return ok;
}

#define FILE_IS(path, lit) file_is(path, lit, sizeof lit - 1)

/*
 * A small VT100 for checking what the screen shows: cursor moves, erases,
 * the scroll region with index and reverse index; attributes are ignored.
 */
static struct {
	char cell[100][256];
	int rows, cols, r, c, top, bot;
	size_t fed;
} scr;

static void
scr_scroll(int dir)
{
	int a = scr.top, b = scr.bot;

	if (dir > 0) {
		memmove(scr.cell[a], scr.cell[a + 1], (b - a) * sizeof scr.cell[0]);
		memset(scr.cell[b], ' ', sizeof scr.cell[0]);
	} else {
		memmove(scr.cell[a + 1], scr.cell[a], (b - a) * sizeof scr.cell[0]);
		memset(scr.cell[a], ' ', sizeof scr.cell[0]);
	}
}

/* Run the output since the last call through the emulator. */
static void
scr_update(void)
{
	if (scr.fed == 0 || scr.rows != winsz.ws_row || scr.fed > pty.nout) {
		memset(scr.cell, ' ', sizeof scr.cell);
		scr.rows = winsz.ws_row;
		scr.cols = winsz.ws_col;
		scr.r = scr.c = scr.top = 0;
		scr.bot = scr.rows - 1;
		scr.fed = 0;
	}
	while (scr.fed < pty.nout) {
		unsigned char ch = pty.out[scr.fed++];
		int p[8] = { 0 }, np = 0;

		if (ch == '\033' && scr.fed < pty.nout && pty.out[scr.fed] == '[') {
			scr.fed++;
			while (scr.fed < pty.nout && ((pty.out[scr.fed] >= '0' && pty.out[scr.fed] <= '9') ||
			    pty.out[scr.fed] == ';' || pty.out[scr.fed] == '?')) {
				if (pty.out[scr.fed] == ';')
					np++;
				else if (pty.out[scr.fed] != '?' && np < 8)
					p[np] = p[np] * 10 + pty.out[scr.fed] - '0';
				scr.fed++;
			}
			if (scr.fed >= pty.nout)
				break;
			switch (pty.out[scr.fed++]) {
			case 'H':
				scr.r = (p[0] ? p[0] : 1) - 1;
				scr.c = (np > 0 && p[1] ? p[1] : 1) - 1;
				break;
			case 'K':
				memset(scr.cell[scr.r] + scr.c, ' ', sizeof scr.cell[0] - scr.c);
				break;
			case 'J':
				if (p[0] == 2)
					memset(scr.cell, ' ', sizeof scr.cell);
				break;
			case 'r':
				scr.top = p[0] ? p[0] - 1 : 0;
				scr.bot = np > 0 && p[1] ? p[1] - 1 : scr.rows - 1;
				scr.r = scr.c = 0;
				break;
			}
		} else if (ch == '\033' && scr.fed < pty.nout) {
			ch = pty.out[scr.fed++];
			if (ch == 'D' || ch == 'M') {
				if (scr.r == (ch == 'D' ? scr.bot : scr.top))
					scr_scroll(ch == 'D' ? 1 : -1);
				else
					scr.r += ch == 'D' ? 1 : -1;
			}
		} else if (ch == '\r') {
			scr.c = 0;
		} else if (ch == '\n') {
			if (scr.r == scr.bot)
				scr_scroll(1);
			else if (scr.r < scr.rows - 1)
				scr.r++;
		} else if (ch >= 32 && ch < 127) {
			if (scr.c < scr.cols && scr.r < scr.rows)
				scr.cell[scr.r][scr.c] = ch;
			if (scr.c < scr.cols)
				scr.c++;
		}
	}
}

/* Row R of the screen, trailing blanks gone. */
static const char *
scr_row(int r)
{
	static char buf[257];
	int n = scr.cols;

	memcpy(buf, scr.cell[r], n);
	while (n > 0 && buf[n - 1] == ' ')
		n--;
	buf[n] = '\0';
	return buf;
}

/* Wait until vi has been quiet for a moment, then update the screen. */
static void
settle(void)
{
	size_t n;

	do {
		n = pty.nout;
		pump(NULL, 0.25);
	} while (pty.nout != n);
	scr_update();
}

/*
 * The text rows show consecutive lines "line K" of a numbered file (then ~),
 * the status line's line number is on the screen, and the cursor is on it.
 */
static int
screen_consistent(const char *name)
{
	int text, first, k, ln = 0, col;
	const char *st;

	settle();
	text = scr.rows - 2;
	if (sscanf(scr_row(0), "line %d", &first) != 1) {
		fprintf(stderr, "%s: row 0 is \"%s\"\n", name, scr_row(0));
		return 0;
	}
	for (int r = 0; r < text; r++) {
		const char *row = scr_row(r);

		if (strcmp(row, "~") == 0 && first + r > 100)
			continue;
		if (sscanf(row, "line %d", &k) != 1 || k != first + r) {
			fprintf(stderr, "%s: row %d is \"%s\", not line %d\n", name, r, row, first + r);
			return 0;
		}
	}
	st = scr_row(text);
	if (sscanf(st, " n %d,%d/100", &ln, &col) != 2 || ln < first || ln >= first + text ||
	    scr.r != ln - first) {
		fprintf(stderr, "%s: status \"%s\", first line %d, cursor row %d\n", name, st, first,
		    scr.r);
		for (int r = 0; r < scr.rows; r++)
			fprintf(stderr, "  %2d|%s|\n", r, scr_row(r));
		return 0;
	}
	return 1;
}

static const char five[] = "alpha one\nbeta two\ngamma three\ndelta four\nepsilon five\n";

static void
t_open_edit_save(void)
{
	put_file("f", five, sizeof five - 1);
	check(start(24, 80, "f", NULL), "open: vi starts");
	check(expect("\"f\" 5 lines, 55 bytes"), "open: the file's size on the message line");
	check(seen("\033[23;1H\033[7m"), "open: status line in reverse video on row 23 of 24");
	keys("jjA!" ESC);
	keys("ggiTOP " ESC);
	keys(":wq\r");
	finish(0, "insert and :wq");
	check(FILE_IS("f", "TOP alpha one\nbeta two\ngamma three!\ndelta four\nepsilon five\n"),
	    "insert: j j A appends to line 3, gg i inserts at the top");
}

static void
t_move_keys(void)
{
	put_file("f", five, sizeof five - 1);
	start(24, 80, "f", NULL);
	keys(DOWN DOWN RIGHT RIGHT "x");	/* gama three */
	keys("G$x");				/* epsilon fiv */
	keys("gg0wx");				/* alpha ne */
	keys("3Gex");				/* gam three */
	keys("2G$bD");				/* beta  */
	keys(":wq\r");
	finish(0, "motions");
	check(FILE_IS("f", "alpha ne\nbeta \ngam three\ndelta four\nepsilon fiv\n"),
	    "motions: arrows, G $ gg 0 w e b with x and D");
}

static void
t_delete_undo(void)
{
	put_file("f", five, sizeof five - 1);
	start(24, 80, "f", NULL);
	keys("jdd");
	keys(":wq\r");
	finish(0, "dd");
	check(FILE_IS("f", "alpha one\ngamma three\ndelta four\nepsilon five\n"), "dd deletes line 2");

	put_file("f", five, sizeof five - 1);
	start(24, 80, "f", NULL);
	keys("jddu");
	keys(":wq\r");
	finish(0, "dd u");
	check(file_is("f", five, sizeof five - 1), "u undoes dd");

	put_file("f", five, sizeof five - 1);
	start(24, 80, "f", NULL);
	keys("xxxjddGOnew" ESC "uuu");		/* three undos: O, dd, the last x */
	keys(":wq\r");
	finish(0, "undo levels");
	check(FILE_IS("f", "pha one\nbeta two\ngamma three\ndelta four\nepsilon five\n"),
	    "u three times undoes O, dd, then the last x");

	put_file("f", five, sizeof five - 1);
	start(24, 80, "f", NULL);
	keys("ddjdduu\022");			/* Ctrl-R redoes the first dd */
	keys(":wq\r");
	finish(0, "redo");
	check(FILE_IS("f", "beta two\ngamma three\ndelta four\nepsilon five\n"), "Ctrl-R redoes");

	put_file("f", five, sizeof five - 1);
	start(24, 80, "f", NULL);
	keys("iabc" ESC "ju:q\r");
	finish(0, "undo back to the saved text");
	check(file_is("f", five, sizeof five - 1), ":q works once u undid every change");
}

static void
t_search_goto(void)
{
	put_file("f", five, sizeof five - 1);
	start(24, 80, "f", NULL);
	keys("/del\r");
	keys("x");
	keys(":1\r/t\\(w\\|h\\)\r");		/* BRE: the t of "two" */
	keys("nx");				/* n: the next, the t of "three" */
	keys("?alpha\rD");
	keys(":wq\r");
	finish(0, "search");
	check(FILE_IS("f", "\nbeta two\ngamma hree\nelta four\nepsilon five\n"),
	    "/ finds, n goes on, ? searches back");

	put_file("f", five, sizeof five - 1);
	start(24, 80, "f", NULL);
	keys(":4\rdd:2\rdd");
	keys(":$\rx");
	keys(":wq\r");
	finish(0, "goto");
	check(FILE_IS("f", "alpha one\ngamma three\npsilon five\n"), ":4, :2 and :$ go to lines");

	put_file("f", five, sizeof five - 1);
	start(24, 80, "f", NULL);
	keys("/nowhere\r");
	check(expect("Pattern not found"), "a failed search says so");
	keys("3Gx:wq\r");
	finish(0, "3G");
	check(FILE_IS("f", "alpha one\nbeta two\namma three\ndelta four\nepsilon five\n"), "3G");
}

static void
t_quit(void)
{
	put_file("f", five, sizeof five - 1);
	start(24, 80, "f", NULL);
	keys("dddd:q\r");
	check(expect("No write since last change"), ":q refuses with unsaved changes");
	keys(":q!\r");
	finish(0, ":q!");
	check(file_is("f", five, sizeof five - 1), ":q! leaves the file alone");

	put_file("f", five, sizeof five - 1);
	start(24, 80, "f", NULL);
	keys("ddZZ");
	finish(0, "ZZ");
	check(FILE_IS("f", "beta two\ngamma three\ndelta four\nepsilon five\n"), "ZZ saves and quits");

	put_file("f", five, sizeof five - 1);
	start(24, 80, "f", NULL);
	keys(":w\r");
	check(expect("written"), ":w says written");
	keys(":x\r");
	finish(0, ":x");
	check(file_is("f", five, sizeof five - 1), ":w of an unchanged file keeps it byte for byte");
}

static void
t_noeol_empty_new(void)
{
	put_file("f", "one\ntwo", 7);
	start(24, 80, "f", NULL);
	keys("ggAX" ESC ":wq\r");
	finish(0, "no final newline");
	check(FILE_IS("f", "oneX\ntwo"), "a file without a final newline keeps it so");

	put_file("f", "one\ntwo", 7);
	start(24, 80, "f", NULL);
	keys("GAX" ESC ":wq\r");
	finish(0, "no final newline, last line edited");
	check(FILE_IS("f", "one\ntwoX"), "still none after editing the last line");

	put_file("e", "", 0);
	start(24, 80, "e", NULL);
	keys(":wq\r");
	finish(0, "empty file");
	check(FILE_IS("e", ""), "an empty file stays empty");

	put_file("e", "", 0);
	start(24, 80, "e", NULL);
	keys("ihello" ESC ":wq\r");
	finish(0, "text into an empty file");
	check(FILE_IS("e", "hello\n"), "text typed into an empty file ends in a newline");

	put_file("f", five, sizeof five - 1);
	start(24, 80, "f", NULL);
	keys("dGZZ");
	finish(0, "dG");
	check(FILE_IS("f", ""), "deleting every line leaves an empty file");

	unlink("new.c");
	start(24, 80, "new.c", NULL);
	check(expect("[New File]"), "a new file says [New File]");
	keys("iint x;\rint y;" ESC ":wq\r");
	finish(0, "new file");
	check(FILE_IS("new.c", "int x;\nint y;\n"), "a new file is created");
}

static void
t_long_line(void)
{
	size_t n = (1 << 20) + 12345, total;
	char *big = malloc(n + 64), *want = malloc(n + 64), *got;

	for (size_t i = 0; i < n; i++)
		big[i] = "abcdefghij"[i % 10];
	memcpy(big + n, "\nshort\n", 8);
	put_file("big", big, n + 7);
	start(24, 80, "big", NULL);
	keys("jAX" ESC);
	keys("k$");
	check(expect("1,1060921/2"), "$ on a 1 MiB line: status shows the column");
	keys("x:wq\r");
	finish(0, "long line");
	memcpy(want, big, n - 1);
	memcpy(want + n - 1, "\nshortX\n", 8);
	got = slurp("big", &total);
	check(got != NULL && total == n + 7 && memcmp(got, want, total) == 0,
	    "a 1 MiB line survives, less the one byte x took");
	free(got);

	start(24, 80, "big", NULL);
	keys("0100lix" ESC);
	keys(":wq\r");
	finish(0, "long line insert");
	got = slurp("big", &total);
	check(got != NULL && total == n + 8 && memcmp(got, want, 100) == 0 && got[100] == 'x' &&
	    memcmp(got + 101, want + 100, total - 101) == 0, "insert in the middle of a 1 MiB line");
	free(got);
	free(big);
	free(want);
}

static void
t_binary_tabs(void)
{
	static const char bin[] = "a\tb\001c\377d\0e\n\033[31mred\n";
	static const char bin2[] = "a\tb\001c\377d\0e\n\033[31mred\nend\n";

	put_file("b", bin, sizeof bin - 1);
	start(24, 80, "b", NULL);
	check(seen("a       b^Ac<ff>d^@e"), "tab to column 8, control bytes as ^X, high bytes as <xx>");
	check(seen("^[[31mred"), "an escape in the text is shown, not sent");
	keys("Goend" ESC ":wq\r");
	finish(0, "binary");
	check(file_is("b", bin2, sizeof bin2 - 1), "NUL, control and high bytes are kept");

	put_file("b", "x\ty\n", 4);
	start(24, 80, "b", NULL);
	keys("$iZ" ESC ":wq\r");
	finish(0, "tab");
	check(FILE_IS("b", "x\tZy\n"), "$ and i around a tab");
}

static void
t_edits(void)
{
	put_file("f", five, sizeof five - 1);
	start(24, 80, "f", NULL);
	keys("dwjcwBETA" ESC "jyyGpggP");
	keys(":wq\r");
	finish(0, "dw cw yy p P");
	check(FILE_IS("f", "gamma three\none\nBETA two\ngamma three\ndelta four\nepsilon five\ngamma three\n"),
	    "dw, cw, yy, p, P");

	put_file("f", five, sizeof five - 1);
	start(24, 80, "f", NULL);
	keys("dd.jJ:wq\r");
	finish(0, ". and J");
	check(FILE_IS("f", "gamma three\ndelta four epsilon five\n"), ". repeats dd, J joins");

	put_file("f", five, sizeof five - 1);
	start(24, 80, "f", NULL);
	keys("A;" ESC "j.j.");
	keys("0wrRx~X");
	keys(":wq\r");
	finish(0, "A . r x ~ X");
	check(FILE_IS("f", "alpha one;\nbeta two;\ngamma ree;\ndelta four\nepsilon five\n"),
	    ". repeats A;, r replaces, ~ flips case, X deletes back");

	put_file("f", five, sizeof five - 1);
	start(24, 80, "f", NULL);
	keys("wC1" ESC "jS2" ESC "j0s3" ESC "jdeo4" ESC "O5" ESC);
	keys(":wq\r");
	finish(0, "C S s de o O");
	check(FILE_IS("f", "alpha 1\n2\n3amma three\n four\n5\n4\nepsilon five\n"), "C S s de o O");

	put_file("f", five, sizeof five - 1);
	start(24, 80, "f", NULL);
	keys(":%s/a/A/g\r");
	check(expect("substitutions on 4 lines"), ":%%s reports its work");
	keys(":2,3s/e/E/\r");
	keys(":$s/\\(epsilon\\) \\(f\\)/\\2 \\1 [&]\\t|/\r");
	keys(":wq\r");
	finish(0, ":s");
	check(FILE_IS("f", "AlphA one\nbEtA two\ngAmmA thrEe\ndeltA four\nf epsilon [epsilon f]\t|ive\n"),
	    ":%%s///g, :2,3s///, :$s with \\1 \\2 & \\t");

	put_file("f", "a\nb\n", 4);
	start(24, 80, "f", NULL);
	keys("ox\ry" ESC "3ix" ESC "Goend\177\177D" ESC);
	keys(":wq\r");
	finish(0, "insert mode keys");
	check(FILE_IS("f", "a\nx\nxxxy\nb\neD\n"), "Enter, count insert, backspace in insert mode");

	put_file("f", "a\nb\n", 4);
	start(24, 80, "f", NULL);
	keys("jI\177" ESC ":wq\r");
	finish(0, "backspace joins");
	check(FILE_IS("f", "ab\n"), "backspace at the start of a line joins it to the one above");
}

static void
t_write_errors(void)
{
	put_file("f", five, sizeof five - 1);
	start(24, 80, "f", NULL);
	keys("dd:w /dev/full\r");
	check(expect("No space left on device"), ":w to a full device reports the error");
	keys("u:w /nonexistent/dir/f\r");
	check(expect("No such file or directory"), ":w into a missing directory reports the error");
	keys(":q!\r");
	finish(0, "write errors");
	check(file_is("f", five, sizeof five - 1), "the file is untouched after failed writes");

	put_file("f", five, sizeof five - 1);
	chmod("f", 0751);
	start(24, 80, "f", NULL);
	keys("x:wq\r");
	finish(0, "mode");
	{
		struct stat st;

		check(stat("f", &st) == 0 && (st.st_mode & 07777) == 0751, "save keeps the file's mode");
	}
	unlink("link");
	symlink("f", "link");
	start(24, 80, "link", NULL);
	keys("x:wq\r");
	finish(0, "symlink");
	{
		struct stat st;

		check(lstat("link", &st) == 0 && S_ISLNK(st.st_mode) &&
		    FILE_IS("f", "pha one\nbeta two\ngamma three\ndelta four\nepsilon five\n"),
		    "saving through a symlink writes its target, the link stays");
	}
}

static void
t_sizes(void)
{
	put_file("f", five, sizeof five - 1);
	check(start(0, 0, "f", NULL), "no window size: vi starts");
	check(seen("\033[23;1H\033[7m"), "no window size: 80x24, status on row 23");
	keys(":q\r");
	finish(0, "no size");

	check(start(30, 100, "f", NULL), "100x30: vi starts");
	check(seen("\033[29;1H\033[7m"), "100x30: status on row 29");
	keys(":q\r");
	finish(0, "100x30");
}

static void
t_signals(void)
{
	static const int sigs[] = { SIGTERM, SIGHUP, SIGINT };
	static const char *names[] = { "SIGTERM", "SIGHUP", "SIGINT" };

	for (int i = 0; i < 3; i++) {
		char name[64];

		unlink("f.vi-rescue");
		put_file("f", five, sizeof five - 1);
		snprintf(name, sizeof name, "%s in insert mode", names[i]);
		start(24, 80, "f", NULL);
		keys("ityped");
		pump(NULL, 0.2);
		kill(vi_pid, sigs[i]);
		finish(-sigs[i], name);
		check(file_is("f", five, sizeof five - 1), "%s: the file is unchanged", names[i]);
		if (sigs[i] != SIGINT)
			check(FILE_IS("f.vi-rescue", "typedalpha one\nbeta two\ngamma three\ndelta four\nepsilon five\n"),
			    "%s: the unsaved text is kept in f.vi-rescue", names[i]);
	}
	unlink("f.vi-rescue");
}

static void
t_screen(void)
{
	FILE *f = fopen("n", "w");
	static const char *steps[][2] = {
		{ "50G", "a far jump" }, { "15j", "scrolling down a few lines" },
		{ "30k", "scrolling up a few lines" }, { "\006", "Ctrl-F" },
		{ "\002", "Ctrl-B" }, { "\004\004", "Ctrl-D" }, { "\025", "Ctrl-U" },
		{ "G", "G" }, { "kkkkkkkkkkkkkkkkkkkkkkkkkkk", "k one at a time" },
		{ "gg", "gg" }, { "jjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjjj", "j one at a time" },
		{ "\033[6~\033[6~", "Page Down" }, { "\033[5~", "Page Up" },
		{ "H", "H" }, { "L", "L" }, { "M", "M" },
	};

	for (int i = 1; i <= 100; i++)
		fprintf(f, "line %d\n", i);
	fclose(f);
	start(24, 80, "n", NULL);
	scr.fed = 0;
	check(screen_consistent("start") && strcmp(scr_row(0), "line 1") == 0,
	    "screen: the first 22 lines, status and cursor agree");
	for (size_t i = 0; i < sizeof steps / sizeof *steps; i++) {
		keys(steps[i][0]);
		check(screen_consistent(steps[i][1]), "screen after %s", steps[i][1]);
	}
	keys("50Gdd");
	settle();
	check(strcmp(scr_row(scr.r), "line 51") == 0 && strcmp(scr_row(scr.r - 1), "line 49") == 0,
	    "screen after dd: the lines close up");
	keys("u");
	check(screen_consistent("u"), "screen after u");
	keys("Ax" ESC);
	settle();
	check(strcmp(scr_row(scr.r), "line 50x") == 0, "screen after A: the line shows the text");
	keys("u");
	winsz.ws_row = 30;
	winsz.ws_col = 100;
	ioctl(pty.master, TIOCSWINSZ, &winsz);
	kill(vi_pid, SIGWINCH);
	scr.fed = 0;
	check(screen_consistent("resize"), "screen after a resize to 100x30");
	keys("\014");
	scr.fed = 0;
	check(screen_consistent("Ctrl-L"), "screen after Ctrl-L");
	keys(":q\r");
	finish(0, "screen");

	f = fopen("l", "w");
	for (int i = 0; i < 300; i++)
		fputc('a' + i % 26, f);
	fputs("END\nshort\n", f);
	fclose(f);
	start(24, 80, "l", NULL);
	keys("$");
	settle();
	check(strstr(scr_row(0), "END") != NULL && scr.c == (int)strlen(scr_row(0)) - 1,
	    "a long line scrolls sideways to its end, the cursor on D");
	keys("0");
	settle();
	check(strncmp(scr_row(0), "abcdefghij", 10) == 0 && scr.c == 0 && strlen(scr_row(0)) == 80,
	    "and back to its start");
	keys(":q\r");
	finish(0, "long line on screen");
}

static void
t_more(void)
{
	put_file("f", five, sizeof five - 1);
	start(24, 80, "+3", "f", NULL);
	keys("x:wq\r");
	finish(0, "+3");
	check(FILE_IS("f", "alpha one\nbeta two\namma three\ndelta four\nepsilon five\n"), "vi +3 FILE starts on line 3");

	put_file("f", five, sizeof five - 1);
	start(24, 80, "+/four", "f", NULL);
	keys("x:wq\r");
	finish(0, "+/four");
	check(FILE_IS("f", "alpha one\nbeta two\ngamma three\ndelta our\nepsilon five\n"), "vi +/RE FILE starts at the match");

	put_file("f", five, sizeof five - 1);
	put_file("g", "INSERTED\n", 9);
	start(24, 80, "f", NULL);
	keys(":r g\r:wq\r");
	finish(0, ":r");
	check(FILE_IS("f", "alpha one\nINSERTED\nbeta two\ngamma three\ndelta four\nepsilon five\n"), ":r FILE reads it in below");

	put_file("f", "abcdef\n", 7);
	start(24, 80, "f", NULL);
	keys("\033[3~" "\033[F" "\033[3~" "\033[H" "iX\026\001" ESC ":wq\r");
	finish(0, "Del Home End Ctrl-V");
	check(FILE_IS("f", "X\001bcde\n"), "Del, End, Home keys; Ctrl-V inserts a control byte");

	put_file("f", "1\n2\n3\n4\n5\n6\n7\n", 14);
	start(24, 80, "f", NULL);
	keys("2dd.3.:wq\r");
	finish(0, "count and .");
	check(FILE_IS("f", ""), ". repeats with the count, a new count replaces it");

	put_file("f", "a b c\n", 6);
	start(24, 80, "f", NULL);
	keys("cwX" ESC "w.w.:wq\r");
	finish(0, "cw .");
	check(FILE_IS("f", "X X X\n"), ". repeats cw with its text");

	put_file("f", "a\n", 2);
	start(24, 80, "f", NULL);
	if (write(pty.master, "A1\033Ob", 5) != 5)
		perror("write");
	keys(ESC ":wq\r");
	finish(0, "Esc O typed quickly");
	check(FILE_IS("f", "b\na1\n"), "Esc then O typed fast is not taken for a key sequence");

	put_file("f", "a\n", 2);
	start(24, 80, "f", NULL);
	keys("\003");
	check(expect("Type :q to quit"), "Ctrl-C in normal mode says how to quit");
	keys(":q\r");
	finish(0, "Ctrl-C");

	put_file("f", "x\n", 2);
	start(24, 80, "f", NULL);
	keys("3ia" ESC "5Ab" ESC ":wq\r");
	finish(0, "count insert");
	check(FILE_IS("f", "aaaxbbbbb\n"), "3ia and 5Ab repeat the text");

	put_file("f", five, sizeof five - 1);
	start(24, 80, "f", NULL);
	keys(":2,4d\r:$\rp:1\rPu:wq\r");
	finish(0, ":d");
	check(FILE_IS("f", "alpha one\nepsilon five\nbeta two\ngamma three\ndelta four\n"),
	    ":2,4d then p puts the lines back after the last");
}

static void
t_misc(void)
{
	put_file("f", five, sizeof five - 1);
	start(24, 80, "f", NULL);
	keys("jj\007");
	check(expect("--60%-- line 3"), "Ctrl-G tells the line");
	keys(":help\r");
	check(expect("vi keys"), ":help shows the keys");
	keys(" :set nu\r");
	check(expect("3 gamma three"), ":set nu numbers the lines");
	keys(":bogus\r");
	check(expect("Not an editor command"), "an unknown : command says so");
	keys(":q\r");
	finish(0, "misc");
}

int
main(int argc, char *argv[])
{
	if (argc != 2) {
		fprintf(stderr, "usage: vi VI\n");
		return 2;
	}
	vi = argv[1];
	pty_init();
	t_open_edit_save();
	t_move_keys();
	t_delete_undo();
	t_search_goto();
	t_quit();
	t_noeol_empty_new();
	t_long_line();
	t_binary_tabs();
	t_edits();
	t_write_errors();
	t_sizes();
	t_signals();
	t_screen();
	t_more();
	t_misc();
	printf("# %d checks, %d failed\n", pty.checks, pty.failures);
	return pty.failures != 0;
}
