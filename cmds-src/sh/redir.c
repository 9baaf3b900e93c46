/* redir.c - redirections and their undoing */
#include "sh.h"
#include <sys/wait.h>

struct fdsave {
	int fd, copy;
};

static struct fdsave *saved;
static int nsave, capsave;
int script_fd = -1;

int
nsaved(void)
{
	return nsave;
}

static void
save_fd(int fd)
{
	int copy;

	if (nsave == capsave) {
		capsave = capsave ? capsave * 2 : 16;
		saved = xrealloc(saved, capsave * sizeof *saved);
	}
	copy = fcntl(fd, F_DUPFD_CLOEXEC, 10);
	saved[nsave].fd = fd;
	saved[nsave++].copy = copy;
}

/* Undo redirections down to LEVEL saved descriptors. */
void
out_restore(int level)
{
	struct fdsave *s;

	out_flush();
	while (nsave > level) {
		s = &saved[--nsave];
		if (s->copy >= 0) {
			dup2(s->copy, s->fd);
			close(s->copy);
		} else {
			close(s->fd);
		}
	}
}

/* A pipe whose reading end yields TEXT. */
static int
heredoc_fd(const char *text)
{
	size_t n = strlen(text);
	int fds[2];
	pid_t pid;

	if (pipe(fds) < 0)
		return -1;
	if (n <= 4096) {
		write_all(fds[1], text, n);
		close(fds[1]);
		return fds[0];
	}
	pid = fork();
	if (pid == 0) {
		close(fds[0]);
		if (fork() == 0) {
			signal(SIGPIPE, SIG_DFL);
			write_all(fds[1], text, n);
		}
		_exit(0);
	}
	close(fds[1]);
	if (pid > 0)
		waitpid(pid, NULL, 0);
	return fds[0];
}

static int
open_target(struct redir *r, const char *name)
{
	struct stat st;
	int fl;

	switch (r->type) {
	case R_IN:
		return open(name, O_RDONLY);
	case R_RW:
		return open(name, O_RDWR | O_CREAT, 0666);
	case R_APP:
		return open(name, O_WRONLY | O_CREAT | O_APPEND, 0666);
	}
	fl = O_WRONLY | O_CREAT | O_TRUNC;
	if (r->type == R_OUT && sh.opt['C'] && (stat(name, &st) < 0 || S_ISREG(st.st_mode)))
		fl = O_WRONLY | O_CREAT | O_EXCL;
	return open(name, fl, 0666);
}

/* Make FD free for a redirection: the script being read moves out of its way. */
static void
take_fd(int fd)
{
	if (fd == script_fd)
		script_fd = fcntl(script_fd, F_DUPFD_CLOEXEC, 10);
}

/* N>&WORD, N<&WORD; -1 after a message. */
static int
redirect_dup(struct redir *r, const char *name, int save)
{
	char *end;
	long n;

	if (strcmp(name, "-") == 0) {
		if (r->fd == script_fd)
			return 0;	/* not the script's to close */
		if (save)
			save_fd(r->fd);
		close(r->fd);
		return 0;
	}
	n = strtol(name, &end, 10);
	/* the script's own descriptor is not the script's to use */
	if (*name == '\0' || *end || n < 0 || n > 1000000 || n == script_fd ||
	    (n != r->fd && fcntl((int)n, F_GETFD) < 0)) {
		msg("%s: %s", name, strerror(EBADF));
		return -1;
	}
	if (save)
		save_fd(r->fd);
	if (n != r->fd) {
		take_fd(r->fd);
		dup2((int)n, r->fd);
	}
	return 0;
}

/* One redirection; -1 after a message. */
static int
redirect1(struct redir *r, int save)
{
	const char *name = NULL;
	int fd = -1;

	if (r->type < R_HERE) {
		name = expand_word_str(r->word, EXP_TILDE);
		if (r->type == R_DUPIN || r->type == R_DUPOUT)
			return redirect_dup(r, name, save);
	}
	/* saved first: the open may take R->fd if it is closed */
	if (save)
		save_fd(r->fd);
	if (r->type >= R_HERE) {
		name = r->heretext ? r->heretext : expand_str(r->here, 0);
		fd = heredoc_fd(name);
		name = "here-document";
	} else {
		fd = open_target(r, name);
	}
	if (fd < 0) {
		msg("%s: %s", name, strerror(errno));
		return -1;
	}
	if (fd != r->fd) {
		take_fd(r->fd);
		dup2(fd, r->fd);
		close(fd);
	}
	return 0;
}

int
redirect(struct redir *r, int save)
{
	for (; r; r = r->next)
		if (redirect1(r, save) < 0)
			return -1;
	return 0;
}
