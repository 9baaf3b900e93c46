/* ps - report processes, from /proc */
#include "cmd.h"
#include "io.h"
#include "attr.h"
#include "proc.h"

static const char usage[] = "ps [-Aefw] [-o FIELD[=HEADER],...] [-p PID,...]";

struct proc {
	int pid, ppid, pgid, sid, tty, nice;
	char state;
	uid_t uid;
	gid_t gid;
	unsigned long long ticks, start, vsz, rss;
	char comm[64];
	char *args;
};

struct field {
	const char *name, *header;
	int width, right;
	void (*fmt)(char *buf, size_t n, const struct proc *p);
};

struct column {
	const struct field *f;
	char *header;
};

static struct {
	struct column *col;
	int ncol;
	int *pids, npid;
	long hz;
	double uptime;
} ps;

static void
f_pid(char *b, size_t n, const struct proc *p)
{
	snprintf(b, n, "%d", p->pid);
}

static void
f_ppid(char *b, size_t n, const struct proc *p)
{
	snprintf(b, n, "%d", p->ppid);
}

static void
f_pgid(char *b, size_t n, const struct proc *p)
{
	snprintf(b, n, "%d", p->pgid);
}

static void
f_sid(char *b, size_t n, const struct proc *p)
{
	snprintf(b, n, "%d", p->sid);
}

static void
f_user(char *b, size_t n, const struct proc *p)
{
	snprintf(b, n, "%s", uid_name(p->uid));
}

static void
f_group(char *b, size_t n, const struct proc *p)
{
	snprintf(b, n, "%s", gid_name(p->gid));
}

static void
f_uid(char *b, size_t n, const struct proc *p)
{
	snprintf(b, n, "%u", (unsigned)p->uid);
}

static void
f_comm(char *b, size_t n, const struct proc *p)
{
	snprintf(b, n, "%s", p->comm);
}

/* Filled in when printed: args may be long. */
static void
f_args(char *b, size_t n, const struct proc *p)
{
	(void)b, (void)n, (void)p;
}

/* CPU time as minutes:seconds. */
static void
f_time(char *b, size_t n, const struct proc *p)
{
	unsigned long long s = p->ticks / ps.hz;

	snprintf(b, n, "%llu:%02u", s / 60, (unsigned)(s % 60));
}

/* Time since the process started, [[DD-]HH:]MM:SS. */
static void
f_etime(char *b, size_t n, const struct proc *p)
{
	double since = ps.uptime - (double)p->start / ps.hz;
	unsigned long s = since > 0 ? (unsigned long)since : 0;
	unsigned long d = s / 86400, h = s / 3600 % 24, m = s / 60 % 60;

	if (d > 0)
		snprintf(b, n, "%lu-%02lu:%02lu:%02lu", d, h, m, s % 60);
	else if (h > 0)
		snprintf(b, n, "%02lu:%02lu:%02lu", h, m, s % 60);
	else
		snprintf(b, n, "%02lu:%02lu", m, s % 60);
}

static void
f_nice(char *b, size_t n, const struct proc *p)
{
	snprintf(b, n, "%d", p->nice);
}

static void
f_vsz(char *b, size_t n, const struct proc *p)
{
	snprintf(b, n, "%llu", p->vsz / 1024);
}

static void
f_rss(char *b, size_t n, const struct proc *p)
{
	snprintf(b, n, "%llu", p->rss * (unsigned long long)sysconf(_SC_PAGESIZE) / 1024);
}

static void
f_stat(char *b, size_t n, const struct proc *p)
{
	snprintf(b, n, "%c", p->state);
}

/* The terminal's name from its device number, as far as the usual majors go. */
static void
f_tty(char *b, size_t n, const struct proc *p)
{
	unsigned maj = ((unsigned)p->tty >> 8) & 0xfff;
	unsigned min = ((unsigned)p->tty & 0xff) | (((unsigned)p->tty >> 12) & 0xfff00);

	if (p->tty == 0)
		snprintf(b, n, "?");
	else if (maj >= 136 && maj <= 143)
		snprintf(b, n, "pts/%u", (maj - 136) * 256 + min);
	else if (maj == 4 && min < 64)
		snprintf(b, n, "tty%u", min);
	else if (maj == 4)
		snprintf(b, n, "ttyS%u", min - 64);
	else if (maj == 5 && min == 1)
		snprintf(b, n, "console");
	else
		snprintf(b, n, "%u,%u", maj, min);
}

static const struct field fields[] = {
	{ "pid", "PID", 5, 1, f_pid },
	{ "ppid", "PPID", 5, 1, f_ppid },
	{ "pgid", "PGID", 5, 1, f_pgid },
	{ "sid", "SID", 5, 1, f_sid },
	{ "user", "USER", 8, 0, f_user },
	{ "group", "GROUP", 8, 0, f_group },
	{ "uid", "UID", 5, 1, f_uid },
	{ "comm", "COMMAND", 15, 0, f_comm },
	{ "args", "COMMAND", 0, 0, f_args },
	{ "time", "TIME", 5, 1, f_time },
	{ "etime", "ELAPSED", 8, 1, f_etime },
	{ "nice", "NI", 3, 1, f_nice },
	{ "vsz", "VSZ", 6, 1, f_vsz },
	{ "rss", "RSS", 6, 1, f_rss },
	{ "stat", "STAT", 4, 0, f_stat },
	{ "tty", "TT", 8, 0, f_tty },
};

static void
add_column(const char *spec)
{
	size_t len = strcspn(spec, "=");
	const struct field *f = NULL;

	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
		if (strlen(fields[i].name) == len && strncmp(spec, fields[i].name, len) == 0)
			f = &fields[i];
	if (f == NULL)
		die("%.*s: unknown field", (int)len, spec);
	ps.col = xrealloc(ps.col, (ps.ncol + 1) * sizeof *ps.col);
	ps.col[ps.ncol].f = f;
	ps.col[ps.ncol].header = xstrdup(spec[len] == '=' ? spec + len + 1 : f->header);
	ps.ncol++;
}

/* "pid,user=WHO": a header after = takes the rest of the list, as POSIX says.
 * (A copy: argv shows in our own /proc/self/cmdline.) */
static void
add_columns(const char *arg)
{
	char *list = xstrdup(arg), *p = list, *comma, *eq;

	while (*p != '\0') {
		eq = strchr(p, '=');
		comma = strchr(p, ',');
		if (comma != NULL && (eq == NULL || comma < eq)) {
			*comma = '\0';
			if (*p != '\0')
				add_column(p);
			p = comma + 1;
			continue;
		}
		add_column(p);
		break;
	}
	free(list);
}

static void
add_pids(const char *arg)
{
	char *list = xstrdup(arg), *save = NULL, *end;

	for (char *w = strtok_r(list, ", ", &save); w; w = strtok_r(NULL, ", ", &save)) {
		long v = strtol(w, &end, 10);

		if (*end != '\0' || v <= 0 || v > INT_MAX)
			die("%s: invalid process id", w);
		ps.pids = xrealloc(ps.pids, (ps.npid + 1) * sizeof *ps.pids);
		ps.pids[ps.npid++] = (int)v;
	}
	free(list);
}

/* The fields of /proc/PID/stat after "(comm)", which may hold spaces and parens. */
static int
parse_stat(char *s, struct proc *p)
{
	char *rest = proc_stat_comm(s, p->comm, sizeof p->comm);
	unsigned long long f[20];
	int pos = 0, n;

	if (rest == NULL)
		return -1;
	if (sscanf(rest, " %c%n", &p->state, &n) != 1)
		return -1;
	pos = n;
	/* ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt
	   utime stime cutime cstime priority nice num_threads itrealvalue starttime vsize rss */
	for (int i = 0; i < 20; i++) {
		long long v;

		if (sscanf(rest + pos, " %lld%n", &v, &n) != 1)
			return -1;
		f[i] = (unsigned long long)v;
		pos += n;
	}
	if (sscanf(rest + pos, " %llu", &p->rss) != 1)
		return -1;
	p->ppid = (int)f[0];
	p->pgid = (int)f[1];
	p->sid = (int)f[2];
	p->tty = (int)f[3];
	p->ticks = f[10] + f[11];
	p->nice = (int)(long long)f[15];
	p->start = f[18];
	p->vsz = f[19];
	return 0;
}

static int
read_proc(int pid, struct proc *p)
{
	char path[64], *text;
	struct stat st;
	size_t len;

	memset(p, 0, sizeof *p);
	p->pid = pid;
	snprintf(path, sizeof path, "/proc/%d", pid);
	if (stat(path, &st) < 0)
		return -1;
	p->uid = st.st_uid;
	p->gid = st.st_gid;
	if ((text = proc_file(pid, "stat", &len)) == NULL)
		return -1;
	if (parse_stat(text, p) < 0) {
		free(text);
		return -1;
	}
	free(text);
	if ((p->args = proc_file(pid, "cmdline", &len)) != NULL) {
		while (len > 0 && p->args[len - 1] == '\0')
			len--;
		p->args[len] = '\0';
		for (size_t i = 0; i < len; i++)
			if (p->args[i] == '\0' || p->args[i] == '\n')
				p->args[i] = ' ';
	}
	if (p->args == NULL || p->args[0] == '\0') {
		free(p->args);
		p->args = xmalloc(strlen(p->comm) + 3);
		sprintf(p->args, "[%s]", p->comm);
	}
	return 0;
}

/* One line, cut at WIDTH columns if that is not 0. */
static void
put_line(char *line, size_t len, int width)
{
	while (len > 0 && line[len - 1] == ' ')
		len--;
	if (width > 0 && len > (size_t)width)
		len = width;
	printf("%.*s\n", (int)len, line);
}

/* A row of cells: the header when P is NULL. */
static void
put_row(const struct proc *p, char **line, size_t *cap, int width)
{
	char cell[256];
	const char *s;
	size_t len = 0, need;
	int w;

	for (int i = 0; i < ps.ncol; i++) {
		const struct field *f = ps.col[i].f;

		if (p == NULL)
			s = ps.col[i].header;
		else if (f->fmt == f_args)
			s = p->args;
		else {
			f->fmt(cell, sizeof cell, p);
			s = cell;
		}
		w = f->width;
		if (w > 0 && w < (int)strlen(ps.col[i].header))
			w = (int)strlen(ps.col[i].header);
		need = len + strlen(s) + w + 2;
		if (need > *cap)
			*line = xrealloc(*line, *cap = need * 2);
		if (f->right)
			len += sprintf(*line + len, "%*s", w, s);
		else if (w > 0 && i < ps.ncol - 1)	/* a long user name is cut, as BusyBox does */
			len += sprintf(*line + len, "%-*.*s", w, w, s);
		else
			len += sprintf(*line + len, "%-*s", w, s);
		if (i < ps.ncol - 1)
			(*line)[len++] = ' ';
	}
	put_line(*line, len, width);
}

static int
wanted(int pid)
{
	if (ps.npid == 0)
		return 1;
	for (int i = 0; i < ps.npid; i++)
		if (ps.pids[i] == pid)
			return 1;
	return 0;
}

static int
has_header(void)
{
	for (int i = 0; i < ps.ncol; i++)
		if (ps.col[i].header[0] != '\0')
			return 1;
	return 0;
}

static void
list(int width)
{
	struct proc p;
	char *line = NULL;
	size_t cap = 0;
	int *pids, n = proc_pids(&pids);

	if (n < 0)
		die_errno("/proc");
	if (has_header())
		put_row(NULL, &line, &cap, width);
	for (int i = 0; i < n; i++) {
		if (wanted(pids[i]) && read_proc(pids[i], &p) == 0) {
			put_row(&p, &line, &cap, width);
			free(p.args);
		}
	}
	free(pids);
	free(line);
}

/* BSD-style "ps aux": letters that ask for all processes, which is what we show. */
static int
bsd_words(const char *s)
{
	return *s != '\0' && strspn(s, "auxwef") == strlen(s);
}

int
main(int argc, char *argv[])
{
	struct opt o = OPT_INIT(argc, argv, usage);
	int c, wide = 0, width = 0;
	FILE *f;

	ps.hz = sysconf(_SC_CLK_TCK);
	if (ps.hz <= 0)
		ps.hz = 100;
	while ((c = opt_next(&o, "Aefwo:p:")) != -1) {
		switch (c) {
		case 'A': case 'e': case 'f': break;	/* every process is what we show */
		case 'w': wide = 1; break;
		case 'o': add_columns(o.arg); break;
		case 'p': add_pids(o.arg); break;
		default: die_usage(&o);
		}
	}
	for (; o.ind < argc; o.ind++)
		if (!bsd_words(argv[o.ind]))
			die_usage(&o);
	if (ps.ncol == 0)
		add_columns("pid,user,time,args");
	if ((f = fopen("/proc/uptime", "r")) != NULL) {
		if (fscanf(f, "%lf", &ps.uptime) != 1)
			ps.uptime = 0;
		fclose(f);
	}
	if (!wide && isatty(1))
		width = term_cols(1);
	list(width);
	return cmd_exit();
}
