/*
 * init - PID 1: mount the kernel filesystems, set up the console, run the
 * uinit and then the shell (respawned), reap orphans, and power off or
 * reboot on request. It never exits: an exiting PID 1 panics the kernel.
 */
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <net/if.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "init.h"

static const struct mount_point {
	const char *dir, *type;
	unsigned long flags;
	const char *data;
} mounts[] = {
	{ "/dev", "devtmpfs", MS_NOSUID, "mode=0755" },
	{ "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL },
	{ "/sys", "sysfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL },
	{ "/dev/pts", "devpts", MS_NOSUID | MS_NOEXEC, "newinstance,ptmxmode=0666,mode=0620" },
	{ "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777" },
	{ "/run", "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755" },
	{ "/ubin", "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755" },
};

static const char *const environment[] = {
	"PATH=/ubin:/bin",
	"HOME=/",
	"SHELL=/bin/sh",
	"USER=root",
	"LOGNAME=root",
};

/* Requests to PID 1, as BusyBox and systemd send them. */
static const struct {
	int sig;
	int how;
} requests[] = {
	{ SIGUSR1, RB_HALT_SYSTEM },
	{ SIGUSR2, RB_POWER_OFF },
	{ SIGTERM, RB_AUTOBOOT },
	{ SIGINT, RB_AUTOBOOT },	/* Ctrl-Alt-Del */
};

static void
mount_all(void)
{
	for (size_t i = 0; i < sizeof mounts / sizeof *mounts; i++) {
		const struct mount_point *m = &mounts[i];

		if (mkdir(m->dir, 0755) < 0 && errno != EEXIST)
			say(1, "mkdir %s: %s", m->dir, strerror(errno));
		if (mount(m->type, m->dir, m->type, m->flags, m->data) < 0 && errno != EBUSY)
			say(1, "mount %s: %s", m->dir, strerror(errno));
		else
			say(0, "mounted %s on %s", m->type, m->dir);
	}
	/* ptys come from our devpts instance, not the kernel's initial one */
	unlink("/dev/ptmx");
	if (symlink("pts/ptmx", "/dev/ptmx") < 0)
		say(1, "/dev/ptmx: %s", strerror(errno));
}

static void
console_fds(void)
{
	int fd = open("/dev/console", O_RDWR | O_NOCTTY);

	if (fd < 0)
		return;	/* keep what the kernel gave us */
	for (int i = 0; i < 3; i++)
		dup2(fd, i);
	if (fd > 2)
		close(fd);
}

static void
loopback_up(void)
{
	struct ifreq ifr = { .ifr_name = "lo" };
	int s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	if (s < 0 || ioctl(s, SIOCGIFFLAGS, &ifr) < 0) {
		say(1, "lo: %s", strerror(errno));
	} else {
		ifr.ifr_flags |= IFF_UP;
		if (ioctl(s, SIOCSIFFLAGS, &ifr) < 0)
			say(1, "lo: %s", strerror(errno));
	}
	if (s >= 0)
		close(s);
}

static void
set_hostname(void)
{
	char name[65] = "ubin";
	int fd = open("/etc/hostname", O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd >= 0) {
		n = read(fd, name, sizeof name - 1);
		close(fd);
		name[n > 0 ? n : 0] = '\0';
		name[strcspn(name, "\n")] = '\0';
		if (name[0] == '\0')
			strcpy(name, "ubin");
	}
	if (sethostname(name, strlen(name)) < 0)
		say(1, "hostname: %s", strerror(errno));
}

/* A fixed array, not setenv: nothing on the way to the uinit needs malloc
 * (under QEMU's TCG, each first use of code costs its translation). */
static void
setup_env(const struct cmdline *c)
{
	static char term[128] = "TERM=";
	static char *env[sizeof environment / sizeof *environment + 2];
	size_t i;

	for (i = 0; i < sizeof environment / sizeof *environment; i++)
		env[i] = (char *)environment[i];
	strncat(term, c->term ? c->term : "vt100", sizeof term - 6);
	env[i] = term;
	environ = env;
	umask(022);
	chdir("/");
}

static sigset_t handled;

static void
block_signals(void)
{
	sigemptyset(&handled);
	sigaddset(&handled, SIGCHLD);
	for (size_t i = 0; i < sizeof requests / sizeof *requests; i++)
		sigaddset(&handled, requests[i].sig);
	sigprocmask(SIG_BLOCK, &handled, NULL);
	/* Ctrl-Alt-Del sends SIGINT to us instead of rebooting at once */
	reboot(RB_DISABLE_CAD);
}

/* Is SIG a request? Then *HOW is its reboot(2) command (RB_HALT_SYSTEM is negative as an int). */
static int
request_of(int sig, int *how)
{
	for (size_t i = 0; i < sizeof requests / sizeof *requests; i++)
		if (requests[i].sig == sig) {
			*how = requests[i].how;
			return 1;
		}
	return 0;
}

_Noreturn static void
shutdown_now(int how)
{
	struct timespec t = { 0, 100 * 1000 * 1000 };

	say(0, "%s", how == RB_AUTOBOOT ? "rebooting" : how == RB_POWER_OFF ? "powering off" : "halting");
	kill(-1, SIGTERM);
	for (int i = 0; i < 10 && waitpid(-1, NULL, WNOHANG) >= 0; i++)
		nanosleep(&t, NULL);
	kill(-1, SIGKILL);
	sync();
	reboot(how);
	say(1, "reboot: %s", strerror(errno));
	for (;;)
		pause();
}

/* Wait for pid while reaping everything else; handle requests meanwhile. */
int
wait_for(pid_t pid)
{
	siginfo_t si;
	pid_t got;
	int st, how;

	for (;;) {
		while ((got = waitpid(-1, &st, WNOHANG)) > 0)
			if (got == pid)
				return st;
		if (got < 0 && errno == ECHILD && pid > 0)
			return -1;
		if (sigwaitinfo(&handled, &si) < 0)
			continue;
		if (request_of(si.si_signo, &how))
			shutdown_now(how);
	}
}

/* N in decimal at P, at least WIDTH digits: the end. */
static char *
put_dec(char *p, unsigned long long n, int width)
{
	char d[24];
	int k = 0;

	do
		d[k++] = '0' + n % 10;
	while ((n /= 10) != 0 || k < width);
	while (k > 0)
		*p++ = d[--k];
	return p;
}

/* When userspace began, in seconds since boot, for whoever times the boot
 * (netboot does): PID 1's own start time in /proc is the kernel thread's.
 * Written without stdio: under QEMU's TCG the first use of printf's code
 * costs its translation, ~8 ms, on every boot's path to the uinit. */
static void
note_start(const struct timespec *t)
{
	char buf[40], *p = put_dec(buf, t->tv_sec, 1);
	int fd = open("/run/init.started", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	if (fd < 0)
		return;
	*p++ = '.';
	p = put_dec(p, t->tv_nsec / 1000000, 3);
	*p++ = '\n';
	if (write(fd, buf, p - buf) != p - buf || close(fd) < 0)
		say(1, "/run/init.started: %s", strerror(errno));
}

int
main(void)
{
	struct cmdline c = { 0 };
	struct timespec start;

	clock_gettime(CLOCK_BOOTTIME, &start);
	if (getpid() != 1)
		fprintf(stderr, "init: not PID 1; continuing for testing\n");
	block_signals();
	mount_all();
	note_start(&start);
	console_fds();
	measure_box();
	cmdline_read("/proc/cmdline", &c);
	init_verbose = c.verbose;
	setup_env(&c);
	set_hostname();
	loopback_up();
	load_modules(&c);
	precompile(&c);
	run_uinit(&c);
	run_shell();	/* never returns */
}
